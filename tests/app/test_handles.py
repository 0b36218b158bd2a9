"""Handles: chosen, changed and removed by a confirmed address's owner (from a table, the API, "My games" or
a browser that confirmed it), unique regardless of case, checked, and refused with nothing written."""

import pytest
from sqlalchemy import func, select

from app.context import database
from app.standings import handles
from app.store.models import Handle

from app_helpers import confirm_by_page, csrf_from, set_up, start, token_for
from standings_helpers import confirmed, give_handle, no_standings_left  # noqa: F401


def handle_rows():
    with database().reading() as session:
        return sorted(session.execute(select(Handle.address, Handle.handle)).all())


@pytest.fixture
def two_tables(client):
    """Ann's and Bob's seats at a game of theirs, both confirmed: (Ann's token, Bob's token)."""
    confirmed("ann@example.org", "bob@example.org")
    game = start([{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}],
                 "one_and_thirty")
    return token_for(game.id, 0), token_for(game.id, 1)


def test_a_person_chooses_changes_and_removes_a_handle_through_the_api(client, two_tables):
    ann, _ = two_tables
    answer = client.post(f"/api/seats/{ann}/handle", json={"handle": "Ann_1"})
    assert answer.status_code == 200 and answer.json == {"handle": "Ann_1", "profile": "/players/Ann_1"}
    assert client.post(f"/api/seats/{ann}/handle", json={"handle": "annie"}).json["handle"] == "annie"
    assert handle_rows() == [("ann@example.org", "annie")]
    assert client.get("/players/Ann_1").status_code == 404           # the old name is free again
    assert client.post(f"/api/seats/{ann}/handle", json={"handle": None}).json == {"handle": None, "profile": None}
    assert handle_rows() == [] and client.get("/api/players/annie").status_code == 404


def test_a_handle_is_unique_regardless_of_case(client, two_tables):
    ann, bob = two_tables
    client.post(f"/api/seats/{ann}/handle", json={"handle": "Ann"})
    answer = client.post(f"/api/seats/{bob}/handle", json={"handle": "aNN"})
    assert answer.status_code == 409 and answer.json["error"]["code"] == "handle_taken"
    assert handle_rows() == [("ann@example.org", "Ann")]
    with database().reading() as session:
        assert handles.address_of_handle(session, "ANN") == "ann@example.org"
        assert handles.handle_of(session, "ann@example.org") == "Ann"
        assert handles.handle_of(session, "bob@example.org") is None
    assert client.post(f"/api/seats/{ann}/handle", json={"handle": "ANN"}).json["handle"] == "ANN"   # one's own


@pytest.mark.parametrize("body, code", [
    ({"handle": "ab"}, "bad_handle"), ({"handle": "a" * 21}, "bad_handle"), ({"handle": "ann smith"}, "bad_handle"),
    ({"handle": "anné"}, "bad_handle"), ({"handle": "ann@example.org"}, "bad_handle"), ({"handle": 12}, "bad_handle"),
    ({"handle": "Admin"}, "reserved_handle"), ({"handle": "strong"}, "reserved_handle"),
    ({"handle": "ann", "x": 1}, "invalid"), ({}, "invalid"), (["ann"], "invalid")])
def test_a_bad_handle_is_refused_and_nothing_is_written(client, two_tables, body, code):
    ann, _ = two_tables
    answer = client.post(f"/api/seats/{ann}/handle", json=body)
    assert answer.status_code == 422 and answer.json["error"]["code"] == code
    assert handle_rows() == []


def test_an_unconfirmed_address_cannot_have_a_handle(client):
    confirmed("ann@example.org")
    game = start([{"name": "Ann", "email": "ann@example.org"}, {"name": "Cy", "email": "cy@example.org"}],
                 "one_and_thirty")
    answer = client.post(f"/api/seats/{token_for(game.id, 1)}/handle", json={"handle": "cyril"})
    assert answer.status_code == 403 and answer.json["error"]["code"] == "unconfirmed_address"
    assert handle_rows() == []


