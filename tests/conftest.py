"""Shared fixtures: the app on SQLite and on the local PostgreSQL, its client, and mail helpers.

Database tests take the `app` fixture, which runs each test on both
databases. PostgreSQL tests use a database of their own, created for the
session from CACHETTE_TEST_POSTGRES_URL and dropped at the end.
"""

import os
import shutil
from contextlib import contextmanager

import pytest
from sqlalchemy import create_engine, select, text

from app import create_app, dispatch
from app.config import Config
from app.context import database
from app.store.migrate import upgrade
from app.store.models import Outbox
from app.store.scratch_database import scratch_postgres
from app.mail_out import consent
from app.play import games
from app.clock import utcnow
from app.mail_out.mail import mail_bodies

POSTGRES_URL = os.environ.get("CACHETTE_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
TABLES = ("outbox", "event", "seat", "game", "consent", "handle", "rating")   # game's CASCADE takes the rest


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
        self.my_games = []

    def __call__(self, outbox_ids, robot_game_ids, my_games=()):
        self.outbox_ids.extend(outbox_ids)
        self.robot_game_ids.extend(robot_game_ids)
        self.my_games.extend(my_games)


@pytest.fixture
def dispatched():
    recorder = Dispatched()
    dispatch.set_dispatcher(recorder)
    yield recorder
    dispatch.set_dispatcher(None)


def make_config(tmp_path, database_url, **changes):
    """Development settings (the mailbox on, turn mails answerable by reply), as `make run` has them."""
    settings = dict(instance_path=str(tmp_path), database_url=database_url, secret_key="test-secret-key",
                    base_url="http://localhost", testing=True, dev_mailbox=True, inbound_domain="localhost")
    settings.update(changes)
    return Config(**settings)


@contextmanager
def app_in_context(config):
    """The app built on `config`, inside its app context; its database connections are closed afterwards."""
    application = create_app(config)
    try:
        with application.app_context():
            yield application
    finally:
        application.extensions["cachette"]["db"].dispose()


@pytest.fixture
def app(tmp_path, database_url, dispatched):
    with app_in_context(make_config(tmp_path, database_url)) as application:
        yield application


@pytest.fixture
def client(app):
    return app.test_client()


def text_of(mail):
    """An outbox row's text body, rendered as it is sent."""
    return mail_bodies(mail)[0]


def html_of(mail):
    """An outbox row's HTML body, rendered as it is sent."""
    return mail_bodies(mail)[1]


def confirmation_token(address):
    """The token of the newest confirmation link mailed to `address`."""
    with database().reading() as session:
        row = session.execute(select(Outbox).where(Outbox.recipient == address, Outbox.kind == consent.CONFIRM)
                              .order_by(Outbox.id.desc()).limit(1)).scalar_one()
    return row.context["confirm_url"].rsplit("/", 1)[1]


def confirm_address(address):
    """Confirm an address as its owner would: open the newest confirmation link mailed to it (one is
    mailed first if it has none it can use). Returns what confirming started (see games.confirm_address)."""
    now = utcnow()
    with database().writing() as session:
        book = consent.locked(session, [address], now)
        consent.queue_confirmation(session, book[address], "Confirm your address", {"reason": "my_games"}, now)
    return games.confirm_address(confirmation_token(address))
