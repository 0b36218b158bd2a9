"""The robot interface and the registry of robot levels."""

import random

from ..errors import EngineError


class Robot:
    """Chooses moves for one seat. Subclasses override `choose`."""

    level = ""
    plays_like = ""   # what the level plays like in a few words, for a newcomer choosing it (the lobby, the API)
    words = ""        # how it plays, in a sentence for the same newcomer
    rated_against = None   # the levels `calibrate` plays this one against, if not every other level
    search_scale = 0       # times a game's search budget the level spends on a decision (0: it does not search)

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
    plays_like = "plays at random"
    words = "plays any move the rules allow, at random: easy to beat"

    def choose(self, view):
        return self.rng.choice(sorted(view["legal"]))


_LEVELS = {"random": RandomRobot}


def register_robot(robot_class):
    """Class decorator: offer a robot level under its `level` name."""
    _LEVELS[robot_class.level] = robot_class
    return robot_class


def robot_levels():
    """The levels a table may seat, weakest first."""
    return list(_LEVELS)


def level_words():
    """{level: (what it plays like in a few words, how it plays in a sentence)}, weakest first, for a
    newcomer choosing a robot: the one list the lobby and the API show."""
    return {level: (robot.plays_like, robot.words) for level, robot in _LEVELS.items()}


def search_scale(level):
    """Times a game's search budget a robot of `level` spends on a decision; 0 for a level that does not search.
    A game's own decisions (`Profile.own_choice`) read it to size their own searches."""
    return _LEVELS[level].search_scale


def rated_against(level):
    """The levels `calibrate` plays `level` against: a tuple, or None for every other level."""
    return _LEVELS[level].rated_against


def make_robot(level, game, seed=None):
    """A robot of the named level for the named game."""
    if level not in _LEVELS:
        raise EngineError(f"unknown robot level {level!r}; choose one of {', '.join(_LEVELS)}")
    return _LEVELS[level](game, seed)
