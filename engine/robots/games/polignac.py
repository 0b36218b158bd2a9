"""Polignac's hook for the trick-game robots: no trumps, and Jacks are penalties to avoid."""

from ...dealing import stack_deck
from ...games.polignac import BATCHES, JACK_PENALTIES, POLIGNAC_RANKS, STANDARD_RANKS
from ...trumps import strength_table
from ..knowledge import deal_plays, hands_as_dealt
from ..profile import TrickProfile, register_profile

FOLLOW_BONUS = 100
# Every trick may yet draw a penalty card that another player sheds on it: taking one is a risk in
# itself. Measured with duplicate deals against random play (1 to 6: the higher, the better).
TRICK_RISK = 6


@register_profile
class PolignacProfile(TrickProfile):
    """Tricks are worth their penalties (negative points); high cards are liabilities, not assets."""

    game = "polignac"
    penalties = True
    penalty_cards = JACK_PENALTIES

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

    def build_state(self, view, hands, piles):
        """Deal the guessed hands (with the cards each seat has played) and replay the deal's bids and tricks."""
        dealt = hands_as_dealt(view, hands)
        state = self.template(view)
        state.next_dealer = view["dealer"]
        state.deals = view["deal"] - 1
        state.ledger.totals = list(view["scores"])
        seats = len(dealt)
        state.deal_pack(stack_deck(dealt, (view["dealer"] + 1) % seats, BATCHES[len(dealt[0])]))
        for seat, bid in view.get("bids", ()):
            state.play(seat, bid)
        for trick in deal_plays(view):
            for seat, card in trick:
                state.play(seat, card)
        return state
