"""The deadline sweep: reminders, timeouts and the grace after an outage.

Games are found through the indexes on `game.due_at` and `game.remind_at`,
so a sweep costs in proportion to the games that are due, not to all games.
Each game is handled in its own transaction that first claims it: the row is
re-read, locked where the database can (FOR UPDATE SKIP LOCKED on
PostgreSQL; SQLite runs one writer at a time), and skipped unless it is
still due. Two sweeps running at once therefore act once per game.
"""

from dataclasses import dataclass, field
from datetime import timedelta

from flask import current_app
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from engine import AWAITING_MOVE, find_game, note_event

from app.context import database, settings
from app.store.models import STATUS_ACTIVE, STATUS_PAUSED, TIMEOUT_PAUSE, Game, Heartbeat
from app.play.auto import moves_itself, timed_out
from app.clock import utcnow
from app.play.games import queue_robot_if_due
from app.store.record import replay_game, store_event
from app.play.seat_settings import push_past_vacation
from app.play.seats import seats_of

from app.mail_out import notices
from app.social import open_endings

HEARTBEAT = "deadlines"
SWEEP_BATCH = 5000
# A gap between sweeps longer than this many intervals means the service was down.
OUTAGE_INTERVALS = 3


@dataclass
class SweepReport:
    extended: int = 0                             # deadlines given grace after an outage
    reminded: int = 0
    outcomes: dict = field(default_factory=dict)  # game id -> what was done at its deadline


def sweep_deadlines(now=None):
    """One sweep: grace after an outage, then the reminders and the timeouts that are due."""
    now = now or utcnow()
    report = SweepReport(extended=grant_outage_grace(now))
    for game_id in due_ids(Game.remind_at, now):
        report.reminded += remind(game_id, now)
    for game_id in due_ids(Game.due_at, now):
        try:
            outcome = enforce_deadline(game_id, now)
        except Exception:
            current_app.logger.exception("deadline of game %s not enforced", game_id)
            continue
        if outcome:
            report.outcomes[game_id] = outcome
    return report


def robot_turn_ids(now=None):
    """Ids of the games a robot may be waited for in: each one's deadline is no further than a robot's turn
    time (app.play.games.queue_robot_if_due), with those of people whose time is nearly out."""
    now = now or utcnow()
    return due_ids(Game.due_at, now + timedelta(seconds=settings().robot_turn_time))


def due_ids(column, now):
    """Ids of games whose `column` time has come, earliest first (an index range scan)."""
    with database().reading() as session:
        rows = session.execute(select(Game.id).where(column <= now).order_by(column).limit(SWEEP_BATCH)).scalars()
        return list(rows)


def claim_game(session, column, game_id, now):
    """The game, locked, if its `column` time is still due; None if done meanwhile or held by another sweep."""
    query = select(Game).where(Game.id == game_id, Game.status == STATUS_ACTIVE, column <= now)
    return session.execute(query.with_for_update(skip_locked=True)).scalar_one_or_none()


def remind(game_id, now):
    """Remind the person to move; 1 if a reminder was queued, else 0."""
    with database().writing() as session:
        game = claim_game(session, Game.remind_at, game_id, now)
        if game is None:
            return 0
        game.remind_at = None
        if game.awaiting != AWAITING_MOVE or not game.to_move:
            return 0
        seats = seats_of(session, game.id)
        mover = seats[find_game(game.game).seating(game.players, game.options).controllers[game.to_move[0]]]
        if mover.robot is not None or not mover.email:
            return 0
        notices.queue_reminder(session, game, seats, mover, replay_game(session, game.id)[1])
        return 1


def enforce_deadline(game_id, now):
    """Apply the game's timeout policy to its overdue move. Returns what was done, or None if nothing was due.

    "robot": the move is handed to a robot, which a worker runs for the absent person;
    "pause": the game is paused;
    "vacation": the deadline fell in the mover's vacation and moved past it;
    "called_off": a game started from open seats in which nobody has moved yet ended (app.social.open_endings);
    "automatic": a move the service makes itself (a robot's, a forced one, a timed-out one)
    whose task was lost was queued again.
    """
    with database().writing() as session:
        game = claim_game(session, Game.due_at, game_id, now)
        if game is None:
            return None
        _, state = replay_game(session, game.id)
        seats = seats_of(session, game.id)
        if state.awaiting != AWAITING_MOVE:
            game.due_at = game.remind_at = None
            return None
        handed_to_robot = timed_out(session, game)
        if moves_itself(state, seats, handed_to_robot):
            queue_robot_if_due(session, game, state, seats, timed_out=handed_to_robot)
            return "automatic"
        absent = seats[state.controller(state.to_move[0])]
        if absent.away_until is not None and game.due_at <= absent.away_until:
            push_past_vacation(game, absent)
            return "vacation"
        if open_endings.call_off_if_nobody_moved(session, game, state, seats):
            return "called_off"
        store_event(session, game, note_event("timeout", seat=absent.seat, policy=game.timeout_policy,
                                               due_at=game.due_at.isoformat()))
        if game.timeout_policy == TIMEOUT_PAUSE:
            game.status = STATUS_PAUSED
            game.due_at = game.remind_at = None
            notices.queue_paused(session, game, seats, absent)
            return "pause"
        queue_robot_if_due(session, game, state, seats, timed_out=True)
        return "robot"


def grant_outage_grace(now):
    """If the sweeps stopped for a while (the service was down), people's deadlines that fell meanwhile
    get a grace period. The service's own moves (a robot's, a forced one, one handed to a robot) get
    none: the sweep that follows queues them at once.

    The heartbeat row records the last sweep; moving it forward is a conditional UPDATE, so of two sweeps
    at once only one extends deadlines. Deciding whose move a game awaits means replaying it, as
    enforcing its deadline would; each extension is conditional on the deadline being unchanged, so a
    move made meanwhile keeps the deadline it set.
    Returns how many deadlines were extended.
    """
    config = settings()
    with database().writing() as session:
        last = session.execute(select(Heartbeat.beat_at).where(Heartbeat.name == HEARTBEAT)).scalar()
        if last is None:
            try:
                with session.begin_nested():
                    session.add(Heartbeat(name=HEARTBEAT, beat_at=now))
            except IntegrityError:
                pass  # another sweep's first beat
            return 0
        moved = session.execute(update(Heartbeat).where(Heartbeat.name == HEARTBEAT, Heartbeat.beat_at == last)
                                .values(beat_at=now)).rowcount
        if not moved or now - last <= timedelta(seconds=OUTAGE_INTERVALS * config.sweep_interval):
            return 0
        fell_in_outage = (Game.due_at > last, Game.due_at <= now)
        games = session.execute(select(Game).where(Game.status == STATUS_ACTIVE, *fell_in_outage)).scalars().all()
        extended = sum(
            session.execute(update(Game).where(Game.id == game.id, *fell_in_outage)
                            .values(due_at=now + timedelta(seconds=config.outage_grace))).rowcount
            for game in games if awaits_a_person(session, game)
        )
    current_app.logger.warning("no sweep from %s to %s: %s deadlines extended", last, now, extended)
    return extended


def awaits_a_person(session, game):
    """Whether the game's awaited move is a person's to make, not one the service makes itself."""
    _, state = replay_game(session, game.id)
    return state.awaiting == AWAITING_MOVE and not moves_itself(state, seats_of(session, game.id),
                                                                timed_out(session, game))
