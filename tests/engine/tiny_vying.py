"""Pot High Card: a tiny vying game on the shared series, for the conformance suite only (never registered
by the engine). It proves that a banking round fits `PhasedDeal` and the ledger's counters and pot.

Two to four players; the dealer is the banker and the deal passes to the
left; a game is one round of deals. Eight cards (A K Q J of spades and
hearts). Each player but the banker stakes 1 counter into the pot; each is
dealt one card face down and the rest is the stock. In turn from the
banker's left each player says `stand` or `draw` (his card goes face up
on the table and he takes the stock's top); the banker does the same last.
At the showdown the highest card (spades above hearts at equal rank) takes
the pot; ties cannot happen. The most counters win.
"""

from engine.cards import sort_cards
from engine.errors import IllegalMoveError
from engine.protocol import COUNTERS, KIND_VYING
from engine.series import PhasedDeal

RANKS = "AKQJ"
SUIT_ORDER = "SH"
PHASE_SPEAK = "speak"


class PotHighCard(PhasedDeal):
    name = "pot_high_card"
    title = "Pot High Card"
    blurb = "Stake, stand or draw one card; the highest card takes the pot."
    length = "one round of deals, each player banking once"
    players = (2, 3, 4)
    kind = KIND_VYING
    score_meaning = COUNTERS
    move_hints = {"stand": "keep your card", "draw": "show your card and take the stock's top instead"}

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.hands = [[] for _ in range(self.seat_count)]
        self.stock = []
        self.shown = []      # [seat, card]: cards turned face up by a draw
        self.spoken = []

    def full_pack(self):
        return [rank + suit for suit in SUIT_ORDER for rank in RANKS]

    def start_deal(self, cards):
        for seat in range(self.seat_count):
            if seat != self.dealer:
                self.ledger.stake(self.deals, seat, 1, "stake")
        order = [(self.dealer + 1 + step) % self.seat_count for step in range(self.seat_count)]
        self.hands = [[] for _ in range(self.seat_count)]
        for position, seat in enumerate(order):
            self.hands[seat] = [cards[position]]
        self.stock = cards[self.seat_count:]
        self.shown, self.spoken = [], []
        self.phase = PHASE_SPEAK

    def phase_to_move(self):
        return [(self.dealer + 1 + len(self.spoken)) % self.seat_count]

    def phase_moves(self, seat):
        return ["draw", "stand"] if self.stock else ["stand"]

    def explain_illegal(self, seat, move):
        return IllegalMoveError(f"seat {seat} cannot {move} now: only {' or '.join(self.phase_moves(seat))}", seat)

    def play_phase_move(self, seat, move):
        self.spoken.append([seat, move])
        if move == "draw":
            self.shown.append([seat, self.hands[seat][0]])
            self.hands[seat] = [self.stock.pop(0)]
        if len(self.spoken) == self.seat_count:
            self.showdown()

    def showdown(self):
        def power(seat):
            card = self.hands[seat][0]
            return -RANKS.index(card[0]), -SUIT_ORDER.index(card[1])
        winner = max(range(self.seat_count), key=power)
        self.ledger.take_pot(self.deals, winner, "showdown")
        facts = {"hands": [list(hand) for hand in self.hands], "winner": winner}
        if self.deals < self.seat_count:
            self.close_deal(facts)
            return
        best = max(self.scores)
        self.close_deal(facts, [seat for seat in range(self.seat_count) if self.scores[seat] == best])

    def hand_view(self, seat):
        return sort_cards(self.hands[seat])

    def table_cards(self):
        return [list(pair) for pair in self.shown]

    def own_view(self, seat):
        return {"pot": self.ledger.pot, "stakes": self.ledger.stakes_view(), "banker": self.dealer,
                "spoken": [list(pair) for pair in self.spoken], "stock_size": len(self.stock)}

    def hidden_from(self, seat):
        hidden = set(self.stock)
        if self.phase == PHASE_SPEAK:
            hidden |= {card for other, hand in enumerate(self.hands) if other != seat for card in hand}
        return hidden

    def card_places(self):
        return {"hands": [card for hand in self.hands for card in hand], "stock": list(self.stock),
                "shown": [card for _, card in self.shown]}
