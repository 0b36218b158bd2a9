"""A seat's copy of a game's record: every event as that seat saw it when it happened.

A player may download their game at any time, but while it is in progress the
copy must hold no card their seat could not see: a deal keeps only the cards
the seat saw dealt (its hand, a turned-up card), the others become null; a
move made face down keeps its seat but not its card (null). The copy keeps
the record's shape (DESIGN.md), so a finished game's full record and a
seat's copy read the same way.
"""

from .cards import is_card
from .record import apply_event, start_state


def seat_record(events: list[dict], seat: int) -> list[dict]:
    """The events of a record as player seat `seat` saw them, in order."""
    state = start_state(events[0])
    told = [dict(events[0])]
    for event in events[1:]:
        canonical = apply_event(state, event)
        if event["type"] == "deal":
            seen = cards_seen_dealt(state.view(seat)) - state.hidden_from(seat)
            told.append(dict(event, deck=[card if card in seen else None for card in event["deck"]]))
        elif event["type"] == "move":
            told.append(dict(event, move=state.move_seen_by(seat, canonical)))
        else:
            told.append(dict(event))
    return told


def cards_seen_dealt(view: dict) -> set[str]:
    """The cards of the new deal that a view shows: the seat's hands and the table, never the history, which
    names cards of earlier deals."""
    return cards_named([view["hand"], view["table"], view.get("hands")])


def cards_named(value) -> set[str]:
    """Every card named anywhere in a JSON-like value."""
    if isinstance(value, dict):
        return set().union(*map(cards_named, value.values()))
    if isinstance(value, (list, tuple)):
        return set().union(*map(cards_named, value))
    return {value} if is_card(value) else set()
