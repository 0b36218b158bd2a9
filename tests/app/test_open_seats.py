"""Open seats: a game listed for strangers, joined from a confirmed browser or by confirming an address, started
once full; the list's answer; the limits, the rating range, blocks and the endings without a result."""

import threading
from datetime import timedelta

import pytest
from sqlalchemy import delete, func, select, update

from app.context import database, settings
from app.clock import utcnow
from app.play import deadlines, games
from app.play.links import CONFIRMED_COOKIE, browser_token
from app.social import open_endings
from app.standings.handles import set_handle
from app.store.models import (JOIN_LAPSED, OPEN_EXPIRED, STATUS_ACTIVE, STATUS_OVER, STATUS_UNCONFIRMED, Game,
                              Handle, JoinBlock, OpenGame, OpenJoin, RatingChange, Seat)
from app.words.result_words import row_result_words

from app_helpers import counts, csrf_from, game_row, mails, token_for
from conftest import confirm_address, confirmation_token, text_of

ANN = {"name": "Ann", "email": "ann@example.org"}
OPEN = {"open": True}


@pytest.fixture(autouse=True)
def no_blocks_or_handles(app):
    """Rows no game's truncation reaches on PostgreSQL."""
    with database().writing() as session:
        session.execute(delete(JoinBlock))
        session.execute(delete(Handle))


def listed(seats=None, game="quinto", **extra):
    """An open game set up by Ann and confirmed by her: listed."""
    created = games.create_game({"game": game, "seats": seats or [ANN, OPEN, {"robot": "random"}, OPEN], **extra})
    games.confirm_address(confirmation_token("ann@example.org"))
    return created.id


def confirmed_browser(client, address):
    """Confirm `address` and let `client` be a browser that confirmed it."""
    confirm_address(address)
    client.set_cookie(CONFIRMED_COOKIE, browser_token(settings().signing_keys, address))


def seat_rows(game_id):
    with database().reading() as session:
        return list(session.execute(select(Seat).where(Seat.game_id == game_id).order_by(Seat.seat)).scalars())


def test_a_confirmed_open_game_is_listed_and_waits_without_mailing_anyone(client):
    game_id = listed()
    answer = client.get("/api/open-games").get_json()
    [entry] = answer["games"]
    assert answer["next"] is None
    assert (entry["id"], entry["seats_open"], entry["seats_taken"], entry["creator"]) == (game_id, 2, 2, None)
    assert [seat["kind"] for seat in entry["seats"]] == ["person", "open", "robot", "open"]
    assert "ann" not in str(entry).lower()          # neither her name nor her address
    assert game_row(game_id).status == STATUS_UNCONFIRMED
    assert [mail.kind for mail in mails()] == ["confirm"]
    assert client.get("/open").status_code == 200 and "Take a seat" in client.get(f"/open/{game_id}").get_data(True)


def test_an_unconfirmed_creators_open_game_is_not_listed(client):
    games.create_game({"game": "quinto", "seats": [ANN, OPEN, OPEN, OPEN]})
    assert client.get("/api/open-games").get_json()["games"] == []


def test_a_stranger_joins_by_confirming_and_the_last_seat_starts_the_game(client):
    game_id = listed()
    answer = client.post(f"/api/open-games/{game_id}/join", json={"name": "Bob", "email": "bob@example.org"})
    assert answer.status_code == 202 and answer.get_json()["taken"] is False
    assert [mail.kind for mail in mails(recipient="bob@example.org")] == ["confirm"]
    assert [seat.email for seat in seat_rows(game_id)] == ["ann@example.org", None, None, None]
    before = counts()
    again = client.post(f"/api/open-games/{game_id}/join", json={"name": "Bob", "email": "bob@example.org"})
    assert again.status_code == 202 and counts() == before      # answered as the first was: nothing written
    games.confirm_address(confirmation_token("bob@example.org"))
    assert [seat.name for seat in seat_rows(game_id)][:2] == ["Ann", "Bob"]
    assert client.get("/api/open-games").get_json()["games"][0]["seats_open"] == 1
    confirmed_browser(client, "cy@example.org")
    joined = client.post(f"/api/open-games/{game_id}/join", json={"name": "Cy", "email": "cy@example.org"})
    assert joined.status_code == 201 and joined.get_json()["started"] is True
    assert game_row(game_id).status == STATUS_ACTIVE
    invites = [mail.recipient for mail in mails(kind="invite", game_id=game_id)]
    assert sorted(invites) == ["ann@example.org", "bob@example.org", "cy@example.org"]     # each once
    assert client.get("/api/open-games").get_json()["games"] == []


