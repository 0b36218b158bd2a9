"""The two kinds of session: a reading session never writes, even by accident."""

import pytest

from app.context import database

from app_helpers import game_row, start


def test_a_reading_session_refuses_to_write(app):
    game = start()
    with pytest.raises(RuntimeError, match="cannot write"):
        with database().reading() as session:
            row = session.merge(game_row(game.id))
            row.status = "over"
            session.flush()
    assert game_row(game.id).status == "active"


def test_a_reading_session_does_not_autoflush_a_change_into_its_next_query(app):
    game = start()
    with pytest.raises(RuntimeError, match="cannot write"):
        with database().reading() as session:
            row = session.merge(game_row(game.id))
            row.status = "paused"
            session.get(type(row), "another-id")
    assert game_row(game.id).status == "active"
