"""Stepping through a finished game's record: a seat's own game, or any record a visitor pastes."""

from engine import EngineError, apply_event, replay
from engine.cards import is_card
from engine.record import fold, parse_lines

from ..deal_story import holder_names
from ..present import move_label, names_words
from .errors import BadInput
from .talk import without_removed

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


def replay_story(events, step, names, seat=0):
    """The deal of event `step` told up to it, one entry per event: {"number", "lines", "finished"}.

    Each event's lines say what it was (a deal and its dealer, a card played
    or a word said, a note) and what it caused, read from the views before
    and after it alone, so the same for every game: who won a trick, scores
    changing within a deal (immediate scores), the deal's end with the scores
    after it, and the game's result. `finished` is the history entry of a deal
    the event ended (for the game's own account of it), else None.
    """
    if type(step) is not int or not 1 <= step <= len(events):
        raise BadInput(STEP_PROBLEM.format(count=len(events)), "bad_step")
    first = max((number for number in range(1, step + 1) if events[number - 1].get("type") == "deal"), default=1)
    state = replay(events[:first - 1]) if first > 1 else None
    events = without_removed(events)
    story = []
    for number in range(first, step + 1):
        event = events[number - 1]
        before = state.view(seat) if state is not None else None
        if state is None:
            state = replay(events[:1])
        else:
            apply_event(state, event)
        story.append(told(event, number, before, state.view(seat), names))
    return story


def told(event, number, before, after, names):
    """One event of a replay in words (see `replay_story`)."""
    kind = event.get("type")
    if kind == "start":
        lines = [f"The game begins: {names_words(names)}."]
    elif kind == "deal":
        lines = [f"Deal {after['deal']}: {names[after['dealer']]} deals." if after.get("dealer") is not None
                 else f"Deal {after['deal']} is dealt."]
    elif kind == "move":
        move = event.get("move")
        verb = "plays" if is_card(move) else "says"
        lines = [f"{names[event['seat']]} {verb} {move_label(move)}."]
    elif event.get("kind") == "talk":
        lines = [f"{names[event['seat']]} says at the table: {event['text']}"]
    else:
        lines = ["A note in the record" + (f": {event['kind']}." if event.get("kind") else ".")]
    finished = None
    if before is not None:
        trick = after.get("last_trick")
        if trick and trick != before.get("last_trick") and trick.get("winner") is not None:
            lines.append(f"{names[trick['winner']]} wins the trick.")
        deals_before, history = len(before.get("history") or []), after.get("history") or []
        if len(history) > deals_before:
            finished = history[-1]
            lines.append(f"Deal {finished.get('deal')} is over. Scores: "
                         f"{side_scores(after, names, finished.get('scores') or after['scores'])}.")
        elif after["scores"] != before["scores"]:
            lines.append(f"Scores now: {side_scores(after, names, after['scores'])}.")
    if after.get("over") and not (before or {}).get("over"):
        winners = (after.get("result") or {}).get("seats") or []
        lines.append(f"The game is over: {names_words(names[seat] for seat in winners) or 'nobody'} won.")
    return {"number": number, "lines": lines, "finished": finished}


def side_scores(view, names, scores):
    """`Ann and Cy 120, Bob and Di 85`: each side's score with the names of its seats."""
    return ", ".join(f"{holder_names(view, names, side)} {score}" for side, score in enumerate(scores))


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
