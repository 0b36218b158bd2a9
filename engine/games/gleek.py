"""Gleek, as `rules/gleek.md` specifies.

Three players, each for himself, 44 cards (no Twos or Threes), ranked
A K Q J 10 9 8 7 6 5 4 in every suit. A deal has four stages, all paid in
counters (the file's pence):

1. The auction for the stock. Eldest opens at `opening_bid` (he may not
   pass, so his opening is made for him); then, to the left, each bids more
   or passes, and a pass is final. The last bidder pays half his bid to each
   opponent (the odd counter as `odd_penny` says), takes the seven face-down
   stock cards and lays out seven (`exchange_order`). Nobody sees the
   discards until the deal is over.
2. Vying the ruff (the best total of card values in one suit: A 11, courts
   10, numerals their pips). From eldest, each may open (`vie N`) or pass;
   before an open a pass is only a check. After an open, each in turn from
   the opener's left passes (folds, owing the winner the stake as it stood),
   sees or raises by 2, until two have folded or everybody left has matched
   the last raise: then the best ruff (a mournival of Aces beats any;
   ties go to the elder hand) wins the stakes. If nobody opens, the next
   deal's stake is doubled (once). `vying = burton` is Jeffrey Burton's
   reading instead: everyone antes 1, those who vie put in 1 more, the best
   ruff among them takes it all (the antes wait in the pot when nobody vies).
3. Gleeks (three of a rank) and mournivals (four) of Aces, Kings, Queens and
   Jacks are paid by each opponent to the holder (`sets_paid`).
4. Twelve tricks, eldest leading: follow suit if you can (`must_play_highest`
   for Willughby's rule); trumps win. Tib (Ace of trumps) counts 15, King and
   Queen 3, Tom (Jack) 9, to the player who played them (`honours_basis`),
   and 3 a trick; the dealer counts the turn-up if it is one. Each settles
   his count against 22 with the pot, 1 counter a point. Tiddy (the Four of
   trumps) turned up earns the dealer 4 from each opponent and, played,
   2 from each (`tiddy_payment`); with `tumbler_towser`, Towser (Five) and
   Tumbler (Six) earn 5 and 6 both ways.

Stakes are counters: every seat starts with `counters`; a seat that owes
more than it holds pays what it holds (a Cachette decision). The game lasts
`rounds` rounds of three deals, or ends after a deal that leaves a player
with nothing; what the pot still holds is then shared out (odd counters to
the elder hands) and the most counters win.

Moves: `bid N` and `pass` in the auction; a card to discard; `vie N` (open
at stake N), `see N` (match stake N), `raise N` (raise the stake to N) and
`pass` in the ruff; cards in the tricks.

Dealing a recorded pack: from the dealer's left in batches of 4-4-4; the
37th card is the turn-up and the last seven are the stock, top first.
"""

from ..cards import SUIT_NAMES, pack, parse_card, sort_cards
from ..dealing import deal_round
from ..errors import IllegalMoveError, NotationError
from ..options import Option
from ..protocol import COUNTERS
from ..registry import register
from ..rounds import PHASE_DEAL, PHASE_OVER, PHASE_PLAY, DealSeriesGame
from ..trumps import strength_table

RANKS = "AKQJT987654"
BATCHES = (4, 4, 4)
HAND_SIZE = 12
STOCK_SIZE = 7
TARGET_COUNT = 22
TRICK_POINTS = 3
HONOUR_POINTS = {"A": 15, "K": 3, "Q": 3, "J": 9}
TRUMP_NAMES = {"A": "Tib", "J": "Tom", "6": "Tumbler", "5": "Towser", "4": "Tiddy"}
TURNED_PAYMENTS = {"4": 4, "5": 5, "6": 6}    # each opponent pays the dealer, for the trump turned up
PLAYED_PAYMENTS = {"4": 2, "5": 5, "6": 6}    # each opponent pays the player, for the trump played
SET_PAYMENTS = {"A": (4, 8), "K": (3, 6), "Q": (2, 4), "J": (1, 2)}   # (gleek, mournival), from each opponent
RANK_NAMES = {"A": "Aces", "K": "Kings", "Q": "Queens", "J": "Jacks"}
RAISE = 2
MAX_RAISE = 10                # a bid raises the last by 1 to 10 (a Cachette bound on "larger raises")
BURTON_CHIP = 1

