"""Queueing mail: an outbox row rendered from templates/mail/<kind>.txt and .html.

Rows are written in the caller's transaction, so a mail exists exactly when
the event that caused it does. Workers send queued rows (see models.Outbox).
"""

import uuid
from urllib.parse import urlsplit

from flask import current_app
from sqlalchemy import insert

from ..context import settings
from ..db import queue_after_commit
from ..models import Outbox
from .clock import utcnow


OUTBOX_INSERT = insert(Outbox.__table__)


def queue_mail(session, kind, recipient, subject, context, game_id=None, seat=None, seq=None):
    """Write one outbox row; the mail is handed to the dispatcher after the commit.

    A plain INSERT on the session's connection (no ORM object, no autoflush):
    the row is not read back in this transaction, and moves write one each.
    """
    env = current_app.jinja_env
    context = dict(context, subject=subject, base_url=settings().base_url)
    domain = urlsplit(settings().base_url).hostname or "localhost"
    row = {
        "message_id": f"<{uuid.uuid4().hex}@{domain}>",
        "recipient": recipient,
        "kind": kind,
        "game_id": game_id,
        "seat": seat,
        "seq": seq,
        "subject": " ".join(subject.split()),
        "text_body": env.get_template(f"mail/{kind}.txt").render(context),
        "html_body": env.get_template(f"mail/{kind}.html").render(context),
        "created_at": utcnow(),
    }
    outbox_id = session.connection().execute(OUTBOX_INSERT, row).inserted_primary_key[0]
    queue_after_commit(session, outbox_id=outbox_id)
