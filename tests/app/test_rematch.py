"""Rematch and series (app.social.rematches) and the next game waiting (app.social.next_game), on SQLite
and PostgreSQL: through the table's forms, the JSON API and a reply to the offer's mail."""

from datetime import timedelta

import pytest
from sqlalchemy import select

from app.context import database, settings
from app.play.links import my_games_token
from app.store.models import MAIL_UNCONFIRMED, Game, Rematch
from app.mail_out import consent
from app.mail_in import replies
from app.clock import utcnow
from app.play.moves import play_robot_turns
from app.play.mygames import games_for_token
from app.social.rematches import tally_of
from app.play.seats import seats_of

from app_helpers import counts, csrf_from, events_of, game_row, mails, start, text_of, token_for
from conftest import app_in_context, confirm_address, make_config
from test_replies import reply

DOMAIN = "cachette.test"
TRIO = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"},
        {"name": "Cy", "email": "cy@example.org"}]


@pytest.fixture
def app(tmp_path, database_url, dispatched):
    with app_in_context(make_config(tmp_path, database_url, inbound_domain=DOMAIN,
                                    limit_replies_per_seat="1000 per hour")) as application:
        yield application


@pytest.fixture
def client(app):
    return app.test_client()


def trio_game():
    """One-and-Thirty (a short game) for Ann, Bob and Cy, every address confirmed."""
    game = start(TRIO, game="one_and_thirty")
    for person in TRIO[1:]:
        confirm_address(person["email"])
    return game


def play_out(client, game_id):
    """Every person plays their first legal move through the API (robots theirs) until the game is over."""
    while True:
        play_robot_turns(game_id)
        row = game_row(game_id)
        if row.status == "over":
            return row
        token = next(token_for(game_id, seat) for seat in range(3)
                     if client.get(f"/api/seats/{token_for(game_id, seat)}").json["view"]["legal"])
        legal = client.get(f"/api/seats/{token}").json["view"]["legal"]
        assert client.post(f"/api/seats/{token}/moves", json={"move": legal[0], "seq": row.seq}).status_code == 201


def form_post(client, token, path, **fields):
    page = client.get(f"/s/{token}").get_data(as_text=True)
    return client.post(f"/s/{token}{path}", data={"csrf_token": csrf_from(page), **fields})


def rematch_of(game_id):
    with database().reading() as session:
        return session.execute(select(Rematch).where(Rematch.game_id == game_id)).scalar()


def test_a_rematch_accepted_at_the_table_and_by_reply_starts_once_and_mails_each_person_once(client):
    game = play_out(client, trio_game().id)
    ann, bob = token_for(game.id, 0), token_for(game.id, 1)
    over_mail = mails(game_id=game.id, kind="game_over", recipient="cy@example.org")[-1]
    assert "rematch yes" in text_of(over_mail) and over_mail.context["reply_to"]

    assert form_post(client, ann, "/rematch").status_code == 303
    page = client.get(f"/s/{bob}").get_data(as_text=True)
    assert "Ann offers a rematch" in page and "Yes, play again" in page
    offer_mail = mails(game_id=game.id, kind="rematch_offer", recipient="cy@example.org")
    assert len(offer_mail) == 1 and "rematch yes" in text_of(offer_mail[0])
    assert form_post(client, bob, "/rematch/answer", answer="yes").status_code == 303
    assert rematch_of(game.id).new_game_id is None      # Cy has not answered

    # Cy answers the game-over mail (an older position: notes moved the finished game on since).
    assert replies.receive(reply(over_mail, "Rematch yes", sender="cy@example.org")).what == replies.REMATCH
    answer = [mail for mail in mails(kind=replies.ANSWER) if mail.recipient == "cy@example.org"][-1]
    assert "You accepted the rematch: it has started." in text_of(answer)

    new_id = rematch_of(game.id).new_game_id
    new = game_row(new_id)
    assert new.status == "active" and new.creator_email == "ann@example.org"
    with database().reading() as session:
        seats = seats_of(session, new_id)
    assert [seat.name for _, seat in sorted(seats.items())] == ["Bob", "Cy", "Ann"]   # one seat on
    assert new.options == game.options and new.move_time == game.move_time
    new_mails = mails(game_id=new_id)
    assert sorted(mail.recipient for mail in new_mails) == ["ann@example.org", "bob@example.org", "cy@example.org"]
    assert {mail.kind for mail in new_mails} == {"invite"}
    assert not mails(kind="confirm", recipient="bob@example.org")[1:]   # no new confirmation for Bob
    kinds = [event.get("kind") for event in events_of(game.id) if event["type"] == "note"]
    assert kinds == ["rematch_offered", "rematch_answered", "rematch_answered", "rematch_started"]
    series_note = next(event for event in events_of(new_id) if event["type"] == "note")
    assert series_note == {"type": "note", "kind": "series", "series": game.id, "follows": game.id}
    page = client.get(f"/s/{bob}").get_data(as_text=True)
    assert "The rematch has started" in page and f"/s/{token_for(new_id, 0)}" in page
    assert "Games won so far by each player" in client.get(f"/s/{token_for(new_id, 0)}").get_data(as_text=True)


