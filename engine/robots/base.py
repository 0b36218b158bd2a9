"""The robot interface and the registry of robot levels."""

import random

from ..errors import EngineError


class Robot:
    """Chooses moves for one seat. Subclasses override `choose`."""

    level = ""

    def __init__(self, game, seed=None):
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, view):
        """One of `view["legal"]`, chosen from the seat's view alone."""
        raise NotImplementedError


class RandomRobot(Robot):
    """Plays any legal move, uniformly: the baseline every robot must beat."""

    level = "random"

    def choose(self, view):
        return self.rng.choice(sorted(view["legal"]))


_LEVELS = {"random": RandomRobot}


def register_robot(robot_class):
    """Class decorator: offer a robot level under its `level` name."""
    _LEVELS[robot_class.level] = robot_class
    return robot_class


def robot_levels():
    return list(_LEVELS)


def make_robot(level, game, seed=None):
    """A robot of the named level for the named game."""
    if level not in _LEVELS:
        raise EngineError(f"unknown robot level {level!r}; choose one of {', '.join(_LEVELS)}")
    return _LEVELS[level](game, seed)
