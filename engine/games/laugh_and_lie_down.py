"""Laugh and Lie Down (Calabrache), as `rules/laugh_and_lie_down.md` specifies: a fishing game.

Five players, each for himself, 52 cards; only ranks matter. Before each
deal the dealer stakes 3 into the pot and every other player 2 (11 in all).
Each player gets eight cards; the last twelve lie face up on the table.

Eldest first, each in turn must capture if he can: he plays a card that
matches a table card by rank and lays the pair by him; when three of the
rank lie on the table he takes all three, a mournival of four. A player who
cannot capture lies down: his whole hand goes face up on the table, and he
captures no more this deal. When only one player has not lain down, the
deal ends: he takes 5 stakes from the pot, and every card still in his hand
or on the table goes to the dealer. Then each player's cards laid by are
counted: every 2 above 8 wins a stake from the pot, every 2 below pays one
in. The pot always clears (5 + (52 - 40) / 2 = 11).

Free lay-downs (cards that could never be captured from the table): a
mournival in hand is laid by whole; of a pair royal in hand, a pair is laid
by and one card kept; a pair in hand is laid by once the other two of its
rank are laid by. A mournival among the twelve table cards at the deal is
the dealer's. With option `lay_downs` = `automatic` (the file's decision)
the engine makes all of these at once; with `declared` a player makes his
own on his turn (`lay sevens`), and a mournival lying on the table goes to
whoever claims it first on his turn (`claim sevens`), the dealer's missed
one or one that a hand laid down completes. Nobody can claim a pair hidden
in another player's hand: nobody may see it.

Stakes are counters: every seat starts with `counters` of them and a stake
is `stake` counters. The game lasts `deals` deals (one round by default),
or ends sooner after a deal that leaves a player unable to cover the most a
deal can cost (3 stakes in and 4 out for laying nothing by); the most
counters win.

Moves: a card (the capture), and with declared lay-downs `lay <rank>`,
`claim <rank>` and `lie down`. Dealing a recorded pack: one card at a time
from the dealer's left, eight rounds; the last twelve cards go to the table
in their recorded order.
"""

from ..cards import RANKS, pack, parse_card, sort_cards
from ..dealing import deal_round
from ..errors import IllegalMoveError, NotationError, RecordError
from ..options import Option
from ..protocol import COUNTERS, KIND_OTHER
from ..registry import register
from ..series import PhasedDeal
from .laugh_and_lie_down_words import CLAIM, LAY, LIE_DOWN, LaughAndLieDownWords, capture_why
from .one_and_thirty import ranking

HAND_SIZE = 8
BREAK_EVEN = 8
DEALER_STAKE, PLAYER_STAKE, LAST_IN_STAKES = 3, 2, 5
WORST_DEAL = DEALER_STAKE + BREAK_EVEN // 2   # the most stakes a deal can cost one player
PHASE_PLAY = "play"
AUTOMATIC, DECLARED = "automatic", "declared"
RANK_WORDS = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "T": "tens", "9": "nines", "8": "eights",
              "7": "sevens", "6": "sixes", "5": "fives", "4": "fours", "3": "threes", "2": "twos"}
WORD_RANKS = {word: rank for rank, word in RANK_WORDS.items()}


# Pure rules -------------------------------------------------------------------


def by_rank(cards):
    found = {}
    for card in cards:
        found.setdefault(card[0], []).append(card)
    return found


def free_lay_downs(hand, laid_ranks):
    """The cards a hand may lay by without capturing, by rank, with why: a mournival, a pair of a pair
    royal, or a pair whose other two are laid by already (`laid_ranks` counts each rank laid by anyone)."""
    found = []
    for rank, cards in sorted(by_rank(hand).items(), key=lambda item: RANKS.index(item[0])):
        cards = sort_cards(cards)
        if len(cards) == 4:
            found.append((rank, cards, "a mournival in hand"))
        elif len(cards) == 3:
            found.append((rank, cards[:2], "a pair of a pair royal in hand"))
        elif len(cards) == 2 and laid_ranks.get(rank, 0) == 2:
            found.append((rank, cards, "a pair whose mates are laid by"))
    return found


def table_mournivals(table):
    return [rank for rank, cards in by_rank(table).items() if len(cards) == 4]


