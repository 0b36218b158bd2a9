"""Reunion: every test case of rules/reunion.md, and the deal, discard, pick-up and settlement."""

import random

import pytest

from engine.events import start_event
from engine.bench import random_game
from engine.dealing import stack_deck
from engine.errors import IllegalMoveError
from engine.games.reunion import settlement
from engine.record import replay, start_state

HANDS = [
    "JH AH TH KH QH 9H AS TS KS QS".split(),
    "JS 9S 8S 7S AC 8C 7C QC JC 9C".split(),
    "JD AD TD KD QD 9D 8D 7D TC KC".split(),
]
TABLE = ["8H", "7H"]   # face down, then the turn-up


def dealt(options=None, hands=HANDS, table=TABLE):
    state = start_state(start_event("reunion", 3, options or {}, 2))
    state.apply_deal(stack_deck(hands, 0, [3, 4, 3], rest=table))
    return state


def discarded(first="TC", second="KC", **kwargs):
    state = dealt(**kwargs)
    state.apply_move(2, first)
    state.apply_move(2, second)
    return state


def test_the_pack_is_dealt_3_4_3_with_two_cards_to_the_table():
    deck = stack_deck(HANDS, 0, [3, 4, 3], rest=TABLE)
    assert deck[:3] == HANDS[0][:3] and deck[3:6] == HANDS[1][:3] and deck[9:13] == HANDS[0][3:7]
    state = dealt()
    assert state.hands == HANDS
    assert state.face_down == "8H" and state.turn_up == "7H" and state.trump == "H"
    assert state.to_move == [2] and state.phase == "discard"


def test_case_1_trump_and_plain_order():
    state = dealt()
    hearts = ["JH", "JD", "AH", "TH", "KH", "QH", "9H", "8H", "7H"]
    assert sorted(hearts, key=lambda card: -state.strength[card]) == hearts
    assert all(state.card_suit(card) == "H" for card in hearts)
    spades = ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S"]
    assert sorted(spades, key=lambda card: -state.strength[card]) == spades
    assert state.trick_winner(((0, "QS"), (1, "JS"), (2, "9S"))) == 0
    assert state.trick_winner(((0, "AH"), (1, "7C"), (2, "JD"))) == 2


def test_case_2_the_left_bower_follows_as_a_trump():
    state = discarded()
    state.hands[1] = ["JD", "7H", "AS"]
    state.trick = [(0, "AD")]
    state.turn = 1
    assert sorted(state.legal_moves(1)) == ["7H", "JD"]
    with pytest.raises(IllegalMoveError, match=r"^seat 1 cannot play AS: cannot follow suit \(diamonds\), so must trump \(hearts\)$"):
        state.apply_move(1, "AS")


def test_case_3_discards_count_for_the_dealer_and_aces_and_bowers_stay():
    state = dealt()
    assert sorted(state.legal_moves(2)) == sorted(["TD", "KD", "QD", "9D", "8D", "7D", "TC", "KC"])
    with pytest.raises(IllegalMoveError, match="^seat 2 cannot discard AD: an Ace may not be discarded$"):
        state.apply_move(2, "AD")
    with pytest.raises(IllegalMoveError, match="^seat 2 cannot discard JD: a Bower may not be discarded$"):
        state.apply_move(2, "JD")
    state.apply_move(2, "TC")
    assert "8H" not in state.hands[2]          # picked up only after both discards
    state.apply_move(2, "KC")
    assert "8H" in state.hands[2] and len(state.hands[2]) == 9
    assert state.phase == "play" and state.to_move == [0]
    while state.awaiting == "move":
        state.apply_move(state.to_move[0], sorted(state.legal_moves(state.to_move[0]))[0])
    facts = state.history[-1]
    assert facts["discards"] == ["TC", "KC"]
    assert sum(facts["card_points"]) == 150
    in_tricks = sum(state.values.get(card, 0) for _, cards, winner in state.tricks if winner == 2 for _, card in cards)
    last = 10 if state.tricks[-1][2] == 2 else 0
    assert facts["card_points"][2] == in_tricks + last + 14


