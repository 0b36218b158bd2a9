"""One-and-Thirty, as `rules/one_and_thirty.md` specifies.

Two to eight players, 52 cards. Numerals count their face value, courts 10,
the Ace 1 (or 11: option `ace_value`). Each player gets three cards face
down; then, eldest first and the dealer last, each in turn says `draw`
(take the top card of the stock; the rules' "have it") or `stick`, and may
draw again and again until they stick or go over 31 (bust: out of the deal,
their hand is shown). The first to reach exactly 31 (on the deal, eldest
first, or by drawing) wins at once and the others take no turn: a double
stake from each other player (a single one with `double_for_31` off). If
every other player has bust by the dealer's turn, the dealer wins at once,
without drawing. Three cards over 31 (two Aces counting 11 and a card of
10) are bust from the deal: that player takes no turn. Otherwise, once the
dealer is done, the player left closest
to 31 wins a stake from each other player; level totals go to the elder
hand (the one nearer the dealer's left). Bust players pay too.

Stakes are counters (the rules only say "agree a stake"; these are
Cachette's decisions): every seat starts with `counters` counters, a stake
is `stake` counters, and the scores are the counters each seat holds. A
player who owes more than they hold pays what they hold. The game ends after
`deals` deals (by default one round: a deal for each player) or after a deal
that leaves a player with no counters; the most counters win (`winner` is
null when the best are level; the view's `winners` lists them).

Moves: `draw` and `stick` (`have it` and `stand` are read as them).

Dealing a recorded pack: one card at a time round the table from the dealer's
left, three rounds; the rest is the stock, drawn from its top. Willughby's
drawing from the bottom of the pack makes no difference to a shuffled pack.
The stock cannot run out: the pack's cards add up to more than eight players
can take (no hand goes past 41).
"""

from ..cards import display, pack
from ..dealing import deal_round
from ..errors import IllegalMoveError, NotationError
from ..options import Option
from ..protocol import COUNTERS, KIND_VYING
from ..registry import register
from ..series import PhasedDeal

TARGET = 31
DRAW, STICK = "draw", "stick"
SPOKEN = {DRAW: DRAW, STICK: STICK, "have it": DRAW, "have": DRAW, "stand": STICK}
PHASE_PLAY = "play"
DEALT = 3
WON_31, WON_CLOSEST, WON_ALL_BUST = "31", "closest", "all_bust"

# Pure rules -------------------------------------------------------------------


def card_value(card, ace_value):
    """A card's count toward 31: numerals their pips, courts 10, the Ace `ace_value`."""
    rank = card[0]
    if rank == "A":
        return ace_value
    if rank in "TJQK":
        return 10
    return int(rank)


def hand_total(cards, ace_value):
    return sum(card_value(card, ace_value) for card in cards)


def closest_to_target(totals):
    """The index of the best total not over 31 (the first of equals: the elder), or None if all are over."""
    best = None
    for index, total in enumerate(totals):
        if total <= TARGET and (best is None or total > totals[best]):
            best = index
    return best


def settle(counters, payee, payers, amount):
    """The payments (payer, counters) when each payer owes `amount` to `payee`: nobody pays more than they hold."""
    return [(payer, min(amount, counters[payer])) for payer in payers if payer != payee and counters[payer] > 0]


def ranking(counters):
    """The seats holding the most counters (several when level)."""
    most = max(counters)
    return [seat for seat, held in enumerate(counters) if held == most]


# The game ---------------------------------------------------------------------


def common_options(ace_default):
    """The options One-and-Thirty and its Bone-Ace variant share."""
    return (
        Option("ace_value", ace_default, "what an Ace counts toward 31: 1 or 11 (never both)", choices=(1, 11)),
        Option("double_for_31", True, "whether reaching exactly 31 wins a double stake from each other player "
               "(Willughby) rather than a single one", choices=(True, False)),
        Option("stake", 1, "counters in one stake", minimum=1, maximum=10),
        Option("counters", 20, "counters each player starts with", minimum=1, maximum=1000),
        Option("deals", lambda players: players,
               "how many deals the game lasts; by default one round, a deal for each player",
               minimum=1, maximum=100),
    )


