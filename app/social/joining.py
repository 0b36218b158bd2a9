"""Joining an open seat, and keeping someone out of one's games.

A stranger asks for a seat with a name and an address (`POST /api/open-games/<id>/join`, or the form on /open).
Everything is checked before anything is written: the game is listed and has a seat left, the address holds no
seat in it yet, the creator has not blocked it, its rating (app.standings) is within the game's range, and it
is within its allowance of requests (a confirmed address has more). Then, from a browser that confirmed that
address, the seat is taken at once, and the game starts if it was the last one; from anywhere else the request
waits for the address to be confirmed, with one confirmation mail under the consent rule
(app.mail_out.consent: no mail but that, and at most one a day), and the seat is taken, if one is left and the
creator's block and the range allow it, when it is (app.social.open_seats.take_joins_of).

Two people asking for the last seat at once: the open game's row is locked for the whole request (SQLite's
writers hold the whole database), so the second finds no seat left and is answered 409, with nothing written.
Locks are taken in one order (the address's consent row, the open game, the game), as confirming an address
takes them, so that a request and a confirmation never wait on each other.
"""

from dataclasses import dataclass

from sqlalchemy import delete, func, select

from engine import find_game, shown

from app.context import database
from app.clock import utcnow
from app.errors import BadInput, Conflict, Forbidden, NotFound
from app.mail_out import consent
from app.play.games import start_confirmed
from app.play.seats import open_link, seat_path, seats_of
from app.play.spec import clean_email, clean_name
from app.social.open_seats import WAITING, allowance, open_game_of, private_refusal, seat_refusal, take_seat
from app.standings.handles import address_of_handle
from app.store.models import ADDRESS_CONFIRMED, JOIN_PENDING, JOIN_TAKEN, Game, JoinBlock, OpenGame, OpenJoin
from app.web.limits import TooManyRequests

JOIN_FIELDS = {"name", "email"}


@dataclass
class Joined:
    """What a request to join came to: the seat taken (its table's path) and whether the game started, or a
    confirmation awaited (mailed now, or by a mail already sent within the day)."""

    taken: bool
    started: bool = False
    table: str | None = None


def read_join(data):
    """(name, address) from API-shaped data, or BadInput naming the first problem."""
    if not isinstance(data, dict):
        raise BadInput("the request must be a JSON object with name and email")
    unknown = sorted(set(data) - JOIN_FIELDS)
    if unknown:
        raise BadInput(f"unknown field {shown(unknown[0])}", "unknown_field")
    return clean_name(data.get("name"), "your seat"), clean_email(data.get("email"), "your seat")


def join(game_id, data, confirmed_by=None):
    """Ask for a seat in the open game `game_id` (see the module's docstring); returns Joined.

    Only the address's owner (a browser that confirmed it) is told why they may not join: a stranger typing
    someone's address learns nothing of that person's seats, requests, rating or blocks. From anyone else a
    request for an address already seated or waiting is answered as the first was, and nothing is written; a
    block or a rating outside the range is found when the address is confirmed, and its owner told by mail
    (app.social.open_seats.take_joins_of).
    """
    name, email = read_join(data)
    now = utcnow()
    with database().writing() as session:
        book = consent.locked(session, [email], now)     # first, as confirming the address locks it before the game
        row = listed_game(session, game_id)
        refusal = seat_refusal(row, now)
        if refusal is not None:
            raise Conflict(*refusal)
        game = session.get(Game, row.game_id, with_for_update=True)
        seats = seats_of(session, game.id)
        asked = session.execute(select(OpenJoin).where(OpenJoin.open_game_id == row.id, OpenJoin.email == email)
                                ).scalar_one_or_none()
        if confirmed_by == email and book[email].state == ADDRESS_CONFIRMED:
            return join_at_once(session, row, game, seats, asked, name, email, now)
        if asked is not None or any(seat.email == email for seat in seats.values()):
            return Joined(taken=False)
        refuse_past_allowance(session, email)
        session.add(OpenJoin(open_game_id=row.id, email=email, name=name, state=JOIN_PENDING, created_at=now))
        title = find_game(game.game).title
        consent.queue_confirmation(session, book[email], f"Confirm your address to join a game of {title}",
                                   {"reason": "join", "name": name, "title": title}, now)
        return Joined(taken=False)


