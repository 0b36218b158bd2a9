"""Consent, against a real SMTP server: an address gets nothing but one confirmation mail a day until its owner
confirms it, nothing at all once it asked never to be mailed again, and every mail says how to ask that."""

import re
from datetime import timedelta

from sqlalchemy import update

from app.context import database
from app.store.models import (ADDRESS_SUPPRESSED, MAIL_DROPPED, MAIL_FAILED, MAIL_SENT, MAIL_SUPPRESSED,
                              MAIL_UNCONFIRMED, Consent, Outbox)
from app.clock import utcnow
from app.play.mygames import mail_my_games
from app.play import deadlines, games
from app.mail_out import outbox

from conftest import confirmation_token
from worker_fixtures import app, client, smtp  # noqa: F401  (fixtures)
from worker_helpers import (ANN, BOB, ROBOTS3, csrf_from, game_row, outbox as rows, play_until_person, set_row,
                            start)

VICTIM = "victim@example.org"
UNSUBSCRIBE_HEADER = re.compile(rb"^List-Unsubscribe: <http://localhost/unsubscribe/[\w.-]+>\r?$", re.M)


def send_all():
    """Hand every queued row to the worker, as often as the sending queues more; returns the new statuses."""
    statuses = []
    while queued := rows(status="queued"):
        statuses += [outbox.deliver(row.id) for row in queued]
    return statuses


def received_by(smtp, address):
    return [message for message in smtp.recorder.received if message.rcpt_tos == [address]]


def a_day_passes(address):
    """Move the address's last confirmation mail a day back (the worker reads the real clock)."""
    with database().writing() as session:
        session.execute(update(Consent).where(Consent.address == address)
                        .values(confirm_sent_at=utcnow() - timedelta(days=1, seconds=1)))


def test_an_address_named_in_every_seat_gets_one_confirmation_mail_a_day_and_nothing_else(client, smtp, dispatched):
    seats = [{"name": f"Victim {n}", "email": VICTIM} for n in range(4)]
    for _ in range(3):
        answer = client.post("/api/games", json={"game": "quinto", "seats": seats, "move_time": "5m"})
        assert answer.status_code == 201 and answer.json["status"] == "unconfirmed"
    page = client.get("/my-games").get_data(as_text=True)
    for _ in range(3):
        client.post("/my-games", data={"csrf_token": csrf_from(page), "email": VICTIM})
    for request in dispatched.my_games:
        mail_my_games(*request)
    deadlines.sweep_deadlines(utcnow() + timedelta(hours=1))       # games waiting for their creator never time out
    send_all()
    [confirmation] = received_by(smtp, VICTIM)
    text = confirmation.message.get_body(("plain",)).get_content()
    assert "Confirm your game of Quinto" == confirmation.message["Subject"] and "/confirm/" in text
    assert "/s/" not in text and "/my-games/" not in text
    assert {row.status for row in rows(kind="my_games")} == {MAIL_UNCONFIRMED}
    a_day_passes(VICTIM)
    client.post("/my-games", data={"csrf_token": csrf_from(page), "email": VICTIM})
    mail_my_games(*dispatched.my_games[-1])
    send_all()
    assert [message.message["Subject"] for message in received_by(smtp, VICTIM)] == [
        "Confirm your game of Quinto", "Confirm your address for Cachette"]


def test_an_invited_player_gets_only_a_confirmation_until_confirming_then_the_newest_mail_of_the_seat(client, smtp):
    game = start([ANN, BOB, *ROBOTS3[:2]], move_time="5m")
    for minutes in (6, 12, 18, 24):                                # Bob never moves: his turns time out
        deadlines.sweep_deadlines(utcnow() + timedelta(minutes=minutes))
        play_until_person(game.id)
        send_all()
    held = rows(recipient=BOB["email"], status=MAIL_UNCONFIRMED)
    assert len(held) >= 3 and {"invite", "timeout"} <= {row.kind for row in held}
    [confirmation] = received_by(smtp, BOB["email"])
    text = confirmation.message.get_body(("plain",)).get_content()
    assert confirmation.message["Subject"] == "Ann invites you to a game of Quinto: please confirm your address"
    assert "Ann has invited you to a game of Quinto" in text and "/s/" not in text
    link = "/confirm/" + confirmation_token(BOB["email"])
    answer = client.post(link, data={"csrf_token": csrf_from(client.get(link).get_data(as_text=True))})
    assert answer.status_code == 303 and answer.location.startswith("/my-games/")   # Bob started no game
    assert [rows(id=row.id)[0].status for row in held] == [MAIL_DROPPED] * (len(held) - 1) + ["queued"]
    send_all()
    confirmation_and_newest = received_by(smtp, BOB["email"])
    assert len(confirmation_and_newest) == 2
    assert confirmation_and_newest[1].message["Message-ID"] == held[-1].message_id
    assert client.get(answer.location).status_code == 200


