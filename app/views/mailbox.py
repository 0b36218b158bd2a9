"""The development mailbox: every outbox row, for a newcomer to click. Off with SMTP settings."""

from flask import Blueprint, jsonify, render_template
from sqlalchemy import select

from ..context import database
from ..models import Outbox

bp = Blueprint("mailbox", __name__, url_prefix="/dev")
SHOWN = 200


def latest_mail():
    with database().reading() as session:
        return list(session.execute(select(Outbox).order_by(Outbox.id.desc()).limit(SHOWN)).scalars())


@bp.get("/mailbox")
def mailbox():
    return render_template("pages/mailbox.html", mails=latest_mail())


@bp.get("/mailbox.json")
def mailbox_json():
    return jsonify(mails=[{
        "id": mail.id, "message_id": mail.message_id, "to": mail.recipient, "kind": mail.kind,
        "game_id": mail.game_id, "seat": mail.seat, "seq": mail.seq, "subject": mail.subject,
        "text": mail.text_body, "html": mail.html_body, "status": mail.status,
        "created_at": mail.created_at.isoformat(),
    } for mail in latest_mail()])
