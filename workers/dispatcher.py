"""The after-commit hook (app/dispatch.py) that hands committed work to Celery tasks."""

import time

from app import dispatch


class CeleryDispatcher:
    """Queue `send_mail(ids)` for a commit's outbox rows and `play_robots(game_id)` per game with a robot to move.

    It never raises: the work is committed, and the sweeps pick up what a
    broker failure makes it miss (queued mail, robot turns past their short
    deadline). After a failure it leaves the broker alone for one sweep
    interval, so that while the broker is down a move costs no connection
    attempts: the sweeps carry the work meanwhile.
    """

    def __init__(self, flask_app):
        self.logger = flask_app.logger
        self.pause = flask_app.extensions["cachette"]["config"].sweep_interval
        self.paused_until = 0.0

    def __call__(self, outbox_ids, robot_game_ids):
        from .tasks import play_robots, send_mail

        if time.monotonic() < self.paused_until:
            return
        try:
            if outbox_ids:
                send_mail.apply_async((list(outbox_ids),), retry=False)
            for game_id in robot_game_ids:
                play_robots.apply_async((game_id,), retry=False)
        except Exception:
            self.paused_until = time.monotonic() + self.pause
            self.logger.exception("could not queue tasks; the sweeps will pick the work up, and the broker is "
                                  "left alone for %s s", self.pause)


def install(flask_app):
    """Make committed work go to the Celery tasks (the web process and the workers both call this)."""
    dispatch.set_dispatcher(CeleryDispatcher(flask_app))
