"""Primero, as `rules/primero.md` specifies: Italian (default), English and Losing Primero.

Two to eight players, a 40-card pack (no 8s, 9s or 10s). Cards are worth
A 16, 2 12, 3 13, 4 14, 5 15, 6 18, 7 21, courts 10. A four-card hand is
valued by its type, low to high Numerus (the best suit of two or three
cards), Primero (a card of each suit), Supremus (A, 6, 7 of a suit: 55),
Fluxus (four of a suit), Chorus (four of a rank), then by its points.

A deal: two cards each, face down (one at a time from the dealer's left),
a first round of vying, two more cards to each player still in, a second
round, the showdown. The rounds are `engine.vying.VyingRound`: in turn
each player vies, sees, passes or folds; a vie may be seen or passed once,
the last player before the vier must see an unseen vie, and a round ends
when a vie has been matched by everyone still in. A first round with
nobody vying goes on to the second (a decision: the rules leave it open);
a second round with nobody vying throws the hands in (English swigging,
applied to every variant) and the bets stay on the table for the next deal.

- Italian (`variant` `italian`): every vie names a bid, a type and a value
  that beat the bid before; vie, see and pass may be followed by an
  exchange of one or two cards (a pass must exchange unless it has matched
  the bet); in the second round a player may not bid below his hand's
  type but for the two exceptions (a Supremus may claim Primero, a Chorus
  Primero or Fluxus, once that type is bid), and one who vies at Numerus
  or Supremus must exchange (option `numerus_exchange`). At the showdown
  only hands of the final bid's type, at least its value, qualify (the
  exceptions qualify and rank above them); a folder takes back half his
  bets; with no qualifier the bets stay for the next deal.
- English (`english`): a vie is one stake (`stake`), no bids, exchanges
  of any number of cards, no refund on folding; in the second round one
  may vie the Rest (`rest` stakes), over which nobody may vie; the highest
  hand takes the pot.
- Losing (`losing`): Cachette's invented mirror of the Italian game: the
  lowest hand wins, bids go down, and the exceptions are mirrored.

Moves (one each; a vie is followed by its bid, then the exchange): `vie N`
(Italian, Losing: match the bet and raise it N counters), `vie` and
`vie rest` (English), `see`, `pass`, `fold`, `bid TYPE VALUE`
(`bid primero 45`), `discard CARDS` (`discard 7S 2H`: draw as many from the
stock) and `keep`. Counters are the score; a seat whose counters run out
stays in without adding more (all in: it takes from each other player at
most what it put in; the rest goes to the next hand). The game ends after
`deals` deals or a deal that leaves a player with no counters; bets left
on the table then go back to those who put them there.
"""

from functools import cache
from itertools import combinations

from ..cards import pack, parse_card, sort_cards
from ..dealing import deal_round
from ..errors import IllegalMoveError, NotationError
from ..options import Option
from ..protocol import COUNTERS, KIND_VYING
from ..registry import register
from ..series import PhasedDeal
from ..vying import NO_VIE, WON, VyingRound
from .one_and_thirty import ranking

RANKS = "AKQJ765432"
POINTS = {"A": 16, "2": 12, "3": 13, "4": 14, "5": 15, "6": 18, "7": 21, "J": 10, "Q": 10, "K": 10}
NUMERUS, PRIMERO, SUPREMUS, FLUXUS, CHORUS = range(5)
TYPES = ("numerus", "primero", "supremus", "fluxus", "chorus")
SUPREMUS_POINTS = 55
ITALIAN, ENGLISH, LOSING = "italian", "english", "losing"
PHASE_VYING, PHASE_BID, PHASE_EXCHANGE = "vying", "bid", "exchange"
VIE, SEE, PASS, FOLD, KEEP, BID, DISCARD, REST = "vie", "see", "pass", "fold", "keep", "bid", "discard", "rest"
SPOKEN = {"hold": SEE, "stand": KEEP}
DEALT = 2
# How a deal ended, for its history entry.
SHOWDOWN, FOLDS, NO_QUALIFIER, THROWN_IN = "showdown", "folds", "no_qualifier", "thrown_in"


# Pure rules -------------------------------------------------------------------


def points(cards):
    return sum(POINTS[card[0]] for card in cards)


def evaluate(cards):
    """A four-card hand's (type, value): its highest type, and the best value within it."""
    ranks = {card[0] for card in cards}
    by_suit = {}
    for card in cards:
        by_suit.setdefault(card[1], []).append(card)
    if len(ranks) == 1:
        return CHORUS, points(cards)
    if len(by_suit) == 1:
        return FLUXUS, points(cards)
    if any({"A", "6", "7"} <= {card[0] for card in suited} for suited in by_suit.values()):
        return SUPREMUS, SUPREMUS_POINTS
    if len(by_suit) == 4:
        return PRIMERO, points(cards)
    return NUMERUS, max(points(suited) for suited in by_suit.values() if len(suited) in (2, 3))


