"""Reunion's hook for the trick-game robots: Bowers, the turn-up on the table, the dealer's discards."""

from ...games.reunion import BOWER_POINTS, CARD_POINTS, PLAIN_RANKS, SAME_COLOUR
from ...scoring import point_table
from ...trumps import strength_table
from ..profile import register_profile
from ..trump_profile import TrumpProfile


@register_profile
class ReunionProfile(TrumpProfile):
    game = "reunion"
    left_bower = None

    def read_trump(self, view):
        super().read_trump(view)
        self.values = point_table(CARD_POINTS)
        self.strengths = strength_table(PLAIN_RANKS)
        if self.trump:
            right, self.left_bower = "J" + self.trump, "J" + SAME_COLOUR[self.trump]
            top = max(self.strengths.values())
            self.strengths[right], self.strengths[self.left_bower] = top + 2, top + 1
            self.values[right] = self.values[self.left_bower] = BOWER_POINTS

    def suit_of(self, card):
        return self.trump if card == self.left_bower else card[1]

    def public_cards(self, view):
        shown = [view["turn_up"]] if view["turn_up_on_table"] else []
        return shown + (view["discards"] or [])

    def hidden_piles(self, view):
        own = view["discards"] is not None
        return {"table": int(view["face_down_on_table"]), "discards": 0 if own else view["discard_count"]}
