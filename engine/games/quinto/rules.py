"""Quinto's fixed facts: the pack and its one order of power, the quints, the sides, the phases."""

import functools

from ...cards import JOKER, RANKS, card_of, pack
from ...protocol import plain_seating
from ...state import AWAITING_DEAL, AWAITING_MOVE

PACK = tuple(pack(jokers=1))
SUITS_LOW_TO_HIGH = "SCDH"
HAND_ORDER = "HDCS"
# One total order of the 52 cards: suit first (hearts highest), then rank.
POWER = {
    card_of(rank, suit): suit_index * 13 + (12 - rank_index)
    for suit_index, suit in enumerate(SUITS_LOW_TO_HIGH)
    for rank_index, rank in enumerate(RANKS)
}
POWER[JOKER] = -1  # the Joker never wins a trick
QUINT_BY_SUIT = {"H": 20, "D": 15, "C": 10, "S": 5}
QUINT_ROYAL = 25
# Every quint, in the order a trick's quints are scored: the Quint Royal, then each suit's five,
# A-4 and 2-3, hearts first.
QUINTS = ((QUINT_ROYAL, (JOKER,)),) + tuple(
    (points, tuple(card_of(rank, suit) for rank in ranks))
    for suit, points in QUINT_BY_SUIT.items()
    for ranks in (("5",), ("A", "4"), ("2", "3"))
)
# A bit for each card of a quint and 0 for the others: the bits of a few cards together say which
# quints they hold, so a trick is searched with four look-ups.
QUINT_BIT = dict.fromkeys(PACK, 0) | {card: 1 << index for index, card in
                                      enumerate(card for _, cards in QUINTS for card in cards)}
QUINT_MASKS = tuple((sum(QUINT_BIT[card] for card in quint[1]), quint) for quint in QUINTS)
# Per suit, whether a card is of that suit: filtering a hand with it loops in C, not Python.
IN_SUIT = {suit: frozenset(pack(suits=suit)).__contains__ for suit in SUITS_LOW_TO_HIGH}
# The next seat round the table, and the one-seat `to_move` list of each seat: shared lists, never
# changed in place (a state's `to_move` is replaced, not edited), so the move path builds none.
NEXT_SEAT = (1, 2, 3, 0)
TO_MOVE = tuple([seat] for seat in range(4))
BASE_TRICK_VALUE = 5
CACHETTE_SIZE = 5
TRICKS_PER_DEAL = 12
RUBBER_GAMES_TO_WIN = 2
RUBBER_BONUS = 100
THREE_HANDED_HANDICAP = 25
DUMMY_PLAYER, DUMMY = 0, 2
CALLS = ("pass", "double", "redouble")
NO_CACHE = (None, ())
SIDES = plain_seating(4, 2).sides   # the side of each seat, for the move path

PHASE_DEAL, PHASE_DOUBLING, PHASE_PLAY, PHASE_OVER = "deal", "doubling", "play", "over"
AWAITING_IN = {PHASE_DEAL: AWAITING_DEAL, PHASE_DOUBLING: AWAITING_MOVE, PHASE_PLAY: AWAITING_MOVE,
               PHASE_OVER: None}


# Kept per set of quint cards: a trick's four or the cachette's five make some 30,000 sets in all.
@functools.lru_cache(maxsize=1 << 15)
def quints_of(bits):
    """The quints whose cards are all among `bits` (their cards' QUINT_BIT together): (points, cards) pairs."""
    return tuple(quint for needed, quint in QUINT_MASKS if bits & needed == needed)


@functools.lru_cache(maxsize=1 << 15)
def quint_points_of(bits):
    """The points of the quints whose cards are all among `bits`."""
    return sum(points for points, _ in quints_of(bits))


def quints_in(cards):
    """The quints among `cards`: (points, cards forming it) pairs, in QUINTS order."""
    bits = 0
    for card in cards:
        bits |= QUINT_BIT[card]
    return quints_of(bits)


def quint_points(cards):
    """The points of the quints among `cards`: the robots weigh every card of every playout by them, so the
    bits are gathered here rather than by a call."""
    bits = 0
    for card in cards:
        bits |= QUINT_BIT[card]
    return quint_points_of(bits) if bits else 0


def side_of(seat):
    return SIDES[seat]

