"""The Alembic migrations build the models' schema from nothing, on both databases."""

import json
import random

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect
from sqlmodel import SQLModel

from app.store import models  # noqa: F401
from app.context import database
from app.store.migrate import alembic_config, upgrade
from app.store.scratch_database import scratch_postgres
from app.clock import utcnow
from engine import deal_event, move_event, start_event, start_state

from conftest import POSTGRES_URL


def test_migrated_schema_matches_the_models(database_url):
    engine = create_engine(database_url)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
        inspector = inspect(connection)
        uniques = {c["name"]: c["column_names"] for c in inspector.get_unique_constraints("event")}
        due_indexes = [index["column_names"] for index in inspector.get_indexes("game")]
    engine.dispose()
    assert differences == []
    assert uniques["uq_event_game_seq"] == ["game_id", "seq"]
    assert ["due_at"] in due_indexes


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(app):
    db = database()
    if not db.is_sqlite:
        return
    with db.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 5000


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_at_0007(request, tmp_path):
    """A database of its own migrated up to 0007, before games kept their winners."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'old.sqlite'}"
        upgrade(url, "0007")
        yield url
        return
    with scratch_postgres(POSTGRES_URL, "cachette_0007") as url:
        command.downgrade(alembic_config(url), "0007")
        yield url


def tied_one_and_thirty():
    """A whole game of One-and-Thirty for two that ends 20 to 20: the same pack twice, both always stick."""
    events = [start_event("one_and_thirty", 2)]
    state = start_state(events[0])
    while not state.over:
        if state.awaiting == "deal":
            deck = state.full_pack()
            random.Random(1).shuffle(deck)
            state.apply_deal(deck)
            events.append(deal_event(deck))
        else:
            seat = state.to_move[0]
            events.append(move_event(seat, state.apply_move(seat, "stick")))
    return events


def test_the_winners_of_games_finished_before_are_read_from_their_logs(database_at_0007):
    games = sa.table("game", *(sa.column(name) for name in (
        "id", "game", "players", "status", "creator_email", "move_time", "timeout_policy", "seq", "awaiting",
        "created_at")), sa.column("options", sa.JSON), sa.column("to_move", sa.JSON), sa.column("scores", sa.JSON),
        sa.column("winner", sa.Integer))
    events = sa.table("event", sa.column("game_id"), sa.column("seq"), sa.column("created_at"),
                      sa.column("data", sa.JSON))
    record = tied_one_and_thirty()
    engine = create_engine(database_at_0007)
    with engine.begin() as connection:
        for game_id, status, log in (("tied", "over", record), ("running", "active", record[:2])):
            connection.execute(sa.insert(games).values(
                id=game_id, game="one_and_thirty", players=2, options={}, status=status, creator_email="a@b.org",
                move_time=86400, timeout_policy="robot", seq=len(log) - 1, awaiting=None, to_move=[], scores=[20, 20],
                winner=None, created_at=utcnow()))
            connection.execute(sa.insert(events), [{"game_id": game_id, "seq": seq, "data": event,
                                                    "created_at": utcnow()} for seq, event in enumerate(log)])
    upgrade(database_at_0007)
    with engine.connect() as connection:
        winners = dict(connection.execute(sa.text("SELECT id, winners FROM game")).all())
    engine.dispose()
    assert {game_id: json.loads(value) if isinstance(value, str) else value for game_id, value in winners.items()} == {
        "tied": [0, 1], "running": None}
