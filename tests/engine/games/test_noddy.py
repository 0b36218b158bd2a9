"""Noddy: the test cases of rules/noddy.md, the counting words, the go and the end of the game."""

import pytest

from engine.dealing import stack_deck
from engine.errors import IllegalMoveError
from engine.games.noddy import hand_combinations, pile_combinations, say
from engine.record import start_state

DEALER = 1   # two players: seat 0 is eldest


def dealt(hands, up_card, options=None, dealer=DEALER, before=None):
    """A game whose first deal gives `hands` (seat by seat) and turns up `up_card`; `before` scores sides first."""
    state = start_state({"type": "start", "game": "noddy", "seats": len(hands), "options": options or {},
                         "dealer": dealer})
    for side, points in (before or {}).items():
        state.ledger.add(0, side, points, "earlier deals")
    used = [card for hand in hands for card in hand] + [up_card]
    rest = [card for card in state.full_pack() if card not in used]
    state.apply_deal(stack_deck(hands, (dealer + 1) % len(hands), [1, 1, 1], rest=[up_card] + rest))
    return state


def points(combos):
    return sum(combo["points"] for combo in combos)


def test_case_1_a_hand_of_fifteens_twenty_fives_a_flush_and_knave_noddy_counts_16():
    combos = hand_combinations(["5S", "JH", "KH"], "TH")
    kinds = [combo["kind"] for combo in combos]
    assert kinds.count("fifteen") == 3 and kinds.count("twenty_five") == 3
    assert [combo["cards"] for combo in combos if combo["kind"] == "flush"] == [["JH", "KH", "TH"]]
    assert "run" not in kinds, "10-J-K is no run without the Queen"
    assert [combo["cards"] for combo in combos if combo["kind"] == "knave_noddy"] == [["JH"]]
    assert points(combos) == 16
    assert say(combos) == ("fifteen two, fifteen four, fifteen six, twenty-five eight, twenty-five ten, "
                           "twenty-five twelve, a flush of three is fifteen, and knave noddy is sixteen")


def test_case_1_in_a_deal_the_count_is_scored_and_only_its_owner_reads_its_combinations():
    state = dealt([["5S", "JH", "KH"], ["4C", "6D", "8S"]], "TH")
    assert state.scores == [16, 0]
    mine, theirs = state.view(0)["counts"]
    assert mine["points"] == 16 and mine["words"].startswith("fifteen two")
    assert theirs == {"seat": 1, "points": None, "turned": False}   # its count is its own until the deal ends
    assert "words" not in state.view(1)["counts"][0]
    assert state.view(0)["knave_noddy_suit"] == "H" and state.view(0)["up_card"] == "TH"


def test_case_2_a_turned_up_knave_gives_the_dealer_two_at_once():
    state = dealt([["2C", "4D", "9S"], ["3C", "5D", "8S"]], "JD")
    first = state.counts[0]
    assert first["seat"] == DEALER and first["points"] == 2 and first["words"] == "two for turning up a knave"
    assert state.ledger.entries[0][1:] == (DEALER, 2, "turned up a knave")


def test_case_3_play_scores_fifteen_then_a_run_and_may_not_pass_31():
    state = dealt([["7S", "9D", "2C"], ["8H", "KC", "3S"]], "4D")
    before = list(state.scores)
    state.apply_move(0, "7S")
    state.apply_move(1, "8H")
    assert state.scores[1] - before[1] == 2 and state.events[-1]["words"] == "fifteen two"
    state.apply_move(0, "9D")
    assert state.count == 24 and state.events[-1]["words"] == "a run of three is two"
    assert state.scores[0] - before[0] == 2
    assert "KC" not in state.legal_moves(1)
    with pytest.raises(IllegalMoveError, match="may not pass 31"):
        state.apply_move(1, "KC")


def test_case_4_a_player_on_29_with_a_pair_wins_during_the_count():
    state = dealt([["7S", "7D", "2C"], ["8H", "KC", "3S"]], "4D", before={0: 29})
    assert state.over and state.winner == 0 and state.scores[0] == 31
    assert state.history[-1]["pile"] == [], "no card was played"


def test_duplicate_cards_make_several_runs_and_a_pair_royal_is_six():
    combos = hand_combinations(["5S", "6H", "6C"], "7D")
    assert [combo["kind"] for combo in combos] == ["pair", "run", "run"] and points(combos) == 6
    assert say(combos) == "a pair is two, a run of three is four, and a run of three is six"
    assert points(hand_combinations(["9S", "9H", "9C"], "2D")) == 6
    assert points(hand_combinations(["9S", "9H", "9C"], "9D")) == 12
    assert points(hand_combinations(["AS", "2H", "3C"], "8D")) == 2, "A-2-3 is a run"
    assert points(hand_combinations(["QS", "KH", "AC"], "7D")) == 0, "Q-K-A is no run"


def test_runs_and_flushes_in_the_play_count_their_longest_and_a_point_a_card_from_five():
    assert [c["kind"] for c in pile_combinations(["4S", "2H", "3S"])] == ["run"]
    assert points(pile_combinations(["4S", "2S", "3S", "5S", "AS"])) == 2 + 5 + 5   # 15, a run and a flush of five
    assert points(pile_combinations(["5H", "5S"])) == 2 and points(pile_combinations(["5H", "5S", "5D"])) == 8
    assert points(pile_combinations(["KS", "JS", "QH", "8D"])) == 0


