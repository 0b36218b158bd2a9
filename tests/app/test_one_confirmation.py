"""One confirmation, no dead links: an address is asked once for the games it sets up together, every link it was
mailed answers with the games it started, and the browser that confirmed is not asked again."""

import re
import time

from sqlalchemy import select, update

from app import create_app
from app.context import database, settings
from app.play.links import browser_token
from app.store.models import Consent, Game
from app.mail_out import consent
from app.clock import utcnow
from app.play.links import CONFIRMED_COOKIE

from app_helpers import ROBOTS3, confirm_by_page, counts, csrf_from, game_row, lobby_form, mails, set_up, token_for
from conftest import confirmation_token, make_config

ANN = {"name": "Ann", "email": "ann@example.org"}
BOB = {"name": "Bob", "email": "bob@example.org"}


def api_game(client, seats=(ANN, *ROBOTS3), game="quinto"):
    answer = client.post("/api/games", json={"game": game, "seats": list(seats)})
    assert answer.status_code == 201, answer.json
    return answer.json


def test_a_confirmed_address_gets_one_confirmation_for_five_new_games_and_its_link_starts_them_all(app, client):
    set_up()
    assert confirm_by_page(app.test_client(), ANN["email"]).status_code == 303      # Ann is confirmed
    before = len(mails(kind="confirm"))
    created = [api_game(client)["id"] for _ in range(5)]                             # a browser that never confirmed
    assert len(mails(kind="confirm")) == before + 1
    assert {game_row(game_id).status for game_id in created} == {"unconfirmed"}
    link = "/confirm/" + confirmation_token(ANN["email"])
    assert client.get(link).get_data(as_text=True).count("Quinto, set up") == 5
    assert client.post(link, data={"csrf_token": csrf_from(client.get(link).get_data(as_text=True))}).status_code == 303
    assert {game_row(game_id).status for game_id in created} == {"active"}
    shown = client.get(link).get_data(as_text=True)
    assert re.findall(r'href="(/s/[^"]+)"', shown) == [f"/s/{token_for(game_id, 0)}" for game_id in created]


def test_each_link_answers_with_the_games_it_was_mailed_for(client):
    first = set_up([ANN, *ROBOTS3])
    link_one = "/confirm/" + confirmation_token(ANN["email"])
    confirm_by_page(client, ANN["email"])
    second = set_up([ANN, BOB, *ROBOTS3[:2]], game="sueca")                         # a new link: the first is used
    link_two = "/confirm/" + confirmation_token(ANN["email"])
    assert link_two != link_one
    waiting = client.get(link_two).get_data(as_text=True)
    assert "Confirm and start" in waiting and "Sueca, set up" in waiting and "Quinto, set up" not in waiting
    assert re.findall(r'href="(/s/[^"]+)"', client.get(link_one).get_data(as_text=True)) == [
        f"/s/{token_for(first.id, 0)}"]
    confirm_by_page(client, ANN["email"])
    for link, game in ((link_one, first), (link_two, second)):
        page = client.get(link)
        assert page.status_code == 200 and re.findall(r'href="(/s/[^"]+)"', page.get_data(as_text=True)) == [
            f"/s/{token_for(game.id, 0)}"]


def test_a_link_for_no_game_answers_that_the_address_is_confirmed(client):
    set_up([ANN, BOB, *ROBOTS3[:2]])
    confirm_by_page(client, ANN["email"])
    with database().writing() as session:                                           # as the mail worker asks Bob
        book = consent.locked(session, [BOB["email"]], utcnow())
        consent.queue_confirmation(session, book[BOB["email"]], "Confirm", {"reason": "invited"}, utcnow())
    link = "/confirm/" + confirmation_token(BOB["email"])
    assert confirm_by_page(client, BOB["email"]).status_code == 303
    page = client.get(link).get_data(as_text=True)
    assert "Your address is confirmed" in page and "bob@example.org" in page and 'href="/s/' not in page


