"""Moves the service makes itself: a robot seat's, a forced move for a person who asked for it,
and a robot's move for a person whose time ran out."""

import hashlib
import hmac
from typing import NamedTuple

from engine.robots import make_robot

from app.context import settings
from app.store.models import TIMEOUT_ROBOT
from app.store.record import load_events

TIMEOUT_ROBOT_LEVEL = "strong"  # the robot that plays for a person whose time ran out: our best


class AutomaticMove(NamedTuple):
    player: object           # the seat row whose move it is
    move: str
    by: str                  # recorded with the move: "robot" or "forced"
    timed_out: bool = False  # played for a person whose time ran out


def service_kind(state, seats, timed_out=False):
    """Why the service makes the awaited move itself: "robot" (a robot seat), "forced" (a single legal
    move for a person who asked), "timeout" (the person's time ran out under the robot policy); else None."""
    seat = state.to_move[0]
    player = seats[state.controller(seat)]
    if player.robot is not None:
        return "robot"
    if player.auto_forced and len(state.legal_moves(seat)) == 1:
        return "forced"
    return "timeout" if timed_out else None


def moves_itself(state, seats, timed_out=False):
    """Whether the awaited move is the service's to make."""
    return service_kind(state, seats, timed_out) is not None


def timed_out(session, game):
    """Whether the game's last event hands the awaited move to a robot because its time ran out.

    The deadline sweep records the timeout and a worker plays the move, so the
    sweep stays quick however long the robot thinks.
    """
    last = load_events(session, game.id, upto=game.seq, after=game.seq - 1)
    return bool(last) and last[0].get("kind") == "timeout" and last[0].get("policy") == TIMEOUT_ROBOT


def automatic_move(session, game, state, seats):
    """The awaited move if the service is to make it, else None (a person must choose).

    A robot chooses from its seat's view alone, seeded by the game and position under the secret key.
    The log is read for a timeout only when no other reason applies.
    """
    kind = service_kind(state, seats) or ("timeout" if timed_out(session, game) else None)
    if kind is None:
        return None
    seat = state.to_move[0]
    player = seats[state.controller(seat)]
    if kind == "forced":
        return AutomaticMove(player, state.legal_moves(seat)[0], "forced")
    level = TIMEOUT_ROBOT_LEVEL if kind == "timeout" else player.robot
    return AutomaticMove(player, robot_choice(level, game, state, seat), "robot", timed_out=kind == "timeout")


def robot_choice(level, game, state, seat):
    robot = make_robot(level, game.game, robot_seed(game))
    return robot.choose(state.view(seat))


def robot_seed(game):
    """The robot's randomness at this game's position: an HMAC under the secret key, since the game id
    is public and a seed made from it alone would let anyone foresee the robot's choices."""
    position = f"robot:{game.id}:{game.seq}".encode()
    return hmac.new(settings().secret_key.encode(), position, hashlib.sha256).hexdigest()
