"""Data that only grows is pruned by a periodic task: mail done with, expired confirmation mails, replies taken
long ago and presence marks, each after the age its setting gives; everything still of use is kept."""

import os
import uuid
from datetime import timedelta

import redis
from sqlalchemy import select, update

from app import create_app
from app.context import database
from app.store.models import Game, Outbox, ReplyTaken
from app.live.presence import RedisPresence, key, note_present, present_until
from app.clock import utcnow
from app.mail_out.mail import queue_mail
from app.mail_out.pruning import prune
from workers.celery_app import celery_init_app

from app_helpers import start
from conftest import make_config

REDIS_URL = os.environ.get("CACHETTE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


def mail(label, kind="your_turn", status="sent", days=100, game_id=None):
    """An outbox row written `days` ago, its subject the label the test knows it by."""
    with database().writing() as session:
        queue_mail(session, kind, "ann@example.org", label, {}, game_id=game_id)
    with database().writing() as session:
        session.execute(update(Outbox).where(Outbox.subject == label)
                        .values(status=status, created_at=utcnow() - timedelta(days=days)))


def reply_taken(game_id, message_id, days):
    """A reply by mail taken `days` ago."""
    with database().writing() as session:
        session.add(ReplyTaken(game_id=game_id, seat=0, message_id=message_id, what="played", detail="{}",
                               taken_at=utcnow() - timedelta(days=days)))


def replies_kept():
    with database().reading() as session:
        return set(session.execute(select(ReplyTaken.message_id)).scalars())


def subjects():
    with database().reading() as session:
        return set(session.execute(select(Outbox.subject)).scalars())


def test_prune_deletes_what_is_past_its_age_and_keeps_what_is_still_of_use(app):
    running, finished = start(), start()
    with database().writing() as session:
        session.execute(update(Game).where(Game.id == finished.id).values(status="over"))
    before = subjects()
    mail("sent, game over", game_id=finished.id)
    mail("dropped, game over", status="dropped", game_id=finished.id)
    mail("sent, no game", kind="my_games")
    mail("sent, game running", game_id=running.id)              # roots the running game's thread
    mail("queued, game over", kind="deal_end", status="queued", game_id=finished.id)   # not a turn mail: a later
    mail("held, game over", kind="deal_end", status="held", game_id=finished.id)       # turn mail drops those
    mail("sent recently, game over", days=80, game_id=finished.id)
    mail("confirmation, expired", kind="confirm", status="queued", days=9)
    mail("confirmation, fresh", kind="confirm", status="sent", days=2)
    reply_taken(running.id, "<old@example.org>", days=91)        # no server retries a delivery that long
    reply_taken(running.id, "<recent@example.org>", days=3)
    note_present("gone", 0)
    note_present("here", 0)
    app.extensions["presence"].until[key("gone", 0)] = utcnow() - timedelta(hours=2)   # left two hours ago

    assert prune() == {"mail": 3, "confirmations": 1, "replies": 1, "presence": 1}
    assert replies_kept() == {"<recent@example.org>"}
    assert subjects() == before | {"sent, game running", "queued, game over", "held, game over",
                                   "sent recently, game over", "confirmation, fresh"}
    assert present_until("here", 0) is not None
    assert prune() == {"mail": 0, "confirmations": 0, "replies": 0, "presence": 0}


def test_the_ages_are_settings(tmp_path, database_url, dispatched):
    application = create_app(make_config(tmp_path, database_url, prune_mail_days=5, prune_confirmations_days=1))
    try:
        with application.app_context():
            mail("sent a week ago", kind="my_games", days=7)
            mail("confirmation, two days", kind="confirm", days=2)
            assert prune() == {"mail": 1, "confirmations": 1, "replies": 0, "presence": 0} and subjects() == set()
    finally:
        application.extensions["cachette"]["db"].dispose()


def test_presence_marks_in_redis_left_without_an_expiry_are_pruned(tmp_path, database_url, dispatched):
    queue = f"cachette-test-{uuid.uuid4().hex[:8]}"
    application = create_app(make_config(tmp_path, database_url, redis_url=REDIS_URL, celery_queue=queue))
    client = redis.Redis.from_url(REDIS_URL)
    try:
        with application.app_context():
            note_present("here", 1)
            client.set(key("gone", 1), (utcnow() - timedelta(hours=2)).timestamp())     # no expiry
            client.set(f"{queue}-other", "1")
            assert isinstance(application.extensions["presence"], RedisPresence)
            assert prune()["presence"] == 1
            assert client.exists(key("here", 1), f"{queue}-other") == 2 and not client.exists(key("gone", 1))
    finally:
        client.delete(*client.keys(f"{queue}*"))
        client.close()
        application.extensions["cachette"]["db"].dispose()


def test_the_beat_runs_the_prune_every_hour(app):
    celery = celery_init_app(app)
    entry = celery.conf.beat_schedule["prune"]
    assert entry["task"] == "cachette.prune" and entry["schedule"] == timedelta(hours=1)
    mail("sent, no game", kind="my_games")
    assert celery.tasks["cachette.prune"].apply().get()["mail"] == 1