def test_a_declined_seat_is_filled_by_a_robot_on_the_offerers_table(client):
    game = play_out(client, trio_game().id)
    ann, bob, cy = (token_for(game.id, seat) for seat in range(3))
    client.post(f"/api/seats/{ann}/rematch", json={})
    answered = client.post(f"/api/seats/{bob}/rematch", json={"answer": "no"})
    assert answered.status_code == 201 and answered.json["rematch"]["to_fill"] == [{"seat": 1, "name": "Bob"}]
    schemas = client.get("/api/openapi.json").json["components"]["schemas"]
    assert set(schemas["RematchView"]["required"]) <= set(answered.json)
    assert set(schemas["Rematch"]["required"]) <= set(answered.json["rematch"])
    client.post(f"/api/seats/{cy}/rematch", json={"answer": "yes"})
    assert rematch_of(game.id).new_game_id is None
    assert "Play without Bob: a robot takes the seat" in client.get(f"/s/{ann}").get_data(as_text=True)
    assert "Play without Bob" not in client.get(f"/s/{cy}").get_data(as_text=True)
    assert form_post(client, ann, "/rematch/fill", seat="1", **{"with": "robot"}).status_code == 303
    new_id = rematch_of(game.id).new_game_id
    with database().reading() as session:
        seats = seats_of(session, new_id)
    assert [(seat.name, seat.robot is not None) for _, seat in sorted(seats.items())] == [
        ("Robot for Bob", True), ("Cy", False), ("Ann", False)]
    assert sorted(mail.recipient for mail in mails(game_id=new_id)) == ["ann@example.org", "cy@example.org"]


def test_the_series_tally_counts_each_players_wins_over_two_rematches(client):
    game = play_out(client, trio_game().id)
    played = [game]
    for _ in range(2):
        last = played[-1]
        with database().reading() as session:
            seats = seats_of(session, last.id)
        tokens = {seat.name: token_for(last.id, number) for number, seat in seats.items()}
        client.post(f"/api/seats/{tokens['Ann']}/rematch", json={})
        for name in ("Bob", "Cy"):
            client.post(f"/api/seats/{tokens[name]}/rematch", json={"answer": "yes"})
        played.append(play_out(client, rematch_of(last.id).new_game_id))
    expected = {"Ann": 0, "Bob": 0, "Cy": 0}
    for row in played:
        with database().reading() as session:
            seats = seats_of(session, row.id)
        if row.winner is not None:
            expected[seats[row.winner].name] += 1
    with database().reading() as session:
        tally = tally_of(session, played[-1].id)
        assert tally_of(session, played[0].id) == tally      # every game of the series has its tally
    assert tally.finished == 3 and dict(tally.wins) == expected
    with database().reading() as session:
        ann = next(number for number, seat in seats_of(session, played[-1].id).items() if seat.name == "Ann")
    page = client.get(f"/s/{token_for(played[-1].id, ann)}").get_data(as_text=True)
    assert "This series so far, games won by each player" in page and "(3 games played)" in page
    _, entries = games_for_token(my_games_token(settings().signing_keys, "ann@example.org"))
    assert all("(3 games played)" in entry["series"] for entry in entries)


