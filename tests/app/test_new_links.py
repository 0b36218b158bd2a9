"""Replacing seat links (by their person, or by the game's creator), single-use expiring confirmation links, and
one message for every rejected link."""

import re
import time
from types import SimpleNamespace

import pytest

from app import create_app
from app.play.links import REJECTED, confirm_token, my_games_token, seat_token

from app_helpers import (ROBOTS3, confirm_by_page, counts, csrf_from, mails, seat_path, set_up, start, token_for,
                         token_of)
from conftest import confirmation_token, make_config, text_of

ANN = {"name": "Ann", "email": "ann@example.org"}
BOB = {"name": "Bob", "email": "bob@example.org"}


def ask_new_link(client, token, seat=None):
    """Ask for a new link and say yes to the question asked first."""
    page = client.get(f"/s/{token}/mail").get_data(as_text=True)
    data = {"csrf_token": csrf_from(page), "replace": "yes"}
    if seat is not None:
        data["seat"] = str(seat)
    return client.post(f"/s/{token}/new-link", data=data)


def test_replacing_a_link_asks_first_and_the_question_changes_nothing(client):
    game = start([ANN, BOB, *ROBOTS3[:2]])
    old = token_for(game.id, 0)
    page = client.get(f"/s/{old}").get_data(as_text=True)
    assert f'<form method="get" action="/s/{old}/new-link">' in page
    before = counts()
    question = client.get(f"/s/{old}/new-link")
    text = question.get_data(as_text=True)
    assert question.status_code == 200 and "This will stop your current link working" in text
    assert "including in the mails already sent" in text and 'name="replace" value="yes"' in text
    assert 'name="csrf_token"' in text and f'action="/s/{old}/new-link"' in text
    for_bob = client.get(f"/s/{old}/new-link?seat=1").get_data(as_text=True)
    assert "This will stop Bob's current link working" in for_bob and 'name="seat" value="1"' in for_bob
    unanswered = client.post(f"/s/{old}/new-link", data={"csrf_token": csrf_from(page)})
    assert unanswered.status_code == 200 and "Replace your link?" in unanswered.get_data(as_text=True)
    assert counts() == before and client.get(f"/s/{old}").status_code == 200
    assert client.post(f"/s/{old}/new-link", data={"replace": "yes"}).status_code == 400     # no CSRF token
    assert client.get(f"/s/{token_for(game.id, 1)}/new-link?seat=0").status_code == 403    # not the creator
    assert client.get(f"/s/{old}/new-link?seat=²").status_code == 422
    assert counts() == before and client.get(f"/s/{old}").status_code == 200


def test_send_me_a_new_link_revokes_the_old_one_and_mails_the_new(client):
    game = start()
    old = token_for(game.id, 0)
    page = client.get(f"/s/{old}").get_data(as_text=True)
    assert f'action="/s/{old}/new-link"' in page and "Send me a new link" in page
    before = counts()
    answer = ask_new_link(client, old)
    assert answer.status_code == 200 and b"no longer works" in answer.data
    assert client.get(f"/s/{old}").status_code == 403
    [mail] = mails(kind="new_link")
    assert mail.recipient == "ann@example.org" and mail.seat == 0 and counts()[1] == before[1] + 1
    new = seat_path(mail)
    assert client.get(new).status_code == 200 and token_of(new) == token_for(game.id, 0) != old


def test_the_creator_replaces_any_players_link_and_nobody_else_can(client):
    game = start([ANN, BOB, *ROBOTS3[:2]])
    anns, bobs = token_for(game.id, 0), token_for(game.id, 1)
    assert b"Bob <button" in client.get(f"/s/{anns}").data            # the creator's page offers it
    assert b"Ann <button" not in client.get(f"/s/{bobs}").data
    before = counts()
    refused = ask_new_link(client, bobs, seat=0)
    assert refused.status_code == 403 and counts() == before
    assert ask_new_link(client, anns, seat=2).status_code == 422     # a robot's seat has no link
    answer = ask_new_link(client, anns, seat=1)
    assert answer.status_code == 200 and b"We have mailed Bob a new link" in answer.data
    assert client.get(f"/s/{bobs}").status_code == 403 and client.get(f"/s/{anns}").status_code == 200
    [mail] = mails(kind="new_link")
    assert mail.recipient == "bob@example.org" and "Ann, who set up your game of Quinto" in text_of(mail)
    assert client.get(seat_path(mail)).status_code == 200


def test_new_links_are_rate_limited(tmp_path, database_url, dispatched):
    application = create_app(make_config(tmp_path, database_url, limit_links_per_address="1 per day"))
    try:
        with application.app_context():
            client = application.test_client()
            game = start()
            assert ask_new_link(client, token_for(game.id, 0)).status_code == 200
            before = counts()
            refused = ask_new_link(client, token_for(game.id, 0))
            assert refused.status_code == 429 and b"Too many mailed links for ann@example.org" in refused.data
            assert counts() == before and client.get(f"/s/{token_for(game.id, 0)}").status_code == 200
    finally:
        application.extensions["cachette"]["db"].dispose()


