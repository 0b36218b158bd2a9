"""Rate limits on the requests that make the service mail someone: per client, per address mailed; 429, nothing
written."""

import os
import uuid

import pytest
import redis

from app import create_app
from app.config import Config
from app.play.links import CONFIRMED_COOKIE, browser_token
from workers.celery_app import celery_init_app

from app_helpers import ROBOTS3, counts, csrf_from, mails, start
from conftest import make_config

REDIS_URL = os.environ.get("CACHETTE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


@pytest.fixture
def limited(tmp_path, database_url, dispatched):
    """Apps with small limits, made as needed; each is disposed of at the end."""
    made = []

    def make(**limits):
        application = create_app(make_config(tmp_path, database_url, **limits))
        made.append(application)
        return application

    yield make
    for application in made:
        application.extensions["cachette"]["db"].dispose()


def from_address(number):
    return {"REMOTE_ADDR": f"192.0.2.{number}"}


def new_game(client, email="ann@example.org", **environ):
    return client.post("/api/games", json={"game": "quinto", "seats": [{"name": "A", "email": email}, *ROBOTS3]},
                       environ_base=environ or from_address(1))


def test_new_games_per_client_answer_429_past_the_limit_and_write_nothing(limited):
    application = limited(limit_games_per_client="2 per hour")
    client = application.test_client()
    with application.app_context():
        assert [new_game(client, f"p{n}@example.org").status_code for n in range(2)] == [201, 201]
        before = counts()
        refused = new_game(client, "p3@example.org")
        assert refused.status_code == 429 and refused.json["error"]["code"] == "too_many_requests"
        assert "Too many new games from your network address (at most 2 per hour)" in refused.json["error"]["message"]
        assert int(refused.headers["Retry-After"]) > 0
        page = client.get("/lobby/quinto", environ_base=from_address(1)).get_data(as_text=True)
        form = {"csrf_token": csrf_from(page), "players": "4", "seat0_kind": "person", "seat0_name": "Ann",
                "seat0_email": "p4@example.org", **{f"seat{n}_kind": "random" for n in (1, 2, 3)}}
        lobby = client.post("/lobby/quinto", data=form, environ_base=from_address(1))   # pages and API share it
        assert lobby.status_code == 429 and b"Too many new games from your network address" in lobby.data
        assert counts() == before
        assert new_game(client, "p5@example.org", **from_address(2)).status_code == 201  # another client


def test_new_games_per_address_count_every_address_they_would_mail(limited):
    application = limited(limit_games_per_address="2 per day")
    client = application.test_client()
    with application.app_context():
        two = [{"name": "A", "email": "ann@example.org"}, {"name": "B", "email": "bob@example.org"}, *ROBOTS3[:2]]
        assert client.post("/api/games", json={"game": "quinto", "seats": two},
                           environ_base=from_address(1)).status_code == 201
        assert new_game(client, "bob@example.org", **from_address(2)).status_code == 201
        before = counts()
        refused = new_game(client, "bob@example.org", **from_address(3))                # from anywhere
        assert refused.status_code == 429 and "for bob@example.org" in refused.json["error"]["message"]
        assert counts() == before
        assert new_game(client, "ann@example.org", **from_address(4)).status_code == 201  # nothing counted for Ann


def test_link_requests_are_limited_per_client(limited, dispatched):
    application = limited(limit_links_per_client="3 per hour")
    client = application.test_client()
    with application.app_context():
        page = client.get("/my-games").get_data(as_text=True)

        def ask(email, number):
            return client.post("/my-games", data={"csrf_token": csrf_from(page), "email": email},
                               environ_base=from_address(number))

        assert [ask(f"p{n}@example.org", 1).status_code for n in range(3)] == [200, 200, 200]
        refused = ask("cy@example.org", 1)
        assert refused.status_code == 429 and b"from your network address" in refused.data
        assert ask("cy@example.org", 2).status_code == 200
        assert len(dispatched.my_games) == 4 and mails() == []


def test_what_strangers_ask_for_an_address_never_spends_its_owners_allowance(limited, dispatched):
    """Five "my games" requests for Ann's address from a stranger once used up Ann's own for a day."""
    application = limited(limit_links_per_client="100 per hour", limit_links_per_address="2 per day")
    client = application.test_client()
    with application.app_context():
        start()
        look_up = celery_init_app(application).tasks["cachette.mail_my_games"]
        page = client.get("/my-games").get_data(as_text=True)

        def ask(number):
            return client.post("/my-games", data={"csrf_token": csrf_from(page), "email": "ann@example.org"},
                               environ_base=from_address(number))

        answers, sent = [], []
        for _ in range(5):                      # each handed to the workers, which look it up, before the next
            answers.append(ask(2))
            email, at = dispatched.my_games[-1]
            sent.append(look_up.apply(args=(email, at.isoformat())).get())
        assert {answer.status_code for answer in answers} == {200} and len({answer.data for answer in answers}) == 1
        assert sent == [True, True, False, False, False]        # counted as mailed, and past the limit nothing
        assert len(mails(kind="my_games")) == 2
        keys = application.extensions["cachette"]["config"].signing_keys
        owner = application.test_client()         # the owner's browser is shown the games, nothing mailed
        owner.set_cookie(CONFIRMED_COOKIE, browser_token(keys, "ann@example.org"))
        assert "Games of ann@example.org" in owner.get("/my-games").get_data(as_text=True)
        assert len(mails(kind="my_games")) == 2 and len(dispatched.my_games) == 5
        forged = application.test_client()
        forged.set_cookie(CONFIRMED_COOKIE, browser_token(["another key"], "ann@example.org"))
        forged_page = forged.get("/my-games").get_data(as_text=True)
        assert "Games of" not in forged_page
        assert forged.post("/my-games", data={"csrf_token": csrf_from(forged_page), "email": "ann@example.org"},
                           environ_base=from_address(4)).status_code == 200
        assert len(mails(kind="my_games")) == 2 and len(dispatched.my_games) == 6


def test_limits_held_in_redis_are_shared_by_every_web_process(limited):
    queue = f"cachette-test-{uuid.uuid4().hex[:8]}"
    answers = []
    for _ in range(2):                          # the second process starts after the first has answered
        application = limited(redis_url=REDIS_URL, celery_queue=queue, limit_games_per_client="1 per hour")
        with application.app_context():
            answers.append(new_game(application.test_client()).status_code)
    assert answers == [201, 429]
    store = redis.Redis.from_url(REDIS_URL)
    try:
        assert store.keys(f"{queue}-limits:*")
    finally:
        store.delete(*store.keys(f"{queue}-limits:*"))
        store.close()


def test_limits_are_settings_and_a_bad_one_stops_the_start(tmp_path, database_url):
    config = Config.from_env(str(tmp_path), {"DEV_MAILBOX": "1", "DATABASE_URL": database_url,
                                            "LIMIT_GAMES_PER_CLIENT": "3 per minute",
                                            "LIMIT_LINKS_PER_ADDRESS": "1 per hour; 2 per day"})
    assert (config.limit_games_per_client, config.limit_links_per_address) == ("3 per minute", "1 per hour; 2 per day")
    with pytest.raises(ValueError, match="LIMIT_GAMES_PER_ADDRESS"):
        create_app(make_config(tmp_path, database_url, limit_games_per_address="lots"))
