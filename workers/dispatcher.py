"""The after-commit hook (app/dispatch.py) that hands committed work to Celery tasks."""

import atexit
import os
import threading
import time

from app import dispatch

# Under load, the work of every commit within this window goes out together: queueing a task costs
# more than many moves' other work, and a mail or a robot's turn may wait this long.
BATCH_WINDOW = 0.2


class CeleryDispatcher:
    """Queue `send_mail(ids)` for committed outbox rows and `play_robots(game_id)` per game with a robot to move.

    The first commit after a quiet spell is queued at once; the commits that
    follow within `window` seconds are gathered and queued together when it
    ends, by a timer thread. Work still gathered when the process exits is
    queued then; work lost with a killed process is found by the sweeps.

    It never raises: the work is committed, and the sweeps pick up what a
    broker failure makes it miss (queued mail, robot turns past their short
    deadline). After a failure it leaves the broker alone for one sweep
    interval, so that while the broker is down a move costs no connection
    attempts: the sweeps carry the work meanwhile.
    """

    def __init__(self, flask_app, window=BATCH_WINDOW):
        self.logger = flask_app.logger
        self.pause = flask_app.extensions["cachette"]["config"].sweep_interval
        self.window = window
        self.paused_until = 0.0
        self.start_empty()
        os.register_at_fork(after_in_child=self.start_empty)
        atexit.register(self.publish)

    def start_empty(self):
        """Nothing gathered and no publish scheduled. A forked child starts so: it has none of its
        parent's threads (their lock may be held for ever), and its parent queues what it gathered."""
        self.lock = threading.Lock()
        self.timer = None
        self.last_publish = float("-inf")
        self.outbox_ids, self.robot_game_ids = [], set()

    def __call__(self, outbox_ids, robot_game_ids):
        with self.lock:
            self.outbox_ids.extend(outbox_ids)
            self.robot_game_ids.update(robot_game_ids)
            if self.timer is not None:
                return
            wait = self.last_publish + self.window - time.monotonic()
            if wait > 0:
                self.timer = threading.Timer(wait, self.publish)
                self.timer.daemon = True
                self.timer.start()
                return
            self.last_publish = time.monotonic()
        self.publish()

    def publish(self):
        """Queue the tasks for everything gathered so far."""
        from .tasks import play_robots, queue_send_mail

        with self.lock:
            outbox_ids, robot_game_ids = self.outbox_ids, sorted(self.robot_game_ids)
            self.outbox_ids, self.robot_game_ids = [], set()
            self.timer = None
            self.last_publish = time.monotonic()
        if time.monotonic() < self.paused_until or not (outbox_ids or robot_game_ids):
            return
        try:
            queue_send_mail(outbox_ids)
            for game_id in robot_game_ids:
                play_robots.apply_async((game_id,), retry=False)
        except Exception:
            self.paused_until = time.monotonic() + self.pause
            self.logger.exception("could not queue tasks; the sweeps will pick the work up, and the broker is "
                                  "left alone for %s s", self.pause)


def install(flask_app):
    """Make committed work go to the Celery tasks (the web process and the workers both call this)."""
    dispatch.set_dispatcher(CeleryDispatcher(flask_app))
