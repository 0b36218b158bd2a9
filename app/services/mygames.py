""""My games": a person asks by email and gets a link listing all their games."""

from sqlalchemy import select

from engine import find_game

from .. import dispatch
from ..context import database, external_url, settings
from ..links import REJECTED, BadLink, my_games_token, read_my_games_token
from ..models import STATUS_UNCONFIRMED, Game, Outbox, Seat
from .clock import utcnow
from .errors import Forbidden
from .mail import queue_mail
from .seats import seat_path
from .spec import clean_email

LIST_MAIL = "my_games"


def request_my_games(email, admit=None):
    """Check the address and hand the look-up to the workers (`mail_my_games`).

    The request reads and writes nothing, so it takes the same time whether
    or not the address plays, and the caller answers the same either way.
    `admit(addresses)` may refuse it (a rate limit) first.
    """
    email = clean_email(email, "email")
    if admit is not None:
        admit([email])
    dispatch.request_my_games(email, utcnow())


def mail_my_games(email, requested_at):
    """Queue the list mail if the address plays in a game it may hear about; returns whether it did.

    An address that only appears in unconfirmed games of someone else gets
    nothing (the creator has not vouched for it yet). A list mail queued
    since `requested_at` answers the request already: a task delivered twice
    mails once.
    """
    with database().writing() as session:
        answered = session.execute(select(Outbox.id).where(Outbox.recipient == email, Outbox.kind == LIST_MAIL,
                                                           Outbox.created_at >= requested_at).limit(1)).first()
        plays = session.execute(select(Seat.id).join(Game, Game.id == Seat.game_id)
                                .where(mailable_to(email)).limit(1)).first()
        if answered is not None or plays is None:
            return False
        link = external_url(list_path(email))
        queue_mail(session, LIST_MAIL, email, "Your games on Cachette", {"email": email, "link": link})
    return True


def list_path(email):
    """The page listing the games of `email`, with its seat links: a link that works for a week."""
    return "/my-games/" + my_games_token(settings().signing_keys, email)


def games_for_token(token):
    """(email, [entry]) for a my-games link; each entry has the game, its title and the seat link."""
    try:
        email = read_my_games_token(settings().signing_keys, token)
    except BadLink:
        raise Forbidden(REJECTED) from None
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