def test_bad_and_repeated_rematch_requests_are_4xx_and_write_nothing(client):
    running = trio_game()
    token = token_for(running.id, 0)
    before = counts()
    assert client.post(f"/api/seats/{token}/rematch", json={}).json["error"]["code"] == "not_over"
    assert counts() == before
    game = play_out(client, running.id)
    ann, bob = token_for(game.id, 0), token_for(game.id, 1)
    before = counts()
    for body, status, code in [({"answer": "yes"}, 409, "no_offer"), ({"answer": "maybe"}, 422, "bad_answer"),
                               ({"answer": "yes", "seat": 1}, 422, "bad_answer"), ({"colour": 1}, 422, "unknown_field"),
                               ([], 422, "invalid")]:
        answered = client.post(f"/api/seats/{bob}/rematch", json=body)
        assert (answered.status_code, answered.json["error"]["code"]) == (status, code), body
    assert client.post("/api/seats/not-a-token/rematch", json={}).status_code == 403
    assert counts() == before
    assert client.post(f"/api/seats/{ann}/rematch", json={}).status_code == 201
    before = counts()
    assert client.post(f"/api/seats/{bob}/rematch", json={}).json["error"]["code"] == "already_offered"
    assert client.post(f"/api/seats/{ann}/rematch", json={"answer": "no"}).json["error"]["code"] == "already_answered"
    assert client.post(f"/api/seats/{bob}/rematch", json={"seat": 2, "robot": "random"}).status_code == 403
    assert client.post(f"/api/seats/{ann}/rematch", json={"seat": 2, "robot": "random"}).status_code == 409
    assert counts() == before
    client.post(f"/api/seats/{bob}/rematch", json={"answer": "no"})
    before = counts()
    for body, code in [({"seat": 1, "robot": "grandmaster"}, "bad_robot"), ({"seat": 1, "name": "Di"}, "bad_email"),
                       ({"seat": 1, "robot": "random", "name": "Di"}, "bad_seats"), ({"seat": "1"}, "bad_seat")]:
        assert client.post(f"/api/seats/{ann}/rematch", json=body).json["error"]["code"] == code, body
    assert client.post(f"/api/seats/{bob}/rematch", json={"answer": "yes"}).status_code == 409
    assert counts() == before


def test_a_declined_seat_filled_by_a_new_invitee_waits_for_their_confirmation(client):
    game = play_out(client, trio_game().id)
    ann, bob, cy = (token_for(game.id, seat) for seat in range(3))
    client.post(f"/api/seats/{ann}/rematch", json={})
    client.post(f"/api/seats/{bob}/rematch", json={"answer": "no"})
    client.post(f"/api/seats/{cy}/rematch", json={"answer": "yes"})
    answered = client.post(f"/api/seats/{ann}/rematch", json={"seat": 1, "name": "Di", "email": "DI@example.org"})
    assert answered.status_code == 201 and answered.json["rematch"]["started"]
    new_id = rematch_of(game.id).new_game_id
    invite = mails(game_id=new_id, recipient="di@example.org")
    assert len(invite) == 1 and invite[0].kind == "invite"
    with database().writing() as session:      # what the mail worker asks before sending it
        book = consent.book_for(session, ["di@example.org"], utcnow())
        assert consent.withheld_status(session, invite[0], book, utcnow()) == MAIL_UNCONFIRMED
    assert len(mails(kind="confirm", recipient="di@example.org")) == 1     # Di confirms like any invitee


def test_the_next_game_waiting_is_told_on_the_table_and_in_an_answer_and_my_games_sorts_by_deadline(client):
    robots = [{"robot": "random"}] * 2
    ann = TRIO[0]
    # Quinto: the seat after the dealer (seat 0) speaks first, so Ann in seat 1 is to move at once.
    soon, later = (start([{"robot": "random"}, ann, *robots]) for _ in range(2))
    idle = start([ann, *robots, {"robot": "random"}])       # a robot's move: not Ann's
    now = utcnow()
    with database().writing() as session:
        session.get(Game, soon.id).due_at = now + timedelta(hours=3)
        session.get(Game, later.id).due_at = now + timedelta(days=2)
    page = client.get(f"/s/{token_for(idle.id, 0)}").get_data(as_text=True)
    assert "2 other games await your move: Quinto with Robot 1, Robot 3 and Robot 4 (due in 3 hours" in page
    assert f'href="/s/{token_for(soon.id, 1)}"' in page
    assert 'id="next-game"' not in client.get(f"/s/{token_for(soon.id, 1)}").get_data(as_text=True)  # her move here
    _, entries = games_for_token(my_games_token(settings().signing_keys, ann["email"]))
    assert [entry["game"].id for entry in entries][:2] == [soon.id, later.id]
    with database().writing() as session:
        session.get(Game, soon.id).due_at, session.get(Game, later.id).due_at = now + timedelta(days=3), now + timedelta(hours=1)
    _, entries = games_for_token(my_games_token(settings().signing_keys, ann["email"]))
    assert [entry["game"].id for entry in entries][:2] == [later.id, soon.id]
    turn = [mail for mail in mails(game_id=soon.id, recipient=ann["email"]) if mail.context.get("reply_to")][-1]
    replies.receive(reply(turn, "help"))
    answer = mails(kind=replies.ANSWER, game_id=soon.id)[-1]
    assert "1 other game awaits your move: Quinto with Robot 1, Robot 3 and Robot 4 (due" in text_of(answer)
    assert f"/s/{token_for(later.id, 1)}" in text_of(answer)
