"""Moves the service makes itself: a robot seat's, and a forced move for a person who asked for it."""

from engine.robots import make_robot

TIMEOUT_ROBOT_LEVEL = "simple"  # the robot that plays for a person whose time ran out


def moves_itself(state, seats):
    """Whether the awaited move is the service's to make (a robot seat, or a forced move it may play)."""
    seat = state.to_move[0]
    player = seats[state.controller(seat)]
    return player.robot is not None or (player.auto_forced and len(state.legal_moves(seat)) == 1)


def automatic_move(game, state, seats):
    """(player seat row, move, "robot" or "forced") for the awaited move, or None if a person must choose.

    A robot chooses from its seat's view alone, seeded by the game and position.
    """
    if not moves_itself(state, seats):
        return None
    seat = state.to_move[0]
    player = seats[state.controller(seat)]
    if player.robot is None:
        return player, state.legal_moves(seat)[0], "forced"
    return player, robot_choice(player.robot, game, state, seat), "robot"


def robot_choice(level, game, state, seat):
    robot = make_robot(level, game.game, f"{game.id}:{game.seq}")
    return robot.choose(state.view(seat))
