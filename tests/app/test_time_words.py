"""Honest words about time: exact deadlines in the seat's time zone, a paused game says why, a robot thinks."""

import re
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import select, update

from app.context import database
from app.store.models import STATUS_ACTIVE, STATUS_PAUSED, Game, Seat
from app.words.present import clock_words, deadline_words, moment_words, time_left_words
from app.play import moves

from app_helpers import ROBOTS3, csrf_from, game_row, mails, people_game, start, state_of, token_for

MONDAY = datetime(2026, 11, 23, 19, 0, tzinfo=UTC)


def seat_id(session, game_id, number):
    return session.execute(select(Seat.id).where(Seat.game_id == game_id, Seat.seat == number)).scalar_one()


def set_rows(model, where, **values):
    with database().writing() as session:
        session.execute(update(model).where(*where).values(**values))


@pytest.mark.parametrize("seconds, words", [
    (3 * 86400 - 5, "3 days"), (2 * 86400 + 5 * 3600 + 100, "2 days 5 hours"), (86400 - 600, "1 day"),
    (23 * 3600, "23 hours"), (4 * 3600 + 10 * 60 + 20, "4 hours 10 minutes"), (3600 - 10, "1 hour"),
    (12 * 60 - 30, "12 minutes"), (61, "2 minutes"), (5, "1 minute"),
])
def test_time_left_reads_rounded_never_a_day_short(seconds, words):
    assert time_left_words(seconds) == words


def test_a_deadline_reads_exactly_in_the_seats_time_zone():
    due = MONDAY + timedelta(days=3)
    assert deadline_words(due, MONDAY + timedelta(seconds=5)) == "in 3 days, Thu 26 Nov at 19:00 UTC"
    assert deadline_words(due, MONDAY, "Europe/Paris") == "in 3 days, Thu 26 Nov at 20:00"
    assert deadline_words(due, MONDAY, "America/New_York") == "in 3 days, Thu 26 Nov at 14:00"
    assert deadline_words(due, MONDAY, "Not/AZone") == "in 3 days, Thu 26 Nov at 19:00 UTC"
    assert deadline_words(due, due + timedelta(hours=1), "Asia/Tokyo") == "overdue since Fri 27 Nov at 04:00"
    assert deadline_words(None, MONDAY) == "no deadline"
    assert moment_words(MONDAY, "Australia/Sydney") == "Tue 24 Nov at 06:00"


def test_the_clock_says_who_is_thinking_why_a_game_waits_and_when_a_person_must_move():
    game = SimpleNamespace(status=STATUS_ACTIVE, due_at=MONDAY + timedelta(days=3))
    robot = SimpleNamespace(name="Robot 2", robot="strong")
    bob = SimpleNamespace(name="Bob", robot=None)
    assert clock_words(game, robot, "Europe/Paris", MONDAY) == "Robot 2 is thinking"
    assert clock_words(game, bob, "Europe/Paris", MONDAY) == "Bob to move, due in 3 days, Thu 26 Nov at 20:00"
    assert clock_words(game, None, None, MONDAY) == "no deadline"
    paused = SimpleNamespace(status=STATUS_PAUSED, due_at=None)
    words = clock_words(paused, bob, None, MONDAY)
    assert words == "Paused: Bob's time to move ran out, and the game goes on when Bob moves"
    assert "due" not in words


def test_a_robots_turn_shows_it_thinking_never_a_deadline(client):
    game = start([{"name": "Ann", "email": "ann@example.org"}, *ROBOTS3])
    state = state_of(game.id)
    while state.controller(state.to_move[0]) == 0:      # robots are not run here: Ann plays until one is to move
        moves.submit_move(token_for(game.id, 0), state.legal_moves(state.to_move[0])[0], game_row(game.id).seq)
        state = state_of(game.id)
    with database().reading() as session:
        robot = session.get(Seat, seat_id(session, game.id, state.controller(state.to_move[0])))
    page = client.get(f"/s/{token_for(game.id, 0)}").get_data(as_text=True)
    status = re.search(r'<p id="status">(.*?)</p>', page, re.S).group(1)
    assert f"{robot.name} is thinking." in status and robot.robot is not None
    assert "due" not in status and "UTC" not in status


def test_a_person_sees_the_others_deadline_in_their_zone_chosen_in_the_settings(client):
    game, bo_path = people_game()
    ann_path = f"/s/{token_for(game.id, 0)}"
    page = client.get(ann_path).get_data(as_text=True)
    assert "Bo to move, due in 3 days, " in page and " UTC." in page
    assert '<select name="time_zone" id="time-zone" data-browser-zone>' in page
    assert '<script src="/static/time_zone.js" defer>' in page
    answer = client.post(ann_path + "/mail", data={"csrf_token": csrf_from(page), "mail": "away",
                                                   "time_zone": "Asia/Tokyo"})
    assert answer.status_code == 303
    page = client.get(ann_path).get_data(as_text=True)
    tokyo = game_row(game.id).due_at.astimezone(ZoneInfo("Asia/Tokyo"))
    assert f"Bo to move, due in 3 days, {tokyo.strftime('%a %-d %b at %H:%M')}." in page
    assert "<option selected>Asia/Tokyo</option>" in page and "data-browser-zone" not in page
    refused = client.post(ann_path + "/mail", data={"csrf_token": csrf_from(page), "mail": "away",
                                                    "time_zone": "Mars/Olympus"})
    assert refused.status_code == 422 and "time zone" in refused.get_data(as_text=True)


def test_a_turn_mail_tells_the_deadline_in_the_movers_zone(client):
    game, _ = people_game()
    set_rows(Seat, [Seat.game_id == game.id, Seat.seat == 0], time_zone="Europe/Paris")
    for _ in range(12):                               # play on until the turn comes to Ann
        moves.play_robot_turns(game.id)
        to_ann = [mail for mail in mails(kind="your_turn", game_id=game.id) if mail.seat == 0]
        if to_ann:
            break
        state = state_of(game.id)
        acting = state.to_move[0]
        moves.submit_move(token_for(game.id, state.controller(acting)), state.legal_moves(acting)[0],
                          game_row(game.id).seq)
    [mail] = to_ann
    deadline = mail.context["deadline"]
    assert deadline == f"in 3 days, {moment_words(game_row(game.id).due_at, 'Europe/Paris')}"
    assert "UTC" not in deadline


def test_a_paused_game_says_it_is_paused_and_why(client):
    game, bo_path = people_game()
    set_rows(Game, [Game.id == game.id], status=STATUS_PAUSED, due_at=None)
    page = client.get(f"/s/{token_for(game.id, 0)}").get_data(as_text=True)
    assert "Paused: Bo&#39;s time to move ran out, and the game goes on when Bo moves." in page
    assert "due no deadline" not in page and "due " not in re.search(r'<p id="status">(.*?)</p>', page, re.S).group(1)
