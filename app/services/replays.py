"""Stepping through a finished game's record: a seat's own game, or any record a visitor pastes."""

from engine import EngineError, replay
from engine.record import fold, parse_lines

from .errors import BadInput

STEP_PROBLEM = "step must be a number from 1 to {count}"


def replay_picture(events, step, seat=0):
    """(picture, event) of a finished game after its first `step` events, every hand shown.

    Once a game is over nothing is hidden any more, so the picture joins what
    each player seat's view shows at that point, seen from `seat`.
    """
    if type(step) is not int or not 1 <= step <= len(events):
        raise BadInput(STEP_PROBLEM.format(count=len(events)), "bad_step")
    state = replay(events[:step])
    views = {number: state.view(number) for number in state.player_seats()}
    picture = dict(views[seat])
    hands = [None] * state.seat_count
    for number, view in views.items():
        for held, hand in enumerate(view.get("hands") or []):
            if hand is not None:
                hands[held] = hand
        if hands[number] is None:   # games without a dummy show a seat only its own `hand`
            hands[number] = view.get("hand")
    picture["hands"] = hands
    return picture, events[step - 1]


def read_finished_record(text):
    """The events of a pasted record, checked by replaying it: it must be whole, legal and finished."""
    try:
        numbered = list(parse_lines(text.splitlines()))
        state = fold(numbered)
    except EngineError as error:
        raise BadInput(f"this record does not replay: {error}", "bad_record") from None
    if not state.over:
        raise BadInput("this record's game is not over: only a finished game can be replayed here", "not_over")
    return [event for _, event in numbered]
