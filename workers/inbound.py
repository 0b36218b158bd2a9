"""The SMTP receiver for replies (`inbound` in the Procfile; `make run` starts one on 127.0.0.1:2525).

An aiosmtpd server that takes mail for the reply addresses of INBOUND_DOMAIN
(`play+<token>@domain`) only. At RCPT it refuses (550) any other recipient
and any reply address whose token we did not sign, and past RECIPIENTS_MAX
recipients in a session it answers 452 (past COMMANDS_MAX commands of a
kind, 421, and the session is closed); a mail over REPLY_MAX_BYTES is
refused at DATA (552). Each mail taken is handed to
app.mail_in.replies.receive, in a pool of READERS threads so that no mail
holds up the server's event loop, before the server says 250: a mail the
server accepted has been acted on. A mail refused for its form (its From,
its MIME parts) is answered 550; when acting fails, or more than WAITING_MAX
mails wait, the server answers 451 and the sending server tries again
later. Point MX records, or a relay, at INBOUND_HOST:INBOUND_PORT.

Only aiosmtpd's documented interface is used (its Controller and SMTP
settings, a handler's hooks), so any aiosmtpd>=1.4 serves. aiosmtpd reads
DATA a line at a time on the event loop (about 10 µs a line), so a mail of
REPLY_MAX_BYTES in tiny lines holds the other sessions up for a moment.

`python -m workers.inbound` runs it until SIGINT or SIGTERM.
"""

import asyncio
import signal
import threading
from concurrent.futures import ThreadPoolExecutor

from aiosmtpd.controller import Controller

from app.config import stop_on_config_error
from app.play.links import BadLink, read_reply_token
from app.mail_in.replies import REJECTED, receive, reply_token_in

from workers.web import create_app

RECIPIENTS_MAX = 100     # RCPT commands in a session (RFC 5321 asks a server to take at least 100)
# Commands of each kind in a session, past which aiosmtpd answers 421 and closes it: a client that goes on
# after 452s costs the server a quarter of a millisecond a command.
COMMANDS_MAX = {"RCPT": 2 * RECIPIENTS_MAX, "*": 100}
READERS = 4              # threads that read mails and act on them
WAITING_MAX = 32         # mails being read or waiting for a reader; past it, 451


class ReplyHandler:
    """aiosmtpd's handler: recipients checked at RCPT, each mail acted on in a bounded pool of threads."""

    def __init__(self, flask_app):
        config = flask_app.extensions["cachette"]["config"]
        self.flask_app = flask_app
        self.domain = config.inbound_domain
        self.keys = config.signing_keys
        self.readers = ThreadPoolExecutor(max_workers=READERS, thread_name_prefix="reply-reader")
        self.waiting = 0         # touched on the event loop only

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        session.recipients_asked = getattr(session, "recipients_asked", 0) + 1
        if session.recipients_asked > RECIPIENTS_MAX:
            return f"452 4.5.3 Too many recipients: at most {RECIPIENTS_MAX} in a session"
        token = reply_token_in([address], self.domain)
        if token is None:
            return "550 5.1.1 No such mailbox: this server takes replies to game mail only"
        try:
            read_reply_token(self.keys, token)
        except BadLink:
            return "550 5.1.1 No such mailbox: this reply address is incomplete or altered"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.waiting >= WAITING_MAX:
            return "451 4.3.2 Too many replies at once; try again later"
        self.waiting += 1
        try:
            outcome = await asyncio.get_running_loop().run_in_executor(self.readers, self.receive, envelope)
        except Exception:
            self.flask_app.logger.exception("a reply could not be taken")
            return "451 4.3.0 The reply could not be taken now; try again later"
        finally:
            self.waiting -= 1
        if outcome.what == REJECTED:
            return f"550 5.7.1 Not taken: {outcome.detail}"
        return f"250 OK: {outcome.what}"

    def receive(self, envelope):
        with self.flask_app.app_context():
            return receive(envelope.content, envelope.mail_from, envelope.rcpt_tos)


def start_receiver(flask_app, host=None, port=None):
    """Start the receiver in this process's background threads; returns its controller (`.stop()` ends it)."""
    config = flask_app.extensions["cachette"]["config"]
    controller = Controller(ReplyHandler(flask_app), hostname=host or config.inbound_host,
                            port=port or config.inbound_port, server_hostname=config.inbound_domain or None,
                            data_size_limit=config.reply_max_bytes, command_call_limit=COMMANDS_MAX)
    controller.start()
    return controller


def main():
    with stop_on_config_error():
        flask_app = create_app()
    config = flask_app.extensions["cachette"]["config"]
    controller = start_receiver(flask_app)
    print(f"Taking replies for @{config.inbound_domain} on {config.inbound_host}:{config.inbound_port}", flush=True)
    stopping = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stopping.set())
    stopping.wait()
    controller.stop()
    controller.handler.readers.shutdown()


if __name__ == "__main__":
    main()
