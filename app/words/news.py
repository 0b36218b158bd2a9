"""What happened in a game since a position, one short line a move, as a seat may be told it: the news a table
shows when it catches up, and a stale reply's answer."""

from engine import EngineError, apply_event
from engine.seat_record import move_seen_by_reader

from app.context import database
from app.words.present import move_label
from app.store import snapshots
from app.store.record import load_events
from app.play.tables import reader_of


def moves_since(game, seats, seat, seq):
    """What happened in `game` (its seat rows `seats`) after position `seq`, as `seat` may be told it."""
    with database().reading() as session:
        state = snapshots.state_at(session, game.id, seq).clone()
        events = load_events(session, game.id, upto=game.seq, after=seq)
    lines = []
    for event in events:
        try:
            apply_event(state, event)
        except EngineError:
            break
        if event["type"] == "deal":
            lines.append("A new deal was dealt.")
        elif event["type"] == "move":
            player = seats.get(state.controller(event["seat"]))
            name = player.name if player is not None else f"Seat {event['seat'] + 1}"
            seen = move_seen_by_reader(state, reader_of(seat), event["move"])
            lines.append(f"{name} played a card face down." if seen is None else f"{name}: {move_label(seen)}.")
    return lines
