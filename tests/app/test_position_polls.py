"""The open tables' polls answered in front of Flask (app.web.position_polls): the same answer Flask gives, byte for
byte and header for header, without entering Flask, with headers made from the security settings and never
learnt from a request; everything else through Flask as before."""

import pytest
from flask import request

from app.play.new_links import send_new_link

from app_helpers import people_game, token_for
from conftest import app_in_context, make_config


@pytest.fixture(params=["http://localhost", "https://cachette.example"])
def polled(request, tmp_path, database_url, dispatched):
    """(app, entered): the app at an http or https address, and a list that grows each time Flask is entered."""
    entered = []
    with app_in_context(make_config(tmp_path, database_url, base_url=request.param)) as application:
        application.before_request(lambda: entered.append(1))
        yield application, entered


def answer(response):
    return response.status, response.get_data(), sorted((name, value) for name, value in response.headers
                                                         if name != "Date")


def poll(client, token, **headers):
    return client.get(f"/api/seats/{token}/position", headers=headers)


def secure(app):
    """Headers that make a request count as https where the app is served over https (as behind a proxy)."""
    return {"X-Forwarded-Proto": "https"} if app.config["SESSION_COOKIE_SECURE"] else {}


def through_flask(client, token, **headers):
    """The same poll answered by the Flask view (a query string sends it there; the view reads none)."""
    return client.get(f"/api/seats/{token}/position?through=flask", headers=headers)


def test_a_poll_gets_flasks_own_answer_without_entering_flask(polled):
    app, entered = polled
    client = app.test_client()
    game, path = people_game()
    token = path.split("/")[2]
    first = poll(client, token, **secure(app))          # nothing kept yet: Flask answers from the database
    assert first.status_code == 200 and first.json == {"seq": game.seq, "status": "active"}
    tag = first.headers["ETag"]
    not_modified = through_flask(client, token, **{"If-None-Match": tag}, **secure(app))
    assert not_modified.status_code == 304 and not_modified.get_data() == b""
    by_flask = len(entered)
    assert by_flask == 2
    for _ in range(3):
        assert answer(poll(client, token, **{"If-None-Match": tag}, **secure(app))) == answer(not_modified)
        assert answer(poll(client, token, **secure(app))) == answer(first)
    assert len(entered) == by_flask                           # every later poll answered in front of Flask
    assert ("Strict-Transport-Security" in first.headers) == bool(secure(app))
    assert first.headers["Cache-Control"] == "no-store" and "Content-Security-Policy" in first.headers


def test_a_header_flask_gave_one_poll_is_never_sent_with_anothers(polled):
    app, entered = polled
    app.after_request(lambda response: response.headers.set("X-Asked-By", request.headers.get("X-Who", "")) or response)
    client = app.test_client()
    token = people_game()[1].split("/")[2]
    for who in ("ann", "bob", "carol", "dan"):
        answered = poll(client, token, **{"X-Who": who}, **secure(app))
        assert answered.status_code == 200 and answered.headers.get("X-Asked-By", who) == who


def test_an_insecure_poll_of_an_https_service_is_always_sent_to_https(tmp_path, database_url, dispatched):
    with app_in_context(make_config(tmp_path, database_url, base_url="https://cachette.example")) as app:
        client = app.test_client()
        token = people_game()[1].split("/")[2]
        poll(client, token, **{"X-Forwarded-Proto": "https"})
        for _ in range(2):
            moved = poll(client, token)
            assert moved.status_code == 302 and moved.headers["Location"].startswith("https://")


def test_a_replaced_link_a_forged_one_a_query_and_a_head_go_through_flask(polled):
    app, entered = polled
    client = app.test_client()
    game, path = people_game()
    token = path.split("/")[2]
    for _ in range(2):
        poll(client, token, **secure(app))                    # learnt
    before = len(entered)
    assert poll(client, token[:-2] + "xx", **secure(app)).status_code == 403
    assert client.get(f"/api/seats/{token}/position?x=1", headers=secure(app)).status_code == 200
    assert client.head(f"/api/seats/{token}/position", headers=secure(app)).status_code == 200
    assert len(entered) == before + 3
    send_new_link(token)
    refused = poll(client, token, **secure(app))
    assert refused.status_code == 403 and refused.json["error"]
    fresh = token_for(game.id, 1)
    assert poll(client, fresh, **secure(app)).json == {"seq": game.seq, "status": "active"}
