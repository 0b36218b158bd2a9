"""Queueing mail: an outbox row holding a template context, rendered by templates/mail/<kind>.txt and .html.

Rows are written in the caller's transaction, so a mail exists exactly when
the event that caused it does. Workers send queued rows (see models.Outbox),
each only if its address may have it (app.mail_out.consent). Every mail
offers a one-click "never mail me again" (`unsubscribe_url`), in its
List-Unsubscribe header and at its foot.
"""

import uuid
from functools import lru_cache
from urllib.parse import urlsplit

from flask import current_app
from sqlalchemy import and_, bindparam, insert, literal_column, or_, select, update

from app.context import external_url, settings
from app.store.db import queue_after_commit
from app.play.links import unsubscribe_token
from app.store.models import MAIL_DROPPED, MAIL_HELD, MAIL_QUEUED, MAIL_UNCONFIRMED, Outbox
from app.clock import utcnow


OUTBOX_INSERT = insert(Outbox.__table__)
# Mails telling a seat it is its move: each is about one position, so a newer one, or the seat's own move,
# leaves the older unsent ones with nothing true to say.
TURN_KINDS = frozenset({"your_turn", "reminder"})
DEAL_END, GAME_OVER = "deal_end", "game_over"
# Mails that show the seat the position now, as a turn mail does (the answer to its reply): they replace its
# unsent turn mails too.
POSITION_KINDS = TURN_KINDS | {"answer"}
# Mails about the play that its open table shows as well: a seat mailed only when away gets none while it is
# at its table (app/mail_out/outbox.py), as for turn mails.
TABLE_KINDS = TURN_KINDS | {DEAL_END, "paused", "timeout", "leaving", "talk", "vacation"}
UNSENT = (MAIL_QUEUED, MAIL_HELD, MAIL_UNCONFIRMED)


class MailNotRendered(Exception):
    """A row whose templates fail on its context: it can never be sent as it is."""


def queue_mail(session, kind, recipient, subject, context, game_id=None, seat=None, seq=None, dropped=False):
    """Write one outbox row; the mail is handed to the dispatcher after the commit.

    `context` holds plain JSON values (the row stores it) taken from the
    recipient's own view. A plain INSERT on the session's connection (no ORM
    object, no autoflush): the row is not read back in this transaction, and
    moves write one each. A turn mail, reminder or answer drops the unsent turn mails of its seat before it
    (`drop_turn_mails`), unless the caller has just dropped them (`dropped`). The talk a mail tells is added
    when it is sent (app.mail_out.talk_mail).
    """
    if kind in POSITION_KINDS and game_id is not None and seat is not None and not dropped:
        drop_turn_mails(session, game_id, [(seat, recipient)])
    base_url = settings().base_url
    domain = urlsplit(base_url).hostname or "localhost"
    row = {
        "message_id": f"<{uuid.uuid4().hex}@{domain}>",
        "recipient": recipient,
        "kind": kind,
        "game_id": game_id,
        "seat": seat,
        "seq": seq,
        "subject": " ".join(subject.split()),
        "context": dict(context, subject=subject, base_url=base_url),
        "created_at": utcnow(),
    }
    outbox_id = session.connection().execute(OUTBOX_INSERT, row).inserted_primary_key[0]
    queue_after_commit(session, outbox_id=outbox_id)


def drop_turn_mails(session, game_id, seats, kinds=TURN_KINDS):
    """Drop the unsent turn mails and reminders of each (seat number, address) of `seats` in `game_id`
    (waiting for the seat to leave its table, for a digest, for a confirmation or to be sent), in one statement:
    the seat moved, or a newer one replaces them; or its mails of every kind (`kinds` None), when its person
    left the game. A row a worker has claimed is left to it: it is written for the position as it is when
    sent, or dropped then (app.mail_out.fresh_mail). The address spares the rows of a seat's earlier
    addresses; the (game, seat, status) index finds the rows. A row locked by a worker claiming it is skipped,
    not waited for: a move waiting on a worker's claim while the claim's batch waits on the move's rows would
    deadlock (PostgreSQL); the worker drops the row itself once it finds the turn passed."""
    values = {"drop_game_id": game_id}
    for index, (seat, recipient) in enumerate(seats):
        values.update({f"drop_seat_{index}": seat, f"drop_recipient_{index}": recipient})
    session.connection().execute(drop_statement(kinds, len(seats)), values)


@lru_cache(maxsize=None)
def drop_statement(kinds, seat_count):
    """The UPDATE of `drop_turn_mails` for `seat_count` seats, built once: a move runs it. The kinds and
    statuses are constants written into the statement, which then needs no rewriting at each run."""
    rows = Outbox.__table__.c
    unsent = rows.status.in_([literal_column(f"'{status}'") for status in sorted(UNSENT)])
    where = [rows.game_id == bindparam("drop_game_id"), unsent,
             or_(*(and_(rows.seat == bindparam(f"drop_seat_{index}"),
                        rows.recipient == bindparam(f"drop_recipient_{index}")) for index in range(seat_count)))]
    if kinds is not None:
        where.append(rows.kind.in_([literal_column(f"'{kind}'") for kind in sorted(kinds)]))
    unlocked = select(rows.id).where(*where).with_for_update(skip_locked=True)
    return update(Outbox.__table__).where(rows.id.in_(unlocked), unsent).values(status=MAIL_DROPPED)


def unsubscribe_url(address):
    """The page that stops all mail to `address` (RFC 8058 one-click): a link that can do nothing else."""
    return external_url("/unsubscribe/" + unsubscribe_token(settings().signing_keys, address))


def mail_bodies(row):
    """The (text, HTML) bodies of an outbox row, rendered from its kind and context, with the unsubscribe foot."""
    if row.context is None:
        return row.text_body, row.html_body
    env = current_app.jinja_env
    context = dict(row.context, unsubscribe_url=unsubscribe_url(row.recipient))
    try:
        text = env.get_template(f"mail/{row.kind}.txt").render(context)
        foot = env.get_template("mail/_foot.txt").render(context)
        return text + foot, env.get_template(f"mail/{row.kind}.html").render(context)
    except Exception as error:   # any failure of one row's templates must leave the other rows to be sent
        raise MailNotRendered(f"cannot render the {row.kind} mail: {type(error).__name__}: {error}") from None


def thread_root(session, row):
    """The Message-ID of the first mail this recipient had about the game."""
    if row.game_id is None:
        return None
    return session.execute(select(Outbox.message_id).where(Outbox.game_id == row.game_id,
                                                           Outbox.recipient == row.recipient)
                           .order_by(Outbox.id).limit(1)).scalar()
