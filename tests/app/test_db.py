"""The two kinds of session (a reading session never writes, even by accident), and lost connections."""

import threading

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError

from app.store import db
from app.context import database
from app.store.db import Database
from app.errors import Busy

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


@pytest.mark.postgres
def test_two_changes_that_deadlock_leave_one_done_and_the_other_busy_with_nothing_written(postgres_database):
    """PostgreSQL undoes one of two transactions that wait on each other: that one is Busy (a 503), not a 500."""
    database = Database(postgres_database)
    names = ("cross_a", "cross_b")
    try:
        with database.writing() as session:
            session.execute(text("CREATE TABLE IF NOT EXISTS crossing (name text PRIMARY KEY, n int)"))
            session.execute(text("DELETE FROM crossing"))
            session.execute(text("INSERT INTO crossing VALUES ('cross_a', 0), ('cross_b', 0)"))
        both_hold_one = threading.Barrier(2)
        outcomes = {}

        def change(first, second):
            try:
                with database.writing() as session:
                    session.execute(text("UPDATE crossing SET n = n + 1 WHERE name = :name"), {"name": first})
                    both_hold_one.wait()
                    session.execute(text("UPDATE crossing SET n = n + 1 WHERE name = :name"), {"name": second})
                outcomes[first] = "done"
            except Busy as busy:
                outcomes[first] = (busy.status, busy.code)

        threads = [threading.Thread(target=change, args=order) for order in (names, names[::-1])]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert sorted(outcomes.values(), key=str) == sorted(["done", (503, "busy")], key=str)
        with database.reading() as session:
            assert session.execute(text("SELECT sum(n) FROM crossing")).scalar() == 2   # the undone wrote nothing
    finally:
        with database.writing() as session:
            session.execute(text("DROP TABLE IF EXISTS crossing"))
        database.dispose()
