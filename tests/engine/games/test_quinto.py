"""Quinto: the worked examples of rules/quinto.md §13, and the rules around them."""

import random

import pytest

from engine.events import start_event
from engine.errors import IllegalMoveError, OptionError, RecordError
from engine.games.quinto import quints_in
from engine.record import start_state
from engine.tricks import TrickGame

from tests.engine.games.quinto_positions import arrange_deck, play, play_tricks, quinto_state


def points(cards):
    return sum(value for value, _ in quints_in(cards))


# Example 1: legal moves -------------------------------------------------------

def test_example_1_clubs_led_allows_clubs_and_joker():
    state = quinto_state(hands={0: ["7C"], 1: ["JK", "9C", "KC", "3H"]}, voids={1: "C"})
    play(state, "7C")
    assert sorted(state.legal_moves(1)) == ["9C", "JK", "KC"]


def test_example_1_diamonds_led_allows_every_card_when_void():
    state = quinto_state(hands={0: ["7D"], 1: ["JK", "9C", "KC", "3H"]}, voids={1: "D"})
    play(state, "7D")
    assert set(state.legal_moves(1)) >= {"JK", "9C", "KC", "3H"}
    assert len(state.legal_moves(1)) == 12


def test_example_1_joker_may_not_be_led_by_default():
    state = quinto_state(dealer=0, hands={1: ["JK", "9C", "KC", "3H"]})
    assert state.to_move == [1]
    assert "JK" not in state.legal_moves(1)
    with pytest.raises(IllegalMoveError, match="seat 1 cannot play JK: the Joker may not be led"):
        state.apply_move(1, "JK")


def test_must_follow_suit_message():
    state = quinto_state(hands={0: ["7C"], 1: ["9C", "AH"]})
    play(state, "7C")
    with pytest.raises(IllegalMoveError) as error:
        state.apply_move(1, "AH")
    assert str(error.value) == "seat 1 cannot play AH: must follow suit (clubs)"
    assert error.value.code == "illegal_move"


# Examples 2-5: winners and quints --------------------------------------------

def test_example_2_higher_suit_trumps_and_no_quint():
    state = quinto_state(hands={0: ["7C"], 1: ["2C"], 2: ["9S"], 3: ["3D"]}, voids={2: "C", 3: "C"})
    play(state, "7C", "2C", "9S", "3D")
    assert state.tricks[-1][2] == 3
    assert state.scores == [0, 0] and state.deal_quints == []


def test_example_3_pair_quint_and_five_score_at_once():
    state = quinto_state(hands={0: ["4H"], 1: ["AH"], 2: ["5D"], 3: ["JS"]}, voids={2: "H", 3: "H"})
    play(state, "4H", "AH", "5D", "JS")
    assert state.tricks[-1][2] == 1
    assert state.scores == [0, 35]


def test_example_4_joker_followed_hearts_trump():
    state = quinto_state(hands={0: ["KS"], 1: ["JK"], 2: ["AS"], 3: ["2H"]}, voids={3: "S"})
    play(state, "KS", "JK", "AS", "2H")
    assert state.tricks[-1][2] == 3
    assert state.scores == [0, 25]


def test_example_5_pairs_must_be_of_one_suit():
    assert points(["AC", "4D"]) == 0
    assert points(["2D", "3D", "5D", "9S"]) == 30
    assert points(["AH", "4H", "2H", "3H"]) == 40


def test_quint_values_by_suit():
    assert [points([five]) for five in ("5H", "5D", "5C", "5S")] == [20, 15, 10, 5]
    assert points(["JK"]) == 25


# Example 6: the game ends in mid-deal ------------------------------------------

TOP_HEARTS = ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H"]


def six_tricks_then_five_of_clubs(options):
    state = quinto_state(
        options=options,
        hands={0: TOP_HEARTS + ["5C"], 1: ["7C"], 2: ["KC"], 3: ["6C"]},
        cachette=["5H", "4H", "3H", "2H", "JK"],
        voids={1: "H", 2: "H", 3: "H"},
    )
    play_tricks(state, 6, keep={0: {"5C"}, 1: {"7C"}, 2: {"KC"}, 3: {"6C"}})
    assert state.scores == [0, 0] and state.to_move == [0]
    state.ledger.totals[0] = 240
    play(state, "5C", "7C", "KC", "6C")
    return state


