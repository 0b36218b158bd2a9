"""Sending the outbox: claim a row, send it, mark it sent; back off while the mail server is away.

A row is claimed with a conditional UPDATE before it is sent, so two
workers handed the same id send it once, and the claim is renewed just
before its mail goes (a batch can outlast the claim timeout on a busy
machine). A claim older than the claim timeout belongs to a worker that
died: the sweep hands the row out again.
Every mail passes here, and whether it goes and what it says are decided
here, once, from the game as it is then: its seat's own choice, whether it
is still to go (app.mail_out.fresh_mail.goes: a turn passed, a person who
left the game), its address's consent (app.mail_out.consent); a seat mailed
only when away (the default) gets no mail about the play while it is at its
table (app.live.presence): the row waits until the seat has left. A mail of a
seat is written for the game as it is when sent (app.mail_out.fresh_mail),
with the talk said since the last mail that told its seat the talk and was
sent (app.mail_out.talk_mail).
"""

import smtplib
from datetime import timedelta

from flask import current_app
from sqlalchemy import and_, or_, select, text, update

from app.context import database, settings
from app.store.models import (MAIL_AWAY, MAIL_CLAIMED, MAIL_DIGEST, MAIL_DROPPED, MAIL_FAILED, MAIL_HELD, MAIL_NONE,
                              MAIL_QUEUED, MAIL_SENT, MAIL_SUPPRESSED, Outbox, Seat)
from app.live.presence import present_until
from app.mail_out import consent, talk_mail
from app.clock import utcnow
from app.mail_out.fresh_mail import GameNow, bring_up_to_date, goes
from app.mail_out.mail import TABLE_KINDS, MailNotRendered, mail_bodies, thread_root, unsubscribe_url

from app.mail_out.mailer import (BadMail, MailboxSender, SmtpSender, build_message, envelope_sender, is_permanent,
                                 recipient_address)

# Mails about turns that a seat asking for a daily digest gets in the digest instead.
DIGESTIBLE = frozenset({"your_turn", "reminder", "timeout", "vacation", "paused", "deal_end"})
MAX_BACKOFF = 6 * 3600
SWEEP_BATCH = 5000

SKIPPED = "skipped"  # not due, or another worker holds it
TALK = "talk"        # the mail of a seat that asked for each message said at the table


def deliver(outbox_id):
    """Send one outbox row if it is due and nobody else holds it; returns its new status (see deliver_batch)."""
    return deliver_batch([outbox_id]).get(outbox_id, SKIPPED)


def deliver_batch(outbox_ids):
    """Send the rows among `outbox_ids` that are due and that nobody else holds, over one connection.

    All are claimed in one transaction, where each is decided (withheld, or brought up to date); each is
    marked sent in its own right after the server accepted it, so a worker dying mid-batch leaves only
    unsent rows claimed. Returns {id: new status}: sent, held, unconfirmed (held for its address's
    confirmation), dropped, suppressed, failed, queued (to be tried again by the sweep once its back-off
    has passed), or skipped (its claim went stale and another worker took it over); ids not claimed are left
    out.
    """
    config = settings()
    claim = utcnow()
    outcome, outgoing, told = {}, [], {}
    with database().writing() as session:
        commit_without_waiting_for_disk(session)
        claimed = session.execute(
            update(Outbox).where(Outbox.id.in_(outbox_ids), claimable(claim, config))
            .values(status=MAIL_CLAIMED, claimed_at=claim, attempts=Outbox.attempts + 1)
            .returning(Outbox.id).execution_options(synchronize_session=False)
        ).scalars().all()
        rows = session.execute(select(Outbox).where(Outbox.id.in_(claimed)).order_by(Outbox.id)).scalars().all()
        addressed = {row.id: plain_address(row.recipient) for row in rows}
        book = consent.book_for(session, {row.recipient for row in rows if addressed[row.id]}, claim)
        seats, roots, links, games_now = {}, {}, {}, {}
        for row in rows:
            seat = lookup(seats, (row.game_id, row.seat), lambda: seat_of(session, row))
            game_now = None if row.game_id is None else lookup(games_now, row.game_id,
                                                               lambda: GameNow(session, row.game_id))
            withheld = None   # a row without one plain address fails when its mail is built, below
            if addressed[row.id]:
                withheld = (withheld_status(row, seat, game_now)
                            or consent.withheld_status(session, row, book, claim))
            if withheld is None and (back := away_until(row, seat)):
                # Tried again once the seat has left its table; this try does not count as a failed one.
                withheld, row.next_attempt_at, row.attempts = MAIL_QUEUED, back, row.attempts - 1
            if withheld is None:
                if addressed[row.id] and game_now is not None:
                    bring_up_to_date(row, game_now)
                outgoing.append(Outgoing(row, talk_to_tell(session, row, game_now, told),
                                         lookup(roots, (row.game_id, row.recipient), lambda: thread_root(session, row)),
                                         lookup(links, row.recipient, lambda: unsubscribe_url(row.recipient))))
            else:
                row.status, row.claimed_at = withheld, None
                outcome[row.id] = withheld
    for mail in outgoing:
        outcome[mail.row.id] = send_one(mail, claim, config, told)
    return outcome