def test_one_click_unsubscribe_stops_every_mail_to_the_address(app, client, smtp, dispatched):
    game = start()
    play_until_person(game.id)
    send_all()
    raw = smtp.recorder.received[0].content
    assert UNSUBSCRIBE_HEADER.search(raw) and b"List-Unsubscribe-Post: List-Unsubscribe=One-Click" in raw
    url = smtp.recorder.received[-1].message["List-Unsubscribe"].strip("<>").removeprefix("http://localhost")
    assert url.startswith("/unsubscribe/")
    assert url in smtp.recorder.received[-1].message.get_body(("plain",)).get_content()             # and at its foot
    assert client.get(url).status_code == 200 and client.post(url).status_code == 400   # a form needs its CSRF token
    with database().reading() as session:
        assert session.get(Consent, ANN["email"]).state != ADDRESS_SUPPRESSED
    fresh = app.test_client()                                     # a mail client: no session, no CSRF token
    answer = fresh.post(url, data={"List-Unsubscribe": "One-Click"})
    assert answer.status_code == 200 and b"never mail" in answer.data
    before = len(smtp.recorder.received)
    games.create_game({"game": "quinto", "seats": [ANN, *ROBOTS3]})                     # a confirmation
    client.post("/my-games", data={"csrf_token": csrf_from(client.get("/my-games").get_data(as_text=True)),
                                   "email": ANN["email"]})
    mail_my_games(*dispatched.my_games[-1])                                            # a list of games
    play_until_person(game.id)
    outcome = send_all()
    assert outcome and set(outcome) == {MAIL_SUPPRESSED}
    assert len(smtp.recorder.received) == before
    page = fresh.get(url).get_data(as_text=True)
    assert fresh.post(url + "/resume", data={"csrf_token": csrf_from(page)}).status_code == 200
    with database().reading() as session:
        assert session.get(Consent, ANN["email"]).state == "confirmed"


def test_an_encoded_word_address_never_reaches_a_header(app, client, smtp):
    tricky = "=?utf-8?q?evil=40x.org=2C?=@example.org"
    answer = client.post("/api/games", json={"game": "quinto", "seats": [{"name": "E", "email": tricky}, *ROBOTS3]})
    assert answer.status_code == 422 and answer.json["error"]["code"] == "bad_email"
    start()
    invite = rows(kind="invite")[0]
    assert outbox.deliver(invite.id) == MAIL_SENT
    assert smtp.recorder.received[0].message["To"].addresses[0].addr_spec == ANN["email"]
    game = start()
    row = rows(kind="invite", game_id=game.id)[0]
    set_row(Outbox, row.id, recipient=tricky)
    assert outbox.deliver(row.id) == MAIL_FAILED and "not a single mail address" in rows(id=row.id)[0].last_error
    assert len(smtp.recorder.received) == 1


def test_one_link_of_an_unconfirmed_creator_starts_every_game_it_set_up(client, smtp):
    first = games.create_game({"game": "quinto", "seats": [ANN, *ROBOTS3]})
    second = games.create_game({"game": "sueca", "seats": [ANN, *ROBOTS3]})
    assert [row.kind for row in rows()] == ["confirm"]                        # one mail a day before confirming
    link = "/confirm/" + confirmation_token(ANN["email"])
    page = client.get(link).get_data(as_text=True)
    assert "Quinto, set up" in page and "Sueca, set up" in page
    answer = client.post(link, data={"csrf_token": csrf_from(page)})
    assert answer.status_code == 303 and answer.location.startswith("/my-games/")   # two games: their list
    listing = client.get(answer.location).get_data(as_text=True)
    assert listing.count('href="/s/') == 2
    assert {game_row(first.id).status, game_row(second.id).status} == {"active"}
