"""Seat links: signed per purpose, rotatable keys, revocable; bad ones are a 403 page."""

import pytest

from app import create_app
from app.context import database
from app.play.links import confirm_token, my_games_token, seat_token, unsubscribe_token
from app.play.seats import revoke_links, seats_of
from app.play.seats import seat_path as fresh_seat_path

from app_helpers import counts, mails, seat_path, start, token_of
from conftest import make_config


@pytest.fixture
def game_link(app):
    start()
    return seat_path(mails(kind="invite")[0])


def test_a_seat_link_opens_the_table(client, game_link):
    assert client.get(game_link).status_code == 200


@pytest.mark.parametrize("tamper", [
    lambda t: t[:-2] + ("AA" if not t.endswith("AA") else "BB"),
    lambda t: "x" + t,
    lambda t: t.split(".")[0],
    lambda t: "WyJub3BlIiwwLDFd.abc",
    lambda t: "%00%ff",
])
def test_tampered_links_are_a_403_page(client, game_link, tamper):
    before = counts()
    answer = client.get("/s/" + tamper(token_of(game_link)))
    assert answer.status_code == 403
    assert b"This link does not work" in answer.data and b"Traceback" not in answer.data
    api = client.get("/api/seats/" + tamper(token_of(game_link)))
    assert api.status_code == 403 and api.json["error"]["code"] == "bad_link"
    assert counts() == before


def test_a_link_for_another_purpose_is_refused(app, client, game_link):
    keys = app.extensions["cachette"]["config"].signing_keys
    assert client.get("/s/" + confirm_token(keys, "ann@example.org", 1)).status_code == 403
    assert client.get("/s/" + my_games_token(keys, "ann@example.org")).status_code == 403
    assert client.get("/s/" + unsubscribe_token(keys, "ann@example.org")).status_code == 403
    assert client.get("/confirm/" + unsubscribe_token(keys, "ann@example.org")).status_code == 403
    assert client.get("/unsubscribe/" + my_games_token(keys, "ann@example.org")).status_code == 403


def test_revoked_links_are_refused_and_new_ones_work(app, client, game_link):
    game_id = mails(kind="invite")[0].game_id
    assert client.get(game_link).status_code == 200     # checked once, and its check kept, before the revocation
    with database().writing() as session:
        revoke_links(session, seats_of(session, game_id)[0])
    answer = client.get(game_link)
    assert answer.status_code == 403 and b"replaced by a newer one" in answer.data
    with database().reading() as session:
        assert client.get(fresh_seat_path(seats_of(session, game_id)[0])).status_code == 200


def test_keys_can_be_rotated(app, tmp_path, database_url, game_link):
    rotated = create_app(make_config(tmp_path, database_url, secret_key="a-new-key",
                                     secret_key_fallbacks=["test-secret-key"]))
    assert rotated.test_client().get(game_link).status_code == 200
    retired = create_app(make_config(tmp_path, database_url, secret_key="a-new-key"))
    assert retired.test_client().get(game_link).status_code == 403
    for other in (rotated, retired):
        other.extensions["cachette"]["db"].dispose()


def test_a_robot_seat_has_no_link(app, client):
    game = start()
    keys = app.extensions["cachette"]["config"].signing_keys
    with database().reading() as session:
        robot = seats_of(session, game.id)[1]
    assert client.get("/s/" + seat_token(keys, robot)).status_code == 403
