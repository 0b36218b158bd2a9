"""Cards and packs.

A card is its canonical two-character text: rank `A K Q J T 9 … 2`, then suit
`S C D H`; the Joker is `JK`. Plain strings keep cards hashable, cheap and
identical to their notation, so the log, the API and the engine share one form.
"""

import sys

from .errors import NotationError

RANKS = "AKQJT98765432"
SUITS = "SCDH"
JOKER = "JK"

SUIT_NAMES = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}
SUIT_SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
_SYMBOL_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_SYMBOL_SUITS.update({"♤": "S", "♧": "C", "♢": "D", "♡": "H"})


def card_of(rank, suit):
    """The card of a rank and a suit, as one shared (interned) string for every pack and table:
    a look-up that meets the very same object need not compare the text."""
    return sys.intern(rank + suit)


def pack(ranks=RANKS, suits=SUITS, jokers=0):
    """The cards of a pack in a fixed order: suit by suit, ranks as given."""
    cards = [card_of(rank, suit) for suit in suits for rank in ranks]
    return cards + [JOKER] * jokers


CANONICAL_CARDS = frozenset(pack(jokers=1))


def parse_card(text):
    """The canonical form of a card written as `TH`, `10h`, `10♥`, `jk`…"""
    if not isinstance(text, str):
        raise NotationError(f"not a card: {text!r}")
    if text in CANONICAL_CARDS:
        return text
    cleaned = text.strip().upper()
    if cleaned in ("JK", "JOKER"):
        return JOKER
    if len(cleaned) >= 2 and cleaned[-1] in _SYMBOL_SUITS:
        cleaned = cleaned[:-1] + _SYMBOL_SUITS[cleaned[-1]]
    if cleaned.startswith("10"):
        cleaned = "T" + cleaned[2:]
    if len(cleaned) != 2 or cleaned[0] not in RANKS or cleaned[1] not in SUITS:
        raise NotationError(f"not a card: {text!r}")
    return cleaned


def is_card(move):
    """Whether a canonical move is a card (the notation's other moves are lower-case words)."""
    return isinstance(move, str) and move in CANONICAL_CARDS


def suit_of(card):
    return card[1]


def rank_of(card):
    return card[0]


def display(card):
    """How people see a card: `10♥`, `A♠`, `Joker`."""
    if card == JOKER:
        return "Joker"
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUIT_SYMBOLS[card[1]]


def sort_cards(cards, suit_order=SUITS, rank_order=RANKS):
    """Cards grouped by suit (in `suit_order`), high rank first; Jokers last."""
    suit_index = {suit: i for i, suit in enumerate(suit_order)}
    rank_index = {rank: i for i, rank in enumerate(rank_order)}
    return sorted(
        cards,
        key=lambda c: (1, 0, 0) if c == JOKER else (0, suit_index[c[1]], rank_index[c[0]]),
    )
