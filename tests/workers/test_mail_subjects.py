"""Subjects tell a person's games apart: the game, the other players and the position."""

import re
from datetime import timedelta

from app.store.models import MAIL_QUEUED, Seat
from app.play import deadlines
from app.clock import utcnow
from app.mail_out.digests import send_digests
from app.mail_out import outbox

from worker_fixtures import app, client, smtp, worker_config  # noqa: F401  (fixtures)
from worker_helpers import (ANN, BOB, game_row, outbox as rows, person_moves, play_until_person, seat_row, set_row,
                            start, start_confirmed)

POSITION = r"(your lead|your turn to play|your call|your call in the \w+|your move in the \w+), deal \d+"


def others_of(game_id, seat):
    names = [seat_row(game_id, number).name for number in range(4) if number != seat]
    return f"{names[0]}, {names[1]} and {names[2]}"


def test_a_turn_mail_names_the_game_the_others_and_the_position(app):
    game = start()
    state = play_until_person(game.id)
    [turn] = rows(kind="your_turn")
    view = state.view(0)
    assert re.fullmatch(f"Quinto with {others_of(game.id, 0)}: {POSITION}", turn.subject)
    assert turn.subject.endswith(f", deal {view['deal']}")
    assert ("your lead" in turn.subject) == (not view["table"] and view["phase"] == "play")


def test_each_person_sees_the_others_and_not_themself(app):
    game = start_confirmed([ANN, BOB, {"robot": "random"}, {"robot": "random"}])
    for _ in range(4):
        state = play_until_person(game.id)
        mover = state.controller(state.to_move[0])
        person_moves(game.id, mover)
    turns = rows(kind="your_turn")
    assert {row.seat for row in turns} == {0, 1}
    for row in turns:
        assert row.subject.startswith(f"Quinto with {others_of(game.id, row.seat)}: ")
    assert "Bob" in others_of(game.id, 0) and "Bob" not in others_of(game.id, 1)


def test_a_reminder_the_deal_ends_and_a_digest_name_the_game_too(app):
    game = start(options={"target": 1000})      # forty moves of Ann's cannot end it: her turn mail waits for the digest
    play_until_person(game.id)
    others = others_of(game.id, 0)
    deadlines.sweep_deadlines(game_row(game.id).remind_at + timedelta(seconds=1))
    [reminder] = rows(kind="reminder")
    assert re.fullmatch(f"Reminder: Quinto with {others}: {POSITION}", reminder.subject)
    set_row(Seat, seat_row(game.id, 0).id, mail_preference="digest")
    person_moves(game.id, 0, count=40)
    deal_ends = rows(kind="deal_end")
    assert deal_ends
    assert [row.subject for row in deal_ends] == [f"Quinto with {others}: deal {number} is over"
                                                  for number in range(1, len(deal_ends) + 1)]
    for row in rows(status=MAIL_QUEUED):
        outbox.deliver(row.id)
    assert send_digests(utcnow() + timedelta(days=1, seconds=1)) == 1
    [digest] = rows(kind="digest")
    assert digest.subject == f"Your day in Quinto with {others}"