def test_case_4_bower_clash_pays_a_stake_at_once():
    state = discarded()
    state.apply_move(0, "JH")
    state.apply_move(1, "7S")
    assert sorted(state.legal_moves(2)) == ["8H", "JD"]
    state.apply_move(2, "JD")
    assert state.tricks[-1][2] == 0
    assert state.ledger.counters == [1, 0, -1]
    assert state.view(1)["stakes"]["entries"][0] == {
        "deal": 1, "from": 2, "to": 0, "points": 1, "reason": "Left Bower fell to the Right"}


def test_the_turn_up_is_taken_after_the_second_trick():
    state = discarded()
    for seat, card in ((0, "AS"), (1, "9S"), (2, "8H")):
        state.apply_move(seat, card)
    assert state.on_table == ["7H"] and len(state.hands[2]) == 8
    for seat, card in ((2, "7D"), (0, "9H"), (1, "8S")):
        state.apply_move(seat, card)
    assert state.on_table == [] and "7H" in state.hands[2] and len(state.hands[2]) == 8
    assert all(len(hand) == 8 for hand in state.hands)


def test_pick_up_then_discard_shows_the_face_down_card_first():
    state = dealt({"dealer_order": "pick_up_then_discard"})
    assert "8H" in state.hands[2] and len(state.hands[2]) == 11
    assert "8H" in state.legal_moves(2)
    state.apply_move(2, "8H")
    state.apply_move(2, "TC")
    assert len(state.hands[2]) == 9 and state.on_table == ["7H"]


def test_views_hide_the_discards_and_the_face_down_card():
    state = dealt()
    state.apply_move(2, "TC")
    for seat in (0, 1):
        view = state.view(seat)
        assert view["discards"] is None and view["discard_count"] == 1
        assert "TC" not in repr(view) and "8H" not in repr(view) and "KC" not in repr(view)
        assert view["turn_up"] == "7H"
    assert state.view(2)["discards"] == ["TC"]
    assert "8H" not in repr(state.view(2))
    assert state.hidden_from(0) >= {"TC", "8H"} and "7H" not in state.hidden_from(0)


def test_the_dealers_discards_are_face_down_to_the_others():
    state = dealt({"dealer_order": "pick_up_then_discard"})
    for card in ("8H", "TC"):   # the face-down table card, then one of his own
        state.apply_move(2, card)
        assert [state.move_seen_by(seat, card) for seat in range(3)] == [None, None, card]
    state.apply_move(0, "AS")
    assert [state.move_seen_by(seat, "AS") for seat in range(3)] == ["AS"] * 3


@pytest.mark.parametrize("totals, payments", [
    ([200, 160, 90], [(1, 0, 0), (2, 0, 4)]),   # case 5
    ([180, 180, 90], [(2, 0, 2), (2, 1, 2)]),   # case 6
    ([150, 150, 150], []),
    ([230, 120, 100], [(1, 0, 1), (2, 0, 1)]),
    ([300, 110, 40], [(1, 0, 1), (2, 0, 3)]),
])
def test_cases_5_and_6_settlement(totals, payments):
    assert sorted(settlement(totals, "times_two")) == sorted(payments)


@pytest.mark.parametrize("rule, owed", [("times_two", 6), ("flat_two", 2), ("at_least_two", 3)])
def test_double_rule_option(rule, owed):
    assert sorted(settlement([260, 150, 40], rule)) == [(1, 0, 0), (2, 0, owed)]


def test_a_game_is_three_deals_then_settled():
    events = random_game("reunion", random.Random(7))
    state = replay(events)
    assert state.over and state.deals == 3 and state.awaiting is None
    assert sum(state.scores) == 450
    assert all(sum(deal["card_points"]) == 150 for deal in state.history)
    assert [deal["dealer"] for deal in state.history] == [0, 1, 2]
    assert sum(state.ledger.counters) == 0
    best = max(state.scores)
    assert state.winners == [seat for seat in range(3) if state.scores[seat] == best]
    paid = {(p["from"], p["to"]): p["stakes"] for p in state.history[-1]["settlement"]}
    assert paid == {(payer, payee): owed for payer, payee, owed in settlement(state.scores, "times_two")}
