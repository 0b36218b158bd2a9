"""French Whist's hook for the trick-game robots: Catch-the-Ten's, with the full pack the view names."""

from ..profile import register_profile
from .catch_the_ten import CatchTheTenProfile


@register_profile
class FrenchWhistProfile(CatchTheTenProfile):
    game = "french_whist"
