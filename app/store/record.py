"""A game's event log in the database: loading, replaying, appending, dealing."""

import secrets
from datetime import timedelta

from sqlalchemy import bindparam, case, func, insert, select, update
from sqlalchemy.orm import object_session

from engine import AWAITING_DEAL, AWAITING_MOVE, deal_event, replay

from app.live import positions
from app.play.outcome import leaving_notes, outcome
from app.context import settings
from app.store.models import STATUS_ACTIVE, STATUS_OVER, Event, Game, Seat
from app.clock import utcnow


# Built once, run on the session's connection: the move path reads and writes these on every move.
EVENTS = Event.__table__.c
EVENT_INSERT = insert(Event.__table__)
EVENTS_BETWEEN = (select(EVENTS.data)
                  .where(EVENTS.game_id == bindparam("game_id"), EVENTS.seq > bindparam("after"),
                         EVENTS.seq <= bindparam("upto"))
                  .order_by(EVENTS.seq))
EVENT_TYPE = EVENTS.data["type"].as_string()
# The notes of a log, and where each deal began (its seq alone: a deal's event carries the whole pack).
NOTES_AND_DEALS = (select(EVENTS.seq, case((EVENT_TYPE == "note", EVENTS.data), else_=None))
                   .where(EVENTS.game_id == bindparam("game_id"), EVENTS.seq <= bindparam("upto"),
                          EVENT_TYPE.in_(("note", "deal")))
                   .order_by(EVENTS.seq))
# The timeout notes since the last move a person made themselves (a robot's, for the absent, has a "by"), newest
# first: how long a game has stood still, read without the moves before.
LAST_PERSON_MOVE = (select(func.max(EVENTS.seq))
                    .where(EVENTS.game_id == bindparam("game_id"), EVENT_TYPE == "move",
                           EVENTS.data["by"].as_string().is_(None))
                    .scalar_subquery())
TIMEOUTS_SINCE_PERSON_MOVED = (select(EVENTS.data)
                               .where(EVENTS.game_id == bindparam("game_id"), EVENTS.seq <= bindparam("upto"),
                                      EVENTS.seq > func.coalesce(LAST_PERSON_MOVE, -1), EVENT_TYPE == "note",
                                      EVENTS.data["kind"].as_string() == "timeout")
                               .order_by(EVENTS.seq.desc()))
SUMMARY_COLUMNS = ("seq", "status", "awaiting", "to_move", "scores", "winner", "winners", "ending", "due_at",
                   "remind_at", "finished_at")
SUMMARY_UPDATE = update(Game.__table__).where(Game.__table__.c.id == bindparam("game_id"))
SEATS = Seat.__table__.c
# Flips `seat.to_move` on the seats whose flag is not (seat in `players`): only the rows that change are written.
SEATS_TO_MOVE_UPDATE = (update(Seat.__table__).values(to_move=~SEATS.to_move)
                        .where(SEATS.game_id == bindparam("seats_game_id"),
                               SEATS.to_move != SEATS.seat.in_(bindparam("players", expanding=True))))
LAST_SEQ = 2 ** 31 - 1   # the largest seq the column holds


def load_events(session, game_id, upto=None, after=-1):
    """The game's events with seq in (after, upto], in order (all of them by default)."""
    rows = session.connection().execute(
        EVENTS_BETWEEN, {"game_id": game_id, "after": after, "upto": LAST_SEQ if upto is None else upto})
    return list(rows.scalars())


def load_notes(session, game_id, upto):
    """The game's notes with seq up to `upto`, and its deals as `{"type": "deal"}`, as (seq, event) pairs in
    order: what talk and the like read, without the moves and the packs the rest of the log holds."""
    rows = session.connection().execute(NOTES_AND_DEALS, {"game_id": game_id, "upto": upto})
    return [(seq, note if note is not None else {"type": "deal"}) for seq, note in rows]


