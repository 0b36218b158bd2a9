"""Helpers for the app tests: starting games, reading the outbox, following links."""

import re

from sqlalchemy import func, select

from app.context import database, settings
from app.links import seat_token
from app.models import Event, Game, Outbox
from app.services import games, tables
from app.services.seats import seats_of
from engine import replay

from conftest import html_of, text_of

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
LINK = re.compile(r"http://localhost(/[^\s\"'<>]*)")

ROBOTS3 = [{"robot": "random"}] * 3


def start(seats=None, game="quinto", **extra):
    """Create a game through the service; by default Ann and three robots (no confirmation needed)."""
    seats = seats if seats is not None else [{"name": "Ann", "email": "ann@example.org"}, *ROBOTS3]
    return games.create_game({"game": game, "seats": seats, **extra})


def four_people():
    return [{"name": name, "email": f"{name.lower()}@example.org"} for name in ("Ann", "Bob", "Cy", "Di")]


def mails(**where):
    with database().reading() as session:
        query = select(Outbox).order_by(Outbox.id)
        for field, value in where.items():
            query = query.where(getattr(Outbox, field) == value)
        return list(session.execute(query).scalars())


def links_in(mail):
    """Every site path linked from a mail's text and HTML bodies."""
    return sorted(set(LINK.findall(text_of(mail))) | set(LINK.findall(html_of(mail))))


def seat_path(mail):
    return next(path for path in LINK.findall(text_of(mail)) if path.startswith("/s/"))


def token_of(path):
    return path.split("/")[2]


def token_for(game_id, seat):
    """The current seat link token of a game's seat."""
    with database().reading() as session:
        return seat_token(settings().signing_keys, seats_of(session, game_id)[seat])


def counts():
    """How many games, events and mails there are, and every game's seq: what must not move."""
    with database().reading() as session:
        return (
            session.scalar(select(func.count()).select_from(Event)),
            session.scalar(select(func.count()).select_from(Outbox)),
            sorted(session.execute(select(Game.id, Game.seq, Game.status, Game.due_at)).all()),
        )


def game_row(game_id):
    with database().reading() as session:
        return session.get(Game, game_id)


def events_of(game_id):
    with database().reading() as session:
        return list(session.execute(select(Event.data).where(Event.game_id == game_id).order_by(Event.seq)).scalars())


def state_of(game_id):
    return replay(events_of(game_id))


def table_for(token):
    return tables.open_seat(token)


def csrf_from(html):
    return CSRF.search(html).group(1)
