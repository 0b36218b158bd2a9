"""Throwaway databases for the test suite and the benchmarks: created, migrated, dropped."""

import uuid
from contextlib import contextmanager

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from app.store.migrate import upgrade


@contextmanager
def scratch_postgres(server_url, prefix):
    """The URL of a new database on the server of `server_url`, named `prefix_<random>`, dropped on exit."""
    server = make_url(server_url)
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        url = server.set(database=name).render_as_string(hide_password=False)
        upgrade(url)
        yield url
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()


@contextmanager
def scratch_database(use_sqlite, folder, server_url, prefix):
    """The URL of a new migrated database: a SQLite file in `folder` (a Path that outlives it), or a scratch
    PostgreSQL one on the server of `server_url` (`scratch_postgres`)."""
    if use_sqlite:
        url = f"sqlite:///{folder / (prefix + '.sqlite')}"
        upgrade(url)
        yield url
    else:
        with scratch_postgres(server_url, prefix) as url:
            yield url
