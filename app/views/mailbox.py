"""The development mailbox: every outbox row, for a newcomer to click. Off with SMTP settings."""

from flask import Blueprint, jsonify, render_template
from sqlalchemy import select

from ..context import database
from ..models import Outbox
from ..security import MAILBOX_POLICY, view_headers
from ..services.mail import mail_bodies

bp = Blueprint("mailbox", __name__, url_prefix="/dev")
SHOWN = 200


def latest_mail():
    """The latest outbox rows, newest first, each with its rendered (text, HTML) bodies."""
    with database().reading() as session:
        rows = list(session.execute(select(Outbox).order_by(Outbox.id.desc()).limit(SHOWN)).scalars())
    return [(row, *mail_bodies(row)) for row in rows]


@bp.get("/mailbox")
@view_headers(content_security_policy=MAILBOX_POLICY, force_https=False)
def mailbox():
    return render_template("pages/mailbox.html", mails=latest_mail())


@bp.get("/mailbox.json")
def mailbox_json():
    return jsonify(mails=[{
        "id": mail.id, "message_id": mail.message_id, "to": mail.recipient, "kind": mail.kind,
        "game_id": mail.game_id, "seat": mail.seat, "seq": mail.seq, "subject": mail.subject,
        "text": text_body, "html": html_body, "status": mail.status,
        "created_at": mail.created_at.isoformat(),
    } for mail, text_body, html_body in latest_mail()])