def test_example_6_game_ends_at_once_in_mid_deal():
    state = six_tricks_then_five_of_clubs({"match": "single_game"})
    assert len(state.tricks) == 7
    assert state.over and state.winner == 0
    assert state.scores == [250, 0]
    assert state.summary()["awaiting"] is None


def test_example_6_in_a_rubber_the_next_game_starts_from_nothing():
    state = six_tricks_then_five_of_clubs({})
    assert not state.over
    assert state.awaiting == "deal" and state.scores == [0, 0]
    assert state.games_won == [1, 0]
    assert state.game_results == [{"winner": 0, "scores": [250, 0]}]
    assert state.next_dealer == 0


# Example 7: the cachette ----------------------------------------------------------

def test_example_7_cachette_quints_go_to_the_winner_of_trick_12():
    state = quinto_state(cachette=["JK", "2D", "3D", "9C", "KS"])
    play_tricks(state, 12)
    side = state.view(0)["history"][-1]["tricks"][-1]["winner"] % 2
    cachette_quints = [quint for quint in state.view(0)["history"][-1]["quints"] if quint["trick"] == 13]
    assert sorted(quint["points"] for quint in cachette_quints) == [15, 25]
    assert {quint["side"] for quint in cachette_quints} == {side}
    assert state.view(0)["history"][-1]["cachette"] == ["JK", "2D", "3D", "9C", "KS"]
    assert sum(state.view(0)["history"][-1]["tricks_won"]) == 13


# Example 8: both sides over the target after the trick points -----------------------

def doubled_end_of_deal(scores):
    state = quinto_state(options={"match": "single_game"}, calls=("double", "pass", "pass", "pass"))
    state.ledger.totals[:] = scores
    state.tricks_won[:] = [6, 7]
    state.score_tricks()
    return state


def test_example_8_higher_total_wins_when_both_cross():
    state = doubled_end_of_deal([235, 238])
    assert state.scores == [295, 308]
    assert state.over and state.winner == 1


def test_example_8_equal_totals_over_the_target_mean_another_deal():
    state = doubled_end_of_deal([248, 238])
    assert state.scores == [308, 308]
    assert not state.over and state.awaiting == "deal"


# Examples 9-10: doubling -------------------------------------------------------------

def test_example_9_redouble_then_only_passes():
    state = quinto_state(calls=())
    play(state, "double", "redouble")
    assert state.legal_moves(2) == ["pass"]
    play(state, "pass")
    assert state.legal_moves(3) == ["pass"]
    play(state, "pass")
    assert state.trick_value == 20


def test_example_10_late_double_can_be_redoubled_by_the_dealer():
    state = quinto_state(calls=())
    play(state, "pass", "pass", "double")
    assert sorted(state.legal_moves(3)) == ["pass", "redouble"]
    play(state, "redouble")
    assert state.trick_value == 20 and state.phase == "play"


def test_example_10_a_double_by_the_dealer_cannot_be_redoubled():
    state = quinto_state(calls=("pass", "pass", "pass", "double"))
    assert state.phase == "play" and state.trick_value == 10


def test_partner_cannot_redouble():
    state = quinto_state(calls=())
    play(state, "pass", "double", "pass")
    with pytest.raises(IllegalMoveError, match="seat 3 cannot redouble: their partner doubled"):
        state.apply_move(3, "redouble")


# Example 11: the Joker led under the Parlett/Bond options ------------------------------

def joker_led(joker_lead):
    state = quinto_state(
        options={"joker_lead": joker_lead},
        hands={0: ["JK"], 1: ["5C"], 2: ["9D"], 3: ["2S"]},
        voids={2: "C", 3: "CDH"},
    )
    play(state, "JK", "5C")
    assert "9D" in state.legal_moves(2) and all(card[1] != "C" for card in state.hands[2])
    play(state, "9D", "2S")
    return state


