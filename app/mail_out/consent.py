"""The address book of consent: whom the service may mail, and the one way to confirm an address.

An address is unconfirmed until its owner opens a confirmation link mailed
to it. Until then it is sent nothing but confirmation mails, at most one a
day; everything else waits (outbox status `unconfirmed`). Confirming
releases the newest waiting mail of each of its seats and drops the older
ones (a week of turn mails helps nobody), and starts the games it set up
(app.play.games.confirm_address). No address has two unused links from
the same day: a game set up meanwhile waits for the link already mailed.
A used link still opens, and shows the games it started. An address whose
owner asked never to be mailed again is suppressed: nothing reaches it. The
mail worker asks `withheld_status` about every mail before sending it, so
no path escapes.
"""

from datetime import UTC, timedelta

from sqlalchemy import select, update
from sqlalchemy.dialects import postgresql, sqlite

from engine import find_game

from app.context import database, external_url, settings
from app.store.db import queue_after_commit
from app.play.links import REJECTED, BadLink, confirm_token, read_confirm_token, read_unsubscribe_token
from app.store.models import (ADDRESS_CONFIRMED, ADDRESS_SUPPRESSED, ADDRESS_UNCONFIRMED, MAIL_DROPPED, MAIL_QUEUED,
                              MAIL_SUPPRESSED, MAIL_UNCONFIRMED, STATUS_UNCONFIRMED, Consent, Game, Outbox, Seat)
from app.clock import utcnow
from app.errors import Forbidden
from app.mail_out.mail import queue_mail
from app.play.seats import creator_seat, seat_path, seats_of

CONFIRM = "confirm"                        # the kind of mail that carries a confirmation link
UNCONFIRMED_MAIL_EVERY = timedelta(days=1)


def book_for(session, addresses, now):
    """{address: Consent} for the recipients of mail about to be sent, in the caller's writing transaction.

    Addresses not yet confirmed are added if new and locked, in one order so
    that two workers cannot deadlock: a confirmation cannot slip between
    reading their state and holding their mail.
    """
    rows = session.execute(select(Consent).where(Consent.address.in_(addresses))).scalars()
    book = {row.address: row for row in rows}
    pending = sorted(address for address in addresses
                     if address not in book or book[address].state == ADDRESS_UNCONFIRMED)
    if pending:
        book.update(locked(session, pending, now))
    return book


def locked(session, addresses, now):
    """{address: Consent}, each row made if new and locked for this transaction (PostgreSQL; SQLite's writers
    hold the whole database)."""
    insert = (sqlite.insert if database().is_sqlite else postgresql.insert)(Consent)
    session.execute(insert.values([{"address": address, "state": ADDRESS_UNCONFIRMED, "links_issued": 0,
                                    "links_spent": 0, "created_at": now} for address in addresses])
                    .on_conflict_do_nothing())
    rows = session.execute(select(Consent).where(Consent.address.in_(addresses)).order_by(Consent.address)
                           .with_for_update().execution_options(populate_existing=True)).scalars()
    return {row.address: row for row in rows}


def withheld_status(session, row, book, now):
    """What becomes of an outbox row instead of being sent, as its address allows; None to send it.

    Suppressed addresses get nothing. A confirmation mail goes while its link
    is unspent (else it is dropped). Anything else to an unconfirmed address
    is held, and a confirmation mail queued unless one went within the day.
    """
    consent = book[row.recipient]
    if consent.state == ADDRESS_SUPPRESSED:
        return MAIL_SUPPRESSED
    if row.kind == CONFIRM:
        return None if (row.context or {}).get("link", 0) > consent.links_spent else MAIL_DROPPED
    if consent.state == ADDRESS_CONFIRMED:
        return None
    if confirmation_due(consent, now):   # else the day's confirmation went already: no need to word another
        subject, context = invitation(session, row)
        queue_confirmation(session, consent, subject, context, now)
    return MAIL_UNCONFIRMED


def invitation(session, row):
    """(subject, context) of the confirmation mail for a held row: what it is about, and no seat link."""
    if row.game_id is None:
        return "Confirm your address for Cachette", {"reason": "my_games"}
    game = session.get(Game, row.game_id)
    inviter = creator_seat(game, seats_of(session, game.id)).name
    title = find_game(game.game).title
    return (f"{inviter} invites you to a game of {title}: please confirm your address",
            {"reason": "invited", "title": title, "inviter": inviter})


def queue_confirmation(session, consent, subject, context, now):
    """Mail a new confirmation link to the address of `consent` (a row the caller holds locked), unless it is
    suppressed, or unconfirmed and had one within the day. Returns whether a mail was queued.

    The mail is about the address, not a game: it belongs to no game's thread.
    """
    if not confirmation_due(consent, now):
        return False
    consent.links_issued += 1
    consent.confirm_sent_at = now
    url = external_url("/confirm/" + confirm_token(settings().signing_keys, consent.address, consent.links_issued))
    queue_mail(session, CONFIRM, consent.address, subject, dict(context, confirm_url=url, link=consent.links_issued))
    return True


def confirmation_due(consent, now):
    """Whether a confirmation mail may go to this address now: never when suppressed, nor while a link mailed
    within the day is unused (it confirms whatever it would: five games set up in a minute get one mail)."""
    if consent.state == ADDRESS_SUPPRESSED:
        return False
    return not (consent.links_spent < consent.links_issued and consent.confirm_sent_at is not None
                and now - aware(consent.confirm_sent_at) < UNCONFIRMED_MAIL_EVERY)


