"""Sixteen requests at once: of two moves, exactly one event (the same move again is a success, the other
a 409); vacations granted only up to the allowance."""

import threading
from datetime import timedelta

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from engine.events import note_event

from app.context import database
from app.store.models import Event, Game, Seat
from app.play import moves
from app.clock import utcnow
from app.errors import BadInput
from app.play.seat_settings import take_vacation
from app_helpers import ROBOTS3, events_of, start, state_of, token_for

RACERS = 16


def test_racing_moves_records_one_once(app):
    game = start([{"name": "Ann", "email": "ann@example.org"}, {"name": "Bo", "email": "ann@example.org"},
                  *ROBOTS3[:2]])
    token = token_for(game.id, 1)
    before = len(events_of(game.id))
    barrier = threading.Barrier(RACERS)
    statuses = []

    def racer(move):
        client = app.test_client()
        barrier.wait()
        answer = client.post(f"/api/seats/{token}/moves", json={"move": move, "seq": 1})
        statuses.append((answer.status_code, (answer.json.get("error") or {}).get("code")))

    threads = [threading.Thread(target=racer, args=(("pass", "double")[number % 2],)) for number in range(RACERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(statuses) == [(201, None)] * (RACERS // 2) + [(409, "stale_seq")] * (RACERS // 2)
    events = events_of(game.id)
    assert len(events) == before + 1 and events[-1]["move"] in ("pass", "double")


def test_the_unique_key_refuses_a_second_event_at_the_same_seq(app):
    game = start()
    with pytest.raises(IntegrityError):
        with database().writing() as session:
            session.add(Event(game_id=game.id, seq=1, data=note_event("test"), created_at=utcnow()))
    assert len(events_of(game.id)) == 2


def test_racing_vacations_are_granted_up_to_the_allowance_and_each_moves_a_later_deadline(app):
    game = start(move_time="30d")
    moves.play_robot_turns(game.id)
    state = state_of(game.id)
    assert state.controller(state.to_move[0]) == 0                   # Ann's deadline, 30 days away
    with database().reading() as session:
        deadline_before = session.get(Game, game.id).due_at
    token = token_for(game.id, 0)
    barrier = threading.Barrier(RACERS)
    answers = []

    def racer():
        with app.app_context():
            barrier.wait()
            try:
                take_vacation(token, 5)
                answers.append("granted")
            except BadInput as refused:
                answers.append(refused.code)

    threads = [threading.Thread(target=racer) for _ in range(RACERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(answers) == ["granted"] * 2 + ["too_long"] * (RACERS - 2)   # 14 days allowed, 5 asked each
    with database().reading() as session:
        seat = session.execute(select(Seat).where(Seat.game_id == game.id, Seat.seat == 0)).scalar_one()
        due_at = session.get(Game, game.id).due_at
    assert seat.vacation_days_used == 10
    assert [event["days"] for event in events_of(game.id) if event.get("kind") == "vacation"] == [5, 5]
    assert due_at == deadline_before + timedelta(days=10)           # the clock stopped for both vacations
