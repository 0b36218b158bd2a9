"""Whether a mail to a seat goes is decided when it is sent: nothing after its person left the game but the
game's end; a turn mail whenever the seat is to move and its person is away, their own moves having led there
too; no mail about the play while the person plays at the open table. Read from what a real SMTP server on
loopback received, on SQLite and PostgreSQL."""

from datetime import timedelta

import pytest

from app.context import settings
from app.store.models import MAIL_CLAIMED, MAIL_DROPPED, MAIL_QUEUED, MAIL_SENT, Outbox, Seat
from app.play import games
from app.social import talk
from app.clock import utcnow
from engine import find_game, replay
from app.mail_out import outbox

from conftest import confirm_address
from worker_fixtures import app, client, smtp  # noqa: F401  (fixtures)
from worker_helpers import (ANN, BOB, ROBOTS3, events_of, game_row, outbox as rows, play_until_person, seat_row,
                            set_row, start, start_confirmed, token_for)
from worker_helpers import later, send_due

GREYLISTED = "451 4.7.1 greylisted, try again later"


def received_by(smtp, address):
    return [message for message in smtp.recorder.messages() if message["To"] == address]


def move_at_table(client, game_id, seat):
    """The person at `seat` plays their first legal move but a fold through the API (which counts as being at
    the table)."""
    state = replay(events_of(game_id))
    legal = state.legal_moves(state.to_move[0])
    answer = client.post(f"/api/seats/{token_for(game_id, seat)}/moves",
                         json={"move": next((move for move in legal if move != "fold"), legal[0]),
                               "seq": game_row(game_id).seq})
    assert answer.status_code == 201, answer.json


def bobs_turn_mail(client, game_id):
    """Ann and Bob play (Ann at her table) until a turn mail to Bob is queued; that row."""
    for _ in range(100):
        state = play_until_person(game_id)
        queued = rows(kind="your_turn", game_id=game_id, seat=1, status=MAIL_QUEUED)
        if queued:
            return queued[-1]
        move_at_table(client, game_id, state.controller(state.to_move[0]))
    raise AssertionError("no turn mail to Bob")


@pytest.mark.parametrize("kind", ["your_turn", "talk"])
def test_a_mail_a_worker_held_when_its_person_handed_over_is_never_sent(app, client, smtp, kind):
    game = start_confirmed([ANN, BOB, *ROBOTS3[:2]])
    turn = bobs_turn_mail(client, game.id)
    if kind == "talk":
        set_row(Seat, seat_row(game.id, 1).id, talk_mail=True)
        talk.say(token_for(game.id, 0), "Are you there?")
        [turn] = rows(kind="talk")
    stale = utcnow() - timedelta(seconds=settings().mail_claim_timeout + 1)
    set_row(Outbox, turn.id, status=MAIL_CLAIMED, claimed_at=stale)      # a worker had it in hand, and died
    assert client.post(f"/api/seats/{token_for(game.id, 1)}/hand-over", json={}).status_code == 201
    assert rows(id=turn.id)[0].status == MAIL_CLAIMED                    # left to the worker
    assert outbox.deliver(turn.id) == MAIL_DROPPED
    send_due()
    assert received_by(smtp, BOB["email"]) == []


def test_a_mail_refused_by_a_greylisting_server_is_not_sent_once_its_person_has_left(app, client, smtp):
    game = start_confirmed([ANN, BOB, *ROBOTS3[:2]])
    bobs_turn_mail(client, game.id)
    set_row(Seat, seat_row(game.id, 1).id, talk_mail=True)
    talk.say(token_for(game.id, 0), "Are you there?")
    [turn] = rows(kind="talk")
    smtp.recorder.refuse = GREYLISTED
    assert outbox.deliver(turn.id) == MAIL_QUEUED
    stale = utcnow() - timedelta(seconds=settings().mail_claim_timeout + 1)
    set_row(Outbox, turn.id, status=MAIL_CLAIMED, claimed_at=stale)      # retried by a worker when Bob leaves
    assert client.post(f"/api/seats/{token_for(game.id, 1)}/hand-over", json={}).status_code == 201
    set_row(Outbox, turn.id, status=MAIL_QUEUED, claimed_at=None)        # refused again, released after he left
    smtp.recorder.refuse = None
    send_due()
    assert received_by(smtp, BOB["email"]) == []


@pytest.mark.parametrize("name", ["primero", "gleek"])
def test_moves_that_leave_the_turn_with_the_mover_leave_a_turn_mail_for_when_they_go(app, client, smtp,
                                                                                       monkeypatch, name):
    players = find_game(name).players[0]
    setup = {"game": name, "seats": [ANN] + [{"robot": "random"}] * (players - 1)}
    game = games.create_game(setup)
    confirm_address(game.creator_email)
    for _ in range(200):
        state = play_until_person(game.id)
        if state.over:          # a random deal can end the game without such a move: Ann starts another
            game = games.create_game(setup)
            confirm_address(game.creator_email)
            continue
        before = game_row(game.id).seq
        move_at_table(client, game.id, 0)
        state = play_until_person(game.id)
        if game_row(game.id).seq == before + 1 and not state.over and state.controller(state.to_move[0]) == 0:
            break                                      # Ann moved and is to move again, nobody between
    else:
        raise AssertionError("the turn never stayed with Ann")
    [turn] = rows(kind="your_turn", game_id=game.id, status=MAIL_QUEUED)
    assert turn.seq == game_row(game.id).seq
    assert outbox.deliver(turn.id) == MAIL_QUEUED      # held while she is at her table
    later(monkeypatch, settings().presence_seconds + 1)
    send_due()
    [message] = [message for message in smtp.recorder.messages()   # she closed the tab mid-way: told it is
                 if message["Message-ID"] == turn.message_id]        # her move
    assert "It is your move" in message.get_body(("plain",)).get_content()


def test_no_deal_end_mail_while_the_person_plays_at_the_table(app, client, smtp, monkeypatch):
    game = start(options={"target": 1000})             # Ann and three robots, Ann playing at her table, in a
    for _ in range(300):                               # game to 1,000 so that it outlasts three deals
        state = play_until_person(game.id)
        send_due()                                     # the worker tries each mail as it comes
        if len(rows(kind="deal_end", game_id=game.id)) >= 3 or state.over:
            break
        move_at_table(client, game.id, 0)
    ends = rows(kind="deal_end", game_id=game.id)
    assert len(ends) >= 3
    assert not any("is over" in message["Subject"] for message in smtp.recorder.messages())
    assert all(row.status == MAIL_DROPPED for row in ends[:-1])     # deals she played on from, at the table
    later(monkeypatch, settings().presence_seconds + 1)
    send_due()
    told = [message["Subject"] for message in smtp.recorder.messages() if "is over" in message["Subject"]]
    assert len(told) <= 1, told                        # once she left: at most the deal she has not moved on from


def test_a_deal_end_mail_held_at_the_table_goes_once_the_person_left_without_moving_on(app, client, smtp,
                                                                                       monkeypatch):
    game = start()
    for _ in range(200):
        play_until_person(game.id)
        if rows(kind="deal_end", game_id=game.id):
            break
        move_at_table(client, game.id, 0)
    [deal_end] = rows(kind="deal_end", game_id=game.id)
    assert outbox.deliver(deal_end.id) == MAIL_QUEUED
    later(monkeypatch, settings().presence_seconds + 1)
    send_due()
    assert rows(id=deal_end.id)[0].status == MAIL_SENT
