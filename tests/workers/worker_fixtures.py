"""Fixtures for the worker tests: a real SMTP server on loopback, and the app on SQLite and PostgreSQL
(the `database_url` fixture of tests/conftest.py) set to send mail through it.

Test modules import them by name: a conftest.py here would shadow tests/conftest.py,
which other suites import as `conftest`."""

import pytest
from sqlalchemy import create_engine, text

from app.config import Config
from app.mail_out.outbox import close_sender

from conftest import app_in_context
from smtp_sink import SmtpSink


@pytest.fixture
def smtp():
    sink = SmtpSink().start()
    yield sink
    sink.stop()


def worker_config(tmp_path, database_url, smtp=None, **changes):
    settings = dict(instance_path=str(tmp_path), database_url=database_url, secret_key="test-secret-key",
                    base_url="http://localhost", testing=True, mail_from="Cachette <cachette@localhost>")
    if smtp is not None:
        settings.update(smtp_host="127.0.0.1", smtp_port=smtp.port, dev_mailbox=False)
    settings.update(changes)
    return Config(**settings)


@pytest.fixture
def app(tmp_path, database_url, dispatched, smtp):
    engine = create_engine(database_url)
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM heartbeat"))
    engine.dispose()
    with app_in_context(worker_config(tmp_path, database_url, smtp)) as application:
        yield application
        close_sender(application)


@pytest.fixture
def client(app):
    return app.test_client()