@register
class OneAndThirty(PhasedDeal):
    name = "one_and_thirty"
    title = "One-and-Thirty"
    blurb = "Draw or stick: come nearest to 31 without going over, and collect a stake from everyone."
    length = "one round of deals, a deal for each player"
    players = tuple(range(2, 9))
    options = common_options(1)
    kind = KIND_VYING
    score_meaning = COUNTERS
    move_hints = {
        DRAW: "take the top card of the stock; go over 31 and you are out",
        STICK: "keep your count and pass the turn on",
    }
    turn_mail_keys = ("hand_worth",)

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.hands = [[] for _ in range(self.seat_count)]
        self.stock = []
        self.bust = [False] * self.seat_count
        self.stuck = [False] * self.seat_count
        self.shown = [[] for _ in range(self.seat_count)]   # cards every seat may see, per hand
        self.turn = None
        self.payments_before = 0   # the ledger's payments when the deal in play began

    # Facts --------------------------------------------------------------------

    def full_pack(self):
        return pack()

    def total(self, seat):
        return hand_total(self.hands[seat], self.opts["ace_value"])

    # Moves --------------------------------------------------------------------

    def phase_to_move(self):
        return [self.turn]

    def phase_moves(self, seat):
        return [DRAW, STICK] if self.stock else [STICK]

    def parse_move(self, seat, text):
        word = text.strip().lower() if isinstance(text, str) else None
        if word not in SPOKEN:
            raise NotationError(f"not a move of {self.title}: {text!r} (say draw or stick)")
        return SPOKEN[word]

    def explain_illegal(self, seat, move):
        return IllegalMoveError(f"seat {seat} cannot {move} now: the stock is empty, so stick", seat)

    def play_phase_move(self, seat, move):
        if move == STICK:
            self.stuck[seat] = True
            self.pass_turn()
            return
        self.hands[seat].append(self.stock.pop(0))
        total = self.total(seat)
        if total == TARGET:
            self.win_deal(seat, WON_31)
        elif total > TARGET:
            self.bust[seat] = True
            self.shown[seat] = list(self.hands[seat])
            self.pass_turn()

    def pass_turn(self):
        self.give_turn(self.order.index(self.turn) + 1)

    def give_turn(self, position):
        """The turn to the first seat not bust from `position` in turn order; the showdown after the dealer."""
        order = self.order
        for seat in order[position:]:
            if seat == self.dealer and all(self.bust[other] for other in order[:-1]):
                self.win_deal(self.dealer, WON_ALL_BUST)
                return
            if not self.bust[seat]:
                self.turn = seat
                return
        self.showdown()

    # Deals --------------------------------------------------------------------

    def start_deal(self, cards):
        self.hands, used = deal_round(cards, self.seat_count, self.order[0], [1] * DEALT)
        self.stock = list(cards[used:])
        self.bust = [False] * self.seat_count
        self.stuck = [False] * self.seat_count
        self.shown = [[] for _ in range(self.seat_count)]
        self.payments_before = len(self.ledger.payments)
        self.set_phase(PHASE_PLAY)
        self.turn = None
        self.before_play()
        natural = next((seat for seat in self.order if self.total(seat) == TARGET), None)
        if natural is not None:
            self.win_deal(natural, WON_31)
            return
        for seat in self.order:    # two Aces at 11 and a court: over 31 from the deal
            if self.total(seat) > TARGET:
                self.bust[seat] = True
                self.shown[seat] = list(self.hands[seat])
        self.give_turn(0)

    def before_play(self):
        """What happens between the deal and the first turn (Bone-Ace's bone)."""

    def showdown(self):
        totals = [self.total(seat) if not self.bust[seat] else TARGET + 1 for seat in self.order]
        best = closest_to_target(totals)
        self.win_deal(self.order[best], WON_CLOSEST)

    def win_deal(self, winner, how):
        stakes = 2 if how == WON_31 and self.opts["double_for_31"] else 1
        reason = {WON_31: "reached 31" + (", double stake" if stakes == 2 else ""),
                  WON_CLOSEST: "closest to 31", WON_ALL_BUST: "all others bust"}[how]
        for payer, amount in settle(self.scores, winner, self.order, stakes * self.opts["stake"]):
            self.ledger.pay(self.deals, payer, winner, amount, reason)
        if self.ledger.pot:
            self.ledger.take_pot(self.deals, winner, "the rest of the pool")
        self.turn = None
        facts = {"winner": winner, "how": how, "hands": [list(hand) for hand in self.hands],
                 "totals": [self.total(seat) for seat in range(self.seat_count)], "bust": list(self.bust),
                 "payments": self.deal_payments(), **self.deal_facts()}
        ended = self.deals >= self.opts["deals"] or min(self.scores) == 0
        self.close_deal(facts, ranking(self.scores) if ended else None)

    def deal_facts(self):
        """A variant's own public facts of the finished deal, for the history."""
        return {}

    def deal_payments(self):
        """The ledger's payments of the deal in play (or the deal just finished)."""
        return [dict(entry) for entry in self.ledger.payments[self.payments_before:]] if self.deals else []

    # What each seat may see ---------------------------------------------------

    def hidden_from(self, seat):
        """The cards `seat` may not see now: the stock, and the others' unshown cards while the deal is on."""
        hidden = set(self.stock)
        if self.phase == PHASE_PLAY:
            for other, hand in enumerate(self.hands):
                if other != seat:
                    hidden.update(card for card in hand if card not in self.shown[other])
        return hidden

    def card_places(self):
        return {"hands": [card for hand in self.hands for card in hand], "stock": list(self.stock)}

    def status(self, seat):
        """One word for where a seat stands in the deal: waiting, to_play, stuck, bust."""
        if self.bust[seat]:
            return "bust"
        if self.stuck[seat]:
            return "stuck"
        return "to_play" if seat == self.turn else "waiting"

    def hand_view(self, seat):
        """A hand only while its deal is played: a finished deal's hands are in the history."""
        return list(self.hands[seat]) if self.phase == PHASE_PLAY else []

    def table_cards(self):
        """The cards face up before their players in the deal in play (a bust hand, Bone-Ace's up card)."""
        if self.phase != PHASE_PLAY:
            return []
        return [[seat, card] for seat, cards in enumerate(self.shown) for card in cards]

    def action_words(self, seat, move):
        """`Draw a card`, `Stick at 27`."""
        if move == DRAW:
            return "Draw a card"
        return f"Stick at {self.total(seat)}" if seat is not None and self.phase == PHASE_PLAY else "Stick"

    def move_done_words(self, seat, move):
        """`drew a card`, `stuck, taking no more cards`: the count stays hidden."""
        return "drew a card" if move == DRAW else "stuck, taking no more cards"

    def hand_worth(self, seat):
        """The seat's count toward 31 and how it is made: {total, why}."""
        hand = self.hands[seat]
        ace = self.opts["ace_value"]
        total = hand_total(hand, ace)
        parts = " + ".join(f"{display(card)} {card_value(card, ace)}" for card in hand)
        left = (f"{TARGET - total} short of 31" if total < TARGET else "exactly 31" if total == TARGET
                else "over 31: bust")
        return {"total": total, "why": f"{parts} = {total}, {left}"}

    def felt(self):
        """What lies on the table (see templates/games/README.md): each player's face-up cards labelled, where
        they stand, the pool, the stock."""
        words = {"bust": "bust", "stuck": "stuck", "to_play": "", "waiting": ""}
        return {"counters": None, "notes": [words[self.status(seat)] for seat in range(self.seat_count)],
                "pot": self.ledger.pot or None, "pot_label": "Pool", "pot_note": "", "stock": len(self.stock),
                "card_labels": self.card_labels()}

    def card_labels(self):
        return {}

    def own_view(self, seat):
        playing = self.phase == PHASE_PLAY
        return {
            "total": self.total(seat) if playing else None,
            "hand_worth": self.hand_worth(seat) if playing else None,
            "hand_notes": [f"Your count toward 31: {self.hand_worth(seat)['why']}"] if playing else [],
            "felt": self.felt() if playing else None,
            "shown": [list(cards) for cards in self.shown] if playing else [[] for _ in self.hands],
            "statuses": [self.status(other) for other in range(self.seat_count)] if playing else [],
            "stock_size": len(self.stock) if playing else 0,
            "stake": self.opts["stake"],
            "pool": self.ledger.pot,
            "payments": self.deal_payments() if playing else [],
            "stakes": self.ledger.stakes_view(),
            "winners": list(self.winners),
        }
