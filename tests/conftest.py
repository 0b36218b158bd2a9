"""Shared fixtures: the app on SQLite and on the local PostgreSQL, its client, and mail helpers.

Database tests take the `app` fixture, which runs each test on both
databases. PostgreSQL tests use a database of their own, created for the
session from CACHETTE_TEST_POSTGRES_URL and dropped at the end.
"""

import os
import shutil

import pytest
from sqlalchemy import create_engine, text

from app import create_app, dispatch
from app.config import Config
from app.migrate import upgrade
from app.scratch_database import scratch_postgres
from app.services.mail import mail_bodies

POSTGRES_URL = os.environ.get("CACHETTE_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
TABLES = ("outbox", "event", "seat", "game")


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory):
    """A migrated SQLite file, copied for each test (faster than migrating each time)."""
    path = tmp_path_factory.mktemp("sqlite") / "template.sqlite"
    upgrade(f"sqlite:///{path}")
    return path


@pytest.fixture(scope="session")
def postgres_database():
    """A fresh, migrated PostgreSQL database for this test session."""
    with scratch_postgres(POSTGRES_URL, "cachette_app") as url:
        yield url


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request, tmp_path, sqlite_template):
    if request.param == "sqlite":
        path = tmp_path / "cachette.sqlite"
        shutil.copy(sqlite_template, path)
        return f"sqlite:///{path}"
    url = request.getfixturevalue("postgres_database")
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE"))
    engine.dispose()
    return url


class Dispatched:
    """Records what the after-commit hook is handed."""

    def __init__(self):
        self.outbox_ids = []
        self.robot_game_ids = []

    def __call__(self, outbox_ids, robot_game_ids):
        self.outbox_ids.extend(outbox_ids)
        self.robot_game_ids.extend(robot_game_ids)


@pytest.fixture
def dispatched():
    recorder = Dispatched()
    dispatch.set_dispatcher(recorder)
    yield recorder
    dispatch.set_dispatcher(None)


def make_config(tmp_path, database_url, **changes):
    settings = dict(instance_path=str(tmp_path), database_url=database_url, secret_key="test-secret-key",
                    base_url="http://localhost", testing=True)
    settings.update(changes)
    return Config(**settings)


@pytest.fixture
def app(tmp_path, database_url, dispatched):
    application = create_app(make_config(tmp_path, database_url))
    with application.app_context():
        yield application
    application.extensions["cachette"]["db"].dispose()


@pytest.fixture
def client(app):
    return app.test_client()


def text_of(mail):
    """An outbox row's text body, rendered as it is sent."""
    return mail_bodies(mail)[0]


def html_of(mail):
    """An outbox row's HTML body, rendered as it is sent."""
    return mail_bodies(mail)[1]
