"""Ruff and Honours, as `rules/ruff_and_honours.md` specifies (both variants).

Four players in two partnerships (seats 0 and 2 against 1 and 3), twelve
cards each, a turned-up trump; follow suit if you can. A side scores 1 point
for each trick over six, and 1 for holding three of the four honours (A K Q J
of trumps) or 2 for all four. The first side to 9 points wins.

Option `variant`:
- `ruff` (default): 52 cards, a stock of 4 whose top card is turned for
  trumps. The holder of the trump Ace (the dealer, if the Ace is the turned
  card) may ruff: take the stock into his hand and discard any four cards
  face down; the discards count for nobody. `ruff_enabled` (default true)
  offers the ruff; it has no effect in the Honours variant.
- `honours`: 48 cards (no Twos), all dealt; the last card dealt is turned
  for trumps and stays in its receiver's hand: the dealer's last card
  (`honours_trump_card = dealer_last`, default) or eldest's last card
  (`eldest_last`).

`honours_scale`: `1_2` (default: 3 honours 1 point, 4 honours 2) or `2_4`.
`honours_timing`: `immediate` (default: honours are credited as soon as trumps
are fixed and any ruff is over, and can win the game before a card is
played) or `after_play_whist` (credited after the tricks, and not at all to
a side that began the deal one point short of game; until the tricks are
played no view tells which side holds them).

Actions that are not cards: `ruff` and `pass` (the Ace holder's choice); after
a ruff, his four discards are written as the cards themselves. Every view
names the seat that had the right to ruff (all saw whose choice it was),
never the discards, which only the ruffer sees.

Dealing a recorded pack: one card at a time from the dealer's left, twelve
each; in the Ruff variant the last four cards are the stock in recorded
order, its top (the first of them) turned up.
"""

from ..cards import RANKS, SUIT_NAMES, pack
from ..dealing import deal_round
from ..errors import IllegalMoveError
from ..options import Option
from ..registry import register
from ..rounds import PHASE_PLAY, DealSeriesGame
from ..trumps import strength_table

HAND_SIZE = 12
STOCK_SIZE = 4
HONOUR_RANKS = "AKQJ"
HONOURS_POINTS = {"1_2": {3: 1, 4: 2}, "2_4": {3: 2, 4: 4}}
TARGET = 9
BOOK = 6
PHASE_RUFF, PHASE_DISCARD = "ruff", "discard"


