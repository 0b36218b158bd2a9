"""The database: engine set-up and the two kinds of session.

SQLite runs in WAL mode with a busy timeout; its write transactions begin
with BEGIN IMMEDIATE so that two writers queue instead of failing halfway.
Reads use plain deferred transactions and never block a writer.
"""

import time
from contextlib import contextmanager

from flask import g, has_request_context
from sqlalchemy import create_engine, event, exc
from sqlalchemy.orm import Session

from app import dispatch
from app.live import positions
from app.errors import Busy

BUSY_TIMEOUT_MS = 10_000
# A pooled connection idle for longer than this is tested before use (see ping_idle_connections).
PING_AFTER_IDLE_SECONDS = 5
# PostgreSQL's deadlock and serialization failures: the transaction was rolled back whole, and may be tried again.
CROSSED = ("40P01", "40001")


class Database:
    def __init__(self, url):
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        if self.is_sqlite:
            self.engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000})
            event.listen(self.engine, "connect", _sqlite_connect)
            event.listen(self.engine, "begin", _sqlite_begin)
        else:
            self.engine = create_engine(url, pool_size=10, max_overflow=20)
            ping_idle_connections(self.engine)
        self.write_engine = self.engine.execution_options(cachette_write=True)
        # PostgreSQL readers run each statement on its own (no BEGIN and ROLLBACK round trips).
        self.read_engine = self.engine if self.is_sqlite else self.engine.execution_options(
            isolation_level="AUTOCOMMIT")

    @contextmanager
    def reading(self):
        """A session for reading only: nothing it does is committed.

        Readers need no snapshot across queries: a game's events are read up to
        the seq its row showed, and the log below that seq never changes.

        In a web request every reader shares one session, opened by the first (a page read by several parts
        opens one); it ends with the request (`end_request`), or when a write commits, so that what is read
        after a write sees it.
        """
        if has_request_context():
            if "reading_session" not in g:
                # No autoflush: a row a part changed in memory, for itself, is never written.
                g.reading_session = ReadingSession(self.read_engine, expire_on_commit=False, autoflush=False)
            yield g.reading_session
            return
        with ReadingSession(self.read_engine, expire_on_commit=False) as session:
            yield session

    def end_request(self):
        """Close the request's reading session, if it opened one (its rows stay readable)."""
        if has_request_context() and "reading_session" in g:
            g.pop("reading_session").close()

    @contextmanager
    def writing(self):
        """A session whose work is committed as one transaction.

        A transaction PostgreSQL undid for crossing another (a deadlock) is a Busy error (503): nothing was
        written, and the request may be made again.

        Code inside may queue outbox rows and robot game ids with `queue_after_commit`;
        once the commit succeeds they are handed to the dispatch hook, and the games and links noted
        with `positions.note_game` / `note_link` are published for polling tables.
        """
        with Session(self.write_engine, expire_on_commit=False) as session:
            session.info["outbox_ids"] = []
            session.info["robot_game_ids"] = []
            try:
                with session.begin():
                    yield session
            except exc.OperationalError as error:
                if getattr(error.orig, "sqlstate", None) in CROSSED:
                    raise Busy("Another change to this game crossed yours, and nothing of yours was done: "
                               "please try again.") from error
                raise
            outbox_ids = session.info["outbox_ids"]
            robot_game_ids = session.info["robot_game_ids"]
            positions.publish_noted(session.info)
        self.end_request()
        if outbox_ids or robot_game_ids:
            dispatch.after_commit(outbox_ids=outbox_ids, robot_game_ids=sorted(set(robot_game_ids)))

    def dispose(self):
        self.engine.dispose()


class ReadingSession(Session):
    """A session that refuses to write: on PostgreSQL its statements autocommit, so a flush would stick."""

    def flush(self, objects=None):
        if self.new or self.dirty or self.deleted:
            raise RuntimeError("a reading session cannot write; use Database.writing()")


def queue_after_commit(session, outbox_id=None, robot_game_id=None):
    """Note work for the dispatch hook, to be handed over once `session` commits."""
    if outbox_id is not None:
        session.info["outbox_ids"].append(outbox_id)
    if robot_game_id is not None:
        session.info["robot_game_ids"].append(robot_game_id)


def _sqlite_connect(dbapi_connection, _record):
    # Let SQLAlchemy's "begin" event emit BEGIN itself (the driver's own is deferred).
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _sqlite_begin(connection):
    immediate = connection.get_execution_options().get("cachette_write")
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def ping_idle_connections(engine):
    """Test a pooled connection that has sat idle before handing it out.

    A restarted or timed-out server leaves idle connections dead; a failed
    ping makes the pool replace the connection. Connections in steady use
    are not pinged: on a busy server that round trip cost a tenth of a
    move. If the server restarts under load, the first statement on each
    stale connection fails once, and SQLAlchemy then renews the whole pool.
    """
    def note_checkin(_dbapi_connection, record):
        record.info["checked_in_at"] = time.monotonic()

    def ping_if_idle(dbapi_connection, record, _proxy):
        if time.monotonic() - record.info.get("checked_in_at", float("inf")) < PING_AFTER_IDLE_SECONDS:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except Exception as error:
            raise exc.DisconnectionError(f"an idle database connection was lost: {error}") from error

    event.listen(engine, "checkin", note_checkin)
    event.listen(engine, "checkout", ping_if_idle)
