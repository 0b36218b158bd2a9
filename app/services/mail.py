"""Queueing mail: an outbox row rendered from templates/mail/<kind>.txt and .html.

Rows are written in the caller's transaction, so a mail exists exactly when
the event that caused it does. Workers send queued rows (see models.Outbox).
"""

import uuid
from urllib.parse import urlsplit

from flask import current_app

from ..context import settings
from ..db import queue_after_commit
from ..models import Outbox
from .clock import utcnow


def queue_mail(session, kind, recipient, subject, context, game_id=None, seat=None, seq=None):
    """Write one outbox row; the mail is handed to the dispatcher after the commit."""
    env = current_app.jinja_env
    context = dict(context, subject=subject, base_url=settings().base_url)
    domain = urlsplit(settings().base_url).hostname or "localhost"
    row = Outbox(
        message_id=f"<{uuid.uuid4().hex}@{domain}>",
        recipient=recipient,
        kind=kind,
        game_id=game_id,
        seat=seat,
        seq=seq,
        subject=" ".join(subject.split()),
        text_body=env.get_template(f"mail/{kind}.txt").render(context),
        html_body=env.get_template(f"mail/{kind}.html").render(context),
        created_at=utcnow(),
    )
    session.add(row)
    queue_after_commit(session, outbox_row=row)
    return row