@register
class RuffAndHonours(DealSeriesGame):
    name = "ruff_and_honours"
    title = "Ruff and Honours"
    blurb = "Partners play to nine points for odd tricks and trump honours, with a turned trump and the ruff."
    length = "a game of nine points, usually three to six deals of twelve tricks"
    players = (4,)
    sides = 2
    move_hints = {"ruff": "take the stock into your hand, then discard as many cards face down",
                  "pass": "leave the stock alone and play the hand you were dealt"}
    options = (
        Option("variant", "ruff", "which of the two games is played", choices=("ruff", "honours"),
               values=(("Ruff", "52 cards, a 4-card stock and the ruff"), ("Honours", "48 cards, all dealt"))),
        Option("ruff_enabled", True, "Ruff variant: whether the holder of the trump Ace may take the stock",
               choices=(True, False)),
        Option("honours_trump_card", "dealer_last",
               "Honours variant: the turned trump is the dealer's last card or the last card dealt to the dealer's left",
               choices=("dealer_last", "eldest_last"),
               values=(("The dealer's last card", ""), ("The last card to the dealer's left", ""))),
        Option("honours_scale", "1_2", "points for three or four honours", choices=("1_2", "2_4"),
               values=(("1 and 2", ""), ("2 and 4", ""))),
        Option("honours_timing", "immediate", "when honours count", choices=("immediate", "after_play_whist"),
               values=(("At once", "as soon as trumps are fixed"),
                       ("After the play", "after the tricks, as in Whist, and not for a side one point short of "
                        "game"))),
    )

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.strength = strength_table(RANKS)
        self.stock = []
        self.discards = []
        self.ruffer = None
        self.ruff_right = None
        self.honours = None
        self.scores_before = [0, 0]

    @property
    def ruff_variant(self):
        return self.opts["variant"] == "ruff"

    def full_pack(self):
        return pack() if self.ruff_variant else pack(RANKS[:-1])

    # The deal and the ruff -----------------------------------------------------

    def start_deal(self, cards):
        hands, dealt = deal_round(cards, 4, self.eldest, [1] * HAND_SIZE)
        if self.ruff_variant:
            self.stock = cards[dealt:]
            self.turn_up = self.stock[0]
        else:
            self.stock = []
            receiver = self.dealer if self.opts["honours_trump_card"] == "dealer_last" else self.eldest
            self.turn_up = hands[receiver][-1]
        self.trump = self.turn_up[1]
        self.start_tricks(hands, self.eldest)
        self.discards = []
        self.ruffer = None
        self.honours = None
        self.scores_before = list(self.scores)
        self.ruff_right = self.ruff_holder() if self.ruff_variant and self.opts["ruff_enabled"] else None
        if self.ruff_right is None:
            self.declare_honours()
        else:
            self.phase = PHASE_RUFF

    def ruff_holder(self):
        """The seat that may ruff: the trump Ace's holder, the dealer if it was turned, or nobody."""
        ace = "A" + self.trump
        if self.turn_up == ace:
            return self.dealer
        return next((seat for seat, hand in enumerate(self.hands) if ace in hand), None)

    def phase_to_move(self):
        return [self.ruff_right]

    def phase_moves(self, seat):
        if self.phase == PHASE_RUFF:
            return ["pass", "ruff"]
        return list(self.hands[seat])

    def play_phase_move(self, seat, move):
        if self.phase == PHASE_RUFF:
            if move == "pass":
                self.declare_honours()
                return
            self.ruffer = seat
            self.hands[seat].extend(self.stock)
            self.stock = []
            self.phase = PHASE_DISCARD
            return
        self.hands[seat].remove(move)
        self.discards.append(move)
        if len(self.discards) == STOCK_SIZE:
            self.declare_honours()

    def explain_illegal(self, seat, move):
        if self.phase == PHASE_DISCARD and move not in self.move_hints:
            return IllegalMoveError(f"seat {seat} cannot discard {move}: it is not in their hand", seat)
        return super().explain_illegal(seat, move)

    # Honours and tricks --------------------------------------------------------

    def declare_honours(self):
        """Count each side's honours once trumps are fixed and any ruff is over."""
        held = [0, 0]
        for seat, hand in enumerate(self.hands):
            held[self.owner(seat)] += sum(1 for card in hand if card[1] == self.trump and card[0] in HONOUR_RANKS)
        side = 0 if held[0] >= 3 else 1 if held[1] >= 3 else None
        self.phase = PHASE_PLAY
        if side is None:
            return
        points = HONOURS_POINTS[self.opts["honours_scale"]][held[side]]
        self.honours = {"side": side, "count": held[side], "points": points, "credited": False}
        if self.opts["honours_timing"] == "immediate":
            self.credit_honours()
            if self.scores[side] >= TARGET:
                self.close_deal(self.deal_facts(), [side])

    def credit_honours(self):
        side = self.honours["side"]
        self.score(side, self.honours["points"], f"{self.honours['count']} honours")
        self.honours["credited"] = True

    def tricks_won(self):
        won = [0, 0]
        for _, _, winner in self.tricks:
            won[self.owner(winner)] += 1
        return won

    def after_trick(self, winner, cards):
        if len(self.tricks) < HAND_SIZE:
            return
        won = self.tricks_won()
        for side in (0, 1):
            self.score(side, max(0, won[side] - BOOK), "odd tricks")
        winners = [side for side in (0, 1) if self.scores[side] >= TARGET]
        if not winners and self.honours and not self.honours["credited"]:
            side = self.honours["side"]
            if self.scores_before[side] != TARGET - 1:
                self.credit_honours()
                winners = [side] if self.scores[side] >= TARGET else []
        self.close_deal(self.deal_facts(), winners)

    def deal_facts(self):
        return {"turn_up": self.turn_up, "ruffer": self.ruffer, "honours": dict(self.honours or {}) or None,
                "tricks_won": self.tricks_won()}

    # Views -----------------------------------------------------------------------

    def card_places(self):
        places = super().card_places()
        places.update(stock=list(self.stock), discards=list(self.discards))
        return places

    def hidden_from(self, seat):
        hidden = super().hidden_from(seat) | set(self.stock)
        if seat != self.ruffer:
            hidden |= set(self.discards)
        return hidden - {self.turn_up}

    def move_seen_by(self, seat, move, hidden=None):
        """A discard is face down, even the turned-up card that everyone saw taken into the ruffer's hand."""
        if move in self.discards and seat != self.ruffer:
            return None
        return super().move_seen_by(seat, move, hidden)

    def honours_view(self):
        """The honours as announced: once trumps are fixed, or after the tricks with `after_play_whist`."""
        if not self.honours or (self.opts["honours_timing"] == "after_play_whist" and self.phase == PHASE_PLAY):
            return None
        return dict(self.honours)

    def public_view(self, seat):
        return {
            "trump_name": SUIT_NAMES.get(self.trump),
            "target": TARGET,
            "stock_size": len(self.stock),
            "ruff_right": self.ruff_right,
            "ruffer": self.ruffer,
            "discard_count": len(self.discards),
            "discards": list(self.discards) if seat == self.ruffer else None,
            "honours": self.honours_view(),
            "tricks_won": self.tricks_won(),
        }
