"""The SMTP receiver for replies (`inbound` in the Procfile; `make run` starts one on 127.0.0.1:2525).

An aiosmtpd server that takes mail for the reply addresses of INBOUND_DOMAIN
(`play+<token>@domain`) only, refusing every other recipient at RCPT, and a
mail over REPLY_MAX_BYTES at DATA (552). Each mail taken is handed to
app.services.replies.receive before the server says 250, so a mail the
server accepted has been acted on; when that fails the server answers 451,
and the sending server tries again later. Point MX records, or a relay,
at INBOUND_HOST:INBOUND_PORT.

`python -m workers.inbound` runs it until SIGINT or SIGTERM.
"""

import asyncio
import signal
import threading

from aiosmtpd.controller import Controller

from app.config import stop_on_config_error
from app.services.replies import REPLY_ADDRESS, receive

from .web import create_app


class ReplyHandler:
    """aiosmtpd's handler: recipients checked at RCPT, each mail acted on in a thread of its own."""

    def __init__(self, flask_app):
        self.flask_app = flask_app
        self.domain = flask_app.extensions["cachette"]["config"].inbound_domain

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        match = REPLY_ADDRESS.match(address)
        if not (self.domain and match and match["domain"].lower() == self.domain):
            return "550 5.1.1 No such mailbox: this server takes replies to game mail only"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        try:
            outcome = await asyncio.get_running_loop().run_in_executor(None, self.receive, envelope)
        except Exception:
            self.flask_app.logger.exception("a reply could not be taken")
            return "451 4.3.0 The reply could not be taken now; try again later"
        return f"250 OK: {outcome.what}"

    def receive(self, envelope):
        with self.flask_app.app_context():
            return receive(envelope.content, envelope.mail_from, envelope.rcpt_tos)


def start_receiver(flask_app, host=None, port=None):
    """Start the receiver in this process's background threads; returns its controller (`.stop()` ends it)."""
    config = flask_app.extensions["cachette"]["config"]
    controller = Controller(ReplyHandler(flask_app), hostname=host or config.inbound_host,
                            port=port or config.inbound_port, server_hostname=config.inbound_domain or None,
                            data_size_limit=config.reply_max_bytes)
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


if __name__ == "__main__":
    main()