def aware(moment):
    """A time read back from the database as UTC (SQLite returns it without its zone)."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def open_confirmation(session, token, lock=False):
    """(the Consent row a confirmation link stands for, the link's number, whether it is spent);
    Forbidden (one message) if the link is bad, expired, or unspent and its address suppressed."""
    try:
        address, number = read_confirm_token(settings().signing_keys, token)
    except BadLink:
        raise Forbidden(REJECTED) from None
    query = select(Consent).where(Consent.address == address)
    consent = session.execute(query.with_for_update() if lock else query).scalar_one_or_none()
    if consent is None or not 0 < number <= consent.links_issued:
        raise Forbidden(REJECTED)
    spent = number <= consent.links_spent
    if not spent and consent.state == ADDRESS_SUPPRESSED:
        raise Forbidden(REJECTED)
    return consent, number, spent


def use_confirmation(session, token):
    """Confirm the address a link was mailed to, spend every link it was sent so far, and release its held mail.

    Returns (the address, the link's number), or (the address, None) when the link was spent already, and
    nothing changes; Forbidden (one message) if the link is bad or expired.
    """
    consent, number, spent = open_confirmation(session, token, lock=True)
    if spent:
        return consent.address, None
    consent.links_spent = consent.links_issued
    if consent.state != ADDRESS_CONFIRMED:
        consent.state, consent.confirmed_at = ADDRESS_CONFIRMED, utcnow()
    release_held(session, consent.address)
    return consent.address, number


def release_held(session, address):
    """Queue again the newest held mail of each seat of `address` (and of its game lists); drop the older ones."""
    held = session.execute(select(Outbox.id, Outbox.game_id, Outbox.seat)
                           .where(Outbox.recipient == address, Outbox.status == MAIL_UNCONFIRMED)
                           .order_by(Outbox.id.desc())).all()
    newest = {}
    for outbox_id, game_id, seat in held:
        newest.setdefault((game_id, seat), outbox_id)
    released = sorted(newest.values())
    dropped = sorted({outbox_id for outbox_id, _, _ in held} - set(released))
    for ids, status in ((released, MAIL_QUEUED), (dropped, MAIL_DROPPED)):
        if ids:
            session.execute(update(Outbox).where(Outbox.id.in_(ids)).values(status=status, next_attempt_at=None)
                            .execution_options(synchronize_session=False))
    for outbox_id in released:
        queue_after_commit(session, outbox_id=outbox_id)


def waiting_games(session, address, lock=False):
    """The games `address` set up that wait for it to confirm, oldest first (not those it confirmed that wait
    for their open seats to be taken: app.social.open_seats)."""
    query = (select(Game).where(Game.creator_email == address, Game.status == STATUS_UNCONFIRMED,
                                Game.confirmed_at.is_(None))
             .order_by(Game.created_at))
    return list(session.execute(query.with_for_update() if lock else query).scalars())


def confirmation_preview(token):
    """What a confirmation link's page shows: (address, whether the link is spent, games). An unspent link's
    games are those confirming would start; a spent link's, those it was mailed for, started since, each
    with its creator's table. Forbidden as using the link would be."""
    with database().reading() as session:
        consent, number, spent = open_confirmation(session, token)
        if not spent:
            games = [{"title": find_game(game.game).title, "created_at": game.created_at}
                     for game in waiting_games(session, consent.address)]
            return consent.address, False, games
        rows = session.execute(select(Game, Seat).join(Seat, Seat.game_id == Game.id)
                               .where(Game.creator_email == consent.address, Game.confirm_link == number,
                                      Game.status != STATUS_UNCONFIRMED, Seat.email == consent.address)
                               .order_by(Game.created_at, Seat.seat)).all()
    tables = {}
    for game, seat in rows:
        tables.setdefault(game.id, {"title": find_game(game.game).title, "created_at": game.created_at,
                                    "table": seat_path(seat)})
    return consent.address, True, list(tables.values())


def unsubscribed_address(token):
    """The address an unsubscribe link stands for; Forbidden (one message) if it is not one of ours."""
    try:
        return read_unsubscribe_token(settings().signing_keys, token)
    except BadLink:
        raise Forbidden(REJECTED) from None


def suppress(token):
    """Never mail this address again: every mail path passes `withheld_status`. Returns the address."""
    address = unsubscribed_address(token)
    now = utcnow()
    with database().writing() as session:
        consent = locked(session, [address], now)[address]
        if consent.state != ADDRESS_SUPPRESSED:
            consent.state, consent.suppressed_at = ADDRESS_SUPPRESSED, now
    return address


def resume(token):
    """Undo `suppress`: the address is as it was before (confirmed if it ever was). Returns the address."""
    address = unsubscribed_address(token)
    with database().writing() as session:
        consent = locked(session, [address], utcnow())[address]
        if consent.state == ADDRESS_SUPPRESSED:
            consent.state = ADDRESS_CONFIRMED if consent.confirmed_at else ADDRESS_UNCONFIRMED
            consent.suppressed_at = None
    return address


def is_suppressed(address):
    with database().reading() as session:
        return session.execute(select(Consent.state).where(Consent.address == address)).scalar() == ADDRESS_SUPPRESSED
