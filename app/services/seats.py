"""Seats: finding the seat a link stands for, and who acts for which engine seat."""

from sqlalchemy import select

from ..context import settings
from ..links import BadLink, read_seat_token, seat_token
from ..models import Seat
from .errors import Forbidden


def seat_for_token(session, token):
    """The Seat row a seat link opens; Forbidden if tampered, revoked or unknown."""
    try:
        game_id, number, version = read_seat_token(settings().signing_keys, token)
    except BadLink as error:
        raise Forbidden(str(error)) from None
    seat = session.execute(select(Seat).where(Seat.game_id == game_id, Seat.seat == number)).scalar_one_or_none()
    if seat is None or seat.robot is not None:
        raise Forbidden("this link does not belong to any seat")
    if seat.link_version != version:
        raise Forbidden("this link has been replaced by a newer one; use the link in your latest mail")
    return seat


def seats_of(session, game_id):
    """The game's seat rows by engine seat number."""
    rows = session.execute(select(Seat).where(Seat.game_id == game_id).order_by(Seat.seat)).scalars()
    return {seat.seat: seat for seat in rows}


def acting_seat(state, seats, engine_seat):
    """The Seat row that makes `engine_seat`'s moves (a dummy's partner for a dummy)."""
    return seats[state.controller(engine_seat)]


def seat_path(seat):
    return "/s/" + seat_token(settings().signing_keys, seat)


def revoke_links(session, seat):
    """Invalidate every link made for `seat` so far (a new one must be sent)."""
    seat.link_version += 1
    session.add(seat)