PHASE_AUCTION, PHASE_DISCARD, PHASE_RUFF = "auction", "discard", "ruff"
PASS, BID, VIE, SEE, RAISE_WORD = "pass", "bid", "vie", "see", "raise"
TAKE_THEN_DISCARD, DISCARD_THEN_TAKE = "take_then_discard", "discard_then_take"


# Pure rules -------------------------------------------------------------------


def pip_value(card):
    """A card's value in the ruff: Ace 11, courts and Ten 10, numerals their pips."""
    rank = card[0]
    if rank == "A":
        return 11
    if rank in "KQJT":
        return 10
    return int(rank)


def ruff_of(cards):
    """(value, suit) of the best suit total in `cards` (the first suit in SCDH order among equals)."""
    totals = {}
    for card in cards:
        totals[card[1]] = totals.get(card[1], 0) + pip_value(card)
    return max(((value, suit) for suit, value in totals.items()), key=lambda pair: (pair[0], -"SCDH".index(pair[1])))


def has_mournival_of_aces(cards):
    return sum(1 for card in cards if card[0] == "A") == 4


def ruff_winner(hands, contenders):
    """The seat among `contenders` (in elder-hand order) with the best ruff; a mournival of Aces beats any."""
    def strength(seat):
        return (has_mournival_of_aces(hands[seat]), ruff_of(hands[seat])[0])
    best = None
    for seat in contenders:
        if best is None or strength(seat) > strength(best):
            best = seat
    return best


def sets_in(cards):
    """The gleeks and mournivals in `cards`: [(rank, size)], Aces first."""
    found = []
    for rank in "AKQJ":
        size = sum(1 for card in cards if card[0] == rank)
        if size >= 3:
            found.append((rank, size))
    return found


def set_payment(rank, size):
    """What each opponent pays for one set."""
    return SET_PAYMENTS[rank][size - 3]


def set_words(rank, size):
    return f"{'a mournival' if size == 4 else 'a gleek'} of {RANK_NAMES[rank]}"


def best_set_holder(hands):
    """The seat holding the best set (a mournival before a gleek, then Aces down to Jacks), or None."""
    best, holder = None, None
    for seat, hand in enumerate(hands):
        for rank, size in sets_in(hand):
            key = (size, -"AKQJ".index(rank))
            if best is None or key > best:
                best, holder = key, seat
    return holder


def deal_count(tricks, trump, dealer, turn_up, basis, seats=3):
    """Each seat's count: 3 a trick and the honours (played, or won in tricks), the dealer the turned honour."""
    counts = [0] * seats
    for _, cards, winner in tricks:
        counts[winner] += TRICK_POINTS
        for seat, card in cards:
            if card[1] == trump and card[0] in HONOUR_POINTS:
                counts[seat if basis == "played" else winner] += HONOUR_POINTS[card[0]]
    if turn_up and turn_up[0] in HONOUR_POINTS:
        counts[dealer] += HONOUR_POINTS[turn_up[0]]
    return counts


def ranking(counters):
    most = max(counters)
    return [seat for seat, held in enumerate(counters) if held == most]


# The game ---------------------------------------------------------------------