def test_the_browser_that_confirmed_starts_its_next_games_at_once_and_no_other_does(app, client):
    set_up()
    confirmed = confirm_by_page(client, ANN["email"])
    cookie = confirmed.headers["Set-Cookie"]
    assert cookie.startswith(f"{CONFIRMED_COOKIE}=") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert "Secure" not in cookie and "Max-Age=2592000" in cookie                   # plain HTTP here; a month
    before = len(mails(kind="confirm"))
    answer = client.post("/lobby/quinto", data=lobby_form(client))
    assert answer.status_code == 303 and answer.location == f"/s/{token_for(game_row_of_newest().id, 0)}"
    assert game_row_of_newest().status == "active" and len(mails(kind="confirm")) == before
    assert mails(kind="invite")[-1].subject == "Your game of Quinto has started"
    assert api_game(client)["status"] == "active"
    elsewhere = app.test_client()                                                    # another browser: asked
    answer = elsewhere.post("/lobby/quinto", data=lobby_form(elsewhere))
    assert answer.status_code == 303 and "/started/" in answer.location and len(mails(kind="confirm")) == before + 1
    assert api_game(elsewhere)["status"] == "unconfirmed" and len(mails(kind="confirm")) == before + 1


def game_row_of_newest():
    with database().reading() as session:
        return session.execute(select(Game).order_by(Game.created_at.desc()).limit(1)).scalar_one()


def test_the_cookie_vouches_only_for_its_own_confirmed_address(app, client, monkeypatch):
    keys = settings().signing_keys
    set_up()
    confirm_by_page(client, ANN["email"])
    bob_game = api_game(client, [BOB, *ROBOTS3])                                    # Bob is not this browser's
    assert bob_game["status"] == "unconfirmed" and mails(kind="confirm")[-1].recipient == BOB["email"]
    forged = app.test_client()
    forged.set_cookie(CONFIRMED_COOKIE, browser_token(["another key"], ANN["email"]))
    assert api_game(forged)["status"] == "unconfirmed"
    old = app.test_client()
    month_and_a_day_ago = time.time() - 31 * 86400
    monkeypatch.setattr(time, "time", lambda: month_and_a_day_ago)
    old_cookie = browser_token(keys, ANN["email"])
    monkeypatch.undo()
    old.set_cookie(CONFIRMED_COOKIE, old_cookie)
    assert api_game(old)["status"] == "unconfirmed"
    with database().writing() as session:                                           # Ann asked never to be mailed
        session.execute(update(Consent).where(Consent.address == ANN["email"]).values(state="suppressed"))
    assert api_game(client)["status"] == "unconfirmed"


def test_a_new_address_is_confirmed_once_before_it_is_mailed_anything_else(client):
    answer = client.post("/lobby/quinto", data=lobby_form(client, seat0_email="new@example.org"))
    assert "/started/" in answer.location
    assert [(mail.kind, mail.recipient) for mail in mails()] == [("confirm", "new@example.org")]
    before = counts()
    client.post("/lobby/quinto", data=lobby_form(client, seat0_email="new@example.org"))
    assert len(mails()) == 1 and counts()[0] > before[0]                              # one mail a day, both games


def test_the_cookie_is_secure_when_the_site_is(tmp_path, database_url, dispatched):
    application = create_app(make_config(tmp_path, database_url, base_url="https://cachette.example"))
    try:
        with application.app_context():
            set_up()
            link = "/confirm/" + confirmation_token(ANN["email"])
            browser = application.test_client()
            page = browser.get(link, base_url="https://cachette.example").get_data(as_text=True)
            answer = browser.post(link, data={"csrf_token": csrf_from(page)}, base_url="https://cachette.example")
            assert answer.status_code == 303 and "Secure" in answer.headers["Set-Cookie"]
            assert consent.is_suppressed(ANN["email"]) is False
    finally:
        application.extensions["cachette"]["db"].dispose()
