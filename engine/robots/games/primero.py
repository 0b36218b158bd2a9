"""Primero's robots: when to vie, see, pass or fold, what to bid and what to exchange.

The simple robot goes by its hand alone: it vies and sees with a Primero or
better (the first round: two high cards), bids its own hand's type at the
lowest value allowed, passes when it may and folds when the bet grows, and
exchanges its lowest card when its hand is below Primero.

The strong robot estimates its chance of winning the showdown by sampling
the hidden cards: the other hands still in and the cards still to come
are dealt at random from the cards it has not seen, and its final hand is
compared with theirs under the bid that would stand (in Italian and Losing
Primero a hand must qualify for the bid). It weighs that chance against
the pot: it sees when the chance pays for the bet, vies (and how much) when
it is well ahead, bids its true type, and tries every exchange on the same
sampled deals to keep the one with the best chance.
"""

from ...cards import pack
from ...games.primero import (
    BID, DISCARD, ENGLISH, FOLD, KEEP, LOSING, NUMERUS, PASS, PRIMERO, RANKS, SEE, TYPES, VIE,
    beats, evaluate, points, showdown_rank, type_values,
)
from ..base import search_scale
from ..profile import Profile, register_profile

WORLDS = 160            # sampled deals for a vying decision, at the strong robot's budget
EXCHANGE_WORLDS = 50    # sampled deals for each exchange tried, at the same
VIE_MARGIN = 1.3        # the strong robot vies once its chance is this many times a fair share
WAR_CHANCE = 0.5        # the chance the strong robot wants to stay in a rising bet
GOOD_VALUE = 50         # a player who vied is taken to hold a Primero of this value or better
SIMPLE_SEE_LIMIT = 3    # the simple robot sees a bet of at most this many counters with a weak hand
FIRST_ROUND_HIGH = 34   # the simple robot's two good cards (a 7 and a 6, say)


@register_profile
class PrimeroProfile(Profile):
    game = "primero"

    def own_choice(self, level, view, rng):
        legal = view["legal"]
        scale = search_scale(level)
        if scale:
            move = StrongChoice(view, rng, scale).choose()
        else:
            move = simple_choice(view)
        return move if move in legal else sorted(legal)[0]


# The simple robot ---------------------------------------------------------------


def strength(view):
    """The simple robot's reading of its hand: (type, value) with four cards, a guess with two."""
    hand = view["hand"]
    if len(hand) == 4:
        return evaluate(hand)
    suits = {card[1] for card in hand}
    return (PRIMERO if len(suits) == len(hand) else NUMERUS), points(hand) * 2


def good_hand(view):
    kind, value = strength(view)
    losing = view["options"]["variant"] == LOSING
    if len(view["hand"]) < 4:
        return (value <= 2 * 26) if losing else value >= 2 * FIRST_ROUND_HIGH
    return kind <= PRIMERO and value <= 50 if losing else kind >= PRIMERO and value >= 50 or kind > PRIMERO


def simple_choice(view):
    legal = view["legal"]
    if view["phase"] == "bid":
        return simple_bid(view)
    if view["phase"] == "exchange":
        return simple_exchange(view)
    vies = sorted((move for move in legal if move.split()[0] == VIE and move != "vie rest"), key=len)
    if good_hand(view) and vies:
        return vies[0]
    if good_hand(view) and SEE in legal:
        return SEE
    if PASS in legal:
        return PASS
    if SEE in legal and (view["to_see"] <= SIMPLE_SEE_LIMIT or FOLD not in legal):
        return SEE
    return FOLD if FOLD in legal else sorted(legal)[0]


def simple_bid(view):
    """Its own type at the lowest value allowed, or else the first bid allowed."""
    bids = [move for move in view["legal"] if move.startswith(BID)]
    own = TYPES[strength(view)[0]]
    mine = [move for move in bids if move.split()[1] == own]
    return (mine or bids)[0] if not view["options"]["variant"] == LOSING else (mine or bids)[-1]


