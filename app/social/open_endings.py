"""How games with open seats end without a result: listed too long unjoined, or started and left untouched.

An open game whose seats are not all taken by its expiry is ended by the deadline sweep (workers/tasks.py):
an `ended` note with the reason EXPIRED, so that it reads "no result" everywhere, and its pending requests to
join lapse. A game that was started from open seats and in which no person has moved by its first deadline is
called off in the same way (reason NOBODY_MOVED) instead of being handed to a robot: strangers who never came
back should not leave the others a game of robots. Neither is rated: neither has a result.
"""

from sqlalchemy import select, update

from engine import find_game, note_event

from app.context import database, external_url
from app.clock import utcnow
from app.mail_out.mail import queue_mail
from app.play.outcome import ENDED, EXPIRED, NOBODY_MOVED
from app.play.seats import seats_of
from app.social.leaving import finish
from app.social.open_seats import WAITING, open_game_of
from app.store.models import JOIN_LAPSED, JOIN_PENDING, OPEN_EXPIRED, OPEN_LISTED, OPEN_STARTED, Game, OpenGame, OpenJoin
from app.store.record import load_events, replay_game, store_event, sync_summary

SWEEP_BATCH = 1000
CALLED_OFF_MAIL = "open_called_off"


def end_expired(now=None):
    """End every open game whose time to fill its seats has passed; returns the ids of the games ended."""
    now = now or utcnow()
    with database().reading() as session:
        ids = list(session.execute(select(OpenGame.id).where(OpenGame.state.in_(WAITING), OpenGame.expires_at <= now)
                                   .order_by(OpenGame.expires_at).limit(SWEEP_BATCH)).scalars())
    return [game_id for game_id in (end_one(open_id, now) for open_id in ids) if game_id]


def end_one(open_id, now):
    """End one expired open game in its own transaction, if no other sweep did it meanwhile; its game id."""
    with database().writing() as session:
        row = session.execute(select(OpenGame).where(OpenGame.id == open_id, OpenGame.state.in_(WAITING),
                                                     OpenGame.expires_at <= now)
                              .with_for_update(skip_locked=True)).scalar_one_or_none()
        if row is None:
            return None
        game = session.get(Game, row.game_id, with_for_update=True)
        _, state = replay_game(session, game.id)
        note = note_event(ENDED, reason=EXPIRED)
        store_event(session, game, note)
        sync_summary(game, state, [note])
        if row.state == OPEN_LISTED:       # never confirmed by its creator, nobody has heard of it: else, told
            queue_called_off(session, game, seats_of(session, game.id))
        row.state = OPEN_EXPIRED
        session.execute(update(OpenJoin).where(OpenJoin.open_game_id == row.id, OpenJoin.state == JOIN_PENDING)
                        .values(state=JOIN_LAPSED))
        return game.id


def queue_called_off(session, game, seats):
    """Tell the creator and those who took a seat that the game was called off before it began (not the usual
    game-over mail: it has no scores to tell and no rematch to offer)."""
    title = find_game(game.game).title
    for seat in seats.values():
        if seat.email:
            creator = seat.email == game.creator_email
            subject = (f"Your game of {title} was called off: its open seats were not all taken" if creator
                       else f"The game of {title} you joined was called off")
            queue_mail(session, CALLED_OFF_MAIL, seat.email, subject,
                       {"name": seat.name, "title": title, "creator": creator, "open_url": external_url("/open"),
                        "lobby_url": external_url(f"/lobby/{game.game}")}, game_id=game.id, seat=seat.seat,
                       seq=game.seq)


def call_off_if_nobody_moved(session, game, state, seats):
    """At a deadline a person missed (app.play.deadlines, in its transaction): a game started from open seats in
    which no person has moved yet, at its first such deadline, ends with no result. Returns whether it did."""
    row = open_game_of(session, game.id)
    if row is None or row.state != OPEN_STARTED:
        return False
    events = load_events(session, game.id)
    if any(event.get("type") == "note" and event.get("kind") == "timeout" for event in events):
        return False
    people = {number for number, seat in seats.items() if seat.robot is None}
    if any(event.get("type") == "move" and "by" not in event and state.controller(event["seat"]) in people
           for event in events):
        return False
    finish(session, game, seats, state, note_event(ENDED, reason=NOBODY_MOVED))
    return True
