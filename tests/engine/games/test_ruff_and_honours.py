"""Ruff and Honours: every test case of rules/ruff_and_honours.md, both variants and their options."""

import pytest

from engine.events import start_event
from engine.dealing import stack_deck
from engine.errors import IllegalMoveError
from engine.record import start_state

# Seats 0 and 2 hold all four diamond honours; seat 2 holds the A♦; the stock's top, 7♦, is turned.
HANDS = ["KD JD AS KS QS JS TS 9S 8S 7S 6S 5S".split(), "6D 5D AH KH QH JH TH 9H 8H 7H 6H 5H".split(),
         "AD QD AC KC QC JC TC 9C 8C 7C 6C 5C".split(), "TD 9D 8D 4D 3D 2D 4S 3S 4H 3H 4C 3C".split()]
STOCK = "7D 2C 2H 2S".split()


def swap(hands, one, other):
    return [[other if card == one else one if card == other else card for card in hand] for hand in hands]


def dealt(hands=HANDS, stock=STOCK, options=None, dealer=3, scores=(0, 0)):
    state = start_state(start_event("ruff_and_honours", 4, options or {}, dealer))
    for side, points in enumerate(scores):
        state.score(side, points, "earlier deals")
    state.apply_deal(stack_deck(hands, (dealer + 1) % 4, [1] * 12, rest=stock))
    return state


def finish_tricks(state, side0_tricks):
    """Close the deal as if side 0 (seat 0) won `side0_tricks` of the twelve tricks and side 1 (seat 1) the rest."""
    state.hands = [[] for _ in range(4)]
    state.tricks = [(0, (), 0 if number < side0_tricks else 1) for number in range(11)]
    last = 0 if side0_tricks == 12 else 1
    state.tricks.append((0, (), last))
    state.after_trick(last, ())


def test_case_1_the_trump_ace_holder_may_ruff_and_discards_four():
    state = dealt(options={"honours_timing": "after_play_whist"})
    assert state.turn_up == "7D" and state.trump == "D"
    assert state.phase == "ruff" and state.to_move == [2] and state.legal_moves(2) == ["pass", "ruff"]
    state.apply_move(2, "ruff")
    assert len(state.hands[2]) == 16 and "7D" in state.hands[2] and state.stock == []
    assert state.to_move == [2] and state.phase == "discard"
    with pytest.raises(IllegalMoveError, match="^seat 2 cannot discard KS: it is not in their hand$"):
        state.apply_move(2, "KS")
    for card in ("2C", "2H", "2S", "7D"):
        state.apply_move(2, card)
    assert len(state.hands[2]) == 12 and state.discards == ["2C", "2H", "2S", "7D"]
    assert state.phase == "play" and state.to_move == [0]
    assert state.view(2)["discards"] == state.discards
    assert state.view(1)["discards"] is None and state.view(1)["discard_count"] == 4


def test_case_1_a_turned_ace_gives_the_ruff_to_the_dealer():
    state = dealt(swap(HANDS, "AD", "7D"), ["AD", "2C", "2H", "2S"])
    assert state.turn_up == "AD" and state.to_move == [3]
    state.apply_move(3, "pass")
    assert state.phase == "play" and state.stock == ["AD", "2C", "2H", "2S"]


def test_no_ruff_when_the_ace_lies_in_the_stock_or_the_ruff_is_off():
    hands = [[card if card != "AD" else "2C" for card in hand] for hand in HANDS]
    state = dealt(hands, ["7D", "AD", "2H", "2S"])
    assert state.ruff_right is None and state.phase == "play"
    assert dealt(options={"ruff_enabled": False}).phase == "play"


def test_case_2_three_honours_score_one_and_four_score_two():
    three = dealt(swap(HANDS, "QD", "6D"))
    three.apply_move(2, "pass")
    assert three.honours == {"side": 0, "count": 3, "points": 1, "credited": True}
    assert three.scores == [1, 0]
    four = dealt()
    four.apply_move(2, "pass")
    assert four.scores == [2, 0]
    scaled = dealt(options={"honours_scale": "2_4"})
    scaled.apply_move(2, "pass")
    assert scaled.scores == [4, 0]


def test_discarded_honours_are_not_counted():
    state = dealt()
    state.apply_move(2, "ruff")
    for card in ("AD", "QD", "2C", "2H"):
        state.apply_move(2, card)
    assert state.honours is None and state.scores == [0, 0]


def test_case_3_odd_tricks_score_one_each():
    state = dealt(options={"ruff_enabled": False, "honours_scale": "1_2"}, hands=swap(HANDS, "QD", "6D"))
    assert state.scores == [1, 0]
    finish_tricks(state, 4)
    assert state.scores == [1, 2]
    assert state.history[-1]["tricks_won"] == [4, 8]
    assert state.awaiting == "deal" and state.next_dealer == 0