def test_a_bad_link_cannot_choose_a_handle(client, two_tables):
    assert client.post("/api/seats/nonsense/handle", json={"handle": "ann"}).status_code == 403
    assert handle_rows() == []


def test_the_table_form_chooses_and_removes_a_handle(client, two_tables):
    ann, _ = two_tables
    page = client.get(f"/s/{ann}").get_data(as_text=True)
    assert 'action="/s/' in page and "A public name puts you on leaderboards" in page
    csrf = csrf_from(page)
    answer = client.post(f"/s/{ann}/handle", data={"csrf_token": csrf, "handle": "ann"})
    assert answer.status_code == 303 and answer.headers["Location"].endswith("#handle")
    assert "Your public name is" in client.get(f"/s/{ann}").get_data(as_text=True)
    assert client.post(f"/s/{ann}/handle", data={"handle": "annie"}).status_code == 400       # no CSRF token
    assert client.post(f"/s/{ann}/handle", data={"csrf_token": csrf, "handle": "x"}).status_code == 422
    assert handle_rows() == [("ann@example.org", "ann")]
    client.post(f"/s/{ann}/handle", data={"csrf_token": csrf, "remove": "yes"})
    assert handle_rows() == []


def test_a_confirmed_browser_chooses_its_handle_from_my_games(client):
    set_up([{"name": "Ann", "email": "ann@example.org"}, {"robot": "random"}], "one_and_thirty")
    confirm_by_page(client, "ann@example.org")          # this browser now holds Ann's confirmed cookie
    page = client.get("/my-games").get_data(as_text=True)
    assert 'action="/my-games/handle"' in page
    answer = client.post("/my-games/handle", data={"csrf_token": csrf_from(page), "handle": "ann"})
    assert answer.status_code == 303
    assert handle_rows() == [("ann@example.org", "ann")]
    stranger = client.application.test_client()
    page = stranger.get("/replay").get_data(as_text=True)
    assert stranger.post("/my-games/handle", data={"csrf_token": csrf_from(page), "handle": "bob"}).status_code == 403


def test_a_my_games_link_chooses_its_handle(client, app):
    from app.play.links import my_games_token
    confirmed("ann@example.org")
    token = my_games_token(app.extensions["cachette"]["config"].signing_keys, "ann@example.org")
    page = client.get(f"/my-games/{token}").get_data(as_text=True)
    assert f'action="/my-games/{token}/handle"' in page
    client.post(f"/my-games/{token}/handle", data={"csrf_token": csrf_from(page), "handle": "ann"})
    assert handle_rows() == [("ann@example.org", "ann")]
    assert client.post("/my-games/forged/handle", data={"csrf_token": csrf_from(page), "handle": "x1x"}).status_code == 403


def test_two_people_racing_for_one_handle_leave_one_holder(client, two_tables):
    give_handle("ann@example.org", "name")
    with pytest.raises(Exception) as refused, database().writing() as session:
        handles.set_handle(session, "bob@example.org", "NAME")
    assert getattr(refused.value, "status", None) == 409
    with database().reading() as session:
        assert session.scalar(select(func.count()).select_from(Handle)) == 1


def test_changes_of_handle_are_counted_per_client_and_one_past_the_limit_writes_nothing(client, two_tables):
    ann, _ = two_tables
    for number in range(20):                  # LIMIT_HANDLES_PER_CLIENT: 20 per hour by default
        assert client.post(f"/api/seats/{ann}/handle", json={"handle": f"ann-{number}"}).status_code == 200
    refused = client.post(f"/api/seats/{ann}/handle", json={"handle": "cycling"})
    assert refused.status_code == 429 and refused.json["error"]["code"] == "too_many_requests"
    assert handle_rows() == [("ann@example.org", "ann-19")]
