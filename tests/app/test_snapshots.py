"""Cached states always equal a full replay of the log."""

import random

from app.context import database
from app.store import snapshots
from app.play.moves import play_robot_turns, submit_move
from engine import replay

from app_helpers import ROBOTS3, events_of, game_row, start, state_of, token_for


def cached(game_id):
    with database().reading() as session:
        return snapshots.state_at(session, game_id, game_row(game_id).seq)


def same(a, b):
    return a.summary() == b.summary() and all(a.view(seat) == b.view(seat) for seat in range(a.seat_count))


def test_cached_states_equal_full_replays_move_after_move(app):
    rng = random.Random(7)
    game = start([{"name": "Ann", "email": "ann@example.org"}, *ROBOTS3])
    token = token_for(game.id, 0)
    for _ in range(60):
        play_robot_turns(game.id)
        assert same(cached(game.id), state_of(game.id))
        row = game_row(game.id)
        if row.status == "over":
            break
        state = state_of(game.id)
        submit_move(token, rng.choice(state.legal_moves(row.to_move[0])), row.seq)
        assert same(cached(game.id), state_of(game.id))
    assert len(events_of(game.id)) > 60


def test_a_state_for_another_seq_is_not_used(app):
    game = start()
    first = cached(game.id)
    play_robot_turns(game.id)
    assert cached(game.id) is not first and same(cached(game.id), state_of(game.id))
    with database().reading() as session:
        assert same(snapshots.state_at(session, game.id, 1), first)


def test_an_older_cached_state_catches_up_with_the_events_since(app):
    """What another process sees: its cached state is some moves behind the log."""
    game = start()
    with database().reading() as session:
        old = snapshots.state_at(session, game.id, 1)
    play_robot_turns(game.id)
    rng = random.Random(3)
    for _ in range(5):
        row = game_row(game.id)
        submit_move(token_for(game.id, 0), rng.choice(state_of(game.id).legal_moves(row.to_move[0])), row.seq)
        play_robot_turns(game.id)
    snapshots._states[game.id] = (1, old, ())   # as if this process had seen nothing since the first deal
    caught_up = cached(game.id)
    assert caught_up is not old and same(caught_up, state_of(game.id))
    assert same(old, replay(events_of(game.id)[:2]))


def test_an_older_position_does_not_replace_a_newer_cached_state(app):
    game = start()
    play_robot_turns(game.id)
    newest = cached(game.id)
    with database().reading() as session:
        snapshots.state_at(session, game.id, 1)
    assert cached(game.id) is newest


def test_earlier_states_are_kept_so_a_table_behind_replays_only_the_moves_since(app):
    game = start()
    play_robot_turns(game.id)
    rng = random.Random(5)
    for _ in range(3):
        row = game_row(game.id)
        submit_move(token_for(game.id, 0), rng.choice(state_of(game.id).legal_moves(row.to_move[0])), row.seq)
        play_robot_turns(game.id)
    newest = cached(game.id)
    earlier = snapshots._states[game.id][2]
    assert len(earlier) == snapshots.EARLIER and [seq for seq, _ in earlier] == sorted(
        (seq for seq, _ in earlier), reverse=True)
    with database().reading() as session:
        for seq, state in earlier:
            assert snapshots.state_at(session, game.id, seq) is state          # kept, not replayed
            assert same(state, replay(events_of(game.id)[:seq + 1]))
        before = earlier[-1][0] - 1                                              # older than any kept: replayed
        assert same(snapshots.state_at(session, game.id, before), replay(events_of(game.id)[:before + 1]))
    assert cached(game.id) is newest
