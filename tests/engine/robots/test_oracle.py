"""The oracle: the strong robot's search on the true deal, for measurement in the arena only."""

import re

import pytest

from engine import registry
from engine.cli import main
from engine.errors import EngineError
from engine.strength.gap import share_closed
from engine.registry import all_games
from engine.robots import make_robot, robot_levels
from engine.robots.oracle import Oracle
from tests.engine.tiny_game import HighCard

LAST_LINE = re.compile(r"^A-B: (-?\d+\.\d+) points/deal, 95% CI \[(-?\d+\.\d+), (-?\d+\.\d+)\]$")


def test_the_oracle_is_no_robot_level_so_no_table_can_seat_it():
    assert "oracle" not in robot_levels()
    with pytest.raises(EngineError, match="unknown robot level 'oracle'"):
        make_robot("oracle", "quinto")


def high_card_deal(pack):
    state = HighCard(2, {}, 0)
    state.apply_deal(pack)
    return state


def test_the_oracle_reads_the_hidden_stock_where_a_robot_cannot(monkeypatch):
    monkeypatch.setitem(registry._GAMES, HighCard.name, HighCard)
    # Seat 1 (eldest) holds the Ace of hearts in both deals and sees nothing else: its view is the same.
    # Under it lies the Ace of spades (a swap wins) or the Queen of spades (a swap loses to the King).
    swap_wins = high_card_deal(["AH", "KH", "AS", "QS", "QH", "KS"])
    swap_loses = high_card_deal(["AH", "KH", "QS", "AS", "QH", "KS"])
    assert swap_wins.view(1) == swap_loses.view(1)
    oracle = Oracle(HighCard.name, seed=7)
    assert oracle.choose(swap_wins, 1) == "swap"
    assert oracle.choose(swap_loses, 1) == "stand"
    robot = make_robot("strong", HighCard.name, seed=7)
    assert robot.choose(swap_wins.view(1)) == robot.choose(swap_loses.view(1))


@pytest.mark.parametrize("game", sorted(all_games()))
def test_the_arena_plays_strong_against_the_oracle_in_every_game(capsys, game):
    assert main(["arena", game, "--a", "strong", "--b", "oracle", "--deals", "2"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert LAST_LINE.match(lines[-1])
    assert any(line.startswith("decision time B (oracle): median") for line in lines)


def test_the_share_closed_is_the_ratio_of_mean_edges_with_an_interval_from_the_paired_deals():
    assert share_closed([1.0, 1.0, 2.0, 2.0], [2.0, 2.0, 4.0, 4.0]) == (0.5, 0.5, 0.5)
    share, low, high = share_closed([1.0, 0.0, 2.0, 1.0], [2.0, 1.0, 4.0, 3.0])
    assert share == 0.4 and low < share < high


def test_the_share_has_no_interval_when_the_oracle_is_not_clearly_better():
    assert share_closed([1.0, -1.0], [2.0, -1.0]) == (0.0, None, None)
    assert share_closed([1.0, 2.0], [1.0, -1.0]) == (None, None, None)


def test_the_gap_command_prints_a_line_per_game(capsys, monkeypatch):
    monkeypatch.setitem(registry._GAMES, HighCard.name, HighCard)
    assert main(["gap", "--deals", "6", "--games", HighCard.name]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[1].split()[:4] == ["game", "strong-simple", "oracle-simple", "share"]
    assert re.match(r"high_card +-?\d+\.\d\d \[", lines[2])


def test_the_gap_command_refuses_an_unknown_game(capsys):
    assert main(["gap", "--games", "whist"]) == 2
    assert "no such game: whist" in capsys.readouterr().err