def load_timeouts_since_person_moved(session, game_id, upto):
    """The timeout notes (seq up to `upto`) since a person last made a move themselves, newest first."""
    return list(session.connection().execute(TIMEOUTS_SINCE_PERSON_MOVED, {"game_id": game_id, "upto": upto})
                .scalars())


def replay_game(session, game_id):
    """(events, state) rebuilt from the full log."""
    events = load_events(session, game_id)
    return events, replay(events)


def store_event(session, game, event):
    """Store an event already applied to the state, at the next seq (unique per game).

    A plain INSERT on the session's connection rather than an ORM object (and
    no autoflush): events are never read back in the transaction that writes
    them, and this is the move path's hottest write.
    """
    game.seq += 1
    write_event(session, game.id, game.seq, event)
    positions.note_game(session, game)


def write_event(session, game_id, seq, event):
    """Insert one event row at `seq` (the start event is seq 0; later ones come through `store_event`)."""
    session.connection().execute(EVENT_INSERT, {"game_id": game_id, "seq": seq, "data": event, "created_at": utcnow()})


def deal_while_awaited(session, game, state):
    """Draw and record every deal the engine now awaits, shuffled with `secrets`."""
    shuffler = secrets.SystemRandom()
    while state.awaiting == AWAITING_DEAL:
        deck = state.full_pack()
        shuffler.shuffle(deck)
        state.apply_deal(deck)
        store_event(session, game, deal_event(deck))


def sync_summary(game, state, notes=()):
    """Copy whose turn, the scores, the result and the deadline from the state and the log's leaving `notes`
    (app.play.outcome: pass them whenever they may decide the result) to the row, and whose turn to the seat rows
    (`seat.to_move`, at once: the next game waiting reads it)."""
    now = utcnow()
    ended = outcome(state, notes)
    game.awaiting = None if ended.over else state.awaiting
    game.to_move = list(state.to_move) if state.awaiting == AWAITING_MOVE and not ended.over else []
    players = sorted({state.controller(seat) for seat in game.to_move})
    object_session(game).connection().execute(SEATS_TO_MOVE_UPDATE, {"seats_game_id": game.id, "players": players})
    game.scores = list(state.scores)
    game.winner = ended.winner
    game.winners = None if ended.sides is None else list(ended.sides)
    game.ending = ended.ending
    if ended.over:
        game.status = STATUS_OVER
        game.finished_at = game.finished_at or now
        game.due_at = None
    elif game.status == STATUS_ACTIVE and game.to_move:
        game.due_at = full_move_time(game, now)
    else:
        game.due_at = None
    game.remind_at = reminder_time(game)


def save_summary(session, game):
    """Write the game row's summary columns now, with one UPDATE, and take the row object out of the session.

    The move path's last word on the row: later changes to the object are
    not written. The session would write it at commit, but the ORM's flush
    of a changed object costs a move more than the UPDATE itself, even when
    it finds nothing left to write.
    """
    values = {name: getattr(game, name) for name in SUMMARY_COLUMNS}
    session.connection().execute(SUMMARY_UPDATE, {"game_id": game.id, **values})
    session.expunge(game)


def summary_notes(session, game, state):
    """The leaving notes `sync_summary` needs now: those of the whole log once the rules ended the game (a
    resigned side never wins), none before (no move changes what they decided)."""
    return leaving_notes(load_events(session, game.id)) if state.over else ()


def full_move_time(game, now):
    """The deadline of a person's move that starts now."""
    return now + timedelta(seconds=game.move_time)


def reminder_time(game):
    """When the mover is reminded: once the configured share of the move's time is left."""
    if game.due_at is None:
        return None
    return game.due_at - timedelta(seconds=game.move_time * settings().reminder_share)


def lock_game(session, game_id):
    """The game row, locked for this transaction where the database can (PostgreSQL)."""
    return session.execute(select(Game).where(Game.id == game_id).with_for_update()).scalar_one_or_none()