def join_at_once(session, row, game, seats, asked, name, email, now):
    """The address's owner takes a seat now (a request of theirs that waited is taken with it), or is told why
    not; the game starts if it was the last seat."""
    if any(seat.email == email for seat in seats.values()):
        raise Conflict("you already have a seat in this game", "already_seated")
    refusal = private_refusal(session, row, email)
    if refusal is not None:
        raise Forbidden(*refusal)
    if asked is None:
        refuse_past_allowance(session, email)
        asked = OpenJoin(open_game_id=row.id, email=email, name=name, state=JOIN_PENDING, created_at=now)
        session.add(asked)
    seat = take_seat(session, row, seats, name, email)
    asked.name, asked.state, asked.seat = name, JOIN_TAKEN, seat.seat
    started = row.seats_open == 0
    if started:
        start_confirmed(session, game)
    return Joined(taken=True, started=started, table=seat_path(seat))


def listed_game(session, game_id):
    """The open game `game_id`, its row locked; NotFound unless it is one."""
    row = open_game_of(session, game_id, lock=True) if isinstance(game_id, str) and game_id.isprintable() else None
    if row is None:
        raise NotFound(f"no open game {shown(game_id)}")
    return row


def refuse_past_allowance(session, email):
    """TooManyRequests if `email` holds or has asked for as many open seats in games not yet started as it may."""
    allowed = allowance(session, email, "open_joins_per_address", "open_joins_per_confirmed_address")
    held = session.execute(select(func.count()).select_from(OpenJoin).join(OpenGame, OpenGame.id == OpenJoin.open_game_id)
                           .where(OpenJoin.email == email, OpenJoin.state.in_((JOIN_PENDING, JOIN_TAKEN)),
                                  OpenGame.state.in_(WAITING))).scalar()
    if held >= allowed:
        raise TooManyRequests(f"that address holds or has asked for as many open seats in games not yet started as "
                              f"it may (at most {allowed}): wait until they start", "too_many_joins")


# Blocks ---------------------------------------------------------------------------------------------------

def blocks_of(token):
    """The handles the person of a seat link keeps out of their games, in the order blocked."""
    with database().reading() as session:
        link = open_link(session, token, left_too=True)
        return list(session.execute(select(JoinBlock.handle).where(JoinBlock.blocker == link.seat.email)
                                    .order_by(JoinBlock.id)).scalars())


def block(token, handle):
    """Keep the person with `handle` out of the open seats of the games the seat link's person creates. Blocking
    someone already blocked changes nothing."""
    if not isinstance(handle, str) or not handle.strip():
        raise BadInput("name the handle of the person to keep out", "bad_handle")
    with database().writing() as session:
        link = open_link(session, token)
        blocked = address_of_handle(session, handle.strip())
        if blocked is None:
            raise NotFound(f"nobody has the handle {shown(handle.strip())}", "unknown_handle")
        if blocked == link.seat.email:
            raise BadInput("you cannot keep yourself out of your own games", "bad_handle")
        exists = session.execute(select(JoinBlock.id).where(JoinBlock.blocker == link.seat.email,
                                                            JoinBlock.blocked == blocked)).first()
        if exists is None:
            session.add(JoinBlock(blocker=link.seat.email, blocked=blocked, handle=handle.strip(), created_at=utcnow()))


def unblock(token, handle):
    """Let the person blocked by `handle` join the seat link's person's games again; NotFound if not blocked."""
    if not isinstance(handle, str) or not handle.isprintable():     # PostgreSQL refuses a NUL in a query
        raise NotFound("you have not blocked that handle", "not_blocked")
    with database().writing() as session:
        link = open_link(session, token)
        gone = session.execute(delete(JoinBlock).where(JoinBlock.blocker == link.seat.email,
                                                       func.lower(JoinBlock.handle) == handle.lower())).rowcount
        if not gone:
            raise NotFound(f"you have not blocked {shown(handle)}", "not_blocked")