def settlement(laid_counts):
    """Stakes each player wins (+) or pays (-) for the cards laid by: one for every two above or below 8."""
    return [(count - BREAK_EVEN) // 2 for count in laid_counts]


# The game ---------------------------------------------------------------------


@register
class LaughAndLieDown(LaughAndLieDownWords, PhasedDeal):
    name = "laugh_and_lie_down"
    title = "Laugh and Lie Down"
    blurb = "Fish pairs and mournivals from a face-up table; whoever cannot must lie down, and the pot is shared out."
    length = "one round of deals, a deal for each player"
    players = (5,)
    kind = KIND_OTHER
    score_meaning = COUNTERS
    options = (
        Option("lay_downs", AUTOMATIC, "how free lay-downs are made", choices=(AUTOMATIC, DECLARED),
               label="Free lay-downs",
               values=(("Made for you", "every mournival, pair royal's pair and uncatchable pair is laid by at "
                        "once, and the dealer gets a table mournival"),
                       ("Declared", "each player lays their own on their turn, and a table mournival goes to the "
                        "first to claim it"))),
        Option("stake", 1, "counters in one stake", minimum=1, maximum=10, label="Stake"),
        Option("counters", 20, "counters each player starts with (at least the 7 stakes a deal can cost)",
               minimum=7, maximum=1000, label="Counters"),
        Option("deals", 5, "how many deals the game lasts; by default one round, a deal for each player",
               minimum=1, maximum=100, label="Deals"),
    )
    turn_mail_keys = ("table_cards", "matches", "laid", "statuses")
    move_hints = {
        "lay": "put cards nobody could ever capture (a mournival, a pair of three of a kind, a pair whose other two are "
               "laid by) with your laid-by cards, without a capture",
        "claim": "take the four of a rank lying on the table (a mournival) into your laid-by cards",
        LIE_DOWN: "put your whole hand face up on the table and capture no more this deal",
    }

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        if self.opts["counters"] < WORST_DEAL * self.opts["stake"]:
            raise RecordError(f"each player needs at least {WORST_DEAL} stakes: the most one deal can cost")
        self.hands = [[] for _ in range(self.seat_count)]
        self.table = []
        self.laid = [[] for _ in range(self.seat_count)]
        self.lain = [False] * self.seat_count
        self.events = []          # captures, lay-downs and lyings-down of the deal, as every seat saw them
        self.turn = None
        self.last_in = None
        self.payments_before = 0

    def full_pack(self):
        return pack()

    def laid_ranks(self):
        counts = {}
        for cards in self.laid:
            for card in cards:
                counts[card[0]] = counts.get(card[0], 0) + 1
        return counts

    # The deal -----------------------------------------------------------------

    def start_deal(self, cards):
        self.payments_before = len(self.ledger.payments)
        stake = self.opts["stake"]
        for seat in self.order:
            if seat == self.dealer:
                self.ledger.stake(self.deals, seat, DEALER_STAKE * stake, "the dealer's stake")
            else:
                self.ledger.stake(self.deals, seat, PLAYER_STAKE * stake, "a player's stake")
        self.hands, used = deal_round(cards, self.seat_count, self.eldest, [1] * HAND_SIZE)
        self.hands = [list(hand) for hand in self.hands]
        self.table = list(cards[used:])
        self.laid = [[] for _ in range(self.seat_count)]
        self.lain = [False] * self.seat_count
        self.events, self.last_in = [], None
        self.set_phase(PHASE_PLAY)
        if self.automatic:
            for rank in table_mournivals(self.table):
                self.take_mournival(self.dealer, rank, "a mournival on the table at the deal")
            self.make_lay_downs()
        self.give_turn(self.eldest)

    @property
    def automatic(self):
        return self.opts["lay_downs"] == AUTOMATIC

    def take_mournival(self, seat, rank, why):
        cards = [card for card in self.table if card[0] == rank]
        self.table = [card for card in self.table if card[0] != rank]
        self.laid[seat].extend(cards)
        self.events.append({"seat": seat, "what": "claim", "cards": cards, "why": why})

    def make_lay_downs(self):
        """Every free lay-down of every player still in, made at once (automatic lay-downs)."""
        for seat in self.order:
            if not self.lain[seat]:
                for rank, cards, why in free_lay_downs(self.hands[seat], self.laid_ranks()):
                    self.lay_by(seat, cards, why)

    def lay_by(self, seat, cards, why):
        for card in cards:
            self.hands[seat].remove(card)
        self.laid[seat].extend(cards)
        self.events.append({"seat": seat, "what": "lay", "cards": list(cards), "why": why})

    def lay_down_of(self, seat, rank_word):
        """The cards and the reason of the seat's free lay-down of that rank (`sevens`)."""
        rank = WORD_RANKS[rank_word]
        return next((cards, why) for found, cards, why in free_lay_downs(self.hands[seat], self.laid_ranks())
                    if found == rank)

    def captures(self, seat):
        table_ranks = {card[0] for card in self.table}
        return [card for card in self.hands[seat] if card[0] in table_ranks]

    def declared_moves(self, seat):
        """The spoken moves of declared lay-downs: lays from the hand and claims from the table."""
        if self.automatic:
            return []
        lays = [f"{LAY} {RANK_WORDS[rank]}" for rank, _, _ in free_lay_downs(self.hands[seat], self.laid_ranks())]
        claims = [f"{CLAIM} {RANK_WORDS[rank]}" for rank in table_mournivals(self.table)]
        return lays + claims

    def give_turn(self, start):
        """The turn to the first player from `start` who can act; those who cannot lie down on the way, and
        the deal ends when one player is left standing (someone always is: players lie down one at a time)."""
        seat = start
        while True:
            standing = [other for other in range(self.seat_count) if not self.lain[other]]
            if len(standing) == 1:
                self.end_deal(standing[0])
                return
            if not self.lain[seat]:
                if self.captures(seat) or self.declared_moves(seat):
                    self.turn = seat
                    return
                self.lie_down(seat)
            seat = self.next_seat(seat)

    def lie_down(self, seat):
        self.events.append({"seat": seat, "what": "lie_down", "cards": list(self.hands[seat]), "why": ""})
        self.table.extend(self.hands[seat])
        self.hands[seat] = []
        self.lain[seat] = True

    # Moves --------------------------------------------------------------------

    def phase_to_move(self):
        return [self.turn]

    def phase_moves(self, seat):
        moves = self.captures(seat) + self.declared_moves(seat)
        if not self.automatic and not self.captures(seat):
            moves.append(LIE_DOWN)
        return moves

    def parse_move(self, seat, text):
        if isinstance(text, str):
            words = text.strip().lower().split()
            if words[:2] == ["lie", "down"] and len(words) == 2:
                return LIE_DOWN
            if len(words) == 2 and words[0] in (LAY, CLAIM):
                rank = WORD_RANKS.get(words[1]) or WORD_RANKS.get(words[1] + "s")
                if rank is None:
                    try:
                        rank = parse_card(words[1] + "S")[0]
                    except NotationError:
                        raise NotationError(f"not a rank: {words[1]!r} (say sevens, kings…)") from None
                return f"{words[0]} {RANK_WORDS[rank]}"
        try:
            return parse_card(text)
        except NotationError:
            raise NotationError(f"not a move of {self.title}: {text!r} (play a card to capture"
                                + ("" if self.automatic else ", or say lay, claim or lie down") + ")") from None

    def explain_illegal(self, seat, move):
        if move in self.move_hints or move.split()[0] in (LAY, CLAIM):
            return IllegalMoveError(f"seat {seat} cannot {move} now", seat)
        if move not in self.hands[seat]:
            return IllegalMoveError(f"seat {seat} does not hold {move}", seat)
        return IllegalMoveError(f"seat {seat} cannot capture with {move}: no card of its rank is on the table", seat)

    def play_phase_move(self, seat, move):
        if move == LIE_DOWN:
            self.lie_down(seat)
            self.give_turn(self.next_seat(seat))
            return
        word, _, rank_word = move.partition(" ")
        if word == LAY:
            self.lay_by(seat, *self.lay_down_of(seat, rank_word))
            self.give_turn(seat)
            return
        if word == CLAIM:
            self.take_mournival(seat, WORD_RANKS[rank_word], "claimed a mournival from the table")
            self.give_turn(seat)
            return
        self.capture(seat, move)
        if self.automatic:
            self.make_lay_downs()
        self.give_turn(self.next_seat(seat))

    def taken_by(self, card):
        """The table cards `card` would capture: one of its rank, or all three of them (a mournival)."""
        matching = [other for other in self.table if other[0] == card[0]]
        return matching if len(matching) == 3 else matching[:1]

    def capture(self, seat, card):
        taken = self.taken_by(card)
        for other in taken:
            self.table.remove(other)
        self.hands[seat].remove(card)
        self.laid[seat].extend([card] + taken)
        self.events.append({"seat": seat, "what": "capture", "cards": [card] + taken, "why": capture_why(taken)})

    def hints(self):
        """Automatic lay-downs leave nothing to say but cards: no spoken move, and no hint for one."""
        return type(self).move_hints if not self.automatic else {}

    def matches(self, seat):
        """What each card of the seat's hand would capture from the table now (its own cards, the open table)."""
        return [{"card": card, "takes": self.taken_by(card)} for card in sort_cards(self.captures(seat))]

    # The end of a deal ----------------------------------------------------------

    def end_deal(self, last_in):
        """The last player in takes 5 stakes, the dealer every card left, and the laid-by cards are settled."""
        stake = self.opts["stake"]
        self.turn = None
        self.last_in = last_in
        self.ledger.take_pot(self.deals, last_in, "the last player in", LAST_IN_STAKES * stake)
        left = self.hands[last_in]
        self.hands[last_in] = []
        self.events.append({"seat": last_in, "what": "last_in", "cards": list(left), "why": ""})
        leftovers = left + self.table
        self.table = []
        self.laid[self.dealer].extend(leftovers)
        self.events.append({"seat": self.dealer, "what": "leftovers", "cards": leftovers, "why": ""})
        counts = [len(cards) for cards in self.laid]
        stakes = settlement(counts)
        for seat in self.order:
            if stakes[seat] < 0:
                self.ledger.stake(self.deals, seat, -stakes[seat] * stake,
                                  f"laid by {counts[seat]} cards, {BREAK_EVEN - counts[seat]} short of {BREAK_EVEN}")
        for seat in self.order:
            if stakes[seat] > 0:
                self.ledger.take_pot(self.deals, seat,
                                     f"laid by {counts[seat]} cards, {counts[seat] - BREAK_EVEN} over {BREAK_EVEN}",
                                     stakes[seat] * stake)
        facts = {"laid": [list(cards) for cards in self.laid], "laid_counts": counts, "stakes": stakes,
                 "last_in": last_in, "events": [dict(event) for event in self.events],
                 "payments": self.deal_payments(), "pot_left": self.ledger.pot}
        ended = (self.deals >= self.opts["deals"]
                 or min(self.ledger.counters) < WORST_DEAL * stake)
        self.close_deal(facts, ranking(self.ledger.counters) if ended else None)

    def deal_payments(self):
        return [dict(entry) for entry in self.ledger.payments[self.payments_before:]] if self.deals else []

    # What each seat may see ---------------------------------------------------

    def hidden_from(self, seat):
        """The other players' hands while the deal is played; every card shows once it is over."""
        if self.phase != PHASE_PLAY:
            return set()
        return {card for other, hand in enumerate(self.hands) if other != seat for card in hand}

    def card_places(self):
        return {"hands": [card for hand in self.hands for card in hand], "table": list(self.table),
                "laid": [card for cards in self.laid for card in cards]}

    def hand_view(self, seat):
        return sort_cards(self.hands[seat]) if self.phase == PHASE_PLAY else []

    def table_cards(self):
        return [[None, card] for card in self.table] if self.phase == PHASE_PLAY else []

    def status(self, seat):
        if self.lain[seat]:
            return "lain_down"
        return "to_play" if seat == self.turn else "in"

    def own_view(self, seat):
        playing = self.phase == PHASE_PLAY
        return {
            "table_cards": sort_cards(self.table) if playing else [],
            "laid": [sort_cards(cards) for cards in self.laid] if playing else [[] for _ in self.laid],
            "statuses": [self.status(other) for other in range(self.seat_count)] if playing else [],
            "events": [dict(event) for event in self.events] if playing else [],
            "stake": self.opts["stake"],
            "pot": self.ledger.pot,
            "matches": self.matches(seat) if playing else [],
            "payments": self.deal_payments() if playing else [],
            "stakes": self.ledger.stakes_view(),
            "winners": list(self.winners),
        }
