"""French Whist: every test case of rules/french_whist.md, its pack, players and game of 40."""

import random

from engine.events import start_event
from engine.dealing import stack_deck
from engine.record import start_state

# Clubs are trumps (the dealer's last card, 3♣); seat 2 has no diamonds.
HANDS = ["AD KD QD JD 9D 8D AS KS QS JS TS 9S 8S".split(),
         "TD 7D 6D 5D 4D 3D AH KH QH JH TH 9H 8H".split(),
         "2C AC KC QC JC TC 9C 8C 7C 6C 5C 4C 2H".split(),
         "7S 6S 5S 4S 3S 2S 7H 6H 5H 4H 3H 2D 3C".split()]


def new(players=4, options=None, dealer=3):
    return start_state(start_event("french_whist", players, options or {}, dealer))


def dealt(hands, scores=None, options=None):
    state = new(options=options)
    for owner, points in enumerate(scores or ()):
        state.score(owner, points, "earlier deals")
    state.apply_deal(stack_deck(hands, 0, [1] * 13))
    return state


def swap(hands, one, other):
    return [[other if card == one else one if card == other else card for card in hand] for hand in hands]


def test_case_1_a_trump_captures_the_ten_of_diamonds_for_ten():
    state = dealt(HANDS)
    assert state.trump == "C" and state.turn_up == "3C"
    for seat, card in ((0, "AD"), (1, "TD"), (2, "2C"), (3, "2D")):
        state.apply_move(seat, card)
    assert state.tricks[0][2] == 2
    assert state.view(0)["counting_points"] == [10, 0]


def test_case_2_the_ten_of_clubs_counts_nothing_when_clubs_are_trumps():
    state = dealt(HANDS)
    assert state.values == {"JC": 11, "AC": 4, "KC": 3, "QC": 2, "TD": 10}
    assert "TC" not in state.values and sum(state.values.values()) == 30


def test_case_3_with_diamonds_trumps_the_ten_of_diamonds_counts_ten_once():
    hands = swap(swap(HANDS, "3C", "3D"), "2C", "2D")
    state = dealt(hands)
    assert state.trump == "D"
    assert state.values == {"JD": 11, "AD": 4, "KD": 3, "QD": 2, "TD": 10}


def test_full_pack_and_players():
    four = new()
    assert len(four.full_pack()) == 52 and four.sides == 2 and four.target == 40
    deck = four.full_pack()
    four.apply_deal(deck)
    assert [len(hand) for hand in four.hands] == [13] * 4 and four.turn_up == deck[-1] in four.hands[3]
    two = new(2, dealer=1)
    two.apply_deal(two.full_pack())
    assert [len(hand) for hand in two.hands] == [13, 13] and two.view(0)["face_down_hands"] == [1, 1]
    three = new(3, dealer=2)
    assert len(three.full_pack()) == 51 and "2C" not in three.full_pack()
    three.apply_deal(three.full_pack())
    assert [len(hand) for hand in three.hands] == [17] * 3 and three.sides is None


def test_game_is_forty():
    state = dealt(HANDS, scores=(29, 0), options={"stop_at_40": True})
    for seat, card in ((0, "AD"), (1, "TD"), (2, "2C"), (3, "2D")):
        state.apply_move(seat, card)
    assert not state.over
    state = dealt(HANDS, scores=(30, 0), options={"stop_at_40": True})
    for seat, card in ((0, "AD"), (1, "TD"), (2, "2C"), (3, "2D")):
        state.apply_move(seat, card)
    assert state.over and state.winner == 0 and state.scores == [40, 0]
    rng = random.Random(8)
    state = new()
    while state.awaiting is not None:
        deck = state.full_pack()
        rng.shuffle(deck)
        state.apply_deal(deck)
        while state.awaiting == "move":
            seat = state.to_move[0]
            state.apply_move(seat, rng.choice(state.legal_moves(seat)))
        best = max(state.scores)
        assert state.over == (best >= 40 and state.scores.count(best) == 1)