@register
class Gleek(DealSeriesGame):
    name = "gleek"
    title = "Gleek"
    blurb = ("Three players buy the stock, vie the ruff, are paid for gleeks and mournivals, "
             "then play twelve tricks for Tib, Tom and Tiddy against a count of 22.")
    length = "one round of three deals by default (or more rounds), paid in counters"
    players = (3,)
    sides = None
    score_meaning = COUNTERS
    move_hints = {
        BID: "bid N: offer N counters for the stock (half to each opponent); more than the last bid",
        PASS: "in the auction: drop out; in the ruff: check before anyone has vied, afterwards fold",
        VIE: "vie N: open the ruff at the stake N",
        SEE: "see N: put your stake up to N and call for the showdown",
        RAISE_WORD: "raise N: put your stake up to N, 2 more than it stood",
    }
    options = (
        Option("counters", 100, "counters each player starts with", minimum=20, maximum=10000,
               label="Counters to start"),
        Option("rounds", 1, "how many rounds of deals the game lasts; a round is three deals, one by each player",
               minimum=1, maximum=10, label="Rounds of deals"),
        Option("opening_bid", 12, "eldest's compulsory opening bid for the stock: 12 (Cotton, Willughby) "
               "or 13 (Cotgrave)", minimum=12, maximum=13, label="Opening bid"),
        Option("odd_penny", "pot", "where the odd counter of an odd winning bid goes: the pot, eldest "
               "(kept if eldest bought), or the last player to drop out",
               choices=("pot", "eldest", "last_out"), label="Odd counter of the stock",
               values=(("The pot", ""), ("Eldest", "kept if eldest bought"), ("The last out", ""))),
        Option("exchange_order", TAKE_THEN_DISCARD, "the buyer takes the stock then lays out seven (Parlett), "
               "or lays out seven first (Willughby)", choices=(TAKE_THEN_DISCARD, DISCARD_THEN_TAKE),
               label="Exchange order", values=(("Take, then lay out", "Parlett"), ("Lay out, then take", "Willughby"))),
        Option("ruff_stake", 2, "the stake for opening the ruff; doubled in the deal after one where "
               "nobody opened", minimum=1, maximum=20, label="Ruff stake"),
        Option("vying", "stakes", "how the ruff is vied", choices=("stakes", "burton"), label="Vying the ruff",
               values=(("Stakes", "open, see, raise by 2 and fold owing the stake (Cachette's reading of Willughby "
                        "and Cotton)"), ("Burton", "a 1-counter ante, and 1 more from each who vies"))),
        Option("sets_paid", "all", "which gleeks and mournivals are paid", choices=("all", "best_only"),
               label="Sets paid", values=(("All", "every gleek and mournival is paid"),
                                          ("Best only", "only the holder of the best set is paid, for all their "
                                           "sets (as in Piquet)"))),
        Option("honours_basis", "played", "whether Tib, Tom, King and Queen count for the player who played "
               "them or for the winner of their trick", choices=("played", "won_in_tricks"),
               label="Honours count for", values=(("Who played them", ""), ("Who won them", ""))),
        Option("must_play_highest", False, "Willughby: a player following suit must play his highest card "
               "of it", choices=(False, True), label="Follow with the highest"),
        Option("tiddy_payment", True, "Tiddy (the Four of trumps) played earns 2 from each opponent",
               choices=(True, False), label="Tiddy paid when played"),
        Option("tumbler_towser", False, "Cotton: Towser (Five of trumps) and Tumbler (Six) are paid like Tiddy, "
               "5 and 6 from each opponent, turned up or played", choices=(False, True),
               label="Towser and Tumbler"),
    )

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.strength = strength_table(RANKS)
        self.ruff_doubled = False     # nobody opened the ruff in the last deal
        self.ruff_pool = 0            # the part of the pot that belongs to the ruff (Burton's antes)
        self.reset_deal()

    def reset_deal(self):
        self.stock = []
        self.calls = []               # [seat, move] of the auction and the ruff, in order
        self.stage_start = 0          # where the calls of the stage in progress begin
        self.high_bid = self.high_bidder = None
        self.out = []                 # seats out of the auction, in the order they passed
        self.buyer = None
        self.discards = []
        self.stage_turn = None
        self.opener = None
        self.level = 0
        self.put = [0] * self.seat_count
        self.folded = {}
        self.to_act = []
        self.ruff_result = None       # public: who won the ruff and how
        self.ruff_values = None       # kept for the history, shown once the deal is over
        self.sets = []
        self.payments_before = len(self.ledger.payments)

    def full_pack(self):
        return pack(RANKS)

    @property
    def deals_in_game(self):
        return 3 * self.opts["rounds"]

    # Counters: nobody pays more than he holds ----------------------------------

    def pay(self, payer, payee, amount, reason):
        amount = min(amount, self.ledger.counters[payer])
        if amount > 0 and payer != payee:
            self.ledger.pay(self.deals, payer, payee, amount, reason)

    def put_in(self, seat, amount, reason):
        amount = min(amount, self.ledger.counters[seat])
        if amount > 0:
            self.ledger.stake(self.deals, seat, amount, reason)
        return amount

    def take_out(self, seat, amount, reason):
        amount = min(amount, self.ledger.pot)
        if amount > 0:
            self.ledger.take_pot(self.deals, seat, reason, amount)
        return amount

    # The deal ----------------------------------------------------------------

    def start_deal(self, cards):
        self.reset_deal()
        hands, used = deal_round(cards, 3, self.eldest, BATCHES)
        self.turn_up = cards[used]
        self.stock = list(cards[used + 1:])
        self.trump = self.turn_up[1]
        self.start_tricks(hands, self.eldest)
        rank = self.turn_up[0]
        if rank in self.paid_low_trumps(turned=True):
            for seat in self.order:
                self.pay(seat, self.dealer, TURNED_PAYMENTS[rank], f"for {TRUMP_NAMES[rank]} turned up")
        self.phase = PHASE_AUCTION
        self.high_bid, self.high_bidder = self.opts["opening_bid"], self.eldest
        self.calls.append([self.eldest, f"{BID} {self.high_bid}"])
        self.stage_turn = self.next_seat(self.eldest)

    def paid_low_trumps(self, turned):
        """The ranks of low trumps paid for (turned up, or played)."""
        ranks = "4" if turned or self.opts["tiddy_payment"] else ""
        if self.opts["tumbler_towser"] and (turned or self.opts["tiddy_payment"]):
            ranks += "56"
        return ranks

    def phase_to_move(self):
        if self.phase in (PHASE_AUCTION, PHASE_RUFF):
            return [self.stage_turn]
        return [self.buyer]

    def phase_moves(self, seat):
        if self.phase == PHASE_AUCTION:
            held = self.ledger.counters[seat]
            top = min(held, self.high_bid + MAX_RAISE)
            return [PASS] + [f"{BID} {amount}" for amount in range(self.high_bid + 1, top + 1)]
        if self.phase == PHASE_DISCARD:
            return list(self.hands[seat])
        return self.ruff_moves(seat)

    def parse_move(self, seat, text):
        if isinstance(text, str):
            words = text.strip().lower().split()
            if words and words[0] in self.move_hints:
                if len(words) == 1:
                    return words[0]
                if len(words) == 2 and words[1].isdigit():
                    return f"{words[0]} {int(words[1])}"
                raise NotationError(f"not a move of {self.title}: {text!r} (say, for example, bid 13 or see 4)")
        return parse_card(text)

    def explain_illegal(self, seat, move):
        if self.phase == PHASE_PLAY:
            return super().explain_illegal(seat, move)
        if self.phase == PHASE_DISCARD:
            if move in self.move_hints or " " in move:
                return IllegalMoveError(f"seat {seat} cannot {move} now: the buyer is laying out cards", seat)
            return IllegalMoveError(f"seat {seat} cannot discard {move}: it is not in their hand", seat)
        action = move if move in self.move_hints or " " in move else f"play {move}"
        legal = self.phase_moves(seat)
        offered = " or ".join(legal if len(legal) <= 4 else [legal[0], f"{legal[1]} to {legal[-1].split()[-1]}"])
        return IllegalMoveError(f"seat {seat} cannot {action} now: the {self.phase} allows only {offered}", seat)

    def play_phase_move(self, seat, move):
        if self.phase == PHASE_AUCTION:
            self.auction_move(seat, move)
        elif self.phase == PHASE_DISCARD:
            self.discard(seat, move)
        else:
            self.ruff_move(seat, move)

    # Stage 1: the auction and the exchange -------------------------------------

    def auction_move(self, seat, move):
        self.calls.append([seat, move])
        if move == PASS:
            self.out.append(seat)
        else:
            self.high_bid, self.high_bidder = int(move.split()[1]), seat
        if len(self.out) == 2:
            self.sell_stock()
            return
        turn = self.next_seat(seat)
        while turn in self.out:
            turn = self.next_seat(turn)
        self.stage_turn = turn

    def sell_stock(self):
        """The last bidder pays half his bid to each opponent, the odd counter where `odd_penny` says."""
        buyer, bid = self.high_bidder, self.high_bid
        self.buyer = buyer
        half, odd = divmod(bid, 2)
        for seat in self.order:
            if seat != buyer:
                self.pay(buyer, seat, half, f"for the stock: half the bid of {bid}")
        if odd:
            reason = f"for the stock: the odd counter of the bid of {bid}"
            if self.opts["odd_penny"] == "pot":
                self.put_in(buyer, odd, reason)
            else:
                self.pay(buyer, self.eldest if self.opts["odd_penny"] == "eldest" else self.out[-1], odd, reason)
        if self.opts["exchange_order"] == TAKE_THEN_DISCARD:
            self.take_stock()
        self.phase = PHASE_DISCARD

    def take_stock(self):
        self.hands[self.buyer].extend(self.stock)
        self.stock = []

    def discard(self, seat, card):
        self.hands[seat].remove(card)
        self.discards.append(card)
        if len(self.discards) < STOCK_SIZE:
            return
        if self.stock:
            self.take_stock()
        self.open_ruff()

    # Stage 2: vying the ruff ---------------------------------------------------

    @property
    def burton(self):
        return self.opts["vying"] == "burton"

    @property
    def ruff_stake(self):
        return self.opts["ruff_stake"] * (2 if self.ruff_doubled else 1)

    def open_ruff(self):
        self.phase = PHASE_RUFF
        self.stage_start = len(self.calls)
        self.stage_turn = self.eldest
        self.put = [0] * 3
        if self.burton:
            for seat in self.order:
                self.ruff_pool += self.put_in(seat, BURTON_CHIP, "as an ante for the ruff")

    def ruff_moves(self, seat):
        held = self.ledger.counters[seat]
        if self.burton:
            return [PASS, f"{VIE} {BURTON_CHIP}"] if held >= BURTON_CHIP else [PASS]
        if self.opener is None:
            return [PASS, f"{VIE} {self.ruff_stake}"] if held >= self.ruff_stake else [PASS]
        moves = [PASS]
        if held >= self.level - self.put[seat]:
            moves.append(f"{SEE} {self.level}")
        if held >= self.level + RAISE - self.put[seat]:
            moves.append(f"{RAISE_WORD} {self.level + RAISE}")
        return moves

    def ruff_move(self, seat, move):
        self.calls.append([seat, move])
        if self.burton:
            self.burton_move(seat, move)
        elif self.opener is None:
            self.ruff_opening(seat, move)
        else:
            self.ruff_vying(seat, move)

    def ruff_opening(self, seat, move):
        if move == PASS:
            if seat == self.dealer:   # all three checked
                self.ruff_doubled = True
                self.ruff_result = {"winner": None, "how": "nobody_vied"}
                self.pay_sets()
                return
            self.stage_turn = self.next_seat(seat)
            return
        self.opener = seat
        self.ruff_doubled = False
        self.level = int(move.split()[1])
        self.stake_to(seat, self.level, "to vie the ruff")
        self.to_act = [self.next_seat(seat), self.next_seat(self.next_seat(seat))]
        self.stage_turn = self.to_act[0]

    def stake_to(self, seat, level, reason):
        self.put[seat] += self.put_in(seat, level - self.put[seat], reason)

    def ruff_vying(self, seat, move):
        self.to_act.remove(seat)
        if move == PASS:
            self.folded[seat] = self.level
            standing = [other for other in self.order if other not in self.folded]
            if len(standing) == 1:
                self.settle_ruff(standing[0], "uncontested")
                return
        elif move.startswith(SEE):
            self.stake_to(seat, self.level, f"to see the ruff at {self.level}")
        else:
            self.level = int(move.split()[1])
            self.stake_to(seat, self.level, f"to raise the ruff to {self.level}")
            after = [self.next_seat(seat), self.next_seat(self.next_seat(seat))]
            self.to_act = [other for other in after if other not in self.folded]
        if self.to_act:
            self.stage_turn = self.to_act[0]
            return
        contenders = [other for other in self.order if other not in self.folded]
        self.settle_ruff(ruff_winner(self.hands, contenders), "showdown")

    def settle_ruff(self, winner, how):
        if how == "showdown":
            self.keep_ruff_values()
        self.take_out(winner, sum(self.put), "for the ruff: the stakes")
        for seat, level in self.folded.items():
            owed = level - self.put[seat]
            if owed > 0:
                self.pay(seat, winner, owed, f"for the ruff: folded at {level}")
        self.ruff_result = {"winner": winner, "how": how, "mournival": how == "showdown"
                            and has_mournival_of_aces(self.hands[winner])}
        self.pay_sets()

    def burton_move(self, seat, move):
        if move != PASS:
            self.put[seat] += 1
            self.ruff_pool += self.put_in(seat, BURTON_CHIP, "to vie the ruff")
        if seat != self.dealer:
            self.stage_turn = self.next_seat(seat)
            return
        viers = [other for other in self.order if self.put[other]]
        if not viers:
            self.ruff_result = {"winner": None, "how": "nobody_vied"}
        else:
            how = "uncontested" if len(viers) == 1 else "showdown"
            if how == "showdown":
                self.keep_ruff_values()
            winner = ruff_winner(self.hands, viers)
            self.ruff_pool -= self.take_out(winner, self.ruff_pool, "for the ruff: the antes and vies")
            self.ruff_result = {"winner": winner, "how": how, "mournival": how == "showdown"
                                and has_mournival_of_aces(self.hands[winner])}
        self.pay_sets()

    def keep_ruff_values(self):
        self.ruff_values = {seat: list(ruff_of(self.hands[seat])) for seat in self.order
                            if seat not in self.folded and (not self.burton or self.put[seat])}

    # Stage 3: gleeks and mournivals -------------------------------------------

    def pay_sets(self):
        self.stage_turn = None
        holders = self.order
        if self.opts["sets_paid"] == "best_only":
            best = best_set_holder(self.hands)
            holders = [] if best is None else [best]
        for holder in holders:
            for rank, size in sets_in(self.hands[holder]):
                each = set_payment(rank, size)
                self.sets.append({"seat": holder, "set": set_words(rank, size), "each": each})
                for payer in self.order:
                    self.pay(payer, holder, each, f"for {set_words(rank, size)}")
        self.phase = PHASE_PLAY
        self.leader = self.turn = self.eldest

    # Stage 4: the tricks and the settlement -------------------------------------

    def legal_cards(self, seat):
        cards = super().legal_cards(seat)
        if self.opts["must_play_highest"] and self.trick:
            led = self.trick[0][1][1]
            following = [card for card in cards if card[1] == led]
            if following:
                return [max(following, key=self.strength.__getitem__)]
        return cards

    def play_card(self, seat, card):
        if card[1] == self.trump and card[0] in self.paid_low_trumps(turned=False):
            for payer in self.order:
                self.pay(payer, seat, PLAYED_PAYMENTS[card[0]], f"for {TRUMP_NAMES[card[0]]} played")
        super().play_card(seat, card)

    def counts(self):
        return deal_count(self.tricks, self.trump, self.dealer, self.turn_up, self.opts["honours_basis"])

    def after_trick(self, winner, cards):
        if len(self.tricks) == HAND_SIZE:
            self.settle_deal()

    def settle_deal(self):
        counts = self.counts()
        for seat in self.order:
            if counts[seat] < TARGET_COUNT:
                short = TARGET_COUNT - counts[seat]
                self.put_in(seat, short, f"for counting {counts[seat]}, {short} short of 22")
        for seat in self.order:
            if counts[seat] > TARGET_COUNT:
                over = counts[seat] - TARGET_COUNT
                available = self.ledger.pot - self.ruff_pool
                self.take_out(seat, min(over, available), f"for counting {counts[seat]}, {over} over 22")
        broke = min(self.ledger.counters) <= 0
        ended = self.deals >= self.deals_in_game or broke
        if ended:
            self.share_pot()
        facts = {"turn_up": self.turn_up, "buyer": self.buyer, "bid": self.high_bid, "calls": list(self.calls),
                 "discards": list(self.discards), "ruff": dict(self.ruff_result),
                 "ruff_values": {str(seat): value for seat, value in (self.ruff_values or {}).items()},
                 "sets": [dict(entry) for entry in self.sets], "counts": counts,
                 "tricks_won": self.tricks_won(), "payments": self.deal_payments(), "pot": self.ledger.pot,
                 "ended_by": "a player could not pay" if broke else "the last deal" if ended else None}
        self.close_deal(facts, ranking(self.ledger.counters) if ended else None)

    def share_pot(self):
        """The game is over: what the pot holds goes back to the players, odd counters to the elder hands."""
        share, odd = divmod(self.ledger.pot, 3)
        for position, seat in enumerate(self.order):
            self.take_out(seat, share + (1 if position < odd else 0), "as a share of the pot at the end of the game")
        self.ruff_pool = 0

    def tricks_won(self):
        won = [0] * 3
        for _, _, winner in self.tricks:
            won[winner] += 1
        return won

    def deal_payments(self):
        return [dict(entry) for entry in self.ledger.payments[self.payments_before:]] if self.deals else []

    # What each seat may see -----------------------------------------------------

    def in_deal(self):
        return self.phase not in (PHASE_DEAL, PHASE_OVER)

    def hidden_from(self, seat):
        hidden = super().hidden_from(seat) | set(self.stock)
        if seat != self.buyer and self.in_deal():
            hidden |= set(self.discards)
        return hidden

    def card_places(self):
        places = super().card_places()
        places.update(stock=list(self.stock), discards=list(self.discards),
                      turn_up=[self.turn_up] if self.turn_up else [])
        return places

    def hand_view(self, seat):
        return sort_cards(self.hands[seat], "SHCD".replace(self.trump, "") + self.trump if self.trump else "SHCD",
                          RANKS)

    def honours_played(self):
        """[seat, card, name] of every honour and named trump played this deal, as announced."""
        plays = [pair for _, cards, _ in self.tricks for pair in cards] + list(self.trick)
        return [[seat, card, TRUMP_NAMES.get(card[0], "")] for seat, card in plays
                if card[1] == self.trump and (card[0] in HONOUR_POINTS or card[0] in self.paid_low_trumps(False))]

    def public_view(self, seat):
        in_deal = self.in_deal()
        own_ruff = ruff_of(self.hands[seat]) if in_deal and self.hands[seat] else None
        return {
            "trump_name": SUIT_NAMES.get(self.trump),
            "counters": list(self.ledger.counters),
            "pot": self.ledger.pot,
            "ruff_pool": self.ruff_pool,
            "payments": self.deal_payments() if in_deal else [],
            "calls": [list(call) for call in self.calls] if in_deal else [],
            "bets": [list(call) for call in self.calls[self.stage_start:]]
            if self.phase in (PHASE_AUCTION, PHASE_RUFF) else [],
            "high_bid": self.high_bid if in_deal else None,
            "high_bidder": self.high_bidder if in_deal else None,
            "out": list(self.out) if in_deal else [],
            "buyer": self.buyer if in_deal else None,
            "stock_size": len(self.stock),
            "discard_count": len(self.discards) if in_deal else 0,
            "discards": list(self.discards) if seat == self.buyer and in_deal else None,
            "ruff_stake": self.ruff_stake if not self.burton else BURTON_CHIP,
            "ruff_level": self.level,
            "ruff_opener": self.opener,
            "ruff_put": list(self.put),
            "folded": {str(other): level for other, level in self.folded.items()},
            "ruff_result": dict(self.ruff_result) if self.ruff_result and in_deal else None,
            "my_ruff": list(own_ruff) if own_ruff else None,
            "sets": [dict(entry) for entry in self.sets] if in_deal else [],
            "counts": self.counts() if in_deal else [0, 0, 0],
            "tricks_won": self.tricks_won() if in_deal else [0, 0, 0],
            "honours_played": self.honours_played() if in_deal else [],
            "deals_in_game": self.deals_in_game,
        }
