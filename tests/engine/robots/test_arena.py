"""The arena command: duplicate deals and the line scripts read."""

import re

import pytest

from engine import registry
from engine.cli import main
from engine.registry import all_games
from tests.engine.tiny_game import HighCard
from tests.engine.tiny_vying import PotHighCard

TINY_GAMES = {HighCard.name: HighCard, PotHighCard.name: PotHighCard}

LAST_LINE = re.compile(r"^A-B: (-?\d+\.\d+) points/deal, 95% CI \[(-?\d+\.\d+), (-?\d+\.\d+)\]$")


def run(capsys, *args):
    assert main(["arena", "quinto", *args]) == 0
    return capsys.readouterr().out.strip().splitlines()


def test_simple_beats_random_and_the_last_line_is_for_scripts(capsys):
    lines = run(capsys, "--a", "simple", "--b", "random", "--deals", "6", "--seed", "3")
    mean, low, high = map(float, LAST_LINE.match(lines[-1]).groups())
    assert low <= mean <= high
    assert mean > 0
    assert any(line.startswith("decision time A (simple): median") for line in lines)
    assert any(re.match(r"games: A won \d+ of \d+ full games", line) for line in lines)


def test_equal_robots_cancel_out_exactly_in_duplicate(capsys):
    lines = run(capsys, "--a", "simple", "--b", "simple", "--deals", "4", "--jobs", "2")
    assert lines[-1] == "A-B: 0.00 points/deal, 95% CI [0.00, 0.00]"


def test_a_bad_count_of_deals_is_refused(capsys):
    assert main(["arena", "quinto", "--deals", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err


def test_the_report_says_so_when_no_full_game_finished(capsys):
    from argparse import Namespace

    from engine.strength.arena import report

    args = Namespace(game="quinto", a="strong", b="strong", seed=1)
    report(args, {"pairs": [4.0, -4.0], "games": [0, 0], "times": {"A": [0.01, 0.02], "B": [0.01, 0.03]}})
    lines = capsys.readouterr().out.splitlines()
    assert "games: no full game finished in these deals" in lines
    assert lines[-1] == "A-B: 0.00 points/deal, 95% CI [-7.84, 7.84]"


def test_penalty_games_are_measured_in_returns_so_that_higher_is_better(capsys):
    assert main(["arena", "polignac", "--a", "simple", "--b", "random", "--deals", "30", "--seed", "1"]) == 0
    mean, low, high = map(float, LAST_LINE.match(capsys.readouterr().out.strip().splitlines()[-1]).groups())
    assert mean > 0 and low > 0


@pytest.mark.parametrize("game", sorted(all_games()) + sorted(TINY_GAMES))
def test_the_arena_plays_every_game_at_every_level(capsys, monkeypatch, game):
    for name, tiny in TINY_GAMES.items():
        monkeypatch.setitem(registry._GAMES, name, tiny)
    for a, b in (("strong", "random"), ("simple", "random")):
        assert main(["arena", game, "--a", a, "--b", b, "--deals", "2"]) == 0
        assert LAST_LINE.match(capsys.readouterr().out.strip().splitlines()[-1])
