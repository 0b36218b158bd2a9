"""Moves the service makes itself: a robot seat's, a forced move for a person who asked for it,
and a robot's move for a person whose time ran out."""

from typing import NamedTuple

from engine.robots import make_robot

from ..models import TIMEOUT_ROBOT
from .record import load_events

TIMEOUT_ROBOT_LEVEL = "strong"  # the robot that plays for a person whose time ran out: our best


class AutomaticMove(NamedTuple):
    player: object           # the seat row whose move it is
    move: str
    by: str                  # recorded with the move: "robot" or "forced"
    timed_out: bool = False  # played for a person whose time ran out


def moves_itself(state, seats, timed_out=False):
    """Whether the awaited move is the service's to make (a robot seat, a forced move it may play,
    or a move whose time ran out under the robot policy)."""
    seat = state.to_move[0]
    player = seats[state.controller(seat)]
    return timed_out or player.robot is not None or (player.auto_forced and len(state.legal_moves(seat)) == 1)


def timed_out(session, game):
    """Whether the game's last event hands the awaited move to a robot because its time ran out.

    The deadline sweep records the timeout and a worker plays the move, so the
    sweep stays quick however long the robot thinks.
    """
    last = load_events(session, game.id, upto=game.seq, after=game.seq - 1)
    return bool(last) and last[0].get("kind") == "timeout" and last[0].get("policy") == TIMEOUT_ROBOT


def automatic_move(session, game, state, seats):
    """The awaited move if the service is to make it, else None (a person must choose).

    A robot chooses from its seat's view alone, seeded by the game and position.
    """
    seat = state.to_move[0]
    player = seats[state.controller(seat)]
    if player.robot is not None:
        return AutomaticMove(player, robot_choice(player.robot, game, state, seat), "robot")
    legal = state.legal_moves(seat)
    if player.auto_forced and len(legal) == 1:
        return AutomaticMove(player, legal[0], "forced")
    if timed_out(session, game):
        return AutomaticMove(player, robot_choice(TIMEOUT_ROBOT_LEVEL, game, state, seat), "robot", timed_out=True)
    return None


def robot_choice(level, game, state, seat):
    robot = make_robot(level, game.game, f"{game.id}:{game.seq}")
    return robot.choose(state.view(seat))
