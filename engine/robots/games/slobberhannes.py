"""Slobberhannes' hook for the trick-game robots: avoid the first and last tricks and the Queen of clubs."""

from ...games.slobberhannes import QUEEN_OF_CLUBS
from ...games.polignac import STANDARD_RANKS
from ..profile import register_profile
from .polignac import TRICK_RISK, PolignacProfile


@register_profile
class SlobberhannesProfile(PolignacProfile):
    game = "slobberhannes"
    penalty_cards = {QUEEN_OF_CLUBS: 1}

    def rank_order(self):
        return STANDARD_RANKS

    def trick_value(self, view):
        """The first and the last trick each cost their winner a point; any may draw the Queen of clubs."""
        tricks_per_deal = len(self.pack(view)) // view["players"]
        return -TRICK_RISK - (1 if len(view["tricks"]) in (0, tricks_per_deal - 1) else 0)
