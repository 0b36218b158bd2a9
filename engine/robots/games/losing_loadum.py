"""Losing Loadum's hook for the trick-game robots: loaders are to be shed, the trump may still be unknown,
and players out of the deal or the game are passed over.

Loaders are weighed in lives (31 of them cost one), the measure the strong
robot's playouts score, so that the look-ahead policy's judgment it adds
stays in proportion.
"""

from ...games.losing_loadum import LOADERS, OUT_AT, RANKS
from ...scoring import count_points
from ...trumps import strength_table
from ..knowledge import deal_plays
from ..profile import register_profile
from ..trump_profile import TrumpProfile

KEEP_SHARE = 0.05   # the worth of a low card kept to duck with later, in the policy's keep weights
TRICK_RISK = 3      # loaders that any trick may yet draw from a player shedding onto it


@register_profile
class LosingLoadumProfile(TrumpProfile):
    game = "losing_loadum"
    values = LOADERS
    strengths = strength_table(RANKS)

    def read_trump(self, view):
        self.trump = view.get("trump_suit")

    def card_points(self, cards):
        return -count_points(cards, LOADERS) / OUT_AT

    def trick_value(self, view):
        return -TRICK_RISK / OUT_AT

    def strength(self, card):
        """Low cards are the ones worth keeping: they let a player duck later."""
        return KEEP_SHARE * (1 - self.strengths[card] / len(RANKS))

    def seats_after(self, seat, seats, trick, source):
        in_deal = source["in_deal"] if isinstance(source, dict) else source.in_deal
        playing = [(seat + step) % seats for step in range(1, seats) if in_deal[(seat + step) % seats]]
        return playing[:len(playing) - len(trick)]

    def public_cards(self, view):
        return [view["trump_card"]] if view["trump_card"] else []

    def hidden_piles(self, view):
        talon = view["talon_size"] - (1 if view["trump_card"] else 0)
        dropped = sum(view["cards_each"] - sum(1 for trick in deal_plays(view) for s, _ in trick if s == seat)
                      for seat in view["left_deal"])
        return {"talon": talon, "aside": dropped}
