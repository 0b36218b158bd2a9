"""Handles: the public name a person may choose, change or remove (opt-in). Without one, nobody outside their
own tables sees their name, rating or games.

A handle belongs to a confirmed address. It is 3 to 20 letters, digits, `-` or `_`, unique regardless of case
(its lower-cased `handle_key` is unique in the table, so two people choosing one name at once cannot both
have it), and none of the words kept for the service or its robots.
"""

import re

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from engine import shown

from app.clock import utcnow
from app.context import database
from app.errors import BadInput, Conflict, Forbidden
from app.play.seats import open_link
from app.store.models import ADDRESS_CONFIRMED, Consent, Handle

HANDLE_PATTERN = re.compile(r"[A-Za-z0-9_-]{3,20}")
RESERVED = frozenset({
    "admin", "administrator", "root", "system", "staff", "support", "help", "moderator", "official", "owner",
    "cachette", "postmaster", "abuse", "webmaster", "security", "noreply", "no-reply", "mailer-daemon",
    "api", "open", "lobby", "ratings", "players", "player", "games", "game", "rules", "replay",
    "anonymous", "unknown", "null", "none", "nobody", "everyone", "me", "you",
    "robot", "robots", "bot", "random", "simple", "strong", "oracle", "anchor", "anchors",
})


def clean_handle(value):
    """A handle as written, checked; BadInput naming what is wrong."""
    if not isinstance(value, str):
        raise BadInput("handle must be a name in quotes, or null to remove yours", "bad_handle")
    text = value.strip()
    if not HANDLE_PATTERN.fullmatch(text):
        raise BadInput(f"{shown(text)} cannot be a handle: use 3 to 20 letters (a to z), digits, - or _",
                       "bad_handle")
    if text.lower() in RESERVED:
        raise BadInput(f"{shown(text)} is kept for the service: choose another handle", "reserved_handle")
    return text


def handle_of(session, email):
    """The handle of the address `email`, or None."""
    if not email:
        return None
    return session.scalar(select(Handle.handle).where(Handle.address == email))


def handles_of(session, emails):
    """{address: handle} for those of `emails` that have one: one query."""
    emails = sorted({email for email in emails if email})
    if not emails:
        return {}
    return dict(session.execute(select(Handle.address, Handle.handle).where(Handle.address.in_(emails))).all())


def address_of_handle(session, handle):
    """The address whose handle is `handle`, regardless of case, or None."""
    if not isinstance(handle, str) or not HANDLE_PATTERN.fullmatch(handle):
        return None
    return session.scalar(select(Handle.address).where(Handle.handle_key == handle.lower()))


def set_handle(session, email, value):
    """Give the confirmed address `email` the handle `value` (checked), or remove theirs (`value` None).
    Returns the handle now (None once removed). A handle another address holds is a 409 and nothing is written;
    so is an address not confirmed (a 403)."""
    handle = None if value is None else clean_handle(value)
    state = session.scalar(select(Consent.state).where(Consent.address == email)) if email else None
    if state != ADDRESS_CONFIRMED:
        raise Forbidden("confirm your address first: a handle belongs to a confirmed address", "unconfirmed_address")
    if handle is None:
        session.execute(delete(Handle).where(Handle.address == email))
        return None
    holder = address_of_handle(session, handle)
    if holder is not None and holder != email:
        raise Conflict(f"the handle {shown(handle)} is taken: choose another", "handle_taken")
    row = session.get(Handle, email)
    try:
        with session.begin_nested():
            if row is None:
                session.add(Handle(address=email, handle=handle, handle_key=handle.lower(), chosen_at=utcnow()))
            else:
                row.handle, row.handle_key, row.chosen_at = handle, handle.lower(), utcnow()
    except IntegrityError:     # chosen by another address in the moment since it was looked up
        raise Conflict(f"the handle {shown(handle)} is taken: choose another", "handle_taken") from None
    return handle


def choose_at_seat(token, value):
    """The seat's person chooses, changes or removes (`value` None) their handle from their table; returns it.
    A seat whose person left is read only (403)."""
    with database().writing() as session:
        link = open_link(session, token)
        return set_handle(session, link.seat.email, value)


def choose_for_address(email, value):
    """The owner of a confirmed address (a browser that confirmed it, or their "my games" link) chooses,
    changes or removes (`value` None) its handle; returns it."""
    with database().writing() as session:
        return set_handle(session, email, value)
