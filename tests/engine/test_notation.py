"""Card notation: one canonical form, and the spellings people type."""

import pytest
from hypothesis import given, strategies as st

from engine.cards import JOKER, RANKS, SUIT_SYMBOLS, SUITS, display, pack, parse_card
from engine.errors import NotationError

CARDS = st.sampled_from(pack(jokers=1))


@given(CARDS)
def test_canonical_text_round_trips(card):
    assert parse_card(card) == card


@given(CARDS, st.booleans(), st.booleans(), st.booleans())
def test_other_spellings_read_as_the_canonical_card(card, lower, symbol, ten):
    if card == JOKER:
        text = "joker" if lower else "JK"
    else:
        rank = "10" if ten and card[0] == "T" else card[0]
        suit = SUIT_SYMBOLS[card[1]] if symbol else card[1]
        text = rank + suit
        text = text.lower() if lower else text
    assert parse_card(text) == card


@given(CARDS)
def test_display_form_reads_back(card):
    assert parse_card(display(card)) == card


def test_display_uses_ten_and_suit_symbols():
    assert [display(card) for card in ("TH", "AS", "JK")] == ["10♥", "A♠", "Joker"]


@pytest.mark.parametrize("text", ["", "1H", "TX", "AHH", "11S", None, 5, ["AH"]])
def test_non_cards_are_refused(text):
    with pytest.raises(NotationError, match="not a card"):
        parse_card(text)


def test_the_pack_is_complete():
    assert len(set(pack())) == 52 == len(RANKS) * len(SUITS)