class Outgoing:
    """A row to send, with what it needs at sending: the talk said since the seat's last mail that told talk
    (`talk`, with `upto`, the log position it tells up to; None for a mail carrying no talk), its thread's first
    Message-ID and its unsubscribe link."""

    def __init__(self, row, talk, root, unsubscribe):
        self.row, self.root, self.unsubscribe = row, root, unsubscribe
        self.said, self.upto = talk or (None, None)


def talk_to_tell(session, row, game_now, told):
    """(the messages said since the seat was last told the talk, the log position now) for a mail that carries
    talk, else None. `told` keeps, per (game, seat) of the batch, the position the seat was told up to: read
    once from the sent mails, moved on by each mail of the batch that goes (send_one)."""
    if game_now is None or game_now.game is None or not talk_mail.carries_talk(row):
        return None
    after = lookup(told, (row.game_id, row.seat), lambda: talk_mail.told_upto(session, row.game_id, row.seat))
    return talk_mail.said_after(game_now.events, game_now.seats, row.seat, after), game_now.game.seq


def plain_address(recipient):
    """Whether a row's recipient is one plain address (else building its mail fails, and says why)."""
    try:
        recipient_address(recipient)
    except BadMail:
        return False
    return True


def lookup(cache, key, load):
    if key not in cache:
        cache[key] = load()
    return cache[key]


def send_one(mail, claim, config, told):
    """Send one row decided in the claim: written with the talk not yet told its seat (a mail told only by talk
    goes only with some), marked sent with what it told, or released for a retry."""
    row, values = mail.row, {}
    if mail.said is not None:
        key = (row.game_id, row.seat)
        talk = talk_mail.told_after(mail.said, told[key])
        if row.kind == TALK and not talk:
            return mark(row, status=MAIL_DROPPED, claimed_at=None)    # told already, by a mail of the batch
        row.context = dict(row.context, talk=talk)
        values = {"context": row.context, "seq": mail.upto}
    try:
        message = build_message(row, mail_bodies(row), config.mail_from, mail.root, mail.unsubscribe)
    except (BadMail, MailNotRendered) as error:
        return mark(row, status=MAIL_FAILED, claimed_at=None, last_error=str(error))
    claim = renew_claim(row, claim)
    if claim is None:
        return SKIPPED
    try:
        sender().send(message, envelope_sender(config.mail_from), row.recipient)
    except (smtplib.SMTPException, OSError) as error:
        return release(row, claim, error)
    if mail.said is not None:
        told[key] = max(told[key], mail.upto)
    return mark(row, status=MAIL_SENT, sent_at=utcnow(), last_error=None, **values)


def renew_claim(row, claim):
    """Hold the row's claim afresh just before its mail goes: the new claim time, or None when the claim went
    stale while the batch was decided or sent (a slow worker, a busy machine) and another worker took the row
    over. A live worker thus never sends a row a second worker sends too; only one dying between the server's
    acceptance and its mark leaves a mail to be sent again, with the same Message-ID."""
    renewed = utcnow()
    held = write_row(update(Outbox).where(Outbox.id == row.id, Outbox.status == MAIL_CLAIMED,
                                          Outbox.claimed_at == claim).values(claimed_at=renewed))
    return renewed if held else None


def mark(row, **values):
    """Write `values` on `row` in a transaction of its own; returns its new status."""
    write_row(update(Outbox).where(Outbox.id == row.id).values(**values))
    return values["status"]


def write_row(statement):
    """Run one UPDATE of a row in a transaction of its own, committed without waiting for the disk; returns
    how many rows it changed."""
    with database().write_engine.begin() as connection:
        commit_without_waiting_for_disk(connection)
        return connection.execute(statement).rowcount


def commit_without_waiting_for_disk(connection):
    """Let this transaction's commit return before PostgreSQL has flushed it to disk.

    For claims and marks: the commit is seen by every other worker at once, so
    a row is still sent by one worker only; a worker dying cannot undo it. Only
    a crash of PostgreSQL itself within its WAL writer's delay could lose a
    claim and its mark, and the sweep would then send that mail again with its
    same Message-ID.
    """
    if not database().is_sqlite:
        connection.execute(text("SET LOCAL synchronous_commit TO OFF"))


