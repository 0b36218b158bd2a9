"""The after-commit hook (app/dispatch.py) that hands committed work to Celery tasks."""

import atexit
import os
import threading
import time

from app import dispatch
from app.live.redis_breaker import breaker_for

# Under load, the work of every commit within this window goes out together: queueing a task costs
# more than many moves' other work, and a mail or a robot's turn may wait this long.
BATCH_WINDOW = 0.2
# While the broker refuses tasks, they are tried again this often (seconds), and at most this many outbox rows
# are kept meanwhile (the outbox sweep finds the others).
RETRY_EVERY = 2.0
KEPT_AT_MOST = 100_000


def daemon_timer(delay, function):
    """Call `function` after `delay` seconds in a thread that does not keep the process alive."""
    timer = threading.Timer(delay, function)
    timer.daemon = True
    timer.start()
    return timer


class CeleryDispatcher:
    """Queue `send_mail(ids)` for committed outbox rows, `play_robots(game_id)` per game with a robot to move,
    and `mail_my_games(email, requested_at)` per look-up asked for.

    Queueing is always done by a timer thread, never by the committing
    request, so that a broker that hangs holds up no request: the first
    commit after a quiet spell is queued at once, and the commits that
    follow within `window` seconds are gathered and queued together when it
    ends. Work still gathered when the process exits is queued then; work
    lost with a killed process is found by the sweeps.

    It never raises: the work is committed. When the broker refuses it, or
    does not answer within the broker's socket timeout, or its Redis's
    breaker is open (app/live/redis_breaker.py), the work is kept and tried again
    every `retry` seconds by the timer thread (commits meanwhile only add to
    it), and goes out within that long once the broker is back, rather than
    at the sweeps. Past `KEPT_AT_MOST` outbox rows, the oldest are left to
    the outbox sweep.

    `clock` (seconds, never going back) and `schedule(delay, function)` (which
    returns something with `cancel()`) are what the window runs on; tests
    pass their own to move time by hand.
    """

    def __init__(self, flask_app, window=BATCH_WINDOW, clock=time.monotonic, schedule=daemon_timer, retry=RETRY_EVERY):
        self.logger = flask_app.logger
        url = flask_app.extensions["cachette"]["config"].redis_url
        self.broker = breaker_for(url) if url else None
        self.window = window
        self.retry = retry
        self.clock = clock
        self.schedule = schedule
        self.start_empty()
        os.register_at_fork(after_in_child=self.start_empty)
        atexit.register(self.publish)

    def start_empty(self):
        """Nothing gathered and no publish scheduled. A forked child starts so: it has none of its
        parent's threads (their lock may be held for ever), and its parent queues what it gathered."""
        self.lock = threading.Lock()
        self.timer = None
        self.last_publish = float("-inf")
        self.failing = False
        self.outbox_ids, self.robot_game_ids, self.my_games = [], set(), []

    def __call__(self, outbox_ids, robot_game_ids, my_games=()):
        with self.lock:
            self.gather(outbox_ids, robot_game_ids, my_games)
            if self.timer is None:
                self.timer = self.schedule(max(0, self.last_publish + self.window - self.clock()), self.publish)

    def gather(self, outbox_ids, robot_game_ids, my_games):
        """Add work to what is to be queued (the caller holds the lock)."""
        self.outbox_ids.extend(outbox_ids)
        del self.outbox_ids[:-KEPT_AT_MOST]
        self.robot_game_ids.update(robot_game_ids)
        self.my_games.extend(my_games)

    def publish(self):
        """Queue the tasks for everything gathered so far; kept for a retry if the broker refuses. The timer
        stays set while this runs, so that commits meanwhile gather for the next publish rather than start one."""
        from workers.tasks import mail_my_games, play_robots, queue_send_mail

        with self.lock:
            outbox_ids, robot_game_ids, my_games = self.outbox_ids, sorted(self.robot_game_ids), self.my_games
            self.outbox_ids, self.robot_game_ids, self.my_games = [], set(), []
            self.last_publish = self.clock()
        failed = False
        if outbox_ids or robot_game_ids or my_games:
            try:
                if self.broker is not None:
                    self.broker.check()
                queue_send_mail(outbox_ids)
                for game_id in robot_game_ids:
                    play_robots.apply_async((game_id,), retry=False)
                for email, requested_at in my_games:
                    mail_my_games.apply_async((email, requested_at.isoformat()), retry=False)
            except Exception:
                failed = True
                if self.broker is not None:
                    self.broker.trip()
                if not self.failing:
                    self.logger.exception("could not queue tasks; they are kept and tried again every %s s",
                                          self.retry)
        with self.lock:
            if failed:              # tasks queued before the failure go again: every task is idempotent
                self.outbox_ids[:0], self.my_games[:0] = outbox_ids, my_games
                self.gather([], robot_game_ids, [])
                self.failing = True
            elif self.failing and (outbox_ids or robot_game_ids or my_games):
                self.failing = False
                self.logger.warning("the broker is back: the tasks kept meanwhile are queued")
            gathered = self.outbox_ids or self.robot_game_ids or self.my_games
            self.timer = self.schedule(self.retry if failed else self.window, self.publish) if gathered else None


def install(flask_app):
    """Make committed work go to the Celery tasks (the web process and the workers both call this)."""
    dispatch.set_dispatcher(CeleryDispatcher(flask_app))