def simple_exchange(view):
    legal = view["legal"]
    if KEEP in legal and good_hand(view):
        return KEEP
    lowest = min(view["hand"], key=lambda card: (points([card]), card))
    if view["options"]["variant"] == LOSING:
        lowest = max(view["hand"], key=lambda card: (points([card]), card))
    single = f"{DISCARD} {lowest}"
    return single if single in legal else (KEEP if KEEP in legal else sorted(legal)[0])


# The strong robot ---------------------------------------------------------------


class StrongChoice:
    """One decision of the strong robot, from the seat's view and sampled hidden cards."""

    def __init__(self, view, rng, scale):
        self.view = view
        self.rng = rng
        self.scale = scale
        self.variant = view["options"]["variant"]
        self.losing = self.variant == LOSING
        self.seat = view["seat"]
        self.hand = list(view["hand"])
        self.unseen = [card for card in pack(RANKS) if card not in set(self.hand)]
        self.opponents = sum(1 for other, status in enumerate(view["statuses"])
                             if other != self.seat and status != "folded")
        self.bid = (TYPES.index(view["bid"]["type"]), view["bid"]["value"]) if view["bid"] else None
        self.worlds = [self.shuffled() for _ in range(WORLDS * scale)]
        self.vied = sorted({action["seat"] for action in view["actions"] if action["act"] == VIE
                            and action["seat"] != self.seat and view["statuses"][action["seat"]] != "folded"})

    def shuffled(self):
        cards = list(self.unseen)
        self.rng.shuffle(cards)
        return cards

    def choose(self):
        phase = self.view["phase"]
        if phase == "bid":
            return self.choose_bid()
        if phase == "exchange":
            return self.choose_exchange()
        return self.choose_vying()

    # Chances -----------------------------------------------------------------------

    def rank(self, cards, bid):
        value = evaluate(cards)
        if bid is None or self.variant == ENGLISH:
            return (-value[0], -value[1]) if self.losing else value
        return showdown_rank(value, bid, self.losing)

    def chance(self, kept, bid, worlds):
        """The share of sampled deals in which `kept`, completed to four cards, wins the showdown under `bid`.

        A player who has vied in this deal is taken to hold a good hand: a sampled hand below the mark is
        passed over for the next one that reaches it in the same sample."""
        wins = 0.0
        mine_needed = 4 - len(kept)
        for cards in worlds:
            mine = self.rank(kept + cards[:mine_needed], bid)
            if mine is None:
                continue
            hands = [cards[start:start + 4] for start in range(mine_needed, len(cards) - 3, 4)]
            best = True
            for strong in self.vied:
                hand = next((hand for hand in hands if self.looks_good(hand)), hands[0])
                hands.remove(hand)
                if not self.beaten_by(mine, hand, bid):
                    continue
                best = False
                break
            if best:
                best = not any(self.beaten_by(mine, hand, bid) for hand in hands[:self.opponents - len(self.vied)])
            wins += best
        return wins / len(worlds)

    def beaten_by(self, mine, hand, bid):
        theirs = self.rank(hand, bid)
        return theirs is not None and theirs >= mine

    def looks_good(self, hand):
        kind, value = evaluate(hand)
        if self.losing:
            return kind <= PRIMERO and value <= GOOD_VALUE
        return kind > PRIMERO or (kind == PRIMERO and value >= GOOD_VALUE)

    def own_bid(self):
        """The bid the robot would make: its (likely) type at the lowest value that beats the bid and that it
        (likely) reaches; None when no such bid is allowed."""
        if len(self.hand) == 4:
            kind, value = evaluate(self.hand)
        else:
            counts = [0] * len(TYPES)
            for cards in self.worlds[:60]:
                counts[evaluate(self.hand + cards[:2])[0]] += 1
            kind, value = max(range(len(TYPES)), key=counts.__getitem__), None
        candidates = [self.parse_bid(move) for move in self.view["legal"] if move.startswith(BID)]
        if not candidates:
            candidates = self.bids_after_vie()
        mine = [bid for bid in candidates if bid[0] == kind and (value is None or (
            bid[1] >= value if self.losing else bid[1] <= value))]
        if not mine:
            return None
        return max(mine, key=lambda bid: bid[1]) if self.losing else min(mine, key=lambda bid: bid[1])

    def bids_after_vie(self):
        """The bids the engine would offer after a vie: any of a type and value beating the bid now
        (the understatement limits are checked by the engine; the robot bids its own type, which they allow)."""
        return [(kind, value) for kind, values in enumerate(type_values()) for value in values
                if beats((kind, value), self.bid, self.losing)]

    @staticmethod
    def parse_bid(move):
        _, kind, value = move.split()
        return TYPES.index(kind), int(value)

    # Decisions --------------------------------------------------------------------

    def choose_bid(self):
        bid = self.own_bid()
        if bid is None:
            legal = [move for move in self.view["legal"] if move.startswith(BID)]
            return legal[-1] if self.losing else legal[0]
        return f"{BID} {TYPES[bid[0]]} {bid[1]}"

    def choose_exchange(self):
        legal = self.view["legal"]
        worlds = self.worlds[:EXCHANGE_WORLDS * self.scale]
        best, best_chance = None, -1.0
        for move in sorted(legal, key=lambda move: (move != KEEP, len(move), move)):
            discarded = set(move.split()[1:])
            kept = [card for card in self.hand if card not in discarded]
            chance = self.chance(kept, self.bid, worlds)
            if chance > best_chance + 1e-9:
                best, best_chance = move, chance
        return best

    def choose_vying(self):
        legal = self.view["legal"]
        view = self.view
        pot, to_see = view["pot"], view["to_see"]
        natural = self.chance(self.hand, None, self.worlds)
        qualifies = (self.variant == ENGLISH or self.bid is None or len(self.hand) < 4
                     or showdown_rank(evaluate(self.hand), self.bid, self.losing) is not None)
        staying = natural if qualifies else 0.0    # a hand the bid rules out wins nothing unless it re-vies
        vies = [move for move in legal if move.split()[0] == VIE]
        war = self.war()
        if vies and (self.variant == ENGLISH or self.own_bid() is not None):
            share = 1.0 / (self.opponents + 1)
            wanted = max(VIE_MARGIN * share, 0.3) if qualifies else share
            if natural > wanted and (not war or natural >= WAR_CHANCE + 0.1):
                return self.vie_amount(vies, (natural - share) / (1 - share))
        if to_see == 0 and PASS in legal:
            return PASS
        refund = 0 if self.variant == ENGLISH else view["staked"][self.seat] // 2
        see_value = staying * (pot + to_see) - to_see
        if war:   # the bet will not stop here: stay only when as likely to win as not
            see_value = refund + 1 if staying >= WAR_CHANCE else refund - 1
        if see_value >= refund and SEE in legal:
            return SEE
        if PASS in legal and staying > 0:
            return PASS
        if FOLD in legal:
            return FOLD
        return SEE if SEE in legal else sorted(legal)[0]

    def war(self):
        """Whether a player still in has vied again and again this deal: the bet is likely to go on rising."""
        counts = {}
        for action in self.view["actions"]:
            if action["act"] == VIE and action["seat"] != self.seat:
                counts[action["seat"]] = counts.get(action["seat"], 0) + 1
        return any(count >= 2 and self.view["statuses"][other] != "folded" for other, count in counts.items())

    def vie_amount(self, vies, edge):
        """A vie the larger the more the chance exceeds a fair share (`edge`, 0 to 1)."""
        if "vie rest" in vies and edge > 0.5:
            return "vie rest"
        plain = [move for move in vies if move != "vie rest"]
        if len(plain) <= 1:
            return plain[0] if plain else vies[0]
        amounts = sorted(plain, key=lambda move: int(move.split()[1]))
        index = min(len(amounts) - 1, int(edge * len(amounts)))
        return amounts[max(0, index)]
