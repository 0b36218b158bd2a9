"""Starting and confirming games."""

import secrets
from datetime import timedelta

from engine import AWAITING_MOVE, start_state

from ..context import database, settings
from ..db import queue_after_commit
from ..links import BadLink, read_confirm_token
from ..models import STATUS_ACTIVE, STATUS_UNCONFIRMED, Game, Seat
from . import notify
from .auto import moves_itself
from .clock import utcnow
from .errors import Forbidden
from .record import deal_while_awaited, lock_game, replay_game, sync_summary, write_event
from .seats import seats_of
from .spec import parse_game_spec

FIRST_DEALER = 0  # seats are assigned by the creator, so who deals first is theirs to choose too


def create_game(data):
    """Start a game from API-shaped data; returns the Game row.

    One transaction: the start event, the first deal (drawn with `secrets`),
    the seats, and the mails. If any seat belongs to someone other than the
    creator, the game waits for the creator's confirmation and only the
    creator is mailed; otherwise it starts at once.
    """
    spec = parse_game_spec(data)
    start = {"type": "start", "game": spec.game, "seats": len(spec.seats), "options": spec.options,
             "dealer": FIRST_DEALER}
    state = start_state(start)
    start["options"] = dict(state.opts)
    others = any(seat.email and seat.email != spec.creator_email for seat in spec.seats)
    now = utcnow()
    with database().writing() as session:
        game = Game(id=secrets.token_urlsafe(9), game=spec.game, players=len(spec.seats), options=dict(state.opts),
                    status=STATUS_UNCONFIRMED if others else STATUS_ACTIVE, creator_email=spec.creator_email,
                    move_time=spec.move_time, timeout_policy=spec.timeout_policy, seq=0, to_move=[],
                    scores=list(state.scores), created_at=now, confirmed_at=None if others else now)
        session.add(game)
        session.flush()
        write_event(session, game.id, 0, start)
        for number, seat in zip(state.player_seats(), spec.seats):
            session.add(Seat(game_id=game.id, seat=number, name=seat.name, email=seat.email, robot=seat.robot))
        deal_while_awaited(session, game, state)
        sync_summary(game, state)
        session.flush()
        seats = seats_of(session, game.id)
        if others:
            notify.queue_confirmation(session, game, seats)
        else:
            notify.queue_invitations(session, game, seats)
            queue_robot_if_due(session, game, state, seats)
    return game


def confirm_game(token):
    """The creator confirms: the game starts and every person is invited. Returns (game, creator seat)."""
    game_id = confirmed_game_id(token)
    with database().writing() as session:
        game = lock_game(session, game_id)
        if game is None:
            raise Forbidden("this confirmation link does not belong to any game")
        seats = seats_of(session, game.id)
        if game.status == STATUS_UNCONFIRMED:
            _, state = replay_game(session, game.id)
            game.status = STATUS_ACTIVE
            game.confirmed_at = utcnow()
            sync_summary(game, state)
            notify.queue_invitations(session, game, seats)
            queue_robot_if_due(session, game, state, seats)
        return game, notify.creator_of(game, seats)


def confirmed_game_id(token):
    """The game id a confirmation link names; Forbidden if it was not signed by us."""
    try:
        return read_confirm_token(settings().signing_keys, token)
    except BadLink as error:
        raise Forbidden(str(error)) from None


def queue_robot_if_due(session, game, state, seats, dispatch=True, timed_out=False):
    """If the awaited move is the service's to make (a robot's, a forced move, or one whose time ran
    out), ask the dispatcher to play it after the commit (unless `dispatch` is off: a robot loop
    already runs).

    Its deadline becomes short, so that the deadline sweep queues it again should the task be lost.
    """
    if game.status == STATUS_ACTIVE and state.awaiting == AWAITING_MOVE and moves_itself(state, seats, timed_out):
        game.due_at = utcnow() + timedelta(seconds=settings().robot_turn_time)
        game.remind_at = None
        if dispatch:
            queue_after_commit(session, robot_game_id=game.id)
