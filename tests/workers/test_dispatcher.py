"""The Celery dispatcher when the broker is away: the commit stands, and moves stop waiting for the broker."""

import socket
import time

from app import create_app, dispatch
from workers.web import attach

from worker_fixtures import worker_config


def closed_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_after_the_broker_fails_it_is_left_alone_for_one_sweep_interval(tmp_path, caplog):
    config = worker_config(tmp_path, f"sqlite:///{tmp_path / 'db.sqlite'}", redis_url=f"redis://127.0.0.1:{closed_port()}/0",
                           sweep_interval=60)
    application = attach(create_app(config))
    dispatcher = dispatch.get_dispatcher()
    try:
        with application.app_context():
            dispatch.after_commit(outbox_ids=[1], robot_game_ids=["g"])           # refused: logged, not raised
            assert "could not queue tasks" in caplog.text
            assert dispatcher.paused_until > time.monotonic() + 55
            started = time.perf_counter()
            dispatch.after_commit(outbox_ids=[2], robot_game_ids=[])
            assert time.perf_counter() - started < 0.05                          # no connection attempt
            assert caplog.text.count("could not queue tasks") == 1
            dispatcher.paused_until = 0.0                                        # the interval has passed
            dispatch.after_commit(outbox_ids=[3], robot_game_ids=[])
            assert caplog.text.count("could not queue tasks") == 2               # tried again
    finally:
        dispatch.set_dispatcher(None)
        application.extensions["cachette"]["db"].dispose()
