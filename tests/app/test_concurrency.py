"""Sixteen submissions of the same move at once: exactly one event, 409 for the rest."""

import threading

import pytest
from sqlalchemy.exc import IntegrityError

from app.context import database
from app.models import Event
from app.services.clock import utcnow
from app_helpers import ROBOTS3, events_of, start, token_for

RACERS = 16


def test_racing_the_same_move_records_it_once(app):
    game = start([{"name": "Ann", "email": "ann@example.org"}, {"name": "Bo", "email": "ann@example.org"},
                  *ROBOTS3[:2]])
    token = token_for(game.id, 1)
    before = len(events_of(game.id))
    barrier = threading.Barrier(RACERS)
    statuses = []

    def racer():
        client = app.test_client()
        barrier.wait()
        answer = client.post(f"/api/seats/{token}/moves", json={"move": "pass", "seq": 1})
        statuses.append((answer.status_code, (answer.json.get("error") or {}).get("code")))

    threads = [threading.Thread(target=racer) for _ in range(RACERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(statuses) == [(201, None)] + [(409, "stale_seq")] * (RACERS - 1)
    events = events_of(game.id)
    assert len(events) == before + 1 and events[-1]["move"] == "pass"


def test_the_unique_key_refuses_a_second_event_at_the_same_seq(app):
    game = start()
    with pytest.raises(IntegrityError):
        with database().writing() as session:
            session.add(Event(game_id=game.id, seq=1, data={"type": "note", "kind": "test"}, created_at=utcnow()))
    assert len(events_of(game.id)) == 2
