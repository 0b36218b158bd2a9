"""The Alembic migrations build the models' schema from nothing, on both databases."""

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect
from sqlmodel import SQLModel

from app import models  # noqa: F401
from app.context import database


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
