"""High Card: a tiny game without tricks, for the conformance suite only (never registered by the engine).

Two players, six cards (A K Q of spades and hearts). Each is dealt one card;
the rest is a face-down stock. In turn from the dealer's left each says
`stand` or `swap` (his card goes face up on the table and he takes the
stock's top). Then the higher rank wins a counter from the other (spades
above hearts at equal rank). Two deals make a game.
"""

from engine.cards import sort_cards
from engine.protocol import COUNTERS, KIND_OTHER
from engine.errors import IllegalMoveError, NotationError
from engine.state import AWAITING_DEAL, AWAITING_MOVE, GameState

RANKS = "AKQ"
SUIT_ORDER = "SH"
WORDS = ("stand", "swap")


class HighCard(GameState):
    name = "high_card"
    title = "High Card"
    blurb = "Stand or swap your one card; the higher card wins a counter."
    length = "two deals"
    players = (2,)
    kind = KIND_OTHER
    score_meaning = COUNTERS

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.phase = "deal"
        self.hands = [[], []]
        self.stock = []
        self.shown = []           # [seat, card] of the cards swapped away, face up
        self.spoken = []
        self.counters = [0, 0]
        self.history = []

    def full_pack(self):
        return [rank + suit for suit in SUIT_ORDER for rank in RANKS]

    @property
    def awaiting(self):
        return {"deal": AWAITING_DEAL, "speak": AWAITING_MOVE}.get(self.phase)

    @property
    def to_move(self):
        return [(self.dealer + 1 + len(self.spoken)) % 2] if self.phase == "speak" else []

    @property
    def scores(self):
        return self.counters

    def deal_pack(self, cards):
        if self.deals:
            self.dealer = 1 - self.dealer
        self.deals += 1
        eldest = 1 - self.dealer
        self.hands = [[], []]
        self.hands[eldest], self.hands[self.dealer] = [cards[0]], [cards[1]]
        self.stock = cards[2:]
        self.shown, self.spoken = [], []
        self.phase = "speak"

    def legal_moves(self, seat):
        return list(WORDS) if seat in self.to_move else []

    def parse_move(self, seat, text):
        if isinstance(text, str) and text.strip().lower() in WORDS:
            return text.strip().lower()
        raise NotationError(f"not a move of High Card: {text!r}")

    def explain_illegal(self, seat, move):
        return IllegalMoveError(f"seat {seat} cannot {move} now", seat)

    def play(self, seat, move):
        self.spoken.append([seat, move])
        if move == "swap":
            self.shown.append([seat, self.hands[seat][0]])
            self.hands[seat] = [self.stock.pop(0)]
        if len(self.spoken) == 2:
            self.showdown()

    def showdown(self):
        power = [(-RANKS.index(hand[0][0]), -SUIT_ORDER.index(hand[0][1])) for hand in self.hands]
        winner = 0 if power[0] > power[1] else 1
        self.counters[winner] += 1
        self.counters[1 - winner] -= 1
        self.history.append({"deal": self.deals, "hands": [list(hand) for hand in self.hands], "winner": winner})
        if self.deals == 2:
            self.over = True
            self.phase = "over"
            leaders = [seat for seat in (0, 1) if self.counters[seat] == max(self.counters)]
            self.winner = leaders[0] if len(leaders) == 1 else None
        else:
            self.phase = "deal"

    def hand_view(self, seat):
        return sort_cards(self.hands[seat])

    def table_cards(self):
        return [list(pair) for pair in self.shown]

    def history_view(self):
        return [dict(deal) for deal in self.history]

    def own_view(self, seat):
        return {"spoken": [list(pair) for pair in self.spoken], "stock_size": len(self.stock)}

    def hidden_from(self, seat):
        other = 1 - seat
        hidden = set(self.stock)
        if self.phase == "speak":
            hidden |= set(self.hands[other])
        return hidden

    def card_places(self):
        return {"hands": [card for hand in self.hands for card in hand], "stock": list(self.stock),
                "shown": [card for _, card in self.shown]}
