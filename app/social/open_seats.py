"""Open seats: a game whose creator left seats for anyone to take, and the taking of them.

A seat sent as `{"open": true}` (app.play.spec) is written as a seat row with no address and no robot, named
OPEN_SEAT_NAME, and the game gets an `open_game` row. The game waits, as every game waits for its creator's
confirmation (status `unconfirmed`: no move, no talk, no mail to anyone else); once the creator has confirmed
it, it is listed on /open instead of starting. A stranger takes a seat (app.social.joining): the seat row
gets their name and address. When the last open seat is taken the game starts as any game does
(app.play.games.start_confirmed): everyone is invited, once.

This module writes only through the caller's session and imports nothing that starts games, so that
app.play.games may call it.
"""

from datetime import timedelta

from sqlalchemy import func, select

from engine import find_game

from app.context import external_url, settings
from app.clock import utcnow
from app.mail_out.consent import aware
from app.mail_out.mail import queue_mail
from app.play.seats import seats_of
from app.standings.ratings import SHOWN_START, shown_rating
from app.store.models import (ADDRESS_CONFIRMED, JOIN_LAPSED, JOIN_PENDING, JOIN_TAKEN, OPEN_LISTED, OPEN_STARTED,
                              OPEN_WAITING, Consent, Game, JoinBlock, OpenGame, OpenJoin)
from app.web.limits import TooManyRequests

WAITING = (OPEN_WAITING, OPEN_LISTED)      # the states of an open game that has not started nor ended
LAPSED_MAIL = "join_lapsed"


def is_open(seat):
    """Whether a seat row is an open seat nobody has taken yet."""
    return seat.email is None and seat.robot is None


def write_open_game(session, game, spec, now):
    """The `open_game` row of a new game with open seats (its seat rows written already), within the creator's
    allowance of open games at once: TooMany, before anything is written, past it."""
    creator = spec.creator_email
    allowed = allowance(session, creator, "open_games_per_address", "open_games_per_confirmed_address")
    waiting = session.execute(select(func.count()).select_from(OpenGame)
                              .where(OpenGame.creator_email == creator, OpenGame.state.in_(WAITING))).scalar()
    if waiting >= allowed:
        raise TooManyRequests(f"you have {waiting} games with open seats waiting for players, as many as an address may "
                      f"(at most {allowed}): wait until one starts or expires", "too_many_open_games")
    terms = spec.open_terms
    session.add(OpenGame(game_id=game.id, game=game.game, creator_email=creator,
                         seats_open=sum(seat.open for seat in spec.seats), min_rating=terms["min_rating"],
                         max_rating=terms["max_rating"], state=OPEN_WAITING,
                         expires_at=now + timedelta(days=terms["days"]), created_at=now))


def allowance(session, address, setting, confirmed_setting):
    """The number the setting allows `address`, or the confirmed setting's if the address is confirmed."""
    state = session.execute(select(Consent.state).where(Consent.address == address)).scalar()
    return getattr(settings(), confirmed_setting if state == ADDRESS_CONFIRMED else setting)


def open_game_of(session, game_id, lock=False):
    """The game's `open_game` row (locked for the transaction with `lock`), or None for a game without one."""
    query = select(OpenGame).where(OpenGame.game_id == game_id)
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    return session.execute(query).scalar_one_or_none()


def waits_for_players(session, game, seats):
    """Called as the creator's confirmation starts `game`: whether it waits instead for its open seats to be
    taken. A game confirmed with open seats is listed (and never again one of those its creator's confirmation
    starts: `confirmed_at` is set); one whose last open seat was taken is marked started, and starts."""
    if not any(is_open(seat) for seat in seats.values()):
        row = open_game_of(session, game.id, lock=True)
        if row is not None:
            row.state = OPEN_STARTED
        return False
    row = open_game_of(session, game.id, lock=True)
    if row.state == OPEN_WAITING:
        row.state = OPEN_LISTED
        game.confirmed_at = utcnow()
    return True


def take_seat(session, row, seats, name, email):
    """Give `email` (named `name`) the first open seat of the game of `row` (locked by the caller, with seats
    left); returns the seat row."""
    seat = next(seat for _, seat in sorted(seats.items()) if is_open(seat))
    seat.name, seat.email = name, email
    row.seats_open -= 1
    session.flush()
    return seat


def seat_refusal(row, now):
    """Why nobody may take a seat in the game of `row` now: (message, code), or None."""
    if row.state == OPEN_WAITING:
        return "this game is not open yet: its creator has not confirmed it", "not_listed"
    if row.state == OPEN_STARTED or (row.state == OPEN_LISTED and row.seats_open == 0):
        return "every seat of this game has been taken: it has started", "no_open_seat"
    if row.state != OPEN_LISTED or aware(row.expires_at) <= now:
        return "this game's open seats were not all taken in time: it has ended", "expired"
    return None


def private_refusal(session, row, email):
    """Why `email` may not take a seat in the game of `row`, in words for the address's owner alone (its
    creator keeps them out, or its rating is outside the game's range): (message, code), or None."""
    if session.execute(select(JoinBlock.id).where(JoinBlock.blocker == row.creator_email,
                                                  JoinBlock.blocked == email)).first() is not None:
        return "this game's creator does not take you in their games", "blocked"
    if row.min_rating is None and row.max_rating is None:
        return None
    rating = shown_rating(session, email, row.game)
    rating = SHOWN_START if rating is None else rating          # the rating everyone starts from
    if (row.min_rating is not None and rating < row.min_rating) or (row.max_rating is not None and rating > row.max_rating):
        title = find_game(row.game).title
        return (f"this game takes players {range_words(row.min_rating, row.max_rating)} at {title}, and your rating "
                f"there ({rating:,}) is not within it", "outside_rating_range")
    return None


def range_words(low, high):
    """`rated 1,400 to 1,700`, `rated 1,400 or more`, `rated 1,700 or less`, `of any rating`."""
    if low is not None and high is not None:
        return f"rated {low:,} to {high:,}"
    if low is not None:
        return f"rated {low:,} or more"
    if high is not None:
        return f"rated {high:,} or less"
    return "of any rating"


def take_joins_of(session, address):
    """As `address` is confirmed: take a seat for each of its requests to join that wait, while seats are left.
    A request that cannot be taken (no seat left, the game over, the creator's block, a rating outside the range)
    lapses, and its owner, confirmed now, is told why by mail. Returns the Game rows whose last open seat this
    took, to start."""
    now = utcnow()
    rows = session.execute(select(OpenJoin, OpenGame).join(OpenGame, OpenGame.id == OpenJoin.open_game_id)
                           .where(OpenJoin.email == address, OpenJoin.state == JOIN_PENDING)
                           .order_by(OpenJoin.id)).all()
    full = []
    for join, row in rows:
        row = open_game_of(session, row.game_id, lock=True)
        game = session.get(Game, row.game_id, with_for_update=True)
        seats = seats_of(session, game.id)
        refusal = seat_refusal(row, now) or private_refusal(session, row, address)
        if refusal is not None or any(seat.email == address for seat in seats.values()):
            join.state = JOIN_LAPSED
            if refusal is not None:
                queue_mail(session, LAPSED_MAIL, address, f"No seat for you in that game of {find_game(row.game).title}",
                           {"name": join.name, "title": find_game(row.game).title, "why": refusal[0],
                            "open_url": external_url("/open")})
            continue
        join.seat, join.state = take_seat(session, row, seats, join.name, address).seat, JOIN_TAKEN
        if row.seats_open == 0:
            full.append(game)
    return full