def test_two_people_for_the_last_seat_one_wins_the_other_is_refused_and_nothing_is_written(client, app):
    game_id = listed([ANN, OPEN], game="one_and_thirty")
    confirmed_browser(client, "bob@example.org")
    other = app.test_client()
    confirmed_browser(other, "cy@example.org")
    assert client.post(f"/api/open-games/{game_id}/join", json={"name": "Bob", "email": "bob@example.org"}).status_code == 201
    before = counts()
    late = other.post(f"/api/open-games/{game_id}/join", json={"name": "Cy", "email": "cy@example.org"})
    assert late.status_code == 409 and late.get_json()["error"]["code"] == "no_open_seat"
    assert counts() == before
    assert [seat.name for seat in seat_rows(game_id)] == ["Ann", "Bob"]


def test_a_join_confirmed_after_the_seats_were_taken_lapses(client):
    game_id = listed([ANN, OPEN], game="one_and_thirty")
    client.post(f"/api/open-games/{game_id}/join", json={"name": "Bob", "email": "bob@example.org"})
    confirmed_browser(client, "cy@example.org")
    client.post(f"/api/open-games/{game_id}/join", json={"name": "Cy", "email": "cy@example.org"})
    games.confirm_address(confirmation_token("bob@example.org"))
    with database().reading() as session:
        assert session.scalar(select(OpenJoin.state).where(OpenJoin.email == "bob@example.org")) == JOIN_LAPSED
    assert [seat.name for seat in seat_rows(game_id)] == ["Ann", "Cy"]


@pytest.mark.parametrize("data, code", [
    ({"seats": [ANN, {"open": True, "name": "Bob"}]}, "bad_seats"),
    ({"seats": [ANN, {"open": False}]}, "bad_seats"),
    ({"seats": [ANN, {"robot": "random"}], "open_days": 3}, "bad_open_terms"),
    ({"seats": [ANN, OPEN], "open_days": 31}, "bad_open_terms"),
    ({"seats": [ANN, OPEN], "min_rating": 1700, "max_rating": 1600}, "bad_open_terms"),
    ({"seats": [ANN, OPEN], "min_rating": "1500"}, "bad_open_terms"),
])
def test_bad_open_seats_are_refused_and_nothing_is_written(client, data, code):
    before = counts()
    answer = client.post("/api/games", json={"game": "one_and_thirty", **data})
    assert answer.status_code == 422 and answer.get_json()["error"]["code"] == code
    assert counts() == before


@pytest.mark.parametrize("query", ["game=nope", "after=x", "after=1.2.3", "limit=0", "limit=101"])
def test_a_bad_list_query_is_a_422(client, query):
    assert client.get(f"/api/open-games?{query}").status_code == 422


def test_the_list_is_soonest_to_start_then_newest_first_filtered_and_paginated(client):
    two = listed([ANN, OPEN, OPEN], game="one_and_thirty")
    one = listed([ANN, OPEN], game="one_and_thirty")
    newer_one = listed([ANN, OPEN], game="one_and_thirty")
    quinto = listed([ANN, OPEN, OPEN, OPEN])
    everything = client.get("/api/open-games").get_json()["games"]
    assert [entry["id"] for entry in everything] == [newer_one, one, two, quinto]
    first = client.get("/api/open-games?game=one_and_thirty&limit=2").get_json()
    assert [entry["id"] for entry in first["games"]] == [newer_one, one]
    rest = client.get(f"/api/open-games?game=one_and_thirty&limit=2&after={first['next']}").get_json()
    assert [entry["id"] for entry in rest["games"]] == [two] and rest["next"] is None


def test_open_games_per_creator_are_limited_and_nothing_is_written_past_it(client):
    allowed = settings().open_games_per_confirmed_address
    settings().open_games_per_confirmed_address = 1
    try:
        listed([ANN, OPEN], game="one_and_thirty")
        before = counts()
        answer = client.post("/api/games", json={"game": "one_and_thirty", "seats": [ANN, OPEN]})
        assert answer.status_code == 429 and answer.get_json()["error"]["code"] == "too_many_open_games"
        assert counts() == before
    finally:
        settings().open_games_per_confirmed_address = allowed


