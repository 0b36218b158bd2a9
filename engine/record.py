"""Records: a game as JSON Lines events, folded into a state.

The same format lives in the database, in exports and in the replay tool.
"""

import json

from .errors import EngineError, RecordError
from .registry import find_game


def start_state(event):
    """A fresh state from a `start` event."""
    if not isinstance(event, dict) or event.get("type") != "start":
        raise RecordError("the first event must be a start event")
    game = find_game(event.get("game"))
    players = event.get("seats")
    if type(players) is not int:
        raise RecordError(f"start: seats must be a number, not {players!r}")
    return game(players, event.get("options", {}), event.get("dealer", 0))


def apply_event(state, event):
    """Apply one event after the start; returns the canonical move for moves."""
    if not isinstance(event, dict):
        raise RecordError("an event must be a JSON object")
    kind = event.get("type")
    if kind == "move":
        return state.apply_move(event.get("seat"), event.get("move"))
    if kind == "deal":
        state.apply_deal(event.get("deck"))
    elif kind == "note":
        pass  # service events (timeouts, vacations) do not touch the rules
    elif kind == "start":
        raise RecordError("a start event may only come first")
    else:
        raise RecordError(f"unknown event type {kind!r}")
    return None


def replay(events):
    """The state after every event; errors carry the 1-based event number."""
    return fold(enumerate(events, start=1))


def replay_lines(lines):
    """Replay JSON Lines text; errors carry the line number."""
    return fold(parse_lines(lines))


def parse_lines(lines):
    """(line number, event) pairs from JSON Lines text; blank lines are skipped."""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        yield number, parse_line(number, line)


def parse_line(number, line):
    """One line's event; ReplayError naming the line when it is not JSON the engine can read."""
    try:
        return json.loads(line)
    except json.JSONDecodeError as error:
        problem = f"not valid JSON: {error.msg}"
    except ValueError:          # int() refuses a number past sys.get_int_max_str_digits() (4,300 digits)
        problem = "a number in it has too many digits"
    except RecursionError:      # the json module gives up about 1,000 levels deep
        problem = "not valid JSON: nested too deeply"
    raise ReplayError(number, RecordError(problem))


def fold(numbered_events):
    """Fold (number, event) pairs into a state, numbering any error."""
    state = None
    number = 0
    for number, event in numbered_events:
        try:
            if state is None:
                state = start_state(event)
            else:
                apply_event(state, event)
        except EngineError as error:
            raise ReplayError(number, error) from error
    if state is None:
        raise ReplayError(number + 1, RecordError("the record is empty: it must begin with a start event"))
    return state


class ReplayError(EngineError):
    """An error at a numbered line (or event) of a record."""

    def __init__(self, line, error):
        super().__init__(f"line {line}: {error}", error.seat)
        self.line = line
        self.error = error
        self.code = error.code