@cache
def type_values():
    """Every value a natural hand of each type can have (suits are symmetric: one card's suit is fixed)."""
    values = [set() for _ in TYPES]
    cards = pack(RANKS)
    for first in (rank + "S" for rank in RANKS):
        for rest in combinations([card for card in cards if card != first], 3):
            kind, value = evaluate((first, *rest))
            values[kind].add(value)
    return tuple(tuple(sorted(found)) for found in values)


def beats(bid, current, losing):
    """Whether a bid (type, value) beats the current one: higher (Losing: lower) type, or value in the type."""
    if current is None:
        return True
    sign = -1 if losing else 1
    return (sign * bid[0], sign * bid[1]) > (sign * current[0], sign * current[1])


def exception_covers(held, bid_type, losing):
    """Whether a hand of type `held` may claim `bid_type` below it (Losing: above it), the bid being of that type:
    a Supremus as Primero, a Chorus as Primero or Fluxus; mirrored in Losing Primero."""
    if losing:
        return (held == SUPREMUS and bid_type == FLUXUS) or (held == NUMERUS and bid_type in (PRIMERO, FLUXUS))
    return (held == SUPREMUS and bid_type == PRIMERO) or (held == CHORUS and bid_type in (PRIMERO, FLUXUS))


def may_claim(held, bid_type, current_type, losing):
    """The understatement limit of the second round: a bid's type may not understate the hand held (Losing: its
    mirror, overstate it) unless an exception covers the hand and that type has been bid."""
    if (bid_type >= held) if not losing else (bid_type <= held):
        return True
    return exception_covers(held, bid_type, losing) and current_type is not None and (
        bid_type == current_type or (held == CHORUS and current_type == PRIMERO and bid_type == FLUXUS)
        or (held == NUMERUS and current_type == FLUXUS and bid_type == PRIMERO))


def showdown_rank(hand_value, bid, losing):
    """How a shown hand ranks at an Italian or Losing showdown (higher is better), or None if it does not qualify.

    Only hands of the bid's type reaching its value qualify; a hand the exceptions cover qualifies whatever the
    value and ranks above them, the better true hand first."""
    held, value = hand_value
    sign = -1 if losing else 1
    if exception_covers(held, bid[0], losing):
        return 1, sign * held, sign * value
    if held == bid[0] and sign * value >= sign * bid[1]:
        return 0, 0, sign * value
    return None


def share_bets(bets, ranked, all_in):
    """Who takes what of the bets when the hands rank as `ranked` (best first): a player who went all in takes
    from each seat's bet at most what he himself put in, and the rest goes down the ranking. Returns
    ({seat: amount taken}, {seat: amount left unclaimed of his bet})."""
    left = dict(bets)
    taken = {}
    for seat in ranked:
        limit = bets.get(seat, 0) if seat in all_in else None
        for payer in left:
            already = bets[payer] - left[payer]
            amount = left[payer] if limit is None else max(0, min(left[payer], limit - already))
            if amount:
                left[payer] -= amount
                taken[seat] = taken.get(seat, 0) + amount
    return taken, {seat: amount for seat, amount in left.items() if amount}


def bid_words(bid):
    return f"{TYPES[bid[0]].capitalize()} {bid[1]}"


# The game ---------------------------------------------------------------------


