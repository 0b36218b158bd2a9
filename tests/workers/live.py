"""Helpers for the end-to-end tests: a real `celery worker` process (with beat), web processes, the SMTP receiver of
replies, a private redis-server."""

import base64
import re
import http.client
import json
import os
import shutil
import signal
import smtplib
import subprocess
import sys
import time
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import redis

from smtp_sink import free_port

ROOT = Path(__file__).resolve().parents[2]
MOVES_LINE = re.compile(r"^Your moves now: (.+)$", re.MULTILINE)


class WorkerProcess:
    """`celery -A workers.main worker -B` in its own process group, logging to a file."""

    def __init__(self, env, folder, name="e2e", beat=True):
        self.env = env
        self.folder = Path(folder)
        self.name = name
        self.beat = beat
        self.process = None
        self.starts = 0

    def start(self, concurrency=2):
        self.starts += 1
        log = self.folder / f"{self.name}-worker-{self.starts}.log"
        beat = ["-B", "--schedule", str(self.folder / f"{self.name}-beat-schedule")] if self.beat else []
        command = [sys.executable, "-m", "celery", "-A", "workers.main", "worker", *beat, "--loglevel=INFO",
                   f"--concurrency={concurrency}", "--without-gossip", "--without-mingle",
                   "-n", f"{self.name}{self.starts}@%h"]
        with log.open("w") as output:
            self.process = subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=output,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        wait_until(lambda: "ready." in log.read_text(), 60, f"the worker did not start: {log}")
        return self

    def kill(self):
        """SIGKILL the worker and its pool processes at once, as a machine failure would."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


class WebProcess:
    """The Procfile's `web` process (gunicorn, gthread workers) on a port of its own, with `workers` processes."""

    def __init__(self, env, folder, port, workers=1):
        self.env, self.folder, self.port, self.workers = env, Path(folder), port, workers
        self.process = None
        self.starts = 0

    def command(self):
        procfile = (ROOT / "Procfile").read_text(encoding="utf-8")
        words = next(line for line in procfile.splitlines() if line.startswith("web:"))[len("web:"):].split()
        words = [word.replace("0.0.0.0:${PORT:-5000}", f"127.0.0.1:{self.port}").strip("'") for word in words[1:]]
        workers = words.index("--workers")
        words[workers + 1] = str(self.workers)
        return [sys.executable, "-m", "gunicorn", *words, "--log-level", "warning"]

    def start(self):
        self.starts += 1
        log = self.folder / f"web-{self.port}-{self.starts}.log"
        with log.open("w") as output:
            self.process = subprocess.Popen(self.command(), cwd=ROOT, env=self.env, stdout=output,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        wait_until(self.answers, 60, f"the web process did not start: {log}")
        return self

    def answers(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
        try:
            connection.request("GET", "/health")
            return connection.getresponse().status == 200
        except OSError:
            return False
        finally:
            connection.close()

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(30)


class RedisServer:
    """A redis-server of our own on a free port, without persistence, that a test may restart."""

    def __init__(self, port, folder):
        self.port = port
        self.folder = folder
        self.process = None

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self):
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.process = subprocess.Popen([binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                         "--appendonly", "no", "--dir", str(self.folder)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis.from_url(self.url)
        wait_until(lambda: ping(client), 10, "redis-server did not start")
        client.close()
        return self

    def stop(self):
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None


def ping(client):
    try:
        return client.ping()
    except redis.ConnectionError:
        return False


def wait_until(condition, timeout, message):
    """Wait for `condition`, failing after `timeout` seconds with `message` (or, if callable, what it returns
    then: what was left undone, read at the moment of failing)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(message() if callable(message) else message)
        time.sleep(0.05)


def queued_tasks(client, queue):
    """(task name, first argument) of every message waiting in a Redis queue, oldest first."""
    messages = [json.loads(raw) for raw in reversed(client.lrange(queue, 0, -1))]
    return [(message["headers"]["task"], json.loads(base64.b64decode(message["body"]))[0][0]) for message in messages]


class Receiver:
    """`python -m workers.inbound` in a process of its own, with the service's environment."""

    def __init__(self, env, folder):
        self.port = free_port()
        self.log = folder / "inbound.log"
        with self.log.open("w") as output:
            self.process = subprocess.Popen([sys.executable, "-m", "workers.inbound"], cwd=ROOT,
                                            env=dict(env, INBOUND_PORT=str(self.port)), stdout=output,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        wait_until(lambda: "Taking replies" in self.log.read_text() or self.process.poll() is not None, 30,
                   "the receiver did not start")
        assert self.process.poll() is None, self.log.read_text()

    def send(self, message):
        with smtplib.SMTP("127.0.0.1", self.port, timeout=30) as server:
            return server.send_message(message)

    def stop(self):
        self.process.terminate()
        self.process.wait(20)


def body_of(message):
    return message.get_body(("plain",)).get_content()


def offers_to(messages, address):
    """The mails among `messages` to `address` that offer moves, as (position, mail), the position read from
    each one's reply address."""
    return [(int(message["Reply-To"].split("@")[0].split(".")[-2]), message) for message in messages
            if message["To"] == address and message["Reply-To"] and MOVES_LINE.search(body_of(message))]


def reply_to(message, line):
    """A reply to `message` from its recipient, `line` on top of the quoted mail, as a mail program writes it."""
    answer = EmailMessage()
    answer["From"] = message["To"]
    answer["To"] = message["Reply-To"]
    answer["Subject"] = "Re: " + message["Subject"]
    answer["Message-ID"] = make_msgid(domain="example.org")
    answer["In-Reply-To"] = answer["References"] = message["Message-ID"]
    quoted = "\n".join("> " + line for line in body_of(message).splitlines())
    answer.set_content(f"{line}\n\nOn Mon, 3 Mar 2025, Cachette <cachette@localhost> wrote:\n{quoted}\n")
    return answer
