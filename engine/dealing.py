"""Dealing a recorded pack out to hands.

The shuffle happens outside the engine; the engine only takes cards off the
top of the recorded deck (its first element) in the order the rules describe.
"""

from collections import Counter

from .errors import DealError
from .cards import parse_card


def check_deck(deck, expected_pack):
    """The deck in canonical notation, if it holds exactly the expected pack."""
    if not isinstance(deck, list):
        raise DealError("a deal's deck must be a list of cards")
    try:
        exact = same_cards(deck, expected_pack)   # the usual deck: canonical already, nothing to parse
    except TypeError:  # an unhashable entry: let parse_card name it
        exact = False
    if exact:
        return list(deck)
    cards = [parse_card(card) for card in deck]
    if not same_cards(cards, expected_pack):
        missing = sorted((Counter(expected_pack) - Counter(cards)).elements())
        extra = sorted((Counter(cards) - Counter(expected_pack)).elements())
        details = []
        if missing:
            details.append("missing " + " ".join(missing))
        if extra:
            details.append("not expected " + " ".join(extra))
        raise DealError(
            f"the deck must hold the {len(expected_pack)} cards of the pack once each: " + "; ".join(details)
        )
    return cards


def same_cards(cards, expected_pack):
    """Whether `cards` holds each card of `expected_pack` once. A pack holds every card once (the
    conformance suite checks every game's), so as many cards, none twice, all of the pack, are it."""
    present = set(cards)
    return len(present) == len(cards) == len(expected_pack) and present.issuperset(expected_pack)


def deal_round(deck, seats, first, batches, start=0, step=1):
    """Deal `deck[start:]` round the table from `first`, in the given batch sizes.

    Each entry of `batches` is one pass round the table: every seat in turn
    takes that many cards. Returns the hands (indexed by seat) and the index of
    the first card not dealt. `step` -1 deals to the right (counter-clockwise).
    """
    if batches.count(1) == len(batches):
        # One card at a time: each hand is every `seats`-th card, a single slice.
        end = start + seats * len(batches)
        hands = [None] * seats
        for offset in range(seats):
            hands[(first + step * offset) % seats] = deck[start + offset:end:seats]
        return hands, end
    hands = [[] for _ in range(seats)]
    position = start
    for size in batches:
        for offset in range(seats):
            seat = (first + step * offset) % seats
            hands[seat].extend(deck[position:position + size])
            position += size
    return hands, position


def stack_deck(hands, first, batches, step=1, rest=()):
    """The deck that `deal_round` deals into `hands`, followed by `rest`.

    The inverse of `deal_round` (with start 0), for setting up a known deal:
    examples, golden records and tests.
    """
    seats = len(hands)
    taken = [0] * seats
    deck = []
    for size in batches:
        for offset in range(seats):
            seat = (first + step * offset) % seats
            deck.extend(hands[seat][taken[seat]:taken[seat] + size])
            taken[seat] += size
    return deck + list(rest)


def draw_in_turn(stock, hands, order):
    """Each seat of `order` in turn takes the top card of `stock` (top first; taken from the list itself).

    Nobody draws unless the stock holds a card for each of them: the stock's
    last cards then stay where they are. Returns whether they drew.
    """
    if len(stock) < len(order):
        return False
    for seat, card in zip(order, stock):
        hands[seat].append(card)
    del stock[:len(order)]
    return True
