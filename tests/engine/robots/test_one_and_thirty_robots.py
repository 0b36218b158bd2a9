"""One-and-Thirty's and Bone-Ace's robots: legal whole games, the sticking mark, and the search's judgment."""

import random
import re
from collections import Counter

import pytest

from engine.cli import main
from engine.robots import make_robot
from engine.robots.games.one_and_thirty import STICK_AT, guess, unseen_cards
from engine.games.one_and_thirty import hand_total
from tests.engine.games.test_one_and_thirty import dealt
from tests.engine.robots.robot_playouts import play_out

LAST_LINE = re.compile(r"^A-B: (-?\d+\.\d+) points/deal, 95% CI \[(-?\d+\.\d+), (-?\d+\.\d+)\]$")


@pytest.mark.parametrize("level", ["random", "simple", "strong"])
@pytest.mark.parametrize("game, players, options", [
    ("one_and_thirty", 2, {}), ("one_and_thirty", 5, {"ace_value": 11, "double_for_31": False}),
    ("bone_ace", 3, {}), ("bone_ace", 6, {"bone_payment": "half_pool", "ace_value": 1})])
def test_robots_play_whole_games_from_views(game, players, options, level):
    state = play_out(game, players, options, level)
    assert state.over and len(state.history) == players
    assert sum(state.scores) == players * 20, "counters only change hands"


@pytest.mark.parametrize("total, move", [(STICK_AT - 1, "draw"), (STICK_AT, "stick")])
def test_the_simple_robot_sticks_at_its_mark(total, move):
    hand = {STICK_AT - 1: ["KS", "9H", "6D"], STICK_AT: ["KS", "9H", "7D"]}[total]
    state = dealt([hand, ["2C", "3C", "4C"], ["2D", "3D", "4D"]], [])
    assert state.view(0)["total"] == total
    assert make_robot("simple", "one_and_thirty", 1).choose(state.view(0)) == move


def test_the_strong_dealer_draws_to_beat_a_high_stuck_hand_and_sticks_above_it():
    # Seat 0 bust, seat 1 stuck: the dealer (seat 2) on 26 cannot win a level total and must draw.
    behind = dealt([["KS", "QH", "2D"], ["KC", "QC", "8H"], ["KD", "9D", "7C"]], ["TS"])
    behind.apply_move(0, "draw")
    behind.apply_move(1, "stick")
    assert behind.view(2)["statuses"] == ["bust", "stuck", "to_play"]
    strong = make_robot("strong", "one_and_thirty", 5)
    assert strong.choose(behind.view(2)) == "draw"
    ahead = dealt([["KS", "QH", "2D"], ["KC", "QC", "8H"], ["KD", "QD", "9C"]], ["TS"])
    ahead.apply_move(0, "draw")
    ahead.apply_move(1, "stick")
    assert strong.choose(ahead.view(2)) == "stick"    # 29: drawing risks much, and 29 beats most stops


def test_guesses_use_only_unseen_cards_and_fit_what_the_seat_knows():
    state = dealt([["KS", "QH", "2D"], ["KC", "QC", "8H"], ["KD", "9D", "7C"]], ["TS"], game="bone_ace")
    state.apply_move(0, "draw")                         # bust: the hand is shown
    state.apply_move(1, "stick")
    view = state.view(2)
    unseen = unseen_cards(view)
    assert not set(unseen) & (set(view["hand"]) | set(view["shown"][0]) | set(view["shown"][1]))
    rng = random.Random(4)
    for _ in range(50):
        hands, stock = guess(view, [0, 1, 2], unseen, rng)
        assert set(hands) == {1} and hands[1][0] == "8H" and len(hands[1]) == 3
        assert hand_total(hands[1], 11) < 31
        assert Counter(hands[1][1:] + stock) == Counter(unseen)


def test_a_strong_choice_is_reproducible_for_a_fixed_seed():
    state = dealt([["KS", "9H", "6D"], ["2C", "3C", "4C"], ["2D", "3D", "4D"]], [])
    choices = {make_robot("strong", "one_and_thirty", 9).choose(state.view(0)) for _ in range(3)}
    assert len(choices) == 1


def test_the_simple_robot_beats_random_play(capsys):
    assert main(["arena", "one_and_thirty", "--a", "simple", "--b", "random", "--deals", "40"]) == 0
    mean, low, high = map(float, LAST_LINE.match(capsys.readouterr().out.strip().splitlines()[-1]).groups())
    assert low > 0


def test_the_strong_robot_passes_over_a_later_hand_bust_from_the_deal():
    state = dealt([["KS", "9H", "6D"], ["AS", "AH", "KD"], ["2D", "3D", "4D"]], [], {"ace_value": 11},
                  game="bone_ace")
    assert state.view(0)["statuses"] == ["to_play", "bust", "waiting"]
    assert make_robot("strong", "bone_ace", 2).choose(state.view(0)) in ("draw", "stick")