def test_joins_per_person_are_limited(client):
    ids = [listed([ANN, OPEN], game="one_and_thirty") for _ in range(settings().open_joins_per_address + 1)]
    for game_id in ids[:-1]:
        assert client.post(f"/api/open-games/{game_id}/join", json={"name": "Bob", "email": "bob@example.org"}).status_code == 202
    last = client.post(f"/api/open-games/{ids[-1]}/join", json={"name": "Bob", "email": "bob@example.org"})
    assert last.status_code == 429 and last.get_json()["error"]["code"] == "too_many_joins"


def test_a_rating_range_refuses_those_outside_it_and_a_newcomer_counts_as_the_start(client, app):
    high = listed([ANN, OPEN], game="one_and_thirty", min_rating=1600)
    low = listed([ANN, OPEN], game="one_and_thirty", max_rating=1500)
    stranger = app.test_client()           # typing Bob's address learns nothing of his rating
    assert stranger.post(f"/api/open-games/{high}/join", json={"name": "Bob", "email": "bob@example.org"}).status_code == 202
    games.confirm_address(confirmation_token("bob@example.org"))
    [told] = mails(kind="join_lapsed")
    assert told.recipient == "bob@example.org" and "rated 1,600 or more" in text_of(told) and "(1,500)" in text_of(told)
    assert [seat.email for seat in seat_rows(high)] == ["ann@example.org", None]
    client.set_cookie(CONFIRMED_COOKIE, browser_token(settings().signing_keys, "bob@example.org"))
    refused = client.post(f"/api/open-games/{high}/join", json={"name": "Bob", "email": "bob@example.org"})
    assert refused.status_code == 403 and refused.get_json()["error"]["code"] == "outside_rating_range"
    assert client.post(f"/api/open-games/{low}/join", json={"name": "Bob", "email": "bob@example.org"}).status_code == 201


def test_a_blocked_handle_cannot_join_the_blockers_games(client, app):
    game_id = listed([ANN, OPEN], game="one_and_thirty")
    confirmed_browser(client, "bob@example.org")
    with database().writing() as session:
        set_handle(session, "bob@example.org", "Bobby")
    ann_token = token_for(game_id, 0)
    assert client.post(f"/api/seats/{ann_token}/blocks", json={"handle": "bobby"}).get_json() == {"handles": ["bobby"]}
    assert client.post(f"/api/seats/{ann_token}/blocks", json={"handle": "nobody"}).status_code == 404
    refused = client.post(f"/api/open-games/{game_id}/join", json={"name": "Bob", "email": "bob@example.org"})
    assert refused.status_code == 403 and refused.get_json()["error"]["code"] == "blocked"
    stranger = app.test_client()           # nobody else learns that Ann blocked Bob: his owner is told by mail
    assert stranger.post(f"/api/open-games/{game_id}/join", json={"name": "Bob", "email": "bob@example.org"}).status_code == 202
    games.confirm_address(confirmation_token("bob@example.org"))
    assert "does not take you" in text_of(mails(kind="join_lapsed")[-1])
    page = client.get(f"/s/{ann_token}/blocks").get_data(as_text=True)
    client.post(f"/s/{ann_token}/blocks", data={"csrf_token": csrf_from(page), "unblock": "bobby"})
    assert client.get(f"/api/seats/{ann_token}/blocks").get_json() == {"handles": []}
    assert client.post(f"/api/open-games/{game_id}/join", json={"name": "Bob", "email": "bob@example.org"}).status_code == 201


def test_an_open_game_that_expires_unjoined_ends_without_a_result(client):
    game_id = listed([ANN, OPEN], game="one_and_thirty", open_days=2)
    client.post(f"/api/open-games/{game_id}/join", json={"name": "Bob", "email": "bob@example.org"})
    assert open_endings.end_expired(utcnow() + timedelta(days=1)) == []
    assert open_endings.end_expired(utcnow() + timedelta(days=2, minutes=1)) == [game_id]
    assert open_endings.end_expired(utcnow() + timedelta(days=3)) == []          # once
    game = game_row(game_id)
    assert game.status == STATUS_OVER and game.winners == []
    with database().reading() as session:
        assert session.scalar(select(OpenGame.state)) == OPEN_EXPIRED
        assert session.scalar(select(OpenJoin.state)) == JOIN_LAPSED
        seats = {seat.seat: seat for seat in session.execute(select(Seat).where(Seat.game_id == game_id)).scalars()}
    assert "never began: no result" in row_result_words(game, seats)
    assert client.get(f"/api/open-games/{game_id}").status_code == 404
    [told] = mails(kind="open_called_off")                 # Ann; Bob never confirmed, so never took a seat
    assert told.recipient == "ann@example.org" and "called off before it began" in text_of(told)
    assert mails(kind="game_over") == []                   # no scores, no rematch to offer
    ann = f"/api/seats/{token_for(game_id, 0)}"
    assert client.get(ann).get_json()["rematch"] is None            # a game that never began has no rematch
    refused = client.post(f"{ann}/rematch", json={})
    assert refused.status_code == 409 and refused.get_json()["error"]["code"] == "never_began"


