"""The deadline sweep on SQLite and PostgreSQL: reminders, timeouts, pauses, vacations, outage grace."""

import threading
from datetime import timedelta

import pytest

from app.store.models import STATUS_ACTIVE, STATUS_PAUSED, Game, Heartbeat
from app.play import moves
from app.errors import Conflict
from app.clock import utcnow
from app.play import deadlines

from conftest import text_of
from worker_fixtures import app, client, smtp  # noqa: F401  (fixtures)
from worker_helpers import (ANN, BOB, ROBOTS3, csrf_from, events_of, game_row, outbox, person_moves,
                            play_until_person, set_row, start, start_confirmed, token_for)


def overdue(game_id, by=timedelta(minutes=1)):
    set_row(Game, game_id, due_at=utcnow() - by)


def notes(game_id, kind):
    return [event for event in events_of(game_id) if event["type"] == "note" and event["kind"] == kind]


def test_a_reminder_goes_once_when_the_configured_share_of_time_is_left(app):
    game = start(move_time="24h")
    play_until_person(game.id)
    row = game_row(game.id)
    assert row.remind_at == row.due_at - timedelta(hours=6)          # a quarter of a day left
    assert deadlines.sweep_deadlines().reminded == 0
    report = deadlines.sweep_deadlines(row.remind_at + timedelta(seconds=1))
    assert report.reminded == 1 and report.outcomes == {}
    assert deadlines.sweep_deadlines(row.remind_at + timedelta(seconds=2)).reminded == 0
    [reminder] = outbox(kind="reminder")
    assert reminder.recipient == "ann@example.org" and "/s/" in text_of(reminder)


def test_on_timeout_a_robot_plays_for_the_absent_person_in_a_task_and_tells_them(app, dispatched):
    game = start()
    before = play_until_person(game.id)
    seq = game_row(game.id).seq
    overdue(game.id)
    dispatched.robot_game_ids.clear()
    report = deadlines.sweep_deadlines()
    assert report.outcomes == {game.id: "robot"}
    [note] = events_of(game.id)[seq + 1:]
    assert note["type"] == "note" and note["kind"] == "timeout" and note["seat"] == 0 and note["policy"] == "robot"
    assert dispatched.robot_game_ids == [game.id]                   # the robot thinks in a worker, not the sweep
    assert outbox(kind="timeout") == []
    assert moves.play_robot_turns(game.id) >= 1
    move = events_of(game.id)[seq + 2]
    assert move["type"] == "move" and move["seat"] == before.to_move[0] and move["by"] == "robot"
    assert move["move"] in before.legal_moves(before.to_move[0])
    [told] = outbox(kind="timeout")
    assert told.recipient == "ann@example.org"
    assert deadlines.sweep_deadlines().outcomes == {}
    assert len(notes(game.id, "timeout")) == 1


def test_a_timed_out_move_whose_task_was_lost_is_queued_again_not_timed_out_twice(app, dispatched):
    game = start()
    play_until_person(game.id)
    overdue(game.id)
    deadlines.sweep_deadlines()
    dispatched.robot_game_ids.clear()
    row = game_row(game.id)
    report = deadlines.sweep_deadlines(row.due_at + timedelta(seconds=1))
    assert report.outcomes == {game.id: "automatic"} and dispatched.robot_game_ids == [game.id]
    assert len(notes(game.id, "timeout")) == 1
    moves.play_robot_turns(game.id)
    assert len(outbox(kind="timeout")) == 1


def test_a_person_who_moves_before_the_robot_does_keeps_their_move(app, dispatched):
    game = start()
    state = play_until_person(game.id)
    overdue(game.id)
    deadlines.sweep_deadlines()
    mine = state.legal_moves(state.to_move[0])[0]
    moves.submit_move(token_for(game.id, 0), mine, game_row(game.id).seq)
    moves.play_robot_turns(game.id)
    events = events_of(game.id)
    [note] = notes(game.id, "timeout")
    after_note = events[events.index(note) + 1]
    assert after_note == {"type": "move", "seat": state.to_move[0], "move": mine}
    assert outbox(kind="timeout") == []


def test_under_the_pause_policy_the_game_pauses_until_the_person_moves(app):
    game = start_confirmed([ANN, BOB, *ROBOTS3[:2]], timeout_policy="pause")
    state = play_until_person(game.id)
    absent = state.controller(state.to_move[0])
    overdue(game.id)
    assert deadlines.sweep_deadlines().outcomes == {game.id: "pause"}
    row = game_row(game.id)
    assert row.status == STATUS_PAUSED and row.due_at is None
    assert sorted(mail.recipient for mail in outbox(kind="paused")) == ["ann@example.org", "bob@example.org"]
    assert deadlines.sweep_deadlines().outcomes == {}
    moves.submit_move(token_for(game.id, absent), state.legal_moves(state.to_move[0])[0], row.seq)
    assert game_row(game.id).status == STATUS_ACTIVE


