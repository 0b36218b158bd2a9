"""End to end: a real Redis broker, a real `celery worker` process, a real SMTP server and PostgreSQL.

Games are played through the JSON API; the worker sends the mail, plays the
robots and runs the sweeps. Faults: the worker killed mid-batch, the mail
server away for a while, Redis restarted with tasks in it.
"""

import os
import uuid
from collections import Counter

import pytest
import redis
from sqlalchemy import create_engine, text

from app import create_app, dispatch
from app.config import Config
from app.store.models import MAIL_DROPPED, MAIL_SENT
from app.mail_out.consent import CONFIRM
from app.mail_out.outbox import close_sender
from workers.web import attach

from conftest import confirmation_token
from live import RedisServer, WorkerProcess, queued_tasks, wait_until
from smtp_sink import free_port
from worker_fixtures import smtp  # noqa: F401  (fixtures)
from worker_helpers import csrf_from, outbox

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

REDIS_URL = os.environ.get("CACHETTE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
SHORT_GAME = {"target": 50, "match": "single_game"}
ANN_AND_ROBOTS = [{"name": "Ann", "email": "ann@example.org"}, *[{"robot": "random"}] * 3]


@pytest.fixture
def postgres_url(postgres_database):
    engine = create_engine(postgres_database)
    with engine.begin() as connection:
        connection.execute(text("TRUNCATE outbox, event, seat, game, heartbeat, consent RESTART IDENTITY CASCADE"))
    engine.dispose()
    return postgres_database


class Live:
    """The service in this process (the API, through Flask's test client) and a worker process beside it."""

    def __init__(self, tmp_path, database_url, redis_url, smtp, **environ):
        self.smtp = smtp
        self.queue = f"cachette-test-{uuid.uuid4().hex[:8]}"
        self.redis_url = redis_url
        self.env = dict(os.environ, DATABASE_URL=database_url, REDIS_URL=redis_url, CELERY_QUEUE=self.queue,
                        SMTP_HOST="127.0.0.1", SMTP_PORT=str(smtp.port), SECRET_KEY="end-to-end-secret",
                        BASE_URL="http://localhost", SWEEP_INTERVAL="1", MAIL_RETRY_BASE="1",
                        MAIL_CLAIM_TIMEOUT="4", ROBOT_TURN_TIME="3", LIMIT_GAMES_PER_CLIENT="100 per hour",
                        LIMIT_GAMES_PER_ADDRESS="100 per day", PRESENCE_SECONDS="5")
        self.env.update(environ)
        self.app = attach(create_app(Config.from_env(str(tmp_path), self.env)))
        self.client = self.app.test_client()
        self.worker = WorkerProcess(self.env, tmp_path)

    def start_game(self, seats=ANN_AND_ROBOTS):
        """A game created through the API and confirmed by its creator with the link of her confirmation mail
        (or started at once: this client, once it has confirmed her address, is remembered)."""
        answer = self.client.post("/api/games", json={"game": "quinto", "seats": seats, "options": SHORT_GAME,
                                                       "move_time": "1h"})
        assert answer.status_code == 201, answer.get_json()
        if answer.get_json()["status"] != "unconfirmed":
            return answer.get_json()["id"]
        with self.app.app_context():
            link = "/confirm/" + confirmation_token(seats[0]["email"])
        page = self.client.get(link).get_data(as_text=True)
        assert self.client.post(link, data={"csrf_token": csrf_from(page)}).status_code == 303
        return answer.get_json()["id"]

    def all_sent(self, timeout=60, dropped_kinds=(CONFIRM,)):
        """Wait until every outbox row is sent and has arrived; returns the rows sent. Confirmations whose
        link was used before the worker took them are dropped, never sent (and so are the other
        `dropped_kinds`, where a test expects it)."""
        def settled():
            rows = outbox()
            return (all(row.status == MAIL_SENT or (row.kind in dropped_kinds and row.status == MAIL_DROPPED)
                        for row in rows)
                    and len(self.smtp.recorder.received) >= sum(row.status == MAIL_SENT for row in rows))

        def left():   # which rows stayed, and how: a failure seen once must be readable
            rows = [(row.kind, row.seat, row.status, row.attempts, row.next_attempt_at) for row in outbox()
                    if row.status != MAIL_SENT]
            return f"not every mail was sent in {timeout} s: {rows}; {len(self.smtp.recorder.received)} arrived"

        with self.app.app_context():
            wait_until(settled, timeout, left)
            return [row for row in outbox() if row.status == MAIL_SENT]

    def assert_each_mail_arrived_once(self, dropped_kinds=(CONFIRM,)):
        rows = self.all_sent(dropped_kinds=dropped_kinds)
        arrived = Counter(self.smtp.recorder.message_ids())
        assert sorted(arrived.values()) == [1] * len(rows), arrived.most_common(3)
        assert set(arrived) == {row.message_id for row in rows}
        return rows

    def close(self):
        self.worker.stop()
        dispatch.set_dispatcher(None)
        close_sender(self.app)
        self.app.extensions["cachette"]["db"].dispose()
        client = redis.Redis.from_url(self.redis_url)
        try:
            client.delete(self.queue)
        except redis.ConnectionError:
            pass
        client.close()


@pytest.fixture
def live(tmp_path, postgres_url, smtp):
    service = Live(tmp_path, postgres_url, REDIS_URL, smtp)
    yield service
    service.close()


def seat_tokens(mail_message):
    text_body = mail_message.get_body(("plain",)).get_content()
    return [word.split("/s/")[1] for word in text_body.split() if "/s/" in word]


def first_seat_token(recorder):
    """The seat link of the first mail that has one: a confirmation mail sent before it was used has none."""
    wait_until(lambda: any(seat_tokens(message) for message in recorder.messages()), 60, "no mail with a seat link")
    return next(token for message in recorder.messages() for token in seat_tokens(message))


def test_a_person_and_three_robots_play_to_the_end_and_every_mail_arrives_once(live):
    live.worker.start()
    game_id = live.start_game()
    token = first_seat_token(live.smtp.recorder)
    moves = 0
    while True:
        seat = live.client.get(f"/api/seats/{token}").get_json()
        if seat["status"] == "over":
            break
        if seat["view"]["legal"]:
            answer = live.client.post(f"/api/seats/{token}/moves",
                                      json={"move": seat["view"]["legal"][0], "seq": seat["seq"]})
            assert answer.status_code == 201, answer.get_json()
            moves += 1
        assert moves < 2000
    # Ann plays at her table throughout (the worker reads her presence from Redis): no turn mail reaches her;
    # each waits until she has left and is dropped, her turn having passed.
    rows = live.assert_each_mail_arrived_once(dropped_kinds=(CONFIRM, "your_turn"))
    kinds = Counter(row.kind for row in rows if row.game_id == game_id)
    assert kinds["invite"] == 1 and kinds["game_over"] == 1 and kinds["your_turn"] == 0
    with live.app.app_context():
        assert 1 <= len(outbox(kind="your_turn", status=MAIL_DROPPED)) <= moves
    events = live.client.get(f"/api/games/{game_id}").get_json()
    assert events["status"] == "over" and events["winner"] in (0, 1)


def test_a_worker_killed_mid_batch_and_restarted_sends_every_mail_once(live):
    for _ in range(12):
        live.start_game()                                  # an invitation and, once robots move, a turn mail each
    live.smtp.recorder.hold_after = 8
    live.worker.start()
    wait_until(lambda: live.smtp.recorder.held == 2, 60, "the worker never sent its batch")
    live.worker.kill()                                    # both pool processes are held inside an SMTP dialogue
    assert len(live.smtp.recorder.received) == 8
    live.smtp.recorder.release()
    live.worker.start()
    rows = live.assert_each_mail_arrived_once()
    assert len(rows) == 24


def test_mail_waits_while_the_smtp_server_is_away_and_then_arrives(live):
    live.worker.start()
    live.smtp.stop()
    live.start_game()
    with live.app.app_context():
        wait_until(lambda: any(row.attempts >= 2 for row in outbox()), 30, "no retry while the server was away")
        assert all(row.status != MAIL_SENT for row in outbox())
    live.smtp.start()
    rows = live.assert_each_mail_arrived_once()
    assert {row.kind for row in rows} == {"invite", "your_turn"}


def test_tasks_lost_in_a_redis_restart_are_recovered_by_the_sweeps(tmp_path, postgres_url, smtp):
    server = RedisServer(free_port(), tmp_path).start()
    service = Live(tmp_path, postgres_url, server.url, smtp)
    try:
        game_ids = [service.start_game() for _ in range(3)]  # tasks wait in Redis: no worker yet
        # An invitation and a robot turn per game, and one confirmation: the client that confirmed is remembered.
        waiting = redis.Redis.from_url(server.url)
        wait_until(lambda: sorted(argument for name, argument in queued_tasks(waiting, service.queue)
                                  if name == "cachette.play_robots") == sorted(game_ids), 5, "the tasks were not queued")
        assert sum(len(argument) for name, argument in queued_tasks(waiting, service.queue)
                   if name == "cachette.send_mail") == 4
        waiting.close()
        server.stop()
        server.start()                                      # without persistence: the queued tasks are gone
        service.worker.start()
        with service.app.app_context():                     # the robots' short deadlines pass, the sweep plays them
            wait_until(lambda: len(outbox(kind="your_turn")) == 3, 60, "the lost robot turns were not played")
        rows = service.assert_each_mail_arrived_once()
        assert Counter(row.kind for row in rows) == {"invite": 3, "your_turn": 3}
        with service.app.app_context():
            assert sorted(row.game_id for row in outbox(kind="your_turn")) == sorted(game_ids)
    finally:
        service.close()
        server.stop()


def test_a_robot_turn_that_fell_due_while_redis_was_down_is_played_within_seconds_of_its_return(
        tmp_path, postgres_url, smtp):
    """The sweeps come only every five minutes here, and a robot's turn is late only after two: what plays the
    robot is the worker's pick-up of due work when it connects to Redis again."""
    server = RedisServer(free_port(), tmp_path).start()
    service = Live(tmp_path, postgres_url, server.url, smtp, SWEEP_INTERVAL="300", ROBOT_TURN_TIME="120",
                   MAIL_CLAIM_TIMEOUT="300")
    try:
        service.worker.start()
        service.start_game()
        token = first_seat_token(service.smtp.recorder)
        wait_until(lambda: service.client.get(f"/api/seats/{token}").get_json()["view"]["legal"], 60,
                   "Ann's turn never came")
        server.stop()
        seat = service.client.get(f"/api/seats/{token}").get_json()
        answer = service.client.post(f"/api/seats/{token}/moves",
                                     json={"move": seat["view"]["legal"][0], "seq": seat["seq"]})
        assert answer.status_code == 201, answer.get_json()
        dispatch.get_dispatcher().start_empty()   # as if the web process restarted: its kept work is gone
        server.start()
        wait_until(lambda: service.client.get(f"/api/seats/{token}").get_json()["seq"] > answer.get_json()["seq"],
                   60, "the robot turn waited for the sweep")
    finally:
        service.close()
        server.stop()
