"""The Procfile's web process, started as a platform starts it, keeps answering while clients are slow."""

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from app.store.migrate import upgrade

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("CACHETTE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
SLOW_CLIENTS = 3
ANSWER_WAIT = 60
TRICKLE_EVERY = 0.5


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def procfile_command(name):
    lines = (ROOT / "Procfile").read_text().splitlines()
    return dict(line.split(": ", 1) for line in lines if line.strip())[name]


@pytest.fixture
def web(tmp_path):
    """The Procfile's `web` line on a free port; yields its port. Its queue name keeps its rate-limit counts
    in Redis apart from other tests' (a slow client refused at once by a limit would answer too soon)."""
    port = free_port()
    database_url = f"sqlite:///{tmp_path / 'web.sqlite'}"
    upgrade(database_url)
    env = dict(os.environ, PORT=str(port), DATABASE_URL=database_url, SECRET_KEY="slow-clients-key",
               SMTP_HOST="127.0.0.1", REDIS_URL=REDIS_URL, CELERY_QUEUE=f"slow-clients-{port}", PATH=f"{Path(sys.executable).parent}:{os.environ['PATH']}")
    env.pop("DEV_MAILBOX", None)
    log = tmp_path / "web.log"
    with log.open("w") as output:
        server = subprocess.Popen(["bash", "-c", "exec " + procfile_command("web")], cwd=ROOT, env=env,
                                  stdout=output, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + ANSWER_WAIT
    while not answers(f"http://127.0.0.1:{port}/"):
        assert server.poll() is None and time.monotonic() < deadline, log.read_text()
        time.sleep(0.1)
    yield port
    server.send_signal(signal.SIGTERM)
    server.wait(60)


def answers(url, timeout=5):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return answer.status == 200
    except OSError:
        return False


class SlowClient:
    """A connection that sends the start of its request at once, and the rest a byte at a time."""

    def __init__(self, port, start, rest):
        self.connection = socket.create_connection(("127.0.0.1", port))
        self.connection.sendall(start)
        self.rest = rest
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.trickle, daemon=True)
        self.thread.start()

    def trickle(self):
        for byte in self.rest:
            if self.stopped.wait(TRICKLE_EVERY):
                return
            try:
                self.connection.send(bytes([byte]))
            except OSError:
                return

    def still_waiting(self):
        """Whether the server holds the connection open without having answered it."""
        try:
            self.connection.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT)    # an answer, or b"" once closed
        except BlockingIOError:
            return True
        return False

    def close(self):
        self.stopped.set()
        self.thread.join()
        self.connection.close()


def slow_body(port):
    """Headers at once, then the body slowly."""
    body = b'{"game": "quinto", "seats": []}' * 20
    return (f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode(), body


def slow_headers(port):
    """The request line at once, then headers that never end in time."""
    return b"GET / HTTP/1.1\r\n", f"Host: 127.0.0.1:{port}\r\nUser-Agent: {'slow ' * 200}\r\n\r\n".encode()


def test_slow_clients_do_not_stall_the_site(web):
    slow = [SlowClient(web, *slow_body(web)) for _ in range(SLOW_CLIENTS)]
    slow += [SlowClient(web, *slow_headers(web)) for _ in range(SLOW_CLIENTS)]
    try:
        assert answers(f"http://127.0.0.1:{web}/", timeout=ANSWER_WAIT)
        assert answers(f"http://127.0.0.1:{web}/api/openapi.json", timeout=ANSWER_WAIT)
        assert all(client.still_waiting() for client in slow)     # answered beside them, not after dropping one
    finally:
        for client in slow:
            client.close()
