"""Primero's pure rules: the cards' values, a hand's type and value, bids and the showdown's ranking, and a hand's
worth in words for its holder."""

from functools import cache
from itertools import combinations

from ...cards import SUIT_NAMES, display, pack

RANKS = "AKQJ765432"
POINTS = {"A": 16, "2": 12, "3": 13, "4": 14, "5": 15, "6": 18, "7": 21, "J": 10, "Q": 10, "K": 10}
NUMERUS, PRIMERO, SUPREMUS, FLUXUS, CHORUS = range(5)
TYPES = ("numerus", "primero", "supremus", "fluxus", "chorus")
SUPREMUS_POINTS = 55
KIND_WORDS = ("the best suit of two or three cards", "one card of each suit", "the Ace, 6 and 7 of one suit",
              "all four cards of one suit", "four cards of one rank")
RANK_PLURALS = {"A": "Aces", "K": "Kings", "Q": "Queens", "J": "Jacks"}



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




def type_words(kind):
    return TYPES[kind].capitalize()


def sum_words(cards):
    """`21 + 18 + 10`: the cards' points, in the order given."""
    return " + ".join(str(POINTS[card[0]]) for card in cards)


def best_suit(cards):
    """The suit whose cards count most (the first of equals in the hand's order), and its cards."""
    by_suit = {}
    for card in cards:
        by_suit.setdefault(card[1], []).append(card)
    suit = max(by_suit, key=lambda found: points(by_suit[found]))
    return suit, by_suit[suit]


def hand_worth(cards):
    """What a hand is worth in Primero's terms, and why, for its holder: {type, value, words, why}.

    A full hand (four cards) is valued by `evaluate`; two cards are what the first round holds: their best suit
    is all they count yet, and two more cards come before the showdown."""
    if not cards:
        return None
    cards = sorted(cards, key=lambda card: -POINTS[card[0]])
    shown = " ".join(display(card) for card in cards)
    if len(cards) != 4:
        suit, suited = best_suit(cards)
        value = points(suited)
        if len(suited) > 1:
            words, why = f"Numerus {value} so far", f"{shown}, both {SUIT_NAMES[suit]}: {sum_words(suited)} so far"
        else:
            words, why = f"{value} so far", f"{shown}, two suits, so only the best card counts yet"
        return {"type": TYPES[NUMERUS], "value": value, "words": words,
                "why": why + "; two more cards come in the second round"}
    kind, value = evaluate(cards)
    suit, suited = best_suit(cards)
    if kind == CHORUS:
        why = f"four of a kind, four {RANK_PLURALS.get(cards[0][0], cards[0][0] + 's')}: {sum_words(cards)}"
    elif kind == FLUXUS:
        why = f"all four cards {SUIT_NAMES[suit]}: {sum_words(cards)}"
    elif kind == SUPREMUS:
        suit = next(found for found in SUIT_NAMES if {"A", "6", "7"} <= {c[0] for c in cards if c[1] == found})
        why = f"the Ace, 6 and 7 of {SUIT_NAMES[suit]}: always 55, above any Primero"
    elif kind == PRIMERO:
        why = f"one card of each suit: {sum_words(cards)}"
    else:
        why = (f"no better kind of hand, so its best suit counts: {SUIT_NAMES[suit]}, "
               f"{' '.join(display(card) for card in suited)}, {sum_words(suited)}")
    return {"type": TYPES[kind], "value": value, "words": f"{type_words(kind)} {value}", "why": why}
