"""What a reader may know of a game: a seat's view, a watcher's, and a seat's copy of the record.

A reader is a player seat, or None for a watcher (no seat): a watcher is told only what every seat is told
alike, so no card held or face down. A person who left their seat reads from then on as a watcher does (the
service decides who that is); their copy of the record up to that moment stays what their seat saw.

A player may download their game at any time, but while it is in progress the
copy must hold no card their seat could not see: a deal keeps only the cards
the seat saw dealt (its hand, a turned-up card), the others become null; a
move made face down keeps its seat but not its card (null). The copy keeps
the record's shape (DESIGN.md), so a finished game's full record and a
seat's copy read the same way.
"""

from .cards import is_card
from .record import apply_event, start_state

WATCHER = None      # the reader who holds no seat


def reader_view(state, reader) -> dict:
    """The view of `reader`: its seat's view, or the watcher's view."""
    return state.watcher_view() if reader is WATCHER else state.view(reader)


def hidden_from_reader(state, reader) -> set[str]:
    """The cards `reader` may not see now: a watcher, those hidden from any seat."""
    if reader is WATCHER:
        return set().union(*(state.hidden_from(seat) for seat in range(state.seat_count)))
    return state.hidden_from(reader)


def move_seen_by_reader(state, reader, move):
    """What `reader` may be told of `move`, just made: a watcher only a move every seat saw (else None)."""
    if reader is WATCHER:
        seen = [state.move_seen_by(seat, move) for seat in range(state.seat_count)]
        return move if all(told == move for told in seen) else None
    return state.move_seen_by(reader, move)


def seat_record(events: list[dict], seat: int, left_at: int | None = None) -> list[dict]:
    """The events of a record as player seat `seat` saw them, in order; from position `left_at` on (its
    person left there), as a watcher sees them."""
    state = start_state(events[0])
    told = [dict(events[0])]
    for position, event in enumerate(events[1:], start=1):
        reader = WATCHER if left_at is not None and position >= left_at else seat
        canonical = apply_event(state, event)
        if event["type"] == "deal":
            seen = cards_seen_dealt(reader_view(state, reader)) - hidden_from_reader(state, reader)
            told.append(dict(event, deck=[card if card in seen else None for card in event["deck"]]))
        elif event["type"] == "move":
            told.append(dict(event, move=move_seen_by_reader(state, reader, canonical)))
        else:
            told.append(dict(event))
    return told


def cards_seen_dealt(view: dict) -> set[str]:
    """The cards of the new deal that a view shows: the seat's hands and the table, never the history, which
    names cards of earlier deals."""
    return cards_named([view.get("hand"), view.get("table"), view.get("hands")])


def cards_named(value) -> set[str]:
    """Every card named anywhere in a JSON-like value."""
    if isinstance(value, dict):
        return set().union(*map(cards_named, value.values()))
    if isinstance(value, (list, tuple)):
        return set().union(*map(cards_named, value))
    return {value} if is_card(value) else set()
