"""The Celery dispatcher: commits close together share their tasks, and when the broker is away the
commit stands and moves stop waiting for the broker.

The window runs on a clock the tests move by hand, so no test races a timer."""

import os
import socket
import threading
import time
import uuid

import pytest
import redis

from app import create_app, dispatch
from app.live.redis_breaker import COOL_OFF, breaker_for
from workers.dispatcher import CeleryDispatcher, daemon_timer
from workers.web import attach

from live import RedisServer, queued_tasks, wait_until
from smtp_sink import free_port
from worker_fixtures import worker_config

REDIS_URL = os.environ.get("CACHETTE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


def closed_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ManualClock:
    """The dispatcher's clock and timers: time stands still but when moved, and a timer runs only when
    time is moved past it, or on to it by `run_next`."""

    def __init__(self):
        self.now = 1000.0
        self.timers = []

    def __call__(self):
        return self.now

    def schedule(self, delay, function):
        timer = ManualTimer(self.now + delay, function)
        self.timers.append(timer)
        return timer

    def pending(self):
        return [timer for timer in self.timers if not timer.cancelled]

    def advance(self, seconds):
        self.now += seconds
        for timer in self.pending():
            if timer.at <= self.now:
                timer.cancel()
                timer.function()

    def run_next(self):
        """Move time to the earliest pending timer and run it."""
        timer = min(self.pending(), key=lambda pending: pending.at)
        self.now = timer.at
        timer.cancel()
        timer.function()


class ManualTimer:
    def __init__(self, at, function):
        self.at, self.function, self.cancelled = at, function, False

    def cancel(self):
        self.cancelled = True


@pytest.fixture
def clock():
    return ManualClock()


@pytest.fixture
def attached(tmp_path, clock):
    made = []

    def attach_app(**changes):
        config = worker_config(tmp_path, f"sqlite:///{tmp_path / 'db.sqlite'}", **changes)
        application = attach(create_app(config))
        made.append(application)
        dispatcher = CeleryDispatcher(application, clock=clock, schedule=clock.schedule)
        dispatch.set_dispatcher(dispatcher)
        return application, dispatcher

    yield attach_app
    dispatch.set_dispatcher(None)
    for application in made:
        application.extensions["cachette"]["db"].dispose()


def test_commits_within_the_window_share_their_tasks(attached, clock):
    queue = f"cachette_test_{uuid.uuid4().hex[:8]}"
    client = redis.Redis.from_url(REDIS_URL)
    application, dispatcher = attached(redis_url=REDIS_URL, celery_queue=queue)
    try:
        with application.app_context():
            dispatch.after_commit(outbox_ids=[1], robot_game_ids=[])                  # after a quiet spell: at once,
            [timer] = clock.pending()                                                 # but on the timer's thread
            assert timer.at == clock.now and queued_tasks(client, queue) == []
            clock.run_next()
            assert queued_tasks(client, queue) == [("cachette.send_mail", [1])]
            first_queued = clock.now
            clock.advance(dispatcher.window / 2)
            for outbox_id in range(2, 62):
                dispatch.after_commit(outbox_ids=[outbox_id], robot_game_ids=["g1"] if outbox_id % 2 else ["g2"])
            assert len(queued_tasks(client, queue)) == 1                              # gathered, not yet queued
            [timer] = clock.pending()                                                 # one publish, at the end
            assert timer.at == pytest.approx(first_queued + dispatcher.window)
            clock.advance(dispatcher.window / 4)
            assert len(queued_tasks(client, queue)) == 1
            clock.run_next()
            assert queued_tasks(client, queue)[1:] == [
                ("cachette.send_mail", list(range(2, 52))),                         # in tasks of SEND_BATCH rows
                ("cachette.send_mail", list(range(52, 62))),
                ("cachette.play_robots", "g1"),                                     # one task per game
                ("cachette.play_robots", "g2"),
            ]
            assert dispatcher.timer is None and dispatcher.outbox_ids == [] and not dispatcher.robot_game_ids
            clock.advance(dispatcher.window)                                          # a quiet spell again
            dispatch.after_commit(outbox_ids=[62], robot_game_ids=[])
            clock.run_next()
            assert queued_tasks(client, queue)[-1] == ("cachette.send_mail", [62]) and clock.pending() == []
    finally:
        client.delete(queue)


def test_the_default_timer_calls_back_from_a_daemon_thread():
    called = threading.Event()
    timer = daemon_timer(0.01, called.set)
    assert timer.daemon and called.wait(60)


def test_work_the_broker_refused_is_kept_and_queued_once_it_is_back(attached, clock, caplog, tmp_path):
    server = RedisServer(free_port(), tmp_path).start()
    queue = f"cachette_test_{uuid.uuid4().hex[:8]}"
    application, dispatcher = attached(redis_url=server.url, celery_queue=queue)
    dispatcher.window = 0                                                    # every commit queues its own tasks
    try:
        server.stop()
        with application.app_context():
            dispatch.after_commit(outbox_ids=[1], robot_game_ids=["g"])
            clock.run_next()                                                  # refused: logged, not raised, kept
            assert caplog.text.count("could not queue tasks") == 1
            with pytest.raises(redis.ConnectionError):                        # the process's breaker is open
                breaker_for(server.url).check()
            [retry] = clock.pending()
            assert retry.at == clock.now + dispatcher.retry
            dispatch.after_commit(outbox_ids=[2], robot_game_ids=["h"])       # gathered for the retry, no attempt
            assert clock.pending() == [retry] and dispatcher.outbox_ids == [1, 2]
            clock.run_next()                                                  # tried again: still down
            assert caplog.text.count("could not queue tasks") == 1 and dispatcher.outbox_ids == [1, 2]
            server.start()
            time.sleep(COOL_OFF)                                              # the breaker closes again
            while clock.pending():
                clock.run_next()
            queued = queued_tasks(redis.Redis.from_url(server.url), queue)
            assert queued == [("cachette.send_mail", [1, 2]), ("cachette.play_robots", "g"),
                              ("cachette.play_robots", "h")]
            assert "the broker is back" in caplog.text and dispatcher.outbox_ids == []
    finally:
        server.stop()


def test_a_forked_child_starts_with_nothing_gathered_and_a_free_lock(attached, clock):
    application, dispatcher = attached(redis_url=f"redis://127.0.0.1:{closed_port()}/0")
    dispatcher.last_publish = clock.now                                      # the next commit is gathered
    with application.app_context():
        dispatch.after_commit(outbox_ids=[7], robot_game_ids=["g"])
    assert dispatcher.timer is not None and dispatcher.outbox_ids == [7]
    try:
        with dispatcher.lock:                                                # held at the moment of the fork
            child = os.fork()
            if child == 0:
                fresh = dispatcher.timer is None and dispatcher.outbox_ids == [] and not dispatcher.robot_game_ids
                os._exit(0 if fresh and dispatcher.lock.acquire(timeout=1) else 1)
        _, status = os.waitpid(child, 0)
        assert os.waitstatus_to_exitcode(status) == 0
        assert dispatcher.outbox_ids == [7]                                  # the parent still holds its work
    finally:
        dispatcher.timer.cancel()
        dispatcher.start_empty()                                             # nothing left to queue at exit


def test_a_commit_never_waits_for_a_broker_that_does_not_answer(tmp_path, caplog):
    silent = socket.create_server(("127.0.0.1", 0))          # takes connections, never answers
    application = attach(create_app(worker_config(tmp_path, f"sqlite:///{tmp_path / 'db.sqlite'}",
                                                  redis_url=f"redis://127.0.0.1:{silent.getsockname()[1]}/0")))
    dispatcher = CeleryDispatcher(application)
    try:
        with application.app_context():
            started = time.monotonic()
            dispatcher(outbox_ids=[1], robot_game_ids=["g"])
            assert time.monotonic() - started < 0.5
            wait_until(lambda: "could not queue tasks" in caplog.text, 30, "the hand-off was not bounded")
            assert dispatcher.outbox_ids == [1]                    # kept for the retry
    finally:
        if dispatcher.timer is not None:
            dispatcher.timer.cancel()
        dispatcher.start_empty()
        dispatch.set_dispatcher(None)
        silent.close()
        application.extensions["cachette"]["db"].dispose()
