"""Helpers for the worker tests: starting games, playing people's moves, reading the outbox and the log."""

import re
from datetime import timedelta

from sqlalchemy import select, update

from app.clock import utcnow
from app.context import database, settings
from app.live import presence
from app.mail_out import outbox as sending
from app.play.links import seat_token
from app.store.models import MAIL_QUEUED, Event, Game, Outbox, Seat
from app.play import games, moves
from app.play.seats import seats_of
from engine import replay

from conftest import confirm_address, confirmation_token

ROBOTS3 = [{"robot": "random"}] * 3
ANN = {"name": "Ann", "email": "ann@example.org"}
BOB = {"name": "Bob", "email": "bob@example.org"}
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def start(seats=None, **extra):
    """A game of Quinto confirmed by its creator from their mail; by default Ann and three robots."""
    game = games.create_game({"game": "quinto", "seats": seats or [ANN, *ROBOTS3], **extra})
    games.confirm_address(confirmation_token(game.creator_email))
    return game_row(game.id)


def start_confirmed(seats, **extra):
    """A game with more than one person, started by its creator, every person's address confirmed."""
    game = start(seats, **extra)
    for address in sorted({seat["email"] for seat in seats if seat.get("email")} - {game.creator_email}):
        confirm_address(address)
    return game


def outbox(**where):
    with database().reading() as session:
        query = select(Outbox).order_by(Outbox.id)
        for name, value in where.items():
            query = query.where(getattr(Outbox, name) == value)
        return list(session.execute(query).scalars())


def set_row(model, key, **values):
    with database().writing() as session:
        session.execute(update(model).where(model.__table__.primary_key.columns.values()[0] == key).values(**values))


def game_row(game_id):
    with database().reading() as session:
        return session.get(Game, game_id)


def seat_row(game_id, seat):
    with database().reading() as session:
        return session.execute(select(Seat).where(Seat.game_id == game_id, Seat.seat == seat)).scalar_one()


def events_of(game_id):
    with database().reading() as session:
        return list(session.execute(select(Event.data).where(Event.game_id == game_id).order_by(Event.seq)).scalars())


def token_for(game_id, seat):
    with database().reading() as session:
        return seat_token(settings().signing_keys, seats_of(session, game_id)[seat])


def play_until_person(game_id):
    """Play robot moves until a person is to move (or the game ends); returns the state."""
    moves.play_robot_turns(game_id)
    return replay(events_of(game_id))


def person_moves(game_id, seat, count=1):
    """Play `count` moves for the person at `seat` (first legal move each time), robots answering."""
    for _ in range(count):
        state = play_until_person(game_id)
        if state.over:
            return state
        mover = state.to_move[0]
        assert state.controller(mover) == seat
        moves.submit_move(token_for(game_id, seat), state.legal_moves(mover)[0], game_row(game_id).seq)
    return play_until_person(game_id)


def csrf_from(html):
    return CSRF.search(html).group(1)


def later(monkeypatch, seconds):
    """Move the presence clock `seconds` on: whoever was at a table has left by then."""
    moved = utcnow() + timedelta(seconds=seconds)
    monkeypatch.setattr(presence, "utcnow", lambda: moved)


def send_due():
    """What the sweep would send now: every queued row due, each delivered."""
    for row in outbox(status=MAIL_QUEUED):
        set_row(Outbox, row.id, next_attempt_at=None)
    return {row.id: sending.deliver(row.id) for row in outbox(status=MAIL_QUEUED)}


def text_body(message):
    """The plain text body of a mail as the SMTP server received it, with plain line ends."""
    return message.get_body(("plain",)).get_content().replace("\r\n", "\n")
