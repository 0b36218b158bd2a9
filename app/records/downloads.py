"""A game's record to take away (a seat's copy at any time, the full record once the game is over), carrying
its players' names in a note after its start (replays.players_note), so that it replays with them elsewhere,
and the talk its reader could read (app.records.record_talk)."""

import json

from engine import find_game
from engine.seat_record import seat_record

from app.context import database
from app.store.models import STATUS_OVER, Game
from app.play.outcome import left_at
from app.errors import NotFound
from app.store.record import load_events
from app.records.replays import players_note
from app.play.seats import seats_of
from app.play.tables import open_seat
from app.records.record_talk import FROM_THE_START, talk_told

def seat_events(token):
    """(table, events, copy) for a seat link: the game's record, and what the seat may take of it: the whole
    record once the game is over, before that the seat's copy, which withholds every card the seat could not
    see (and, from the moment its person left, every card a watcher could not); both tell the talk the seat
    could read (`talk_told`)."""
    table = open_seat(token)
    with database().reading() as session:
        events = load_events(session, table.game.id, upto=table.game.seq)
    left = left_at(enumerate(events), table.seat.seat)
    if table.game.status == STATUS_OVER:
        [events] = talk_told(table.seats, left, events)
        return table, events, events
    return table, *talk_told(table.seats, left, events, seat_record(events, table.seat.seat, left))


def seat_copy(token):
    """(table, events): the record a seat link gives away (see `seat_events`), with its players' names."""
    table, _, copy = seat_events(token)
    return table, named(copy, table.state.seat_count, table.seats)


def finished_record(game_id):
    """The full record of a finished game, with its players' names and the talk a watcher may read; NotFound
    before its end, as for a game that does not exist."""
    with database().reading() as session:
        game = session.get(Game, game_id) if isinstance(game_id, str) and game_id.isprintable() else None
        if game is None or game.status != STATUS_OVER:
            raise NotFound("no finished game with that id: a record is public once its game is over")
        events = load_events(session, game.id, upto=game.seq)
        seats = seats_of(session, game.id)
    [events] = talk_told(seats, FROM_THE_START, events)
    return named(events, find_game(game.game).seating(game.players, game.options).seat_count, seats)


def named(events, seat_count, seats):
    """The record with its players note after the start event."""
    return [events[0], players_note(seat_count, seats), *events[1:]]


def json_lines(events):
    """A record in the replay tool's format: one JSON object a line."""
    return "".join(json.dumps(event, ensure_ascii=False) + "\n" for event in events)