@register
class Primero(PhasedDeal):
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
    turn_mail_keys = ("actions", "bid", "hand_value", "level", "pot", "staked", "statuses", "to_see", "variant")
    move_hints = {
        VIE: "vie N (Italian, Losing): match the bet and raise it by N counters, then name your bid; "
             "vie (English): put in one stake more than the bet",
        "vie rest": "English, second round: raise by the Rest and call for the showdown; nobody may vie over it",
        SEE: "match the bet; you may exchange after",
        PASS: "put nothing in now and exchange (Italian: you must, unless you have matched the bet); "
              "only once after the latest vie",
        FOLD: "leave the deal; Italian and Losing: take back half your bets, rounded down",
        BID: "bid TYPE VALUE: the hand you claim, e.g. bid primero 45; it must beat the bid before",
        DISCARD: "discard CARDS: name the cards to put aside face down, and draw as many from the stock",
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
        else:
            self.showdown()

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
        raise NotationError(f"not a move of {self.title}: {text!r} (say vie, see, pass, fold, "
                            "bid TYPE VALUE, discard CARDS or keep)")

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

    # The end of a deal ------------------------------------------------------------

    def showdown(self):
        """Everyone still in shows; the best qualifying hand takes the bets (and what earlier deals left)."""
        staying = self.round.in_deal()
        self.revealed = staying
        values = {seat: evaluate(self.hands[seat]) for seat in staying}
        if self.variant == ENGLISH or self.bid is None:
            ranks = {seat: (values[seat][0], values[seat][1]) if not self.losing else
                     (-values[seat][0], -values[seat][1]) for seat in staying}
        else:
            ranks = {seat: showdown_rank(values[seat], self.bid, self.losing) for seat in staying}
            ranks = {seat: rank for seat, rank in ranks.items() if rank is not None}
        ranked = sorted(ranks, key=lambda seat: (tuple(-part for part in ranks[seat]), staying.index(seat)))
        self.settle_deal(SHOWDOWN if ranked else NO_QUALIFIER, ranked)

    def settle_deal(self, how, ranked):
        """Pay the bets to the ranked seats (best first), keep the rest on the table, close the deal."""
        bets = {seat: amount for seat, amount in enumerate(self.bets) if amount}
        taken, left = share_bets(bets, ranked, self.round.all_in)
        why = self.win_words(how)
        if ranked and any(self.carried):
            taken[ranked[0]] = taken.get(ranked[0], 0) + sum(self.carried)
            self.carried = [0] * self.seat_count
        for seat in ranked:
            if taken.get(seat):
                self.ledger.take_pot(self.deals, seat, why if seat == ranked[0] else ("the bets above the all-in "
                                     "winner's, as the next best hand"), taken[seat])
        for seat, amount in left.items():
            if how == NO_QUALIFIER or how == THROWN_IN:
                self.carried[seat] += amount
            else:
                self.ledger.take_pot(self.deals, seat, "takes back the bet nobody above could claim", amount)
        self.round.turn = None
        shown = [list(self.hands[seat]) if seat in self.revealed else None for seat in range(self.seat_count)]
        facts = {
            "variant": self.variant, "how": how, "winner": ranked[0] if ranked else None,
            "bid": self.bid_view(), "shown": shown,
            "values": [list(evaluate(hand)) if hand else None for hand in shown],
            "bets": list(self.bets), "folded": sorted(self.round.out), "left_on_table": sum(self.carried),
            "payments": self.deal_payments(),
        }
        ended = self.deals >= self.opts["deals"] or min(self.scores) == 0
        if ended and any(self.carried):
            for seat, amount in enumerate(self.carried):
                if amount:
                    self.ledger.take_pot(self.deals, seat, "takes back the bets left on the table at the end", amount)
            self.carried = [0] * self.seat_count
            facts["payments"] = self.deal_payments()
        self.close_deal(facts, ranking(self.scores) if ended else None)

    def win_words(self, how):
        if how == FOLDS:
            return "wins the bets: everyone else folded"
        if self.variant == ENGLISH or self.bid is None:
            return "wins the pot with the " + ("lowest" if self.losing else "best") + " hand"
        return f"wins the bets: best hand for the bid {bid_words(self.bid)}"

    def deal_payments(self):
        return [dict(entry) for entry in self.ledger.payments[self.payments_before:]] if self.deals else []

    def bid_view(self):
        return None if self.bid is None else {"type": TYPES[self.bid[0]], "value": self.bid[1], "seat": self.bid[2]}

    # What each seat may see ---------------------------------------------------

    def playing(self):
        return self.phase in (PHASE_VYING, PHASE_BID, PHASE_EXCHANGE)

    def visible_to(self, seat):
        """The cards of the deal `seat` may see: its own hand while it is in, and the hands shown at a showdown."""
        visible = {card for other in self.revealed for card in self.hands[other]}
        if self.playing() and seat not in self.round.out:
            visible.update(self.hands[seat])
        return visible

    def hidden_from(self, seat):
        located = {card for cards in self.card_places().values() for card in cards}
        return located - self.visible_to(seat)

    def card_places(self):
        return {"hands": [card for hand in self.hands for card in hand], "stock": list(self.stock),
                "discards": list(self.discards)}

    def move_seen_by(self, seat, move):
        """An exchange is face down: nobody is told its cards (the table shows how many each changed)."""
        return None if move.startswith(DISCARD) else move

    def hand_view(self, seat):
        if not self.playing() or seat in self.round.out:
            return []
        return self.sorted_hand(seat)

    def status(self, seat):
        if seat in self.round.out:
            return "folded"
        if seat in self.round.all_in:
            return "all_in"
        return "to_move" if self.to_move and seat == self.to_move[0] else "in"

    def own_view(self, seat):
        playing = self.playing()
        hand = self.hands[seat] if playing and seat not in self.round.out else []
        value = evaluate(hand) if len(hand) == 4 else None
        return {
            "variant": self.variant,
            "stage": self.stage if playing else 0,
            "staked": list(self.bets) if playing else [0] * self.seat_count,
            "level": self.round.level if playing else 0,
            "to_see": self.round.behind(seat) if playing and seat not in self.round.out else 0,
            "pot": self.ledger.pot,
            "carried": sum(self.carried),
            "bid": self.bid_view() if playing else None,
            "statuses": [self.status(other) for other in range(self.seat_count)] if playing else [],
            "actions": [dict(action) for action in self.actions] if playing else [],
            "exchange_after": self.exchange_from[1] if self.phase == PHASE_EXCHANGE else None,
            "hand_value": {"type": TYPES[value[0]], "value": value[1]} if value else None,
            "stock_size": len(self.stock) if playing else 0,
            "payments": self.deal_payments() if playing else [],
            "winners": list(self.winners),
        }
