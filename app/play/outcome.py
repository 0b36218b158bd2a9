"""How a game stands once the service's notes are counted: the one reading of a log's result.

The rules decide most games (`state.result()`); people may also leave one. Endings outside the rules are notes
the engine passes over: `resigned` (a seat, and in a partnership its side, gives up), `abandoned` (every person
agreed: no result) and `ended` (the creator ended a game nobody moved in: no result). `outcome` applies the
rules' result and then those notes; the game row's summary (status, winners, ending), every result in words
and the soak's check that a log replays to its row all read it.
"""

from dataclasses import dataclass

from engine import replay

RESIGNED, HANDED_OVER, ABANDONED, ENDED = "resigned", "handed_over", "abandoned", "ended"
NO_MOVES = "no_moves"             # the reason of an `ended` note
# Reasons of an `ended` note the service writes for games with open seats (app.social.open_seats): its open seats
# were not all taken in time, or nobody at the table moved before the first deadline.
EXPIRED, NOBODY_MOVED = "expired", "nobody_moved"
LEAVING_KINDS = (RESIGNED, HANDED_OVER, ABANDONED, ENDED)


@dataclass(frozen=True)
class Outcome:
    over: bool
    sides: tuple | None           # the winning sides once over (empty: nobody won, or no result); None before
    winner: int | None            # the one winning side, as the game row keeps it; None for none or several
    ending: dict | None           # how it ended beyond the rules' own result, for words (None: the rules alone)


def leaving_notes(events):
    """The notes of `events` that change a game's outcome, in order."""
    return [event for event in events if event.get("type") == "note" and event.get("kind") in (RESIGNED, ABANDONED,
                                                                                                 ENDED)]


def left_at(numbered, seat):
    """The position of the note by which player seat `seat`'s person left (handed over or resigned), among
    `numbered` ((position, event) pairs of a log), or None: from there on they read the game as a watcher does
    (app.play.tables.reader_of)."""
    return next((position for position, event in numbered if event.get("type") == "note"
                 and event.get("kind") in (HANDED_OVER, RESIGNED) and event.get("seat") == seat), None)


def outcome(state, notes):
    """The Outcome of a game whose rules stand at `state` and whose log holds the leaving `notes`.

    An abandonment or the creator's end: over, no result. Resignations: a resigned seat's side never wins; once
    only one side has not resigned, the game is over and that side wins; else the rules play on, and their
    winners, less the resigned sides, are the winners.
    """
    seating = state.seats
    resigned = tuple(note["seat"] for note in notes if note["kind"] == RESIGNED)
    out_sides = {seating.sides[seat] for seat in resigned}
    for note in notes:
        if note["kind"] == ABANDONED:
            return Outcome(True, (), None, {"kind": ABANDONED})
        if note["kind"] == ENDED:
            reason = note.get("reason", NO_MOVES)      # a game ended by the service says why (EXPIRED, NOBODY_MOVED)
            return Outcome(True, (), None, {"kind": NO_MOVES, "deadlines": note.get("deadlines"),
                                            **({"reason": reason} if reason != NO_MOVES else {})})
    standing = sorted(set(seating.sides[seat] for seat in seating.players()) - out_sides)
    if resigned and len(standing) <= 1:
        return Outcome(True, tuple(standing), standing[0] if standing else None,
                       {"kind": RESIGNED, "resigned": list(resigned), "ended": True})
    if not state.over:
        return Outcome(False, None, None, None)
    sides = tuple(side for side in state.result().sides if side not in out_sides)
    if not resigned:
        return Outcome(True, sides, state.winner, None)
    return Outcome(True, sides, sides[0] if len(sides) == 1 else None,
                   {"kind": RESIGNED, "resigned": list(resigned), "ended": False})


def log_outcome(events):
    """(state, Outcome) of a whole log: the rules' state after it, and how the game stands."""
    state = replay(events)
    return state, outcome(state, leaving_notes(events))