def test_example_11_highest_card_takes_a_joker_lead():
    state = joker_led("highest_card")
    assert state.tricks[-1][2] == 2
    assert state.scores == [35, 0]


def test_example_11_opponents_win_a_joker_lead():
    state = joker_led("opponents_win")
    assert state.tricks[-1][2] == 1 and state.to_move == [1]
    assert state.scores == [0, 35]


def test_second_card_sets_the_suit_after_a_joker_lead():
    state = quinto_state(options={"joker_lead": "highest_card"}, hands={0: ["JK"], 1: ["5C"], 2: ["9C", "9D"]})
    play(state, "JK", "5C")
    assert all(card[1] == "C" or card == "JK" for card in state.legal_moves(2))


# Examples 12-13: the Joker at tricks 11 and 12 ------------------------------------------

def test_example_12_trick_11_compulsion():
    state = quinto_state(
        hands={0: TOP_HEARTS + ["4H", "QD"], 2: ["JK", "8S"]},
        cachette=["5H", "3H", "2H"],
        voids={1: "H", 2: "H", 3: "H"},
    )
    play_tricks(state, 10, keep={0: {"QD"}, 2: {"JK", "8S"}})
    assert state.to_move == [0] and sorted(state.hands[2]) == ["8S", "JK"]
    play(state, "QD")
    play(state, state.legal_moves(1)[0])
    assert state.legal_moves(2) == ["JK"]
    with pytest.raises(IllegalMoveError, match="at trick 11 the Joker must be played"):
        state.apply_move(2, "8S")


def test_example_13_forced_joker_lead_at_trick_12_falls_back_to_highest_card():
    state = quinto_state(
        dealer=0,
        hands={1: TOP_HEARTS + ["4H", "8S", "JK"], 0: ["7S"], 2: ["6S"], 3: ["3S"]},
        cachette=["5H", "3H", "2H"],
        voids={0: "H", 2: "H", 3: "H"},
    )
    play_tricks(state, 10, keep={1: {"8S", "JK"}, 0: {"7S"}, 2: {"6S"}, 3: {"3S"}})
    assert state.to_move == [1] and state.legal_moves(1) == ["8S"]
    play(state, "8S", "6S", "3S", "7S")
    assert state.tricks[-1][2] == 1
    assert state.legal_moves(1) == ["JK"]
    last = {seat: state.hands[seat][0] for seat in (0, 2, 3)}
    play(state, "JK", last[2], last[3], last[0])
    from engine.games.quinto import POWER
    assert state.view(0)["history"][-1]["tricks"][-1]["winner"] == max(last, key=lambda seat: POWER[last[seat]])


@pytest.mark.parametrize("other, legal", [("AD", ["JK"]), ("2S", ["2S", "JK"])])
def test_if_forced_to_win_compels_only_the_last_player_who_would_win(other, legal):
    options = {"joker_trick11_compulsion": "if_forced_to_win"}
    state = quinto_state(
        options=options,
        hands={0: TOP_HEARTS + ["4H", "3H", "QD"], 3: ["JK", other], 1: ["2D"], 2: ["3D"]},
        cachette=["5H", "2H"],
        voids={1: "H", 2: "H", 3: "H"},
    )
    play_tricks(state, 10, keep={0: {"QD"}, 1: {"2D"}, 2: {"3D"}, 3: {"JK", other}})
    play(state, "QD", "2D", "3D")
    assert sorted(state.legal_moves(3)) == legal


# Example 14: three-handed --------------------------------------------------------------

def test_example_14_three_handed_opening_and_the_dummy_player_first_look():
    state = quinto_state(dealer=0, players=3)
    assert state.scores == [0, 25] and state.controller(2) == 0 and state.player_seats() == [0, 1, 3]
    play_tricks(state, 12)
    assert state.awaiting == "deal" and state.next_dealer == 1
    state.apply_deal(arrange_deck(1))
    assert state.to_move == [2]
    view = state.view(0)
    assert view["hands"][2] and view["hands"][0] is None and view["legal"] == ["double", "pass"]
    play(state, "pass")
    assert state.view(0)["hands"][0] and state.view(2)["hands"][0]


