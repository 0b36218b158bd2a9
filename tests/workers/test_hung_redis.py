"""A hung Redis (paused with SIGSTOP, or a listener that takes connections and never answers) stalls nothing.

The production start (gunicorn as the Procfile starts it) and the SMTP receiver answer at once while every
open table polls: a move, a talk message, a new link (refused with 503: nothing that kept the old link
answered could be told), the table page and the home page in under a second, each poll within 0.5 s, a
reply by mail in under a second. Once Redis is back nothing is lost: the work handed to the workers meanwhile
is queued, and the polls show the moves made meanwhile.
"""

import http.client
import json
import os
import signal
import smtplib
import socket
import threading
import time
import uuid
from email.message import EmailMessage
from urllib.parse import urlencode

import pytest
import redis

from app import create_app, dispatch
from app.config import Config
from app.context import database
from app.store.models import Game, Outbox
from app.play.seats import reply_address, seats_of
from workers.inbound import start_receiver
from workers.web import attach

from live import RedisServer, WebProcess, queued_tasks, wait_until
from smtp_sink import free_port
from test_end_to_end import postgres_url  # noqa: F401  (a fixture)
from worker_helpers import csrf_from, start_confirmed, token_for

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

PEOPLE = [{"name": name, "email": f"{name.lower()}@example.org"} for name in ("Ann", "Bob", "Cleo", "Dan")]
POLLERS = 30            # open tables, more than the web process has threads (3 processes of 8)
PROMPT, POLL_PROMPT = 1.0, 0.5