def test_a_game_from_open_seats_nobody_moved_in_is_called_off_at_its_first_deadline_unrated(client):
    game_id = listed([ANN, OPEN], game="one_and_thirty", rated=True)
    confirmed_browser(client, "bob@example.org")
    client.post(f"/api/open-games/{game_id}/join", json={"name": "Bob", "email": "bob@example.org"})
    due = game_row(game_id).due_at
    assert due is not None
    report = deadlines.sweep_deadlines(due.replace(tzinfo=None) + timedelta(seconds=1) if due.tzinfo is None
                                       else due + timedelta(seconds=1))
    assert report.outcomes == {game_id: "called_off"}
    game = game_row(game_id)
    assert game.status == STATUS_OVER and game.ending["reason"] == "nobody_moved"
    with database().reading() as session:
        assert session.scalar(select(func.count()).select_from(RatingChange)) == 0
        seats = {seat.seat: seat for seat in session.execute(select(Seat).where(Seat.game_id == game_id)).scalars()}
    assert "nobody moved before the first deadline" in row_result_words(game, seats)


def test_the_lobby_form_leaves_a_seat_open(client):
    confirmed_browser(client, "ann@example.org")
    page = client.get("/lobby/one_and_thirty?players=2").get_data(as_text=True)
    assert "an open seat, for anyone" in page
    answer = client.post("/lobby/one_and_thirty", data={
        "csrf_token": csrf_from(page), "players": "2", "defaults_for": "2", "seat0_kind": "person", "seat0_name": "Ann",
        "seat0_email": "ann@example.org", "seat1_kind": "open", "move_time": "72h", "open_days": "3"})
    assert answer.status_code == 303 and answer.headers["Location"].startswith("/open/")
    with database().reading() as session:
        assert session.scalar(select(func.count()).select_from(OpenGame)) == 1
        assert session.scalar(select(Game.status)) == STATUS_UNCONFIRMED


RACERS = 8


def test_racing_for_the_last_seat_at_once_seats_exactly_one(app):
    """Eight confirmed browsers ask for the last seat at the same moment: one takes it and starts the game, the
    others are answered 409 with nothing of theirs written."""
    game_id = listed([ANN, OPEN], game="one_and_thirty")
    racers = [f"racer{number}@example.org" for number in range(RACERS)]
    clients = {}
    for address in racers:
        clients[address] = app.test_client()
        confirmed_browser(clients[address], address)
    barrier = threading.Barrier(RACERS)
    statuses = []

    def racer(address):
        barrier.wait()
        answer = clients[address].post(f"/api/open-games/{game_id}/join", json={"name": "Racer", "email": address})
        statuses.append((answer.status_code, (answer.json.get("error") or {}).get("code")))

    threads = [threading.Thread(target=racer, args=(address,)) for address in racers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(statuses) == [(201, None)] + [(409, "no_open_seat")] * (RACERS - 1)
    with database().reading() as session:
        assert session.scalar(select(func.count()).select_from(OpenJoin)) == 1
    assert game_row(game_id).status == STATUS_ACTIVE
    assert len(mails(kind="invite", game_id=game_id)) == 2


def test_a_game_past_its_expiry_is_not_listed_nor_joined_before_the_sweep_ends_it(client):
    game_id = listed([ANN, OPEN], game="one_and_thirty")
    with database().writing() as session:
        session.execute(update(OpenGame).values(expires_at=utcnow() - timedelta(minutes=1)))
    assert client.get("/api/open-games").get_json() == {"games": [], "next": None}
    late = client.post(f"/api/open-games/{game_id}/join", json={"name": "Bob", "email": "bob@example.org"})
    assert late.status_code == 409 and late.get_json()["error"]["code"] == "expired"
