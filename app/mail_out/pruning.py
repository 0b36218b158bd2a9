"""Pruning what only grows: mail long done with, confirmation mails whose links have expired, replies taken long
ago, and presence marks long past. A periodic task (workers/tasks.py `prune`) calls `prune`; the ages are settings."""

from datetime import timedelta

from sqlalchemy import delete, or_, select

from app.context import database, settings
from app.store.models import (MAIL_DIGESTED, MAIL_DROPPED, MAIL_FAILED, MAIL_SENT, MAIL_SUPPRESSED, STATUS_OVER, Game,
                              Outbox, ReplyTaken)
from app.live.presence import prune_presence
from app.clock import utcnow
from app.mail_out.consent import CONFIRM

# Rows no worker will touch again. Held and unconfirmed mail still waits for something, so it stays.
DONE_WITH = (MAIL_SENT, MAIL_DROPPED, MAIL_DIGESTED, MAIL_SUPPRESSED, MAIL_FAILED)
BATCH = 5000                     # rows deleted per transaction, so that a large backlog never holds a long lock


def prune(now=None):
    """Delete what is older than its setting allows; returns how many of each went.

    - Outbox rows done with (sent, dropped, digested, suppressed, given up)
      for `prune_mail_days`, of a finished game or of none: a running game's
      first mail to each player roots the thread its later mails join, so
      its rows stay until it ends.
    - Confirmation mails after `prune_confirmations_days`, whatever their
      state: the link each holds expires within a week (app.play.links), so
      nothing can use it any more.
    - Replies taken (app.mail_in.reply_taken) after `prune_mail_days`: a mail server gives up retrying a
      delivery within days, so no copy of them can come any more.
    - Presence marks whose time ended `prune_presence_seconds` ago (Redis
      also expires them itself; this catches any left without an expiry).
    """
    now = now or utcnow()
    config = settings()
    finished_games = select(Game.id).where(Game.status == STATUS_OVER)
    mail = delete_in_batches(Outbox, Outbox.status.in_(DONE_WITH), Outbox.kind != CONFIRM,
                             Outbox.created_at < now - timedelta(days=config.prune_mail_days),
                             or_(Outbox.game_id.is_(None), Outbox.game_id.in_(finished_games)))
    confirmations = delete_in_batches(Outbox, Outbox.kind == CONFIRM,
                                      Outbox.created_at < now - timedelta(days=config.prune_confirmations_days))
    replies = delete_in_batches(ReplyTaken, ReplyTaken.taken_at < now - timedelta(days=config.prune_mail_days))
    presence = prune_presence(now - timedelta(seconds=config.prune_presence_seconds))
    return {"mail": mail, "confirmations": confirmations, "replies": replies, "presence": presence}


def delete_in_batches(table, *conditions):
    """Delete the rows of `table` (a model) matching every condition, BATCH at a time; returns how many."""
    deleted = 0
    while True:
        with database().writing() as session:
            ids = list(session.execute(select(table.id).where(*conditions).order_by(table.id).limit(BATCH)).scalars())
            if ids:
                session.execute(delete(table).where(table.id.in_(ids)).execution_options(synchronize_session=False))
        deleted += len(ids)
        if len(ids) < BATCH:
            return deleted
