"""A game's record to take away: a seat's copy at any time, the full record once the game is over."""

import json

from engine.seat_record import seat_record

from ..context import database
from ..models import STATUS_OVER, Game
from .errors import NotFound
from .record import load_events
from .tables import open_seat


def seat_copy(token):
    """(table, events) for a seat link: the full record once the game is over, before that the seat's copy,
    which withholds every card the seat could not see."""
    table = open_seat(token)
    with database().reading() as session:
        events = load_events(session, table.game.id, upto=table.game.seq)
    if table.game.status == STATUS_OVER:
        return table, events
    return table, seat_record(events, table.seat.seat)


def finished_record(game_id):
    """The full record of a finished game; NotFound before its end, as for a game that does not exist."""
    with database().reading() as session:
        game = session.get(Game, game_id) if isinstance(game_id, str) and game_id.isprintable() else None
        if game is None or game.status != STATUS_OVER:
            raise NotFound("no finished game with that id: a record is public once its game is over")
        return load_events(session, game.id, upto=game.seq)


def json_lines(events):
    """A record in the replay tool's format: one JSON object a line."""
    return "".join(json.dumps(event, ensure_ascii=False) + "\n" for event in events)