def test_a_used_confirmation_link_shows_the_games_it_started_and_changes_nothing(client):
    first = set_up([ANN, BOB, *ROBOTS3[:2]])
    second = set_up([ANN, *ROBOTS3], game="sueca")
    token = confirmation_token("ann@example.org")
    assert confirm_by_page(client, "ann@example.org").status_code == 303
    before = counts()
    page = client.get(f"/confirm/{token}")
    shown = page.get_data(as_text=True)
    assert page.status_code == 200 and "Your address is confirmed" in shown and "This link started your 2 games" in shown
    assert [f"/s/{token_for(first.id, 0)}", f"/s/{token_for(second.id, 0)}"] == re.findall(r'href="(/s/[^"]+)"', shown)
    csrf = csrf_from(client.get("/lobby/quinto").get_data(as_text=True))
    again = client.post(f"/confirm/{token}", data={"csrf_token": csrf})
    assert again.status_code == 303 and again.location == f"/confirm/{token}"
    assert counts() == before


def test_the_creators_requests_for_a_players_link_never_spend_the_players_own(tmp_path, database_url, dispatched):
    application = create_app(make_config(tmp_path, database_url, limit_links_per_address="1 per day"))
    try:
        with application.app_context():
            client = application.test_client()
            game = start([ANN, BOB, *ROBOTS3[:2]])
            assert ask_new_link(client, token_for(game.id, 0), seat=1).status_code == 200
            before = counts()
            refused = ask_new_link(client, token_for(game.id, 0), seat=1)
            assert refused.status_code == 429 and b"Too many mailed links for bob@example.org" in refused.data
            assert counts() == before
            assert ask_new_link(client, token_for(game.id, 1)).status_code == 200       # Bob's own request
            assert [mail.recipient for mail in mails(kind="new_link")] == ["bob@example.org"] * 2
    finally:
        application.extensions["cachette"]["db"].dispose()


def test_a_confirmation_link_expires(app, client, monkeypatch):
    set_up()
    keys = app.extensions["cachette"]["config"].signing_keys
    eight_days_ago = time.time() - 8 * 86400
    monkeypatch.setattr(time, "time", lambda: eight_days_ago)
    old = confirm_token(keys, "ann@example.org", 1)
    monkeypatch.undo()
    assert client.get(f"/confirm/{old}").status_code == 403
    assert client.get(f"/confirm/{confirmation_token('ann@example.org')}").status_code == 200


@pytest.mark.parametrize("reason", ["tampered", "revoked", "unknown game", "never mailed", "expired", "another purpose"])
def test_every_rejected_link_gets_the_one_message(app, client, monkeypatch, reason):
    keys = app.extensions["cachette"]["config"].signing_keys
    game = start()
    link = token_for(game.id, 0)
    if reason == "tampered":
        # A signature character changed, away from the last (whose low bits base64 may ignore): "xx" in
        # place of the last two once matched the token itself, 1 run in about a thousand.
        changed = "A" if link[-5] != "A" else "B"
        path = f"/s/{link[:-5]}{changed}{link[-4:]}"
    elif reason == "revoked":
        ask_new_link(client, link)
        path = f"/s/{link}"
    elif reason == "unknown game":
        path = "/s/" + seat_token(keys, SimpleNamespace(game_id="nogame", seat=0, link_version=1))
    elif reason == "never mailed":
        path = "/confirm/" + confirm_token(keys, "ann@example.org", 9)
    elif reason == "expired":
        monkeypatch.setattr(time, "time", lambda: 1_000_000.0)
        path = "/my-games/" + my_games_token(keys, "ann@example.org")
        monkeypatch.undo()
    else:
        path = "/unsubscribe/" + link
    page = client.get(path)
    assert page.status_code == 403 and REJECTED in page.get_data(as_text=True)
    if path.startswith("/s/"):
        api = client.get("/api/seats/" + path.split("/")[2])
        assert api.status_code == 403 and api.json["error"] == {"code": "bad_link", "message": REJECTED}


def test_the_link_of_one_who_left_can_still_be_replaced_by_them_or_the_creator(client):
    game = start([ANN, BOB, *ROBOTS3[:2]])
    anns, bobs = token_for(game.id, 0), token_for(game.id, 1)
    assert client.post(f"/api/seats/{bobs}/hand-over", json={}).status_code == 201
    page = client.get(f"/s/{bobs}").get_data(as_text=True)
    assert "Send me a new link" in page and "Say to the table" not in page      # reads, and may still close it
    assert b"Bob <button" in client.get(f"/s/{anns}").data
    assert ask_new_link(client, bobs, seat=0).status_code == 403                 # nobody else's, creator or not
    answer = ask_new_link(client, bobs)
    assert answer.status_code == 200 and client.get(f"/s/{bobs}").status_code == 403
    [mail] = mails(kind="new_link")
    new = token_of(seat_path(mail))
    assert mail.recipient == "bob@example.org" and client.get(f"/s/{new}").status_code == 200
    assert ask_new_link(client, anns, seat=1).status_code == 200
    assert client.get(f"/s/{new}").status_code == 403 and client.get(f"/api/seats/{new}/position").status_code == 403
