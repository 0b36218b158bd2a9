"""Slobberhannes: every test case of rules/slobberhannes.md, the card order and the end."""

import random

import pytest

from engine.events import start_event
from engine.dealing import stack_deck
from engine.errors import IllegalMoveError, NotationError
from engine.record import start_state

# Seat 0 holds every Ace and King and the Q♣: it wins the first trick and the trick with the Q♣.
HANDS = ["AS KS AH KH AD KD AC QC".split(), "QS JS TS 9S QH JH TH 9H".split(),
         "8S 7S 8H 7H QD JD TD 9D".split(), "8D 7D KC JC TC 9C 8C 7C".split()]


def dealt(hands=HANDS, options=None, dealer=3):
    state = start_state(start_event("slobberhannes", len(hands), options or {}, dealer))
    state.apply_deal(stack_deck(hands, (dealer + 1) % len(hands), [3, 2, 3]))
    return state


def close_with_winners(state, winners, queen_trick):
    """Score a deal whose tricks were won by `winners` (seat per trick), the Q♣ falling in trick `queen_trick`."""
    others = [card for card in state.full_pack() if card != "QC"]
    state.hands = [[] for _ in range(4)]
    state.tricks = []
    for number, winner in enumerate(winners, start=1):
        cards = ["QC"] + others[:3] if number == queen_trick else others[:4]
        others = others[3:] if number == queen_trick else others[4:]
        state.tricks.append((winner, tuple(zip(range(4), cards)), winner))
    state.end_of_deal()


def test_case_1_first_trick_with_the_queen_of_clubs_costs_two():
    state = dealt()
    for seat, card in ((0, "QC"), (1, "QH"), (2, "QD"), (3, "KC")):
        state.apply_move(seat, card)
    assert state.tricks[0][2] == 3   # K♣ beats Q♣: the ace order is plain A K Q J
    state = dealt()
    close_with_winners(state, [1, 0, 0, 0, 0, 0, 0, 2], queen_trick=1)
    assert state.scores == [0, 2, 1, 0]
    assert state.history[-1]["penalties"] == [0, 2, 1, 0]


def test_case_2_first_trick_and_a_last_trick_holding_the_queen():
    state = dealt()
    close_with_winners(state, [0, 1, 1, 1, 1, 1, 1, 2], queen_trick=8)
    assert state.scores == [1, 0, 2, 0]


def test_case_3_all_three_events_cost_four():
    state = dealt()
    close_with_winners(state, [2, 1, 1, 2, 1, 1, 1, 2], queen_trick=4)
    assert state.scores == [0, 0, 4, 0]


def test_every_deal_costs_three_or_four():
    rng = random.Random(5)
    state = start_state(start_event("slobberhannes", 4, {}, 0))
    while state.awaiting is not None:
        deck = state.full_pack()
        rng.shuffle(deck)
        before = sum(state.scores)
        state.apply_deal(deck)
        while state.awaiting == "move":
            seat = state.to_move[0]
            state.apply_move(seat, rng.choice(state.legal_moves(seat)))
        assert sum(state.scores) - before in (3, 4)
    assert state.deals == 8


def test_ace_is_high_and_suit_must_be_followed():
    state = dealt()
    state.apply_move(0, "AH")
    with pytest.raises(IllegalMoveError, match=r"^seat 1 cannot play QS: must follow suit \(hearts\)$"):
        state.apply_move(1, "QS")
    for seat, card in ((1, "QH"), (2, "8H"), (3, "8D")):
        state.apply_move(seat, card)
    assert state.tricks[0][2] == 0


def test_no_bidding_and_no_capot():
    state = dealt()
    assert state.phase == "play"
    assert "capot" not in state.opts and "rank" not in state.opts
    with pytest.raises(NotationError, match="not a card: 'capot'"):
        state.apply_move(0, "capot")