def test_thirty_one_scores_two_and_ends_the_play_without_a_go():
    state = dealt([["KS", "TD", "AC"], ["QH", "JC", "2S"]], "4D")
    before = list(state.scores)
    for seat, card in ((0, "KS"), (1, "QH"), (0, "AC")):
        state.apply_move(seat, card)
    assert state.to_move == [1] and state.count == 21
    state.apply_move(1, "JC")
    assert state.scores[1] - before[1] == 2 and state.awaiting == "deal"
    assert state.history[-1]["plays"][-1]["words"] == "thirty-one for two"
    assert state.history[-1]["dead"] == [["TD"], ["2S"]]


def test_after_a_go_the_other_plays_on_and_the_last_card_scores_one():
    state = dealt([["KS", "TD", "9C"], ["QH", "2C", "3S"]], "4D")
    before = list(state.scores)
    state.apply_move(0, "KS")
    state.apply_move(1, "QH")
    state.apply_move(0, "9C")            # 29: seat 1 can lay its 2
    state.apply_move(1, "2C")            # 31 exactly
    assert state.scores[1] - before[1] == 2
    state = dealt([["KS", "TD", "9C"], ["QH", "5C", "6S"]], "4D")
    before = list(state.scores)
    state.apply_move(0, "KS")
    state.apply_move(1, "QH")
    state.apply_move(0, "9C")            # 29: seat 1 cannot lay, seat 0 cannot either
    assert state.awaiting == "deal"
    assert state.history[-1]["plays"][-1] == {"seat": 0, "card": None, "count": 29, "points": 1,
                                             "words": "one for the go"}
    assert state.scores[0] - before[0] == 1


def test_the_seeds_end_of_play_stops_at_the_first_go():
    hands = [["KS", "5D", "9C"], ["QH", "4S", "AC"]]
    on = dealt(hands, "2D")
    off = dealt(hands, "2D", {"after_go": "end_play"})
    for state in (on, off):
        for seat, card in ((0, "KS"), (1, "QH"), (0, "5D"), (1, "4S")):
            state.apply_move(seat, card)       # 29: seat 0 cannot lay its 9, seat 1 still holds the Ace
    assert on.to_move == [1] and on.legal_moves(1) == ["AC"], "play on: seat 1 lays while it can"
    assert off.awaiting == "deal" and off.history[-1]["plays"][-1]["words"] == "one for the go"


def test_knave_noddy_scores_in_the_play_only_by_option():
    hands = [["JD", "3C", "2C"], ["8H", "9C", "4S"]]
    plain, scoring = dealt(hands, "6D"), dealt(hands, "6D", {"noddy_in_play": True})
    for state in (plain, scoring):
        state.apply_move(0, "JD")
    assert plain.events[-1]["points"] == 0 and scoring.events[-1]["words"] == "knave noddy is one"


def test_four_players_play_in_partnerships_and_reach_the_target_together():
    state = dealt([["2C", "3D", "9S"], ["4C", "6D", "8S"], ["5H", "TD", "QS"], ["7C", "AD", "KS"]], "8H",
                  options={"target": 15}, dealer=3)
    assert state.seats.sides == (0, 1, 0, 1) and len(state.scores) == 2
    while not state.over and state.awaiting == "move":
        seat = state.to_move[0]
        state.apply_move(seat, state.legal_moves(seat)[0])
    assert sum(state.scores) > 0 and state.seats.partnerships


def test_the_seat_to_move_is_told_the_count_each_card_would_make_and_what_it_scores():
    state = dealt([["7S", "9D", "2C"], ["8H", "KC", "3S"]], "4D")
    state.apply_move(0, "7S")
    view = state.view(1)
    assert view["play_count"] == 7 and "total" not in view, "the count of the play, named as what it is"
    lays = {lay["card"]: lay for lay in view["lays"]}
    assert lays["8H"] == {"card": "8H", "count": 15, "points": 2, "words": "fifteen two"}
    assert lays["KC"]["count"] == 17 and lays["KC"]["points"] == 0
    assert state.view(0)["lays"] == [], "only the seat to move is told what its cards would make"
    assert state.action_words(1, "8H") == "Lay 8♥ (count 15): fifteen two"
    assert state.action_words(1, "3S") == "Lay 3♠ (count 10)"
    state.apply_move(1, "8H")
    assert state.events[-1] == {"seat": 1, **lays["8H"]}, "what the seat was told is what the play scored"


def test_a_hand_count_is_its_owners_own_and_the_up_card_lies_apart_from_the_played_cards():
    state = dealt([["5S", "JH", "KH"], ["4C", "6D", "8S"]], "TH")
    assert state.view(0)["hand_count"]["points"] == 16 and state.view(0)["hand_count"]["combos"]
    assert state.view(1)["hand_count"]["points"] == 0
    assert state.view(0)["unused"] == 52 - 7
    state.apply_move(0, "5S")
    assert state.view(1)["table"] == [[0, "5S"]], "the up card is not among the played cards"
    assert state.view(1)["up_card"] == "TH"
