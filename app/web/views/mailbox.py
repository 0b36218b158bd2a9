"""The development mailbox: every outbox row, for a newcomer to click. Off with SMTP settings.

Each mail that may be answered with a move offers a "reply" form: the reply
is sent as a mail program would send it, over SMTP to this service's own
receiver (workers/inbound.py, which `make run` starts), so it takes the same
path as any reply.
"""

import smtplib
from email.message import EmailMessage
from email.utils import make_msgid

from flask import Blueprint, abort, jsonify, redirect, render_template, request
from sqlalchemy import select


from app.web import csrf
from app.context import database, settings
from app.store.models import Outbox
from app.web.security import MAILBOX_POLICY, view_headers
from app.mail_out.mail import mail_bodies, thread_root, unsubscribe_url
from app.mail_out.mail_message import build_message

bp = Blueprint("mailbox", __name__, url_prefix="/dev")
SHOWN = 200
# The headers /dev/mailbox.json lists, as the mail worker writes them.
LISTED_HEADERS = ("From", "To", "Reply-To", "Subject", "Message-ID", "In-Reply-To", "References", "List-Unsubscribe",
                  "Auto-Submitted")
SMTP_TIMEOUT = 30


def latest_mail():
    """The latest outbox rows, newest first, each with its rendered (text, HTML) bodies and its headers as sent."""
    with database().reading() as session:
        rows = list(session.execute(select(Outbox).order_by(Outbox.id.desc()).limit(SHOWN)).scalars())
        roots = {row.id: thread_root(session, row) for row in rows}
    mail_from = settings().mail_from
    shown = []
    for row in rows:
        bodies = mail_bodies(row)
        message = build_message(row, bodies, mail_from, roots[row.id], unsubscribe_url(row.recipient))
        shown.append((row, *bodies, {name: message[name] for name in LISTED_HEADERS if message[name] is not None}))
    return shown


@bp.get("/mailbox")
@view_headers(content_security_policy=MAILBOX_POLICY, force_https=False)
def mailbox():
    return render_template("pages/mailbox.html", mails=latest_mail())


@bp.get("/mailbox.json")
def mailbox_json():
    return jsonify(mails=[{
        "id": mail.id, "message_id": mail.message_id, "to": mail.recipient, "kind": mail.kind,
        "game_id": mail.game_id, "seat": mail.seat, "seq": mail.seq, "subject": mail.subject,
        "text": text_body, "html": html_body, "status": mail.status, "headers": headers,
        "created_at": mail.created_at.isoformat(),
    } for mail, text_body, html_body, headers in latest_mail()])


@bp.post("/mailbox/<int(max=2147483647):mail_id>/reply")   # an outbox id: a 32-bit integer column
def reply(mail_id):
    """Answer a mail as its recipient would from a mail program: over SMTP, to the receiver of replies."""
    csrf.check()
    with database().reading() as session:
        row = session.get(Outbox, mail_id)
    if row is None or not (row.context or {}).get("reply_to"):
        abort(404, description="That mail cannot be answered with a move.")
    config = settings()
    message = EmailMessage()
    message["From"] = row.recipient
    message["To"] = row.context["reply_to"]
    message["Subject"] = "Re: " + row.subject
    message["Message-ID"] = make_msgid(domain=row.recipient.rsplit("@", 1)[1])
    message["In-Reply-To"] = message["References"] = row.message_id
    quoted = "\n".join("> " + line for line in mail_bodies(row)[0].splitlines())
    message.set_content(f"{request.form.get('text', '')}\n\nOn {row.created_at:%a %d %b %Y}, Cachette wrote:\n{quoted}\n")
    try:
        with smtplib.SMTP("127.0.0.1", config.inbound_port, timeout=SMTP_TIMEOUT) as server:
            server.send_message(message)
    except (smtplib.SMTPException, OSError) as error:
        abort(502, description=f"The receiver of replies on 127.0.0.1:{config.inbound_port} did not take the "
                               f"reply: {error}")
    return redirect("/dev/mailbox", code=303)
