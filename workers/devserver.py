"""`make run`'s helpers: a real Celery worker and beat beside the web process, on the same settings.

They read the same environment as the web process, so they find the same
database and, without REDIS_URL, the same embedded broker folder.
"""

import signal
import subprocess
import sys
from contextlib import contextmanager

from .celery_app import local_folder

STOP_WAIT = 10


def celery_command(*arguments):
    return [sys.executable, "-m", "celery", "-A", "workers.main", *arguments]


@contextmanager
def background_workers(config):
    """Run a worker and beat until the block ends (Ctrl-C or SIGTERM included), then stop them."""
    schedule = local_folder(config) / "celerybeat-schedule"
    schedule.parent.mkdir(parents=True, exist_ok=True)
    commands = [
        celery_command("worker", "--loglevel=WARNING", "--concurrency=2", "--without-gossip", "--without-mingle"),
        celery_command("beat", "--loglevel=WARNING", "--schedule", str(schedule)),
    ]
    previous = signal.signal(signal.SIGTERM, stop_on_sigterm)
    processes = [subprocess.Popen(command) for command in commands]
    try:
        yield processes
    finally:
        for process in processes:
            if process.poll() is None:
                process.terminate()
        for process in processes:
            try:
                process.wait(STOP_WAIT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        signal.signal(signal.SIGTERM, previous)


def stop_on_sigterm(signum, frame):
    raise SystemExit(0)
