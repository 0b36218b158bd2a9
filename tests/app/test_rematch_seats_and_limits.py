"""A rematch follows seats, not addresses, and its new invitees count against the limits on new games; the
creator is one seat; "My games" shows a confirmed browser its games at once. On SQLite and PostgreSQL, through
real requests."""

import pytest
from sqlalchemy import select

from app.context import database
from app.play.links import CONFIRMED_COOKIE, browser_token
from app.store.models import Game, Rematch
from app.play.seats import seats_of

from app_helpers import counts, game_row, mails, start, token_for
from conftest import app_in_context, confirm_address, make_config
from test_rematch import play_out

ANN, BO, CY = ({"name": "Ann", "email": "ann@example.org"}, {"name": "Bo", "email": "ann@example.org"},
               {"name": "Cy", "email": "cy@example.org"})


@pytest.fixture
def app(tmp_path, database_url, dispatched):
    with app_in_context(make_config(tmp_path, database_url, limit_games_per_address="1 per day",
                                    limit_games_per_client="3 per hour")) as application:
        yield application


@pytest.fixture
def client(app):
    return app.test_client()


def from_address(number):
    return {"REMOTE_ADDR": f"198.51.100.{number}"}


def rematch_of(game_id):
    with database().reading() as session:
        return session.execute(select(Rematch).where(Rematch.game_id == game_id)).scalar()


def declined_rematch(client, environ):
    """A finished One-and-Thirty of Ann, Bob and Cy whose rematch Bob declined: (game, Ann's token)."""
    game = start([ANN, {"name": "Bob", "email": "bob@example.org"}, CY], game="one_and_thirty")
    confirm_address("bob@example.org")
    confirm_address(CY["email"])
    game = play_out(client, game.id)
    ann, bob, cy = (token_for(game.id, seat) for seat in range(3))
    client.post(f"/api/seats/{ann}/rematch", json={}, environ_base=environ)
    client.post(f"/api/seats/{bob}/rematch", json={"answer": "no"}, environ_base=environ)
    client.post(f"/api/seats/{cy}/rematch", json={"answer": "yes"}, environ_base=environ)
    return game, ann


def test_a_stranger_put_in_a_declined_seat_counts_against_the_new_games_per_address(client):
    game, ann = declined_rematch(client, from_address(1))
    other = client.post("/api/games", json={"game": "quinto", "seats": [
        {"name": "Di", "email": "di@example.org"}, *[{"robot": "random"}] * 3]}, environ_base=from_address(2))
    assert other.status_code == 201                                   # Di's one new game of the day
    before = counts()
    refused = client.post(f"/api/seats/{ann}/rematch", json={"seat": 1, "name": "Di", "email": "di@example.org"},
                          environ_base=from_address(3))
    assert refused.status_code == 429 and "for di@example.org" in refused.json["error"]["message"]
    assert counts() == before and rematch_of(game.id).new_game_id is None
    assert not mails(recipient="di@example.org")[1:]                  # only the confirmation of her own game


def test_filling_declined_seats_counts_against_the_new_games_per_client(client):
    game, ann = declined_rematch(client, from_address(4))
    for number in (5, 6):
        assert client.post("/api/games", json={"game": "quinto", "seats": [
            {"name": "Ed", "email": f"ed{number}@example.org"}, *[{"robot": "random"}] * 3]},
            environ_base=from_address(7)).status_code == 201
    page = client.get(f"/s/{ann}").get_data(as_text=True)
    csrf = page.split('name="csrf_token" value="')[1].split('"')[0]
    form = client.post(f"/s/{ann}/rematch/fill", data={"csrf_token": csrf, "seat": "1", "name": "Flo",
                                                       "email": "flo@example.org"}, environ_base=from_address(7))
    assert form.status_code == 303 and rematch_of(game.id).new_game_id is not None   # the third new game
    refused = client.post("/api/games", json={"game": "quinto", "seats": [
        {"name": "Gus", "email": "gus@example.org"}, *[{"robot": "random"}] * 3]}, environ_base=from_address(7))
    assert refused.status_code == 429 and "from your network address" in refused.json["error"]["message"]


def shared_address_series(client):
    """Ann and Bo (one address) and Cy play, then play again: (first game, rematch)."""
    game = start([ANN, BO, CY], game="one_and_thirty")
    confirm_address(CY["email"])
    game = play_out(client, game.id)
    ann, bo, cy = (token_for(game.id, seat) for seat in range(3))
    client.post(f"/api/seats/{ann}/rematch", json={})
    client.post(f"/api/seats/{bo}/rematch", json={"answer": "yes"})
    client.post(f"/api/seats/{cy}/rematch", json={"answer": "yes"})
    return game, game_row(rematch_of(game.id).new_game_id)


def test_two_seats_of_one_address_each_get_their_own_rematch_seat(client):
    game, new = shared_address_series(client)
    with database().reading() as session:
        names = {number: seat.name for number, seat in seats_of(session, new.id).items()}
    assert names == {0: "Bo", 1: "Cy", 2: "Ann"}
    for old_seat, name in ((0, "Ann"), (1, "Bo"), (2, "Cy")):
        page = client.get(f"/s/{token_for(game.id, old_seat)}").get_data(as_text=True)
        links = {number: f'href="/s/{token_for(new.id, number)}"' in page for number in names}
        assert links == {number: seat_name == name for number, seat_name in names.items()}, name


def test_the_series_tally_counts_each_seat_of_one_address_apart(client):
    game, new = shared_address_series(client)
    new = play_out(client, new.id)
    with database().writing() as session:       # who won each game is the deal's luck: the test says it
        session.get(Game, game.id).winner = 0      # Ann
        session.get(Game, new.id).winner = 0       # Bo (seat 0 in the rematch)
    tally = client.post(f"/api/seats/{token_for(new.id, 1)}/rematch", json={}).json["rematch"]["tally"]
    assert tally == {"wins": [{"name": "Bo", "wins": 1}, {"name": "Cy", "wins": 0}, {"name": "Ann", "wins": 1}],
                     "finished": 2}


def test_only_the_creators_own_seat_has_the_creators_rights(client):
    game = start([ANN, BO, CY], game="one_and_thirty")
    bo = token_for(game.id, 1)
    assert client.get(f"/s/{bo}/new-link?seat=2").status_code == 403
    page = client.get("/lobby/quinto").get_data(as_text=True)
    csrf = page.split('name="csrf_token" value="')[1].split('"')[0]
    before = counts()
    answer = client.post(f"/s/{bo}/new-link", data={"csrf_token": csrf, "seat": "2", "replace": "yes"})
    assert answer.status_code == 403 and counts() == before
    assert client.post(f"/api/seats/{bo}/watch-links", json={}).status_code == 403


def test_my_games_shows_a_confirmed_browser_its_games_at_once_and_mails_nothing(app, client, dispatched):
    start([ANN, *[{"robot": "random"}] * 3])
    client.set_cookie(CONFIRMED_COOKIE, browser_token(app.extensions["cachette"]["config"].signing_keys,
                                                      ANN["email"]))
    before = counts()
    page = client.get("/my-games").get_data(as_text=True)
    assert "Games of ann@example.org" in page and "Open the table of Quinto" in page
    assert 'name="email"' not in page
    assert counts() == before and dispatched.my_games == []
