"""Building a mail from an outbox row: an `email.message.EmailMessage` object, so that a header value with a
line break is refused and no name or subject can add a header. `To` is built from an `Address` object, never
parsed from text. The workers send what it builds; the development mailbox shows it."""

from email import policy
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime, parseaddr

# Headers are folded only past RFC 5322's hard limit: a List-Unsubscribe URL folded at 78 characters has no
# space to break at, and the email package would then write it as RFC 2047 encoded words nobody can click.
MAIL_POLICY = policy.default.clone(max_line_length=998)

class BadMail(Exception):
    """A row that can never be sent as it is (a header with a line break, a malformed address)."""


def build_message(row, bodies, mail_from, thread_root=None, unsubscribe_url=None):
    """The multipart message for an outbox row, with its rendered (text, HTML) `bodies`.

    `thread_root` is the Message-ID of the first mail this recipient had about
    the game: every later one replies to it, so a game's mails thread together;
    an answer to a person's reply (app.mail_in.replies) replies to that reply,
    within the same thread. A mail that may be answered with a move has the
    seat's reply address as its Reply-To. Every mail is marked as sent by a
    program (RFC 3834 `Auto-Submitted`), so that well-behaved vacation
    responders leave it unanswered.
    """
    context = row.context or {}
    message = EmailMessage(policy=MAIL_POLICY)
    try:
        message["From"] = mail_from
        message["To"] = recipient_address(row.recipient)
        message["Subject"] = row.subject
        message["Message-ID"] = row.message_id
        message["Date"] = format_datetime(row.created_at)
        answered = context.get("in_reply_to")
        if answered:
            message["In-Reply-To"] = answered
            message["References"] = " ".join(dict.fromkeys(filter(None, (thread_root, answered))))
        elif thread_root and thread_root != row.message_id:
            message["In-Reply-To"] = thread_root
            message["References"] = thread_root
        if context.get("reply_to"):
            message["Reply-To"] = context["reply_to"]
        message["Auto-Submitted"] = "auto-replied" if answered else "auto-generated"
        if unsubscribe_url:
            message["List-Unsubscribe"] = f"<{unsubscribe_url}>"
            message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        text_body, html_body = bodies
        message.set_content(text_body)
        message.add_alternative(html_body, subtype="html")
    except ValueError as error:
        raise BadMail(f"cannot build the mail: {error}") from None
    return message


def recipient_address(recipient):
    """The `Address` for one plain address; BadMail for anything else (several, a display name, a line break)."""
    try:
        address = Address(addr_spec=recipient)
    except (ValueError, IndexError):     # the header parser's defects are ValueErrors
        address = None
    if address is None or not address.domain or address.addr_spec != recipient:
        raise BadMail(f"not a single mail address: {recipient!r}")
    return address


def envelope_sender(mail_from):
    return parseaddr(mail_from)[1] or mail_from