def test_two_sweeps_at_once_act_once_per_game(app):
    ids = []
    for _ in range(12):
        game = start()
        play_until_person(game.id)
        overdue(game.id)
        ids.append(game.id)
    reports, barrier = [], threading.Barrier(2)

    def sweep():
        with app.app_context():
            barrier.wait()
            reports.append(deadlines.sweep_deadlines())

    threads = [threading.Thread(target=sweep) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    acted = [game_id for report in reports for game_id in report.outcomes]
    assert sorted(acted) == sorted(ids)
    for game_id in ids:
        assert len(notes(game_id, "timeout")) == 1
        moves.play_robot_turns(game_id)
    assert len(outbox(kind="timeout")) == len(ids)


def test_deadlines_that_fell_while_the_service_was_down_get_a_grace_period(app):
    config = app.extensions["cachette"]["config"]
    fell_in_outage, fell_before = start(), start()
    for game in (fell_in_outage, fell_before):
        play_until_person(game.id)
    now = utcnow()
    deadlines.sweep_deadlines(now - timedelta(hours=3))              # the last sweep before the outage
    set_row(Game, fell_before.id, due_at=now - timedelta(hours=3, minutes=1))
    set_row(Game, fell_in_outage.id, due_at=now - timedelta(hours=1))
    deadlines.grant_outage_grace(now - timedelta(hours=3))
    report = deadlines.sweep_deadlines(now)
    assert report.extended == 1
    assert report.outcomes == {fell_before.id: "robot"}               # it was due while sweeps still ran
    assert game_row(fell_in_outage.id).due_at == now + timedelta(seconds=config.outage_grace)
    assert notes(fell_in_outage.id, "timeout") == []
    assert deadlines.sweep_deadlines(now + timedelta(seconds=30)).extended == 0


def test_after_an_outage_automatic_moves_are_played_at_once_and_only_people_get_grace(app, dispatched):
    config = app.extensions["cachette"]["config"]
    person, robot_seat, handed_over = start(), start(), start()       # a robot seat moves first in `robot_seat`
    for game in (person, handed_over):
        play_until_person(game.id)
    now = utcnow()
    set_row(Game, handed_over.id, due_at=now - timedelta(hours=3, minutes=1))
    assert deadlines.sweep_deadlines(now - timedelta(hours=3)).outcomes == {handed_over.id: "robot"}
    for game in (person, robot_seat, handed_over):                    # all three fell due in the outage
        set_row(Game, game.id, due_at=now - timedelta(hours=1))
    dispatched.robot_game_ids.clear()
    report = deadlines.sweep_deadlines(now)
    assert report.extended == 1
    assert game_row(person.id).due_at == now + timedelta(seconds=config.outage_grace)
    assert report.outcomes == {robot_seat.id: "automatic", handed_over.id: "automatic"}
    assert sorted(dispatched.robot_game_ids) == sorted([robot_seat.id, handed_over.id])
    for game in (robot_seat, handed_over):
        seq = game_row(game.id).seq
        assert moves.play_robot_turns(game.id) >= 1
        assert events_of(game.id)[seq + 1]["by"] == "robot"
    assert len(notes(handed_over.id, "timeout")) == 1 and notes(person.id, "timeout") == []


def test_a_short_gap_between_sweeps_is_no_outage(app):
    game = start()
    play_until_person(game.id)
    now = utcnow()
    deadlines.sweep_deadlines(now - timedelta(seconds=60))
    overdue(game.id, by=timedelta(seconds=30))
    report = deadlines.sweep_deadlines(now)
    assert report.extended == 0 and report.outcomes == {game.id: "robot"}


def test_a_robot_turn_whose_task_was_lost_is_played_after_its_short_deadline(app, dispatched):
    game = start()
    row = game_row(game.id)
    assert row.due_at - utcnow() <= timedelta(seconds=app.extensions["cachette"]["config"].robot_turn_time)
    dispatched.robot_game_ids.clear()
    report = deadlines.sweep_deadlines(row.due_at + timedelta(seconds=1))
    assert report.outcomes == {game.id: "automatic"} and dispatched.robot_game_ids == [game.id]
    assert notes(game.id, "timeout") == []


def test_a_vacation_from_the_table_page_stops_the_clock_and_tells_the_others(app, client):
    game = start_confirmed([ANN, BOB, *ROBOTS3[:2]])
    state = play_until_person(game.id)
    absent = state.controller(state.to_move[0])
    token = token_for(game.id, absent)
    page = client.get(f"/s/{token}").get_data(as_text=True)
    assert 'action="/s/' in page and "/vacation" in page
    csrf = csrf_from(page)
    seq_before = game_row(game.id).seq
    refused = client.post(f"/s/{token}/vacation", data={"csrf_token": csrf, "days": "99"})
    assert refused.status_code == 422 and "14 days of vacation left" in refused.get_data(as_text=True)
    assert game_row(game.id).seq == seq_before
    assert client.post(f"/s/{token}/vacation", data={"csrf_token": csrf, "days": "3"}).status_code == 303
    [note] = notes(game.id, "vacation")
    assert note["seat"] == absent and note["days"] == 3
    row = game_row(game.id)
    assert row.due_at > utcnow() + timedelta(days=3)
    [told] = outbox(kind="vacation")
    assert told.recipient == ("bob@example.org" if absent == 0 else "ann@example.org")
    assert deadlines.sweep_deadlines(utcnow() + timedelta(days=2)).outcomes == {}
    set_row(Heartbeat, deadlines.HEARTBEAT, beat_at=row.due_at)       # sweeps ran all along
    assert deadlines.sweep_deadlines(row.due_at + timedelta(seconds=1)).outcomes == {game.id: "robot"}


def test_a_deadline_falling_in_a_vacation_moves_past_it(app):
    from app.play.seat_settings import take_vacation

    game = start()
    play_until_person(game.id)
    person_moves(game.id, 0)
    take_vacation(token_for(game.id, 0), 2)
    overdue(game.id)                                                 # a turn that came during the vacation
    assert deadlines.sweep_deadlines().outcomes == {game.id: "vacation"}
    assert game_row(game.id).due_at > utcnow() + timedelta(days=2)


def test_a_turn_that_comes_during_a_vacation_falls_due_a_move_time_after_it(app):
    from app.play.seat_settings import take_vacation

    game = start(move_time="24h")
    play_until_person(game.id)
    away = take_vacation(token_for(game.id, 0), 3)
    state = person_moves(game.id, 0)                                 # the robots play on to Ann's next turn
    assert not state.over and state.controller(state.to_move[0]) == 0
    row = game_row(game.id)
    assert row.due_at == away.away_until + timedelta(seconds=row.move_time)
    assert row.remind_at > away.away_until


def test_a_forced_move_is_played_for_a_person_who_asked(app, client, dispatched):
    game = start()
    state = play_until_person(game.id)
    while len(state.legal_moves(state.to_move[0])) > 1:
        state = person_moves(game.id, 0)
    token = token_for(game.id, 0)
    csrf = csrf_from(client.get(f"/s/{token}").get_data(as_text=True))
    dispatched.robot_game_ids.clear()
    forced = state.legal_moves(state.to_move[0])[0]
    answer = client.post(f"/s/{token}/mail", data={"csrf_token": csrf, "mail": "each", "auto_forced": "on"})
    assert answer.status_code == 303 and dispatched.robot_game_ids == [game.id]
    seq = game_row(game.id).seq
    moves.play_robot_turns(game.id)
    move = events_of(game.id)[seq + 1]
    assert move == {"type": "move", "seat": state.to_move[0], "move": forced, "by": "forced"}


def test_turning_forced_moves_off_gives_the_person_their_own_time_again(app, client):
    game = start(move_time="24h")
    state = play_until_person(game.id)
    while len(state.legal_moves(state.to_move[0])) > 1:
        state = person_moves(game.id, 0)
    token = token_for(game.id, 0)
    csrf = csrf_from(client.get(f"/s/{token}").get_data(as_text=True))
    client.post(f"/s/{token}/mail", data={"csrf_token": csrf, "mail": "each", "auto_forced": "on"})
    assert game_row(game.id).due_at < utcnow() + timedelta(hours=1)            # the service's short deadline
    client.post(f"/s/{token}/mail", data={"csrf_token": csrf, "mail": "each"})
    row = game_row(game.id)
    assert row.due_at > utcnow() + timedelta(hours=23) and row.remind_at == row.due_at - timedelta(hours=6)
    moves.play_robot_turns(game.id)
    assert game_row(game.id).seq == row.seq                                     # the move is the person's now


def test_the_heartbeat_is_kept_by_each_sweep(app):
    from app.context import database

    now = utcnow()
    deadlines.sweep_deadlines(now)
    with database().reading() as session:
        assert session.get(Heartbeat, deadlines.HEARTBEAT).beat_at == now


def test_a_page_loaded_before_a_note_still_moves_but_not_one_loaded_before_a_move(app, client):
    game = start_confirmed([ANN, BOB, *ROBOTS3[:2]])
    state = play_until_person(game.id)
    mover = state.controller(state.to_move[0])
    other = 1 - mover
    page_seq = game_row(game.id).seq
    other_token = token_for(game.id, other)
    csrf = csrf_from(client.get(f"/s/{other_token}").get_data(as_text=True))
    assert client.post(f"/s/{other_token}/vacation", data={"csrf_token": csrf, "days": "2"}).status_code == 303
    assert game_row(game.id).seq == page_seq + 1                        # the note moved the log, not the table
    card = state.legal_moves(state.to_move[0])[0]
    moved = moves.submit_move(token_for(game.id, mover), card, page_seq)
    assert moved.move == card and events_of(game.id)[page_seq + 2]["move"] == card
    recorded = events_of(game.id)
    retried = moves.submit_move(token_for(game.id, mover), card, page_seq)    # the same move again: a lost answer
    assert retried.move == card and events_of(game.id) == recorded
    another = next(move for move in ("AS", "KS") if move != card)
    with pytest.raises(Conflict) as stale:
        moves.submit_move(token_for(game.id, mover), another, page_seq)
    assert stale.value.code == "stale_seq"
