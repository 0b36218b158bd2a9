"""Reunion's hook for the trick-game robots: Bowers, the turn-up on the table, the dealer's discards."""

from ...games.reunion import BOWER_POINTS, CARD_POINTS, PLAIN_RANKS, SAME_COLOUR
from ..profile import register_profile
from ..trump_profile import TopJacksProfile


@register_profile
class ReunionProfile(TopJacksProfile):
    game = "reunion"
    points_by_rank = CARD_POINTS
    plain_ranks = PLAIN_RANKS
    top_jack_points = BOWER_POINTS
    same_colour = SAME_COLOUR

    def public_cards(self, view):
        shown = [view["turn_up"]] if view["turn_up_on_table"] else []
        return shown + (view["discards"] or [])

    def hidden_piles(self, view):
        own = view["discards"] is not None
        return {"table": int(view["face_down_on_table"]), "discards": 0 if own else view["discard_count"]}
