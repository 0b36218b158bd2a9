"""The position an open table polls is kept beside the log (app.live.positions): no query in the common case, never
behind the log, and a revoked link is refused from it too. Checked with this process's memory and with Redis."""

import os
import uuid

import pytest
import redis
from sqlalchemy import event

from app import create_app
from app.live import positions
from app.context import database
from app.social import leaving
from app.play.new_links import send_new_link

from app_helpers import csrf_from, game_row, people_game, token_for
from conftest import app_in_context, make_config

REDIS_URL = os.environ.get("CACHETTE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


@pytest.fixture(params=["memory", "redis"])
def kept_in(request, tmp_path, database_url, dispatched):
    """The app, keeping positions in its memory or in a real Redis (on a queue name of its own)."""
    changes = {}
    if request.param == "redis":
        changes = {"redis_url": REDIS_URL, "celery_queue": f"test-positions-{uuid.uuid4().hex[:8]}"}
    with app_in_context(make_config(tmp_path, database_url, **changes)) as application:
        yield application


class Queries:
    """Counts the statements sent to the database."""

    def __init__(self, engine):
        self.count = 0
        event.listen(engine, "before_cursor_execute", self.seen)

    def seen(self, *_):
        self.count += 1


def poll(client, token, **headers):
    return client.get(f"/api/seats/{token}/position", headers=headers)


def test_a_poll_reads_no_database_once_the_position_is_kept_and_moves_with_the_game(kept_in):
    client = kept_in.test_client()
    game, path = people_game()
    token = path.split("/")[2]
    queries = Queries(database().engine)
    assert poll(client, token).json == {"seq": game.seq, "status": "active"}   # nothing kept: the database
    asked = queries.count
    assert asked > 0
    for _ in range(3):
        assert poll(client, token).json == {"seq": game.seq, "status": "active"}
    assert queries.count == asked
    page = client.get(path).get_data(as_text=True)
    client.post(path + "/move", data={"csrf_token": csrf_from(page), "seq": str(game.seq), "move": "double"})
    moved = game_row(game.id).seq
    asked = queries.count
    assert poll(client, token).json["seq"] == game.seq + 1 == moved   # published by the move
    assert queries.count == asked


def test_the_same_position_is_answered_304_without_a_body(kept_in):
    client = kept_in.test_client()
    game, path = people_game()
    token = path.split("/")[2]
    first = poll(client, token)
    tag = first.headers["ETag"]
    again = poll(client, token, **{"If-None-Match": tag})
    assert again.status_code == 304 and again.get_data() == b"" and again.headers["ETag"] == tag
    assert poll(client, token, **{"If-None-Match": '"0-active"'}).status_code == 200


def test_a_replaced_link_is_refused_from_the_kept_position_and_the_new_one_answers(kept_in):
    client = kept_in.test_client()
    game, path = people_game()
    old = path.split("/")[2]
    assert poll(client, old).status_code == 200            # now kept
    send_new_link(old)
    new = token_for(game.id, 1)
    queries = Queries(database().engine)
    assert poll(client, old).status_code == 403
    assert poll(client, new).json["seq"] == game.seq
    assert poll(client, old).status_code == 403
    assert queries.count == 0


def test_a_person_who_left_polls_from_the_kept_position_and_a_robots_seat_never_does(kept_in):
    client = kept_in.test_client()
    game, path = people_game()
    token = path.split("/")[2]
    poll(client, token)
    leaving.hand_over(token)
    assert positions.kept(game.id).versions[2] == positions.ROBOT      # a robot's seat from the start
    seq = game_row(game.id).seq
    queries = Queries(database().engine)
    assert poll(client, token).json == {"seq": seq, "status": "active"}
    assert queries.count == 0


def test_a_late_publication_never_puts_a_game_back(kept_in):
    positions.publish("g1", 7, "active", {0: 2, 1: 1})
    positions.publish("g1", 5, "active", {0: 1})             # a slow reader's older answer
    positions.publish("g1", 7, "unconfirmed", {})
    kept = positions.kept("g1")
    assert (kept.seq, kept.status, kept.versions) == (7, "active", {0: 2, 1: 1})
    positions.publish("g1", 7, "over", {1: positions.ROBOT})
    positions.publish("g1", -1, "", {1: 3})
    kept = positions.kept("g1")
    assert (kept.seq, kept.status, kept.versions) == (7, "over", {0: 2, 1: 3})


def test_with_redis_away_the_poll_asks_the_database(tmp_path, database_url, dispatched):
    application = create_app(make_config(tmp_path, database_url, redis_url="redis://127.0.0.1:1/0"))
    with application.app_context():
        game, path = people_game()
        answer = poll(application.test_client(), path.split("/")[2])
        assert answer.status_code == 200 and answer.json["seq"] == game.seq
    application.extensions["cachette"]["db"].dispose()


def test_positions_expire_in_redis(tmp_path, database_url, dispatched):
    queue = f"test-positions-{uuid.uuid4().hex[:8]}"
    application = create_app(make_config(tmp_path, database_url, redis_url=REDIS_URL, celery_queue=queue))
    with application.app_context():
        positions.publish("g2", 3, "active", {0: 1})
        assert 0 < redis.Redis.from_url(REDIS_URL).ttl(positions.key("g2")) <= positions.TTL
    application.extensions["cachette"]["db"].dispose()
