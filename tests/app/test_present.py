"""How things read on pages and in mails."""

import pytest

from app.present import players_words


@pytest.mark.parametrize("counts, words", [
    ((2,), "2 players"), ((4, 3), "3 or 4 players"), ((4, 2, 3, 5, 6, 7, 8), "2 to 8 players"),
    ((4, 3, 5, 6), "3 to 6 players"), ((2, 4, 6), "2, 4 or 6 players"),
])
def test_player_counts_read_as_words(counts, words):
    assert players_words(counts) == words
