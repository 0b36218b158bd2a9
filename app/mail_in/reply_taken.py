"""Replies by mail taken once: each reply acted on is noted by its seat and Message-ID, in the transaction
that decides what became of it (its move, its talk, its answer), so that the same mail delivered again (a
sending server that retries after a lost answer, or after a 451) changes nothing and is answered as the first
delivery was. A reply without a Message-ID cannot be told from another and is acted on each time."""

from sqlalchemy import select

from app.clock import utcnow
from app.context import database
from app.store.models import ReplyTaken


def taken(game_id, seat, message_id):
    """(what, detail) of the reply `message_id` from player seat `seat` of `game_id` once taken, else None."""
    if message_id is None:
        return None
    with database().reading() as session:
        row = session.execute(select(ReplyTaken.what, ReplyTaken.detail).where(
            ReplyTaken.game_id == game_id, ReplyTaken.seat == seat, ReplyTaken.message_id == message_id)).first()
    return None if row is None else (row.what, row.detail)


def note_taken(session, game_id, seat, message_id, what, detail):
    """Note the reply taken, in the caller's transaction, before it writes anything else: a second delivery
    acted on at the same moment fails here (the unique key), and its transaction writes nothing."""
    if message_id is None:
        return
    session.add(ReplyTaken(game_id=game_id, seat=seat, message_id=message_id, what=what, detail=str(detail),
                           taken_at=utcnow()))
    session.flush()
