"""Gleek's robots: the auction, the exchange and the ruff by rules of thumb or by sampling; tricks by the shared play.

A hand's worth is estimated in counters: 3 for each trick it may take, the
honours it holds (they count for whoever plays them), what the opponents
pay for its sets, and Tiddy's payment. The simple robot bids a little with
a hand short of honours, lays out its lowest plain cards and vies the ruff
on a fixed mark. The strong robot guesses the stock many times over to
price the exchange before it bids, lays out the cards whose loss costs the
least worth, and vies on its ruff's chance against the others' ruffs, drawn
from the cards it cannot see and weighed by what they have bet. Once the
cards are played both use the shared trick policy; the strong robot plays
guessed deals out (the shared search of engine/robots/strong.py).
"""

from collections import Counter

from ...games.gleek import (
    HAND_SIZE, HONOUR_POINTS, PASS, PHASE_AUCTION, PHASE_DISCARD, PHASE_RUFF, RANKS, has_mournival_of_aces,
    ruff_of, set_payment, sets_in,
)
from ...rounds import PHASE_PLAY
from ...scoring import point_table
from ...trumps import strength_table
from ..base import search_scale
from ..profile import register_profile
from ..trump_profile import TrumpProfile

TRUMP_TRICKS = {"A": 1.0, "K": 0.9, "Q": 0.75, "J": 0.6}   # tricks a trump honour may be expected to take
LOW_TRUMP_TRICKS = 0.4
PLAIN_TRICKS = {"A": 0.8, "K": 0.45, "Q": 0.15}
SIMPLE_BID_LIMIT = 14        # the simple robot bids to here with a hand holding at most one trump honour
SIMPLE_RUFF_MARK = 38        # the simple robot opens and sees on this ruff or better
SIMPLE_RAISE_MARK = 48
LEVEL_CAP = 12               # neither robot raises the ruff past this
STOCK_GUESSES = 40
RUFF_GUESSES = 200
OPEN_CHANCE = 0.4            # the strong robot opens when its ruff wins this often against the guesses
RAISE_CHANCE = 0.6
UNLIKELY_BET = 0.1          # the weight of a guessed ruff its holder's bets belie


def hand_worth(cards, trump, options):
    """A hand's worth in counters, roughly what it brings in over the deal."""
    tricks = 0.0
    suits = Counter(card[1] for card in cards)
    for card in cards:
        rank, suit = card
        if suit == trump:
            tricks += TRUMP_TRICKS.get(rank, LOW_TRUMP_TRICKS)
        elif rank in PLAIN_TRICKS and suits[suit] >= "AKQ".index(rank) + 1:
            tricks += PLAIN_TRICKS[rank]
    honours = sum(HONOUR_POINTS[card[0]] for card in cards if card[1] == trump and card[0] in HONOUR_POINTS)
    if options["honours_basis"] != "played":
        honours *= 0.8
    sets = sum(set_payment(rank, size) for rank, size in sets_in(cards))
    tiddy = 4 if options["tiddy_payment"] and "4" + trump in cards else 0
    return 3 * min(tricks, HAND_SIZE) + honours + 2 * sets + tiddy


def best_keep(cards, trump, options, keep=HAND_SIZE):
    """The `keep` cards worth most, laying out one card at a time (the one whose loss costs least)."""
    held = list(cards)
    while len(held) > keep:
        held.remove(cheapest_discard(held, trump, options))
    return held


def cheapest_discard(cards, trump, options):
    return max(sorted(cards), key=lambda card: hand_worth([c for c in cards if c != card], trump, options))


def lowest_plain(cards, trump):
    """The simple robot's discard: its lowest card outside trumps (a trump only when it holds nothing else)."""
    order = {rank: index for index, rank in enumerate(RANKS)}
    plain = [card for card in cards if card[1] != trump] or list(cards)
    return max(sorted(plain), key=lambda card: order[card[0]])


def unseen_cards(view, pack):
    seen = set(view["hand"]) | {view["turn_up"]} | set(view["discards"] or ())
    seen |= {card for trick in view["tricks"] for _, card in trick["cards"]} | {card for _, card in view["trick"]}
    return [card for card in pack if card not in seen]


