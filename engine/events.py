"""The events of a record, made in one place (DESIGN.md's record format).

Every writer of a record (the service, the workers, the benchmarks, the
tests) builds its events with these constructors, so that an event's shape
is written down once. An event is a plain JSON-ready dict: it is stored as
it is and folded by `engine.record.apply_event`.
"""

from typing import Any


def start_event(game: str, seats: int, options: dict | None = None, dealer: int = 0) -> dict:
    """The first event: the game's registry name, the number of players, its options and the first dealer."""
    return {"type": "start", "game": game, "seats": seats, "options": dict(options or {}), "dealer": dealer}


def deal_event(deck: list) -> dict:
    """A shuffled pack, top card first."""
    return {"type": "deal", "deck": list(deck)}


def move_event(seat: int, move: str, **extra: Any) -> dict:
    """One seat's move in canonical notation; `extra` fields (`by`) are kept and passed over by the rules."""
    return {"type": "move", "seat": seat, "move": move, **extra}


def note_event(kind: str, **fields: Any) -> dict:
    """A fact for the service that the rules pass over (a timeout, a vacation)."""
    return {"type": "note", "kind": kind, **fields}