def claimable(now, config):
    """Rows a worker may take now: queued and due, or claimed by a worker that died."""
    due = or_(Outbox.next_attempt_at.is_(None), Outbox.next_attempt_at <= now)
    stale = now - timedelta(seconds=config.mail_claim_timeout)
    return or_(and_(Outbox.status == MAIL_QUEUED, due), and_(Outbox.status == MAIL_CLAIMED, Outbox.claimed_at < stale))


def release(row, claim, error):
    """After a failed try: queue the row again with back-off (the sweep retries it), or give up
    on a permanent refusal. A deadline hours away is a row, not a message with an ETA."""
    config = settings()
    permanent = is_permanent(error) or row.attempts >= config.mail_max_attempts
    retry_in = None if permanent else backoff(row.attempts, config.mail_retry_base)
    values = {"status": MAIL_FAILED if permanent else MAIL_QUEUED, "claimed_at": None,
              "last_error": f"{type(error).__name__}: {error}"[:2000],
              "next_attempt_at": None if permanent else utcnow() + timedelta(seconds=retry_in)}
    with database().writing() as session:
        session.execute(update(Outbox).where(Outbox.id == row.id, Outbox.status == MAIL_CLAIMED,
                                             Outbox.claimed_at == claim).values(**values))
    current_app.logger.warning("mail %s not sent (try %s): %s", row.id, row.attempts, values["last_error"])
    return values["status"]


def backoff(attempts, base):
    """Seconds to wait after the `attempts`-th failed try: doubling from `base`, at most six hours."""
    return min(base * 2 ** (attempts - 1), MAX_BACKOFF)


def stranded_ids(now=None):
    """Rows the sweep hands out again: queued ones due for a retry, or never taken within the claim
    timeout (their task was lost), and claims held by a worker that died."""
    now = now or utcnow()
    config = settings()
    timeout = timedelta(seconds=config.mail_claim_timeout)
    fresh = and_(Outbox.status == MAIL_QUEUED, Outbox.next_attempt_at.is_(None), Outbox.created_at > now - timeout)
    with database().reading() as session:
        rows = session.execute(select(Outbox.id).where(claimable(now, config), ~fresh)
                               .order_by(Outbox.id).limit(SWEEP_BATCH)).scalars()
        return list(rows)


def claimable_ids(now=None):
    """Every row a worker may take now, those whose task may still be on its way too (the broker lost it)."""
    now = now or utcnow()
    with database().reading() as session:
        rows = session.execute(select(Outbox.id).where(claimable(now, settings())).order_by(Outbox.id)
                               .limit(SWEEP_BATCH)).scalars()
        return list(rows)


def seat_of(session, row):
    if row.game_id is None or row.seat is None:
        return None
    return session.execute(select(Seat).where(Seat.game_id == row.game_id, Seat.seat == row.seat)).scalar_one_or_none()


def withheld_status(row, seat, game_now):
    """Suppressed as the seat chose, dropped when it is not to go (fresh_mail.goes), or held for the digest as
    the seat chose; None to send now."""
    if seat is None:
        return None
    if seat.mail_preference == MAIL_NONE:
        return MAIL_SUPPRESSED
    if game_now is not None and not goes(row, game_now):
        return MAIL_DROPPED
    if seat.mail_preference == MAIL_DIGEST and row.kind in DIGESTIBLE:
        return MAIL_HELD
    return None


def away_until(row, seat):
    """When to try again a mail about the play (mail.TABLE_KINDS) of a seat mailed only when away that is at its
    table now; else None. The one rule of mail and presence: a turn mail is written about the position when
    it goes, and a deal's end the seat moves past meanwhile is dropped then (fresh_mail.goes)."""
    if seat is None or seat.mail_preference != MAIL_AWAY or row.kind not in TABLE_KINDS:
        return None
    return present_until(row.game_id, row.seat)


def sender():
    """This process's sender for the running app: SMTP, or the development mailbox."""
    extensions = current_app.extensions
    if "mail_sender" not in extensions:
        config = settings()
        extensions["mail_sender"] = MailboxSender() if config.dev_mailbox else SmtpSender(config)
    return extensions["mail_sender"]


def close_sender(flask_app):
    """Close the SMTP connection this process keeps open for `flask_app`, if any."""
    kept = flask_app.extensions.pop("mail_sender", None)
    if kept is not None:
        kept.close()
