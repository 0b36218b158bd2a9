"""How things read on pages and in mails."""

import pytest

from app.words.present import names_words, players_words, position_words


@pytest.mark.parametrize("counts, words", [
    ((2,), "2 players"), ((4, 3), "3 or 4 players"), ((4, 2, 3, 5, 6, 7, 8), "2 to 8 players"),
    ((4, 3, 5, 6), "3 to 6 players"), ((2, 4, 6), "2, 4 or 6 players"),
])
def test_player_counts_read_as_words(counts, words):
    assert players_words(counts) == words


@pytest.mark.parametrize("names, words", [
    (["Bob"], "Bob"), (["Bob", "Cy"], "Bob and Cy"), (["Bob", "Cy", "Di"], "Bob, Cy and Di"), ([], ""),
])
def test_names_read_as_a_list(names, words):
    assert names_words(names) == words


@pytest.mark.parametrize("view, words", [
    ({"legal": ["AS", "KH"], "phase": "play", "table": [], "deal": 2}, "your lead, deal 2"),
    ({"legal": ["AS"], "phase": "play", "table": [[1, "QS"]], "deal": 1}, "your turn to play, deal 1"),
    ({"legal": ["double", "pass"], "phase": "doubling", "table": [], "deal": 3}, "your call in the doubling, deal 3"),
    ({"legal": ["pass", "QS"], "phase": "play", "table": [], "deal": 4}, "your call, deal 4"),
    ({"legal": ["QS"], "phase": "discard", "table": [], "deal": 1}, "your move in the discard, deal 1"),
    ({"legal": [], "phase": "deal", "table": [], "deal": 0}, "your move"),
])
def test_a_position_reads_from_the_envelope_alone(view, words):
    assert position_words(view) == words
