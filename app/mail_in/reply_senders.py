"""Who sent a mail to a reply address: its one From, plainly written, and whether it must not be answered at
all (an auto-reply, a bounce, the service's own mail), so that no two programs answer each other for ever
(app.mail_in.replies drops those without an answer)."""

import re
from email.errors import ObsoleteHeaderDefect
from email.utils import parseaddr

from sqlalchemy import select

from app.context import database
from app.errors import BadInput
from app.play.spec import clean_email
from app.store.models import Outbox

AUTO_PRECEDENCE = {"bulk", "junk", "list", "auto_reply"}
# Subjects of vacation responders that send no Auto-Submitted header.
AUTO_SUBJECT = re.compile(r"^\s*(auto(matic)?[ -]?(reply|response|antwort)|out of (the )?office|autoreply|"
                          r"abwesenheitsnotiz|absence|vacation|r[ée]ponse automatique)\b|^\s*auto:", re.IGNORECASE)
BOUNCE_SENDERS = re.compile(r"^(mailer-daemon|postmaster)@", re.IGNORECASE)
MESSAGE_ID = re.compile(r"^<[^<>\s]{1,200}>$")
REPLY_ADDRESS = re.compile(r"^play\+(?P<token>[A-Za-z0-9_.-]{1,200})@(?P<domain>[A-Za-z0-9.-]+)$", re.IGNORECASE)
# An address written in a From's display name (`pat@example.com <mallory@evil.example>`).
NAMED_ADDRESS = re.compile(r"[^\s<>()\"@,;:]+@[^\s<>()\"@,;:]+")


def loop_reason(message, envelope_sender, config):
    """Why a mail must not be answered (an auto-reply, a bounce, the service's own mail), or None.
    `envelope_sender` is MAIL FROM without its angle brackets, or None when it is not known."""
    auto = str(message.get("Auto-Submitted", "")).strip().lower()
    if auto and auto != "no":
        return f"Auto-Submitted: {auto}"
    if str(message.get("Precedence", "")).strip().lower() in AUTO_PRECEDENCE:
        return "Precedence: " + str(message["Precedence"]).strip().lower()
    if any(message.get(name) for name in ("X-Autoreply", "X-Autorespond", "X-Auto-Response-Suppress",
                                          "List-Id", "Feedback-ID")):
        return "an automatic mail's header"
    if AUTO_SUBJECT.search(str(message.get("Subject", ""))):
        return "an automatic reply's subject"
    return_path = envelope_sender if envelope_sender is not None else return_path_of(message)
    if return_path == "" or message.get_content_type() == "multipart/report":
        return "a bounce"
    sender = from_address(message, clean=False) or ""
    ours = (parseaddr(config.mail_from)[1] or config.mail_from).lower()
    if BOUNCE_SENDERS.match(sender) or BOUNCE_SENDERS.match(return_path or ""):
        return "a bounce"
    if sender.lower() == ours or (return_path or "").lower() == ours or REPLY_ADDRESS.match(sender):
        return "the service's own address"
    return None


def return_path_of(message):
    """The envelope sender a delivering server wrote as Return-Path ("" for `<>`), or None if it wrote none."""
    value = message.get("Return-Path")
    return None if value is None else str(value).strip().strip("<>").strip()


def own_message(message):
    """Whether this is a mail the service sent (a copy or a bounce that carries it whole)."""
    message_id = clean_message_id(message.get("Message-ID"))
    if message_id is None:
        return False
    with database().reading() as session:
        return session.execute(select(Outbox.id).where(Outbox.message_id == message_id)).first() is not None


def clean_message_id(value):
    value = str(value or "").strip()
    return value if MESSAGE_ID.match(value) else None


def from_address(message, clean=True):
    """The one address of the one From field (lower-cased, as addresses are kept), or None.

    None too for a From that mail servers and DMARC may read otherwise than
    we would: one with parse defects (but obsolete forms, as `J. Smith`), or
    whose display name is itself another address (`pat@example.com
    <mallory@evil.example>`).
    """
    if sum(1 for name, _ in message.raw_items() if name.lower() == "from") != 1:
        return None
    try:
        field = message["From"]
        addresses, defects = field.addresses, field.defects
    except (AttributeError, IndexError, ValueError, TypeError, RecursionError):
        return None
    if len(addresses) != 1 or not addresses[0].addr_spec:
        return None
    if any(not isinstance(defect, ObsoleteHeaderDefect) for defect in defects):
        return None
    address = addresses[0].addr_spec
    if {named.lower() for named in NAMED_ADDRESS.findall(addresses[0].display_name)} - {address.lower()}:
        return None
    if not clean:
        return address
    try:
        return clean_email(address, "From")
    except BadInput:
        return None
