"""The two kinds of session (a reading session never writes, even by accident), and lost connections."""

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError

from app import db
from app.context import database
from app.db import Database

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


def kill_connections(url):
    """End every other server connection to the database, as a server restart would."""
    killer = create_engine(url)
    with killer.begin() as connection:
        connection.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                "WHERE datname = current_database() AND pid <> pg_backend_pid()"))
    killer.dispose()


@pytest.mark.postgres
def test_a_connection_lost_while_idle_is_replaced_before_use(postgres_database, monkeypatch):
    database = Database(postgres_database)
    try:
        with database.reading() as session:
            assert session.execute(text("SELECT 1")).scalar() == 1
        kill_connections(postgres_database)
        monkeypatch.setattr(db, "PING_AFTER_IDLE_SECONDS", 0)         # the connection has been idle long enough
        with database.writing() as session:
            assert session.execute(text("SELECT 2")).scalar() == 2
    finally:
        database.dispose()


@pytest.mark.postgres
def test_a_connection_in_steady_use_is_not_pinged_and_the_pool_recovers_after_one_failure(postgres_database):
    database = Database(postgres_database)
    try:
        with database.reading() as session:
            session.execute(text("SELECT 1"))
        kill_connections(postgres_database)
        with pytest.raises(OperationalError):                        # used again at once: no ping
            with database.reading() as session:
                session.execute(text("SELECT 1"))
        with database.reading() as session:                           # the pool was renewed
            assert session.execute(text("SELECT 3")).scalar() == 3
    finally:
        database.dispose()