class SilentRedis:
    """A listener on a loopback port that takes every connection and never answers."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"redis://127.0.0.1:{self.listener.getsockname()[1]}/0"
        self.held = []
        self.holding = threading.Thread(target=self.hold, daemon=True)
        self.holding.start()

    def hold(self):
        while True:
            try:
                self.held.append(self.listener.accept()[0])
            except OSError:
                return

    def close(self):
        self.listener.shutdown(socket.SHUT_RDWR)          # wakes the accept
        self.holding.join(10)
        self.listener.close()
        for connection in self.held:
            connection.close()


@pytest.fixture(params=["paused", "silent"])
def hung(request, tmp_path):
    """(Redis URL, hang(), come_back() or None): a private redis-server to pause, or a silent listener."""
    if request.param == "silent":
        silent = SilentRedis()
        yield silent.url, lambda: None, None
        silent.close()
        return
    server = RedisServer(free_port(), tmp_path).start()
    pid = server.process.pid
    yield server.url, lambda: os.kill(pid, signal.SIGSTOP), lambda: os.kill(pid, signal.SIGCONT)
    os.kill(pid, signal.SIGCONT)
    server.stop()


class Web:
    """Requests to the gunicorn process, each timed."""

    def __init__(self, port):
        self.port = port
        self.cookie = ""

    def ask(self, method, path, body=None, headers=()):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = dict(headers, Cookie=self.cookie) if self.cookie else dict(headers)
        started = time.monotonic()
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode()
        finally:
            connection.close()
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return response.status, time.monotonic() - started, text

    def json(self, method, path, data):
        return self.ask(method, path, json.dumps(data), {"Content-Type": "application/json"})

    def form(self, path, data):
        return self.ask("POST", path, urlencode(data), {"Content-Type": "application/x-www-form-urlencoded"})


def test_a_hung_redis_stalls_nothing_and_loses_nothing(hung, tmp_path, postgres_url):  # noqa: F811
    url, hang, come_back = hung
    port, inbound_port, queue = free_port(), free_port(), f"cachette-test-{uuid.uuid4().hex[:8]}"
    env = dict(os.environ, DATABASE_URL=postgres_url, REDIS_URL=url, CELERY_QUEUE=queue, SECRET_KEY="hung-secret",
               BASE_URL="http://localhost", INBOUND_DOMAIN="cachette.test", INBOUND_PORT=str(inbound_port),
               SMTP_HOST="127.0.0.1", SMTP_PORT=str(free_port()), LIMIT_TALK_PER_SEAT="100 per hour")
    application = attach(create_app(Config.from_env(str(tmp_path), env)))
    web = WebProcess(env, tmp_path, port, workers=3).start()
    receiver = start_receiver(application, host="127.0.0.1", port=inbound_port)
    stop_polling = threading.Event()
    try:
        with application.app_context():
            game = start_confirmed(PEOPLE)
            tokens = [token_for(game.id, seat) for seat in range(4)]
        browser = Web(port)
        for token in tokens * 2:      # each process has the pages' code loaded, and the positions are kept
            assert browser.ask("GET", f"/s/{token}")[0] == 200 and json_of(browser, token)["seq"] == game.seq
            assert browser.ask("GET", f"/api/seats/{token}/position")[0] == 200
        hang()

        polls = []

        def poll_table(token):
            while not stop_polling.is_set():
                status, seconds, _ = Web(port).ask("GET", f"/api/seats/{token}/position")
                polls.append((status, seconds))
                time.sleep(0.2)

        pollers = [threading.Thread(target=poll_table, args=(tokens[n % 4],)) for n in range(POLLERS)]
        for poller in pollers:
            poller.start()
        wait_until(lambda: len(polls) >= 2 * POLLERS, 60, "the open tables were not answered")

        times = {}
        mover = next(token for token in tokens if json_of(browser, token)["view"]["legal"])
        seat = json_of(browser, mover)
        status, times["move"], _ = browser.json("POST", f"/api/seats/{mover}/moves",
                                                {"move": seat["view"]["legal"][0], "seq": seat["seq"]})
        assert status == 201
        status, times["talk"], _ = browser.json("POST", f"/api/seats/{mover}/messages", {"text": "Hello all"})
        assert status == 201
        status, times["table"], page = browser.ask("GET", f"/s/{tokens[0]}")
        assert status == 200
        status, times["home"], _ = browser.ask("GET", "/")
        assert status == 200
        status, times["new link"], _ = browser.form(f"/s/{tokens[0]}/new-link",
                                                    {"csrf_token": csrf_from(page), "replace": "yes"})
        assert status == 503
        times["reply"] = reply_by_mail(application, browser, tokens, inbound_port)
        stop_polling.set()
        for poller in pollers:
            poller.join(30)
        assert {status for status, _ in polls} == {200}
        assert max(seconds for _, seconds in polls) < POLL_PROMPT, max(seconds for _, seconds in polls)
        assert max(times.values()) < PROMPT, times

        if come_back is None:
            return
        come_back()
        with application.app_context():
            seq, outbox_ids = game_seq(game.id), outbox_ids_of(game.id)
        waiting = redis.Redis.from_url(url)
        queued = lambda: {row for name, rows in queued_tasks(waiting, queue) if name == "cachette.send_mail"
                          for row in rows}
        wait_until(lambda: set(outbox_ids) <= queued(), 30, "the mail handed over meanwhile was not queued")
        wait_until(lambda: all(json_position(browser, token)["seq"] == seq for token in tokens), 30,
                   "a poll did not show the moves made while Redis was away")
        waiting.close()
    finally:
        stop_polling.set()
        receiver.stop()
        web.stop()
        dispatch.set_dispatcher(None)
        application.extensions["cachette"]["db"].dispose()


def json_of(browser, token):
    status, _, text = browser.ask("GET", f"/api/seats/{token}")
    assert status == 200
    return json.loads(text)


def json_position(browser, token):
    return json.loads(browser.ask("GET", f"/api/seats/{token}/position")[2])


def reply_by_mail(application, browser, tokens, port):
    """The person to move now replies with a move by mail; returns how long the receiver took to answer 250."""
    mover = next(number for number, token in enumerate(tokens) if json_of(browser, token)["view"]["legal"])
    seat = json_of(browser, tokens[mover])
    with application.app_context(), database().reading() as session:
        place = seats_of(session, seat["game_id"])[mover]
        address = reply_address(place, seat["seq"])
    reply = EmailMessage()
    reply["From"], reply["To"], reply["Subject"] = PEOPLE[mover]["email"], address, "Re: your turn"
    reply.set_content(f"{seat['view']['legal'][0]}\n")
    started = time.monotonic()
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as server:
        server.send_message(reply)
    seconds = time.monotonic() - started
    assert json_of(browser, tokens[mover])["seq"] > seat["seq"], "the reply's move was not played"
    return seconds


def game_seq(game_id):
    with database().reading() as session:
        return session.get(Game, game_id).seq


def outbox_ids_of(game_id):
    with database().reading() as session:
        return [row.id for row in session.query(Outbox).filter(Outbox.game_id == game_id)]
