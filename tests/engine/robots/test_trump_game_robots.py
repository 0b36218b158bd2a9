"""The simple robot's hooks for Sueca, Reunion and All Fours: legal play, sensible begging, better than chance."""

import re

import pytest

from engine.events import start_event
from engine.cli import main
from engine.dealing import stack_deck
from engine.record import start_state
from engine.robots import make_robot
from engine.robots.profile import profile_for

LAST_LINE = re.compile(r"^A-B: (-?\d+\.\d+) points/deal")


@pytest.mark.parametrize("game, players", [("sueca", 4), ("reunion", 3), ("all_fours", 2)])
def test_the_simple_robot_plays_a_whole_deal_from_views(game, players):
    state = start_state(start_event(game, players, {}, 0))
    state.apply_deal(state.full_pack())
    robots = [make_robot("simple", game, seed=seat) for seat in range(players)]
    while state.awaiting == "move":
        seat = state.to_move[0]
        move = robots[seat].choose(state.view(seat))
        assert move in state.legal_moves(seat)
        state.apply_move(seat, move)
    assert state.deals == 1 and state.tricks


@pytest.mark.parametrize("game, deals", [("sueca", 12), ("reunion", 12), ("all_fours", 24)])
def test_the_simple_robot_beats_random_play(game, deals, capsys):
    assert main(["arena", game, "--a", "simple", "--b", "random", "--deals", str(deals), "--seed", "1"]) == 0
    mean = float(LAST_LINE.match(capsys.readouterr().out.strip().splitlines()[-1]).group(1))
    assert mean > 0


def test_reunion_power_knows_the_left_bower_is_a_trump():
    profile = profile_for("reunion", {})
    profile.read_trump({"trump": "H"})
    assert profile.suit_of("JD") == "H"
    assert profile.power("JD", "D") > profile.power("AH", "D") > profile.power("AD", "D")
    assert profile.power("JH", "S") > profile.power("JD", "S")
    assert profile.card_points(["JD", "JH", "AS", "7C"]) == 35


def all_fours_view(hand, turn_up, seat, scores=(0, 0)):
    state = start_state(start_event("all_fours", 2, {"target": 7}, 1))
    other = [card for card in state.full_pack() if card not in hand and card != turn_up]
    hands = [hand, other[:6]] if seat == 0 else [other[:6], hand]
    state.apply_deal(stack_deck(hands, 0, [3, 3], rest=[turn_up] + other[6:]))
    for owner, points in enumerate(scores):
        if points:
            state.ledger.add(0, owner, points, "earlier deals")
    if seat == 1:
        state.apply_move(0, "beg")
    return state.view(seat)


@pytest.mark.parametrize("hand, expected", [
    ("AH 5H 2C 3D 4S 6S", "stand"),     # the Ace and another heart
    ("9H 2C 3D 4S 6S 7C", "beg"),       # one low heart
])
def test_all_fours_robot_begs_on_a_poor_holding(hand, expected):
    view = all_fours_view(hand.split(), "7H", 0)
    assert make_robot("simple", "all_fours").choose(view) == expected


@pytest.mark.parametrize("hand, scores, expected", [
    ("KH QH 2C 3D 4S 6S", (0, 0), "give"),
    ("KH QH 2C 3D 4S 6S", (6, 0), "run"),    # the gift would win the game for the non-dealer
    ("2C 3D 4S 6S 7C 8D", (0, 0), "run"),
])
def test_all_fours_dealer_gives_or_runs(hand, scores, expected):
    view = all_fours_view(hand.split(), "7H", 1, scores)
    assert make_robot("simple", "all_fours").choose(view) == expected
