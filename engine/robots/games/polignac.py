"""Polignac's hook for the trick-game robots: no trumps, and Jacks are penalties to avoid."""

from ...games.polignac import JACK_PENALTIES, POLIGNAC_RANKS, STANDARD_RANKS
from ...trumps import strength_table
from ..profile import TrickProfile, register_profile

FOLLOW_BONUS = 100
# Every trick may yet draw a penalty card that another player sheds on it: taking one is a risk in
# itself. Measured with duplicate deals against random play (1 to 6: the higher, the better).
TRICK_RISK = 6


@register_profile
class PolignacProfile(TrickProfile):
    """Tricks are worth their penalties (negative points); high cards are liabilities, not assets."""

    game = "polignac"
    penalty_cards = JACK_PENALTIES
    search_playouts = 96        # four times the default: the share of the gap to the oracle went from 0.31 to 0.50
    search_worlds = (8, 24)

    def __init__(self, options):
        super().__init__(options)
        self.strengths = strength_table(self.rank_order())
        self.top = max(self.strengths.values())

    def rank_order(self):
        return STANDARD_RANKS if self.options.get("rank") == "standard" else POLIGNAC_RANKS

    def card_points(self, cards):
        return -sum(self.penalty_cards.get(card, 0) for card in cards)

    def trick_value(self, view):
        return -TRICK_RISK

    def power(self, card, led_suit):
        if led_suit is None or card[1] == led_suit:
            return FOLLOW_BONUS + self.strengths[card]
        return -1

    def strength(self, card):
        """Low cards are worth keeping: they let a player duck the tricks that carry penalties."""
        return 1 - self.strengths[card] / self.top
