"""Cachette's rules engine: pure game rules, standard library only.

The service hands the engine recorded events and gets states back; the
engine never touches HTTP, SQL, clocks or random numbers.
"""

from .errors import (  # noqa: F401
    DealError,
    EngineError,
    IllegalMoveError,
    NotationError,
    OptionError,
    OutOfTurnError,
    RecordError,
    shown,
)
from .events import deal_event, move_event, note_event, start_event  # noqa: F401
from .protocol import COUNTERS, PENALTY, POINTS, Result, Seating  # noqa: F401
from .record import ReplayError, apply_event, replay, replay_lines, start_state  # noqa: F401
from .registry import all_games, find_game  # noqa: F401
from .state import AWAITING_DEAL, AWAITING_MOVE  # noqa: F401
