"""The end rules of games of several deals: penalty games and target games."""

import pytest

from engine.endings import check_penalty_end, penalty_end_options, penalty_winners, target_winner
from engine.errors import OptionError
from engine.options import resolve_options


def options(players, **given):
    return resolve_options(penalty_end_options(threshold=10), given, players)


def test_fixed_deals_default_to_two_rounds_and_must_be_a_multiple_of_the_players():
    assert options(4) == {"end": "fixed_deals", "deals": 8, "threshold": 10}
    assert options(6)["deals"] == 12
    check_penalty_end(options(4, deals=12), 4)
    with pytest.raises(OptionError, match="multiple of the number of players"):
        check_penalty_end(options(4, deals=10), 4)
    check_penalty_end(options(4, end="threshold", deals=10), 4)


def test_penalty_games_end_after_the_deals_or_at_the_threshold_and_the_fewest_win():
    fixed = options(3, deals=3)
    assert penalty_winners(fixed, 2, [9, 1, 4]) is None
    assert penalty_winners(fixed, 3, [9, 1, 4]) == [1]
    assert penalty_winners(fixed, 3, [2, 5, 2]) == [0, 2]
    threshold = options(3, end="threshold", threshold=10)
    assert penalty_winners(threshold, 30, [9, 1, 4]) is None
    assert penalty_winners(threshold, 2, [10, 1, 4]) == [1]


def test_target_games_need_one_best_score_at_or_over_the_target():
    assert target_winner([40, 12], 41) is None
    assert target_winner([41, 12], 41) == 0
    assert target_winner([45, 50], 41) == 1
    assert target_winner([45, 45], 41) is None
    assert target_winner([45, 45, 50], 41) == 2
