"""A replaced link is refused from the moment its replacement is committed, whatever became of the publication
of the new link version (app.live.positions): the version is published before the commit, a replacement Redis
cannot be told of is refused with nothing written, a rollback leaves nothing that refuses the old link, and a
publication with a position alone never makes kept link versions live longer."""

import os
import signal
import time
import uuid

import pytest
import redis
from sqlalchemy import event
from sqlalchemy.orm import Session

from app.live import positions
from app.context import database
from app.live.positions import LinkNotFenced
from app.live.redis_breaker import COOL_OFF
from app.play.new_links import send_new_link
from app.play.seats import revoke_links, seats_of

from conftest import app_in_context
from live import RedisServer, wait_until
from smtp_sink import free_port
from worker_fixtures import worker_config
from worker_helpers import ANN, BOB, ROBOTS3, start_confirmed, token_for


def people_game():
    """Ann and Bob at a table with two robots, their addresses confirmed."""
    return start_confirmed([ANN, BOB, *ROBOTS3[:2]])


@pytest.fixture
def redis_server(tmp_path):
    server = RedisServer(free_port(), tmp_path).start()
    yield server
    os.kill(server.process.pid, signal.SIGCONT)
    server.stop()


@pytest.fixture
def service(tmp_path, database_url, redis_server, dispatched):
    config = worker_config(tmp_path, database_url, redis_url=redis_server.url,
                           celery_queue=f"cachette-test-{uuid.uuid4().hex[:8]}")
    with app_in_context(config) as application:
        yield application


def poll(client, token):
    return client.get(f"/api/seats/{token}/position")


def pause(server):
    os.kill(server.process.pid, signal.SIGSTOP)


def resume(server):
    os.kill(server.process.pid, signal.SIGCONT)
    time.sleep(COOL_OFF)            # the process's breaker lets calls through again


def kept_answer(client, token):
    """Poll twice: the first poll keeps the position beside the log, the second is answered from it."""
    poll(client, token)
    return poll(client, token)


def test_a_replacement_redis_cannot_be_told_of_is_refused_and_writes_nothing(service, redis_server):
    client = service.test_client()
    game = people_game()
    old = token_for(game.id, 1)
    assert kept_answer(client, old).status_code == 200
    pause(redis_server)
    started = time.monotonic()
    with pytest.raises(LinkNotFenced):
        send_new_link(old)
    assert time.monotonic() - started < 1
    assert token_for(game.id, 1) == old                   # nothing written
    resume(redis_server)                                  # the fence it had sent is done now, and undone after
    wait_until(lambda: kept_answer(client, old).status_code == 200, 10, "the old link was not answered again")
    send_new_link(old)                                    # Redis back: done, and the old link refused at once
    assert poll(client, old).status_code == 403
    assert poll(client, token_for(game.id, 1)).status_code == 200


def test_a_lost_publication_after_the_commit_leaves_the_old_link_refused(service, redis_server):
    client = service.test_client()
    game = people_game()
    old = token_for(game.id, 1)
    assert kept_answer(client, old).status_code == 200
    admin = redis.Redis.from_url(redis_server.url)

    def refuse_writes(session):     # after the fence, before the commit: Redis takes no write after it
        admin.config_set("maxmemory-policy", "noeviction")
        admin.config_set("maxmemory", "1")

    event.listen(Session, "before_commit", refuse_writes)
    try:
        send_new_link(old)
        assert poll(client, old).status_code == 403       # the publication after the commit was refused
    finally:
        event.remove(Session, "before_commit", refuse_writes)
        admin.config_set("maxmemory", "0")
        admin.close()
    assert poll(client, token_for(game.id, 1)).status_code == 200


def test_a_rolled_back_replacement_leaves_the_old_link_answered(service, redis_server):
    client = service.test_client()
    game = people_game()
    old = token_for(game.id, 1)
    assert kept_answer(client, old).status_code == 200
    with pytest.raises(RuntimeError):
        with database().writing() as session:
            revoke_links(session, seats_of(session, game.id)[1])
            raise RuntimeError("undone")
    assert token_for(game.id, 1) == old
    assert kept_answer(client, old).status_code == 200


def test_a_position_alone_never_makes_kept_link_versions_live_longer(service, redis_server):
    client = service.test_client()
    game = people_game()
    kept_answer(client, token_for(game.id, 1))
    reader = redis.Redis.from_url(redis_server.url)
    name = positions.key(game.id)
    reader.expire(name, 5)
    positions.publish(game.id, game.seq + 1, game.status, {})
    assert reader.get(name).split()[0] == str(game.seq + 1).encode() and 0 < reader.ttl(name) <= 5
    positions.publish(game.id, game.seq + 1, game.status, {1: 1})          # a reader's, from the database
    assert reader.ttl(name) > 5
    reader.close()
