"""Primero's deal and its moves (see the package's docstring for the rules as played)."""

from itertools import combinations

from ...cards import pack, parse_card, sort_cards
from ...dealing import deal_round
from ...errors import IllegalMoveError, NotationError
from ...options import Option
from ...protocol import COUNTERS, KIND_VYING
from ...registry import register
from ...series import PhasedDeal
from ...vying import NO_VIE, SETTLED, WON, VyingRound
from .ending import PrimeroEnding
from .hands import NUMERUS, RANKS, SUPREMUS, TYPES, beats, bid_words, evaluate, may_claim, type_values
from .seen import PrimeroSeen
from .terms import (
    BID, DEALT, DISCARD, ENGLISH, FOLD, FOLDS, ITALIAN, KEEP, LOSING, PASS, PHASE_BID, PHASE_EXCHANGE, PHASE_VYING,
    REST, SEE, SPOKEN, THROWN_IN, VIE,
)


@register
class Primero(PrimeroEnding, PrimeroSeen, PhasedDeal):
    name = "primero"
    title = "Primero"
    blurb = "Four cards, vied in two rounds: bid your hand's type and points, bluff, see or fold."
    length = "one round of deals, a deal for each player"
    players = (4, 2, 3, 5, 6, 7, 8)
    kind = KIND_VYING
    score_meaning = COUNTERS
    options = (
        Option("variant", ITALIAN, "which Primero is played", choices=(ITALIAN, ENGLISH, LOSING), label="Variant",
               values=(("Italian", "every vie names a bid that the showdown holds you to"),
                       ("English", "a common pot, no bids, the Rest and swigging"),
                       ("Losing", "the lowest hand wins (invented by Cachette: the rules give one sentence)"))),
        Option("counters", 30, "counters each player starts with", minimum=1, maximum=1000,
               label="Starting counters"),
        Option("deals", lambda players: players, "how many deals the game lasts; by default one round, a deal "
               "for each player", minimum=1, maximum=100, label="Deals"),
        Option("vie_limit", 5, "Italian and Losing: the most counters one vie may raise the bet by",
               minimum=1, maximum=50, label="Largest vie"),
        Option("stake", 1, "English: the counters of one vie (the Stake)", minimum=1, maximum=10, label="Stake"),
        Option("rest", 3, "English: the Rest, in stakes, that calls for the showdown (3 by convention)",
               minimum=2, maximum=10, label="Rest"),
        Option("ante", 0, "counters each player puts in at every deal before the cards are seen (none in the "
               "sources)", minimum=0, maximum=10, label="Ante"),
        Option("numerus_exchange", True, "Italian and Losing: whoever vies at Numerus or Supremus in the second "
               "round must exchange one or two cards (the garbled rule read literally)",
               choices=(True, False), label="Exchange after a Numerus bid"),
    )
    turn_mail_keys = ("actions_since", "bid", "hand_worth", "level", "pot", "staked", "statuses", "to_see", "variant")
    move_hints = {
        VIE: "match the bet and raise it, then name the hand you claim",
        SEE: "match the bet; you may exchange after",
        PASS: "put nothing in now; only once after the latest vie",
        FOLD: "leave the deal",
        BID: "the hand you claim: a kind of hand and its points, above the bid before",
        DISCARD: "put the chosen cards aside face down and draw as many from the stock",
        KEEP: "exchange no cards",
    }

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.variant = self.opts["variant"]
        self.losing = self.variant == LOSING
        self.hands = [[] for _ in range(self.seat_count)]
        self.stock, self.discards = [], []
        self.bets = [0] * self.seat_count
        self.carried = [0] * self.seat_count   # bets left on the table by earlier deals, by who put them in
        self.round = None
        self.stage = 0
        self.bid = None                        # (type, value, seat) of the latest bid
        self.exchange_from = None              # (seat, what the exchange follows: vie, see or pass)
        self.actions = []                      # this deal's public actions, in order
        self.revealed = []                     # seats whose hands were shown at the deal's showdown
        self.payments_before = 0

    def full_pack(self):
        return pack(RANKS)

    # Deals --------------------------------------------------------------------

    def start_deal(self, cards):
        self.hands, used = deal_round(cards, self.seat_count, self.order[0], [1] * DEALT)
        self.stock, self.discards = list(cards[used:]), []
        self.bets = [0] * self.seat_count
        self.bid, self.exchange_from, self.actions, self.revealed = None, None, [], []
        self.payments_before = len(self.ledger.payments)
        for seat in self.order:
            ante = min(self.opts["ante"], self.scores[seat])
            if ante:
                self.bets[seat] += ante
                self.ledger.stake(self.deals, seat, ante, "ante")
        self.stage = 1
        self.round = VyingRound(self.order, self.bets, all_in=self.broke())
        self.set_phase(PHASE_VYING)
        self.next_turn(self.order[-1])

    def broke(self):
        return [seat for seat in range(self.seat_count) if self.scores[seat] == 0]

    def second_round(self):
        """Two more cards to each player still in, one at a time from the dealer's left; then vie again."""
        staying = self.round.in_deal()
        for _ in range(DEALT):
            for seat in staying:
                self.hands[seat].append(self.stock.pop(0))
        self.stage = 2
        self.round = VyingRound(self.order, self.bets, out=self.round.out, all_in=self.round.all_in)
        self.set_phase(PHASE_VYING)
        self.next_turn(self.order[-1])

    def next_turn(self, after):
        """Give the turn on from `after`, or end the round as the vying component says."""
        outcome = self.round.after(after)
        if outcome is None:
            self.set_phase(PHASE_VYING)
        elif outcome == WON:
            self.settle_deal(FOLDS, self.round.in_deal())
        elif outcome == NO_VIE and self.stage == 2:
            self.settle_deal(THROWN_IN, [])
        elif self.stage == 1:
            self.second_round()
        elif outcome == SETTLED and self.vies_on(self.round):
            self.round = VyingRound(self.order, self.bets, out=self.round.out, all_in=self.round.all_in)
            self.next_turn(after)
        else:
            self.showdown()

    def vies_on(self, round_):
        """English Primero's second phase goes round again after a vie everyone has seen: "ordinary vies may go
        several rounds until someone vies the Rest" (rules file, B), while two seats or more can still act."""
        return self.variant == ENGLISH and not round_.capped and len(round_.acting()) > 1

    # Moves --------------------------------------------------------------------

    def phase_to_move(self):
        if self.phase == PHASE_VYING:
            return [self.round.turn]
        return [self.exchange_from[0]]

    def phase_moves(self, seat):
        if self.phase == PHASE_BID:
            return [f"{BID} {TYPES[kind]} {value}" for kind, value in self.bids_allowed(seat)]
        if self.phase == PHASE_EXCHANGE:
            return self.exchange_moves(seat)
        return self.vying_moves(seat)

    def vying_moves(self, seat):
        round_, holding = self.round, self.scores[seat]
        behind = round_.behind(seat)
        moves = []
        if round_.may_fold(seat):
            moves.append(FOLD)
        if round_.may_pass(seat):
            moves.append(PASS)
        if behind:
            moves.append(SEE)
        if round_.may_vie():
            if self.variant == ENGLISH:
                if behind + self.opts["stake"] <= holding:
                    moves.append(VIE)
                if self.stage == 2 and behind + self.rest() <= holding:
                    moves.append(f"{VIE} {REST}")
            elif self.bids_allowed(seat):
                moves.extend(f"{VIE} {amount}" for amount in range(1, self.opts["vie_limit"] + 1)
                             if behind + amount <= holding)
        return moves

    def rest(self):
        return self.opts["rest"] * self.opts["stake"]

    def bids_allowed(self, seat):
        """The bids that beat the current one (in the second round, within the understatement limits)."""
        current = self.bid[:2] if self.bid else None
        held = evaluate(self.hands[seat])[0] if self.stage == 2 else None
        allowed = []
        for kind, values in enumerate(type_values()):
            if held is not None and not may_claim(held, kind, current and current[0], self.losing):
                continue
            allowed.extend((kind, value) for value in values if beats((kind, value), current, self.losing))
        return allowed

    def exchange_limit(self, seat):
        """How many cards the seat may exchange: one or two (English: any), as far as the stock allows
        (in the first round it keeps two cards for each player still in)."""
        wanted = len(self.hands[seat]) if self.variant == ENGLISH else 2
        spare = len(self.stock) - (DEALT * len(self.round.in_deal()) if self.stage == 1 else 0)
        return max(0, min(wanted, spare))

    def exchange_required(self, seat):
        """Whether the exchange due now may not be declined (the stock permitting)."""
        after = self.exchange_from[1]
        if self.variant == ENGLISH:
            return False
        if after == PASS:   # only a player who has matched the bet may pass without exchanging
            return not self.round.vied or self.round.behind(seat) > 0
        return (after == VIE and self.stage == 2 and self.opts["numerus_exchange"]
                and self.bid[0] in (NUMERUS, SUPREMUS))

    def exchange_moves(self, seat):
        limit = self.exchange_limit(seat)
        moves = [] if limit and self.exchange_required(seat) else [KEEP]
        hand = self.sorted_hand(seat)
        for size in range(1, limit + 1):
            moves.extend(f"{DISCARD} " + " ".join(cards) for cards in combinations(hand, size))
        return moves

    def sorted_hand(self, seat):
        return sort_cards(self.hands[seat], rank_order=RANKS)

    def parse_move(self, seat, text):
        words = text.strip().lower().split() if isinstance(text, str) else []
        if not words:
            raise NotationError(f"not a move of {self.title}: {text!r}")
        verb = SPOKEN.get(words[0], words[0])
        if verb in (SEE, PASS, FOLD, KEEP) and len(words) == 1:
            return verb
        if verb == VIE and len(words) <= 2:
            if len(words) == 1 or words[1] == REST or words[1].isdigit():
                return " ".join([VIE] + [str(int(word)) if word.isdigit() else word for word in words[1:]])
        if verb == BID and len(words) == 3 and words[1] in TYPES and words[2].isdigit():
            return f"{BID} {words[1]} {int(words[2])}"
        if verb == DISCARD and len(words) > 1:
            cards = [parse_card(word) for word in words[1:]]
            if len(set(cards)) == len(cards):
                return f"{DISCARD} " + " ".join(sort_cards(cards, rank_order=RANKS))
        raise NotationError(f"not a move of {self.title}: {text!r} (say vie, see, pass, fold, a bid such as "
                            "bid primero 45, discard and the cards to exchange, or keep)")

    def explain_illegal(self, seat, move):
        verb = move.split()[0]
        if self.phase == PHASE_BID:
            why = "name a bid that beats " + (bid_words(self.bid) if self.bid else "nothing") + (
                ", within your hand's type" if self.stage == 2 else "")
        elif self.phase == PHASE_EXCHANGE:
            why = "discard cards of your hand, as many as allowed" + (
                "" if KEEP in self.phase_moves(seat) else ", since you must exchange")
        elif verb in (BID, DISCARD, KEEP):
            why = "first vie, see, pass or fold"
        else:
            why = "you may " + ", ".join(sorted({legal.split()[0] for legal in self.phase_moves(seat)}))
        return IllegalMoveError(f"seat {seat} cannot {move} now: {why}", seat)

    def play_phase_move(self, seat, move):
        words = move.split()
        verb = words[0]
        if verb == BID:
            self.bid = (TYPES.index(words[1]), int(words[2]), seat)
            self.actions.append({"seat": seat, "act": BID, "type": words[1], "value": int(words[2])})
            self.offer_exchange(seat, VIE)
        elif verb in (DISCARD, KEEP):
            self.exchange(seat, words[1:])
        elif verb == FOLD:
            self.fold(seat)
        elif verb == PASS:
            self.round.pass_turn(seat)
            self.actions.append({"seat": seat, "act": PASS})
            self.offer_exchange(seat, PASS)
        elif verb == SEE:
            put = self.round.see(seat, self.scores[seat])
            self.pay_in(seat, put, "sees the bet")
            self.actions.append({"seat": seat, "act": SEE, "amount": put})
            self.offer_exchange(seat, SEE)
        else:
            self.vie(seat, words[1:])

    def vie(self, seat, amount_words):
        capping = amount_words == [REST]
        raise_by = self.rest() if capping else int(amount_words[0]) if amount_words else self.opts["stake"]
        put = self.round.vie(seat, raise_by, capping)
        reason = "vies the Rest" if capping else f"vies {raise_by}"
        self.pay_in(seat, put, reason)
        self.actions.append({"seat": seat, "act": VIE, "amount": put, "raise": raise_by, "rest": capping})
        if self.variant == ENGLISH:
            self.offer_exchange(seat, VIE)
        else:
            self.exchange_from = (seat, VIE)
            self.set_phase(PHASE_BID)

    def pay_in(self, seat, amount, reason):
        if amount:
            self.ledger.stake(self.deals, seat, amount, reason)
        if self.scores[seat] == 0:
            self.round.goes_all_in(seat)

    def fold(self, seat):
        self.round.fold(seat)
        refund = self.bets[seat] // 2 if self.variant != ENGLISH else 0
        if refund:
            self.ledger.take_pot(self.deals, seat, f"takes back half of the {self.bets[seat]} bet on folding",
                                 refund)
            self.bets[seat] -= refund
        self.actions.append({"seat": seat, "act": FOLD, "refund": refund})
        self.next_turn(seat)

    def offer_exchange(self, seat, after):
        self.exchange_from = (seat, after)
        if self.exchange_limit(seat):
            self.set_phase(PHASE_EXCHANGE)
        else:
            self.next_turn(seat)

    def exchange(self, seat, cards):
        if cards:
            for card in cards:
                self.hands[seat].remove(card)
                self.discards.append(card)
            self.hands[seat].extend(self.stock[:len(cards)])
            del self.stock[:len(cards)]
        self.actions.append({"seat": seat, "act": DISCARD if cards else KEEP, "count": len(cards)})
        self.next_turn(seat)