@register_profile
class GleekProfile(TrumpProfile):
    game = "gleek"
    strengths = strength_table(RANKS)

    def read_trump(self, view):
        super().read_trump(view)
        won = self.options["honours_basis"] == "won_in_tricks" and self.trump
        self.values = point_table(HONOUR_POINTS, self.trump) if won else {}
        self.keeping = {card: TrumpProfile.strength(self, card) for card in self.strengths}

    def strength(self, card):
        """The shared worth of keeping a card, worked out once a deal: the playouts ask it thousands of times."""
        return self.keeping[card]

    def trick_value(self, view):
        return 3

    def public_cards(self, view):
        return [view["turn_up"]] + list(view["discards"] or ())

    def hidden_piles(self, view):
        own = view["discards"] is not None
        return {"stock": view["stock_size"], "discards": 0 if own else view["discard_count"]}

    # Calls ---------------------------------------------------------------------

    def own_choice(self, level, view, rng):
        phase, legal = view["phase"], view["legal"]
        if phase == PHASE_PLAY:
            return None
        trump, hand = view["trump"], view["hand"]
        if phase == PHASE_DISCARD:
            if search_scale(level):
                return cheapest_discard(hand, trump, self.options)
            return lowest_plain(hand, trump)
        if phase == PHASE_AUCTION:
            bids = [move for move in legal if move != PASS]
            if not bids:
                return PASS
            if search_scale(level):
                return bids[0] if self.exchange_gain(view, rng) > int(bids[0].split()[1]) else PASS
            honours = sum(1 for card in hand if card[1] == trump and card[0] in HONOUR_POINTS)
            return bids[0] if honours <= 1 and int(bids[0].split()[1]) <= SIMPLE_BID_LIMIT else PASS
        if phase == PHASE_RUFF:
            return self.vie(level, view, legal, rng)
        return None

    def exchange_gain(self, view, rng):
        """The mean worth the stock adds to the hand, over guessed stocks."""
        trump, hand = view["trump"], view["hand"]
        unseen = unseen_cards(view, self.pack(view))
        now = hand_worth(hand, trump, self.options)
        total = 0.0
        for _ in range(STOCK_GUESSES):
            stock = rng.sample(unseen, 7)
            total += hand_worth(best_keep(hand + stock, trump, self.options), trump, self.options) - now
        return total / STOCK_GUESSES

    def vie(self, level, view, legal, rng):
        """Open, see or raise: never fold once the ruff is opened (a fold costs the stake as a lost showdown does)."""
        raise_move = next((move for move in legal if move.startswith("raise")), None)
        see = next((move for move in legal if move.startswith(("see", "vie"))), None)
        if search_scale(level):
            chance = self.ruff_chance(view, rng)
            opening = view["ruff_opener"] is None
            if raise_move and chance >= RAISE_CHANCE and int(raise_move.split()[1]) <= LEVEL_CAP:
                return raise_move
            if see and (not opening or chance >= OPEN_CHANCE):
                return see
            return PASS
        value = 100 if has_mournival_of_aces(view["hand"]) else ruff_of(view["hand"])[0]
        if raise_move and value >= SIMPLE_RAISE_MARK and int(raise_move.split()[1]) <= LEVEL_CAP:
            return raise_move
        opening = view["ruff_opener"] is None and view["options"]["vying"] != "burton"
        if see and (value >= SIMPLE_RUFF_MARK or not opening and view["options"]["vying"] != "burton"):
            return see
        return PASS

    def ruff_chance(self, view, rng):
        """How often the seat's ruff beats both others', their hands guessed from the unseen cards and
        weighed by their bets (an opener or raiser rarely holds a poor ruff, a checker rarely a great one)."""
        seat = view["seat"]
        mine = (has_mournival_of_aces(view["hand"]), ruff_of(view["hand"])[0])
        unseen = unseen_cards(view, self.pack(view))
        others = [other for other in range(3) if other != seat]
        bets = {other: [move for who, move in view["bets"] if who == other] for other in others}
        order = [(view["dealer"] + 1 + step) % 3 for step in range(3)]
        wins = weight = 0.0
        for _ in range(RUFF_GUESSES):
            cards = rng.sample(unseen, min(len(unseen), 2 * HAND_SIZE))
            beaten, odds = False, 1.0
            for index, other in enumerate(others):
                hand = cards[index * HAND_SIZE:(index + 1) * HAND_SIZE]
                theirs = (has_mournival_of_aces(hand), ruff_of(hand)[0])
                odds *= plausibility(theirs[1], bets[other])
                elder = order.index(other) < order.index(seat)
                if theirs > mine or (theirs == mine and elder):
                    beaten = True
            weight += odds
            wins += odds * (not beaten)
        return wins / weight if weight else 0.0

def plausibility(ruff, bets):
    """How likely a player with this ruff is to have made these bets, the bets read at the marks the
    robots bet at: a loose reading lets the seat raise into a raiser's ruff it cannot beat."""
    if any(move.startswith("raise") for move in bets):
        return 1.0 if ruff >= SIMPLE_RAISE_MARK else UNLIKELY_BET
    if any(move.startswith("vie") for move in bets):
        return 1.0 if ruff >= SIMPLE_RUFF_MARK else UNLIKELY_BET
    if PASS in bets:
        return 1.0 if ruff < SIMPLE_RUFF_MARK else UNLIKELY_BET
    return 1.0