def test_case_4_honours_at_seven_win_at_once():
    state = dealt(swap(HANDS, "QD", "6D"), options={"honours_scale": "2_4"}, scores=(7, 3))
    state.apply_move(2, "pass")
    assert state.over and state.winner == 0 and state.scores == [9, 3]
    assert state.tricks == [] and state.summary()["awaiting"] is None


def test_after_play_honours_come_after_the_tricks_and_not_one_short_of_game():
    state = dealt(options={"honours_timing": "after_play_whist"}, scores=(2, 0))
    state.apply_move(2, "pass")
    assert state.scores == [2, 0] and state.honours["credited"] is False
    finish_tricks(state, 7)
    assert state.scores == [2 + 1 + 2, 0] and state.honours["credited"] is True
    short = dealt(options={"honours_timing": "after_play_whist"}, scores=(8, 0))
    short.apply_move(2, "pass")
    finish_tricks(short, 6)
    assert short.scores == [8, 0] and not short.over


def test_after_play_honours_are_told_to_nobody_before_the_tricks():
    state = dealt(options={"honours_timing": "after_play_whist"})
    state.apply_move(2, "pass")
    assert state.honours["side"] == 0
    for seat, card in ((0, "AS"), (1, "6D")):
        for view in (state.view(seat) for seat in range(4)):
            assert view["honours"] is None and view["scores"] == [0, 0] and view["score_entries"] == []
        state.apply_move(seat, card)
    finish_tricks(state, 7)
    told = {"side": 0, "count": 4, "points": 2, "credited": True}
    assert all(state.view(seat)["honours"] == state.view(seat)["history"][-1]["honours"] == told for seat in range(4))


def test_immediate_honours_are_told_to_all_at_once():
    state = dealt()
    state.apply_move(2, "pass")
    assert all(state.view(seat)["honours"] == {"side": 0, "count": 4, "points": 2, "credited": True}
               for seat in range(4))


def test_a_discard_is_face_down_to_all_but_the_ruffer_even_the_turned_up_card():
    state = dealt()
    state.apply_move(2, "ruff")
    for card in ("2C", "7D"):
        state.apply_move(2, card)
        assert [state.move_seen_by(seat, card) for seat in range(4)] == [None, None, card, None]
    assert state.move_seen_by(0, "ruff") == "ruff"
    for card in ("2H", "2S"):
        state.apply_move(2, card)
    state.apply_move(0, "AS")
    assert [state.move_seen_by(seat, "AS") for seat in range(4)] == ["AS"] * 4


def test_tricks_that_reach_nine_win():
    state = dealt(options={"ruff_enabled": False}, scores=(3, 5))
    finish_tricks(state, 2)
    assert state.scores == [3 + 2, 5 + 4] and state.over and state.winner == 1


def test_trumps_win_and_suit_must_be_followed():
    state = dealt(options={"ruff_enabled": False})
    for seat, card in ((0, "AS"), (1, "6D"), (2, "AC")):
        state.apply_move(seat, card)
    with pytest.raises(IllegalMoveError, match=r"^seat 3 cannot play 4H: must follow suit \(spades\)$"):
        state.apply_move(3, "4H")
    state.apply_move(3, "4S")
    assert state.tricks[0][2] == 1
    state = dealt(options={"ruff_enabled": False})
    for seat, card in ((0, "AS"), (1, "AH"), (2, "AC"), (3, "4S")):
        state.apply_move(seat, card)
    assert state.tricks[0][2] == 0


def test_honours_variant_deals_48_and_the_dealers_last_card_is_trump():
    state = start_state(start_event("ruff_and_honours", 4, {"variant": "honours"}, 1))
    deck = state.full_pack()
    assert len(deck) == 48 and not any(card[0] == "2" for card in deck)
    state.apply_deal(deck)
    assert state.turn_up == deck[47] == state.hands[1][-1] and state.trump == deck[47][1]
    assert state.stock == [] and state.phase == "play" and state.to_move == [2]
    other = start_state(start_event("ruff_and_honours", 4, {"variant": "honours", "honours_trump_card": "eldest_last"}, 1))
    other.apply_deal(deck)
    assert other.turn_up == deck[44] == other.hands[2][-1]


def test_views_hide_the_stock_but_show_the_turn_up():
    state = dealt()
    view = state.view(0)
    assert view["turn_up"] == "7D" and view["stock_size"] == 4
    assert not {"2C", "2H", "2S"} & set(view["hand"] + [view["turn_up"]])
    assert view["legal"] == [] and state.view(2)["legal"] == ["pass", "ruff"]
    assert view["ruff_right"] == 2
