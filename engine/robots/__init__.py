"""Robots: engine players that choose a move from a seat's view alone.

A robot is given exactly what its seat may see (`state.view(seat)`, whose
`legal` lists the moves it may make) and returns one of those moves.
"""

from .base import Robot, level_words, make_robot, robot_levels  # noqa: F401
from . import simple, strong, expert  # noqa: F401  (importing registers the levels, weakest first)
