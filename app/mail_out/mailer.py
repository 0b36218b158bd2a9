"""Building a mail from an outbox row, and handing it to SMTP (or to the development mailbox).

Messages are `email.message.EmailMessage` objects: a header value with a
line break is refused, so no name or subject can add a header. `To` is
built from an `Address` object, never parsed from text, and the envelope
recipient is the row's address alone, never one read from the headers.
"""

import smtplib
import ssl

from app.mail_out.mail_message import BadMail, build_message, envelope_sender, recipient_address

SMTP_TIMEOUT = 20

class SmtpSender:
    """Sends over one SMTP connection kept open between mails (each worker process has its own)."""

    def __init__(self, config):
        self.config = config
        self.connection = None

    def send(self, message, sender, recipient):
        """Send one message; SMTP errors propagate (the caller decides between retry and failure)."""
        reused = self.connection is not None
        connection = self.connection or self.connect()
        try:
            connection.send_message(message, from_addr=sender, to_addrs=[recipient])
        except Exception as error:
            self.close()
            if not reused or isinstance(error, (smtplib.SMTPResponseException, smtplib.SMTPRecipientsRefused)):
                raise
            # The server closed the connection kept open since the last mail: one try on a fresh one.
            self.connect().send_message(message, from_addr=sender, to_addrs=[recipient])

    def connect(self):
        config = self.config
        connection = smtplib.SMTP(config.smtp_host, config.smtp_port, timeout=SMTP_TIMEOUT)
        try:
            if config.smtp_starttls:
                connection.starttls(context=ssl.create_default_context())
            if config.smtp_user:
                connection.login(config.smtp_user, config.smtp_password)
        except Exception:
            connection.close()
            raise
        self.connection = connection
        return connection

    def close(self):
        if self.connection is not None:
            try:
                self.connection.quit()
            except (smtplib.SMTPException, OSError):
                self.connection.close()
            self.connection = None


class MailboxSender:
    """Development: the outbox row itself is the mailbox (/dev/mailbox); marking it sent delivers it."""

    def send(self, message, sender, recipient):
        return None

    def close(self):
        return None


def is_permanent(error):
    """An SMTP refusal that a retry cannot cure (5xx), unlike a 4xx or a server that is away."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in error.recipients.values())
    code = getattr(error, "smtp_code", None)
    return isinstance(code, int) and code >= 500
