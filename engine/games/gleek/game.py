"""Gleek's deal: the options, the deal and its phases, the tricks and the settlement, what each seat sees (see the
package's docstring for the rules as played)."""

from ...cards import SUIT_NAMES, pack, parse_card, sort_cards
from ...dealing import deal_round
from ...errors import IllegalMoveError, NotationError
from ...options import Option
from ...protocol import COUNTERS
from ...registry import register
from ...rounds import PHASE_DEAL, PHASE_OVER, PHASE_PLAY, DealSeriesGame
from ...trumps import strength_table
from .rules import (
    BATCHES, BID, BURTON_CHIP, HAND_SIZE, HONOUR_POINTS, MAX_RAISE, PASS, PHASE_AUCTION, PHASE_DISCARD, PHASE_RUFF,
    PLAYED_PAYMENTS, RAISE_WORD, RANKS, SEE, TAKE_THEN_DISCARD, DISCARD_THEN_TAKE, TARGET_COUNT, TRUMP_NAMES,
    TURNED_PAYMENTS, VIE, deal_count, ranking, ruff_of,
)
from .seen import GleekSeen
from .stakes import GleekStakes

@register
class Gleek(GleekStakes, GleekSeen, DealSeriesGame):
    name = "gleek"
    title = "Gleek"
    blurb = ("Three players buy the stock, vie the ruff, are paid for gleeks and mournivals, "
             "then play twelve tricks for Tib, Tom and Tiddy against a count of 22.")
    length = "two rounds of three deals by default (six deals), paid in counters"
    players = (3,)
    sides = None
    score_meaning = COUNTERS
    move_hints = {   # the spoken moves (the parser reads their words); the table's hints are `hints()`
        BID: "offer more counters for the stock than the last bid (half to each other player)",
        PASS: "in the auction: drop out; in the ruff: check before anyone has vied, afterwards fold",
        VIE: "open the ruff at its stake",
        SEE: "match the stake and call for the showdown of the ruffs",
        RAISE_WORD: "put 2 more on the stake than it stood",
    }
    turn_mail_keys = ("hand_notes",)
    options = (
        Option("counters", 100, "counters each player starts with", minimum=20, maximum=10000,
               label="Counters to start"),
        Option("rounds", 2, "how many rounds of deals the game lasts; a round is three deals, one by each player "
               "(two by default: a session of six deals, as the rules have it)",
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
        Option("must_play_highest", False, "Willughby: a player following suit must play their highest card "
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

    # Counters: nobody pays more than they hold ----------------------------------

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
            "hand_notes": self.hand_notes(seat) if in_deal else [],
            "felt": self.felt() if in_deal else None,
        }
