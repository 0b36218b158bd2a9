"""The default mail preference: a turn mail or reminder only while the person is not at their table.

Presence (app/live/presence.py) is noted by opening the table, reading the seat through the API, or moving there;
the outbox (app/mail_out/outbox.py) keeps a turn mail back while it lasts and drops it once the turn has passed.
"""

import os
import uuid
from datetime import timedelta

import pytest
import redis

from app import create_app
from app.live import presence
from app.store.models import MAIL_AWAY, MAIL_DROPPED, MAIL_QUEUED, MAIL_SENT, Seat
from app.play import deadlines
from app.clock import utcnow
from app.mail_out import outbox

from worker_fixtures import app, client, smtp, worker_config  # noqa: F401  (fixtures)
from worker_helpers import (csrf_from, game_row, outbox as rows, play_until_person, seat_row, set_row, start,
                            token_for)
from worker_helpers import later

REDIS_URL = os.environ.get("CACHETTE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


def turn_mail(game_id):
    return [row for row in rows(kind="your_turn", game_id=game_id) if row.status == MAIL_QUEUED][-1]


def test_a_new_seat_is_mailed_when_away_and_may_choose_every_turn_a_digest_or_nothing(app, client):
    game = start()
    assert seat_row(game.id, 0).mail_preference == MAIL_AWAY
    page = client.get(f"/s/{token_for(game.id, 0)}/mail").get_data(as_text=True)
    assert 'value="away" checked' in page and "when it is my turn and I am not at the table" in page
    assert all(f'value="{value}"' in page for value in ("each", "digest", "none"))


def test_a_turn_mail_waits_while_the_person_is_at_the_table_and_goes_once_they_have_left(app, client, smtp,
                                                                                          monkeypatch):
    game = start()
    play_until_person(game.id)
    before = utcnow()
    assert client.get(f"/s/{token_for(game.id, 0)}").status_code == 200
    turn = turn_mail(game.id)
    assert outbox.deliver(turn.id) == MAIL_QUEUED
    waiting = rows(id=turn.id)[0]
    presence_time = timedelta(seconds=app.extensions["cachette"]["config"].presence_seconds)
    assert before + presence_time <= waiting.next_attempt_at <= utcnow() + presence_time
    assert waiting.attempts == 0 and waiting.claimed_at is None
    assert outbox.deliver(turn.id) == outbox.SKIPPED                 # not tried again before the seat has left
    assert smtp.recorder.messages() == []
    later(monkeypatch, presence_time.total_seconds() + 1)
    set_row(type(waiting), turn.id, next_attempt_at=utcnow())
    assert turn.id in outbox.stranded_ids()
    assert outbox.deliver(turn.id) == MAIL_SENT                      # left without moving: told by mail
    assert [message["Subject"] for message in smtp.recorder.messages()] == [turn.subject]


def test_a_turn_mail_kept_back_is_dropped_once_the_person_has_moved_at_the_table(app, client, smtp, monkeypatch):
    game = start()
    state = play_until_person(game.id)
    token = token_for(game.id, 0)
    page = client.get(f"/s/{token}").get_data(as_text=True)
    turn = turn_mail(game.id)
    assert outbox.deliver(turn.id) == MAIL_QUEUED
    answer = client.post(f"/s/{token}/move", data={"csrf_token": csrf_from(page), "seq": game_row(game.id).seq,
                                                   "move": state.legal_moves(state.to_move[0])[0]})
    assert answer.status_code == 303
    assert rows(id=turn.id)[0].status == MAIL_DROPPED                 # dropped by the move itself
    later(monkeypatch, 3600)
    set_row(type(turn), turn.id, next_attempt_at=utcnow())
    assert outbox.deliver(turn.id) == outbox.SKIPPED
    assert smtp.recorder.messages() == []


def test_a_move_counts_as_presence_and_so_does_reading_the_seat_through_the_api(app, client, smtp, monkeypatch):
    game = start()
    state = play_until_person(game.id)
    token = token_for(game.id, 0)
    answer = client.post(f"/api/seats/{token}/moves",
                         json={"move": state.legal_moves(state.to_move[0])[0], "seq": game_row(game.id).seq})
    assert answer.status_code == 201
    play_until_person(game.id)
    assert outbox.deliver(turn_mail(game.id).id) == MAIL_QUEUED      # the turn came back to the mover at once
    later(monkeypatch, 3600)
    assert presence.present_until(game.id, 0) is None
    assert client.get(f"/api/seats/{token}").status_code == 200
    assert presence.present_until(game.id, 0) > utcnow()


def test_a_reminder_replaces_the_turn_mail_and_waits_too_but_a_seat_mailed_at_every_turn_is_mailed_at_the_table(
        app, client, smtp):
    game = start()
    play_until_person(game.id)
    client.get(f"/s/{token_for(game.id, 0)}")
    turn = turn_mail(game.id)
    deadlines.sweep_deadlines(game_row(game.id).remind_at + timedelta(seconds=1))
    [reminder] = rows(kind="reminder")
    assert rows(id=turn.id)[0].status == MAIL_DROPPED                 # one mail about the position, not two
    assert outbox.deliver(reminder.id) == MAIL_QUEUED
    set_row(Seat, seat_row(game.id, 0).id, mail_preference="each")
    set_row(type(reminder), reminder.id, next_attempt_at=utcnow())
    assert outbox.deliver(reminder.id) == MAIL_SENT
    [message] = smtp.recorder.messages()
    assert "A reminder: it is your move" in str(message) and "Your hand:" in message.get_body(("plain",)).get_content()


def test_a_bad_link_notes_no_presence(app, client):
    game = start()
    assert client.get("/s/not-a-link").status_code == 403
    assert client.get(f"/s/{token_for(game.id, 0)}x").status_code == 403
    assert all(presence.present_until(game.id, seat) is None for seat in range(4))


@pytest.fixture
def redis_queue():
    """A queue name of this test's own, so that its presence keys are its own; they are removed after."""
    name = f"presence-test-{uuid.uuid4().hex}"
    yield name
    client = redis.Redis.from_url(REDIS_URL)
    for key in client.scan_iter(f"{name}-presence:*"):
        client.delete(key)


def test_with_redis_a_worker_process_sees_what_the_web_process_noted(tmp_path, database_url, redis_queue):
    web, worker = (create_app(worker_config(tmp_path / name, database_url, redis_url=REDIS_URL,
                                            celery_queue=redis_queue)) for name in ("web", "worker"))
    with web.app_context():
        presence.note_present("g1", 2)
    with worker.app_context():
        until = presence.present_until("g1", 2)
        assert until is not None and until > utcnow() + timedelta(seconds=250)
        assert presence.present_until("g1", 1) is None
    ttl = redis.Redis.from_url(REDIS_URL).ttl(f"{redis_queue}-presence:g1:2")
    assert 0 < ttl <= worker.extensions["cachette"]["config"].presence_seconds
    for application in (web, worker):
        application.extensions["cachette"]["db"].dispose()


def test_with_redis_unreachable_presence_fails_nothing_and_mail_goes(tmp_path, database_url, redis_queue):
    application = create_app(worker_config(tmp_path, database_url, redis_url="redis://127.0.0.1:1/0",
                                           celery_queue=redis_queue))
    with application.app_context():
        presence.note_present("g1", 0)
        assert presence.present_until("g1", 0) is None
    application.extensions["cachette"]["db"].dispose()
