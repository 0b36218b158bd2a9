"""Seats: finding the seat a link stands for, and who acts for which engine seat."""

from dataclasses import dataclass

from sqlalchemy import bindparam, select
from sqlalchemy.orm import defer

from engine import find_game

from app.live import positions
from app.context import settings
from app.play.links import REJECTED, BadLink, read_seat_token, reply_token, seat_token
from app.store.models import Game, Handle, Seat
from app.errors import Forbidden


# Built once: the seat link of every request reads the same statement. The game's columns come once per
# seat row, so those a table page and a move never read are left out (reading one raises, not a query).
UNREAD_GAME_COLUMNS = (Game.options, Game.to_move, Game.scores, Game.created_at, Game.confirmed_at)
TABLE = (select(Game, Seat).join(Seat, Seat.game_id == Game.id).where(Game.id == bindparam("game_id"))
         .order_by(Seat.seat).options(*(defer(column, raiseload=True) for column in UNREAD_GAME_COLUMNS)))
LOCKED_TABLE = TABLE.with_for_update(of=Game)
# A table read brings each person's handle along: a table shows it beside their name, and its standings need
# no query of their own where nobody at it has one.
READ_TABLE = TABLE.add_columns(Handle.handle).outerjoin(Handle, Handle.address == Seat.email)


@dataclass
class SeatLink:
    """What a seat link opens: its game, its seat, and all the game's seat rows by engine seat number."""

    game: Game
    seat: Seat
    seats: dict
    handles: dict = None    # {address: handle} of the persons at the table that have one; None when not read


def holds_link(seat):
    """Whether a person holds `seat`'s link: a person's seat, or one whose person left (handed it to a robot,
    or resigned), who still reads the table with it and may have it replaced."""
    return seat.robot is None or bool(seat.left)


def open_link(session, token, lock=False, left_too=False):
    """The SeatLink behind a seat token, read in one query; Forbidden (one message) if tampered, revoked or unknown.

    A seat whose person left the game is a robot's now: its link opens only for the callers that serve one who
    left (`left_too`: reading the table, replacing the link), and for nothing else.

    With `lock`, the game row is locked for the transaction (PostgreSQL;
    SQLite's write transactions hold the whole database already). The seat
    rows come as they were when the query began, which may be before the
    lock was granted: a caller that counts on its seat's columns locks and
    re-reads that row (`session.refresh(seat, with_for_update=True)`).
    """
    try:
        game_id, number, version = read_seat_token(settings().signing_keys, token)
    except BadLink:
        raise Forbidden(REJECTED) from None
    rows = session.execute(LOCKED_TABLE if lock else READ_TABLE, {"game_id": game_id}).all()
    seats = {row.Seat.seat: row.Seat for row in rows}
    seat = seats.get(number)
    if seat is None or seat.link_version != version or not holds_link(seat) or (seat.left and not left_too):
        raise Forbidden(REJECTED)
    handles = None if lock else {row.Seat.email: row.handle for row in rows if row.handle is not None}
    return SeatLink(rows[0][0], seat, seats, handles)


def seats_of(session, game_id):
    """The game's seat rows by engine seat number."""
    rows = session.execute(select(Seat).where(Seat.game_id == game_id).order_by(Seat.seat)).scalars()
    return {seat.seat: seat for seat in rows}


def creator_seat(game, seats):
    """The creator's seat among `seats` (by engine seat number): the first seat of the address that set the
    game up. One address may hold several seats; the creator's rights are this one seat's, never its address's."""
    return next(seat for _, seat in sorted(seats.items()) if seat.email == game.creator_email)


def is_creator(game, seats, seat):
    """Whether `seat` is the creator's seat of `game` (see `creator_seat`)."""
    return creator_seat(game, seats).seat == seat.seat


def seat_to_move(game, seat_number):
    """Whether player seat `seat_number` (or a dummy it plays for) is to move in `game`."""
    if not game.to_move:
        return False
    controllers = find_game(game.game).seating(game.players, game.options).controllers
    return any(controllers[acting] == seat_number for acting in game.to_move)


def seat_path(seat):
    return "/s/" + seat_token(settings().signing_keys, seat)


def reply_address(seat, seq):
    """The address that takes `seat`'s move by mail at position `seq` (app.mail_in.replies): a credential like
    the seat's link, and revoked with it."""
    return f"play+{reply_token(settings().signing_keys, seat, seq)}@{settings().inbound_domain}"


def revoke_links(session, seat):
    """Invalidate every link made for `seat` so far (a new one must be sent)."""
    seat.link_version += 1
    session.add(seat)
    positions.note_link(session, seat)