def test_three_handed_rules_refuse_a_rubber_and_another_first_dealer():
    with pytest.raises(RecordError, match="no rubbers"):
        start_state(start_event("quinto", 3, {"match": "rubber"}, 0))
    with pytest.raises(RecordError, match="dummy player"):
        start_state(start_event("quinto", 3, None, 1))


def test_three_handed_dummy_hidden_unless_exposed_after_the_opening_lead():
    hidden = quinto_state(dealer=0, players=3)
    play(hidden, hidden.legal_moves(1)[0])
    assert hidden.view(1)["hands"][2] is None
    exposed = quinto_state(dealer=0, players=3, options={"dummy_exposed_after_opening_lead": True})
    assert exposed.view(3)["hands"][2] is None
    play(exposed, exposed.legal_moves(1)[0])
    assert exposed.view(3)["hands"][2] == exposed.view(0)["hands"][2]


# Example 15: quints of trick 12 come before the cachette ---------------------------------

def test_example_15_win_in_trick_12_before_the_cachette():
    state = quinto_state(
        options={"match": "single_game"},
        hands={0: TOP_HEARTS + ["4H", "3H", "5S"], 1: ["2S"], 2: ["KD"], 3: ["7S"]},
        cachette=["5H", "2H"],
        voids={1: "H", 2: "H", 3: "H"},
    )
    play_tricks(state, 11, keep={0: {"5S"}, 1: {"2S"}, 2: {"KD"}, 3: {"7S"}})
    state.ledger.totals[0] = 245
    play(state, "5S", "2S", "KD", "7S")
    assert state.over and state.winner == 0 and state.scores == [250, 0]
    assert state.view(0)["history"][-1]["cachette"] is None
    assert state.view(1)["cachette"] is None


# Options and the rubber ---------------------------------------------------------------

def test_options_are_checked():
    with pytest.raises(OptionError, match="joker_lead must be one of"):
        start_state(start_event("quinto", 4, {"joker_lead": "sometimes"}))
    with pytest.raises(OptionError, match="unknown option 'trumps'"):
        start_state(start_event("quinto", 4, {"trumps": "H"}))


def test_rubber_settlement_counts_every_point_plus_the_bonus():
    state = quinto_state(options={"target": 50})
    rounds = 0
    while not state.over and rounds < 40:
        if state.awaiting == "deal":
            state.apply_deal(arrange_deck(state.next_dealer))
        play_tricks(state, 12, stop_at_deal_end=True)
        rounds += 1
    assert state.over
    match = state.view(0)["match"]
    assert match["games_won"][state.winner] == 2 and len(match["games"]) in (2, 3)
    totals = [sum(game["scores"][side] for game in match["games"]) for side in (0, 1)]
    totals[state.winner] += 100
    assert match["totals"] == totals
    assert match["settlement"] == totals[state.winner] - totals[1 - state.winner]


@pytest.mark.parametrize("joker_lead", ["forbidden", "highest_card", "opponents_win"])
def test_the_move_paths_trick_winner_agrees_with_card_power(joker_lead):
    """The winner the move path works out (unrolled, for speed) is the one the card_power hook states."""
    rng = random.Random(joker_lead)
    checked = joker_led = 0
    while checked < 2000:
        state = start_state(start_event("quinto", 4, {"joker_lead": joker_lead}, 0))
        deck = state.full_pack()
        rng.shuffle(deck)
        state.apply_deal(deck)
        while state.awaiting == "move" and state.deals == 1:
            seat = state.to_move[0]
            state.apply_move(seat, rng.choice(state.legal_moves(seat)))
        for _, cards, winner in state.history[0]["tricks"] if state.history else state.tricks:
            assert winner == TrickGame.trick_winner(state, cards), cards
            checked += 1
            joker_led += cards[0][1] == "JK"
    assert joker_lead == "forbidden" or joker_led > 10
