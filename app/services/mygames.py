""""My games": a person asks by email and gets a link listing all their games."""

from sqlalchemy import select

from engine import find_game

from ..context import database, external_url, settings
from ..links import BadLink, my_games_token, read_my_games_token
from ..models import STATUS_UNCONFIRMED, Game, Seat
from .errors import Forbidden
from .mail import queue_mail
from .seats import seat_path
from .spec import clean_email


def request_my_games(email):
    """Queue the list mail if the address plays in a game it may be mailed about.

    An address that only appears in unconfirmed games of someone else gets
    nothing (the creator has not vouched for it yet); the caller answers the
    same either way, so the form reveals nothing about who plays.
    """
    email = clean_email(email, "email")
    with database().writing() as session:
        rows = session.execute(
            select(Seat.id).join(Game, Game.id == Seat.game_id)
            .where(mailable_to(email)).limit(1)
        ).first()
        if rows is None:
            return False
        link = external_url("/my-games/" + my_games_token(settings().signing_keys, email))
        queue_mail(session, "my_games", email, "Your games on Cachette", {"email": email, "link": link})
    return True


def games_for_token(token):
    """(email, [entry]) for a my-games link; each entry has the game, its title and the seat link."""
    try:
        email = read_my_games_token(settings().signing_keys, token)
    except BadLink as error:
        raise Forbidden(str(error)) from None
    with database().reading() as session:
        rows = session.execute(
            select(Seat, Game).join(Game, Game.id == Seat.game_id)
            .where(mailable_to(email)).order_by(Game.created_at.desc())
        ).all()
        entries = [{"game": game, "seat": seat, "title": find_game(game.game).title, "url": seat_path(seat)}
                   for seat, game in rows]
    return email, entries


def mailable_to(email):
    """Seats of `email` in games it may hear about: confirmed ones, or its own."""
    return (Seat.email == email) & ((Game.status != STATUS_UNCONFIRMED) | (Game.creator_email == email))
