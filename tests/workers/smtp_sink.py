"""A real SMTP server on loopback (aiosmtpd) that keeps what it receives, for tests and benchmarks.

It can refuse (a 4xx or 5xx reply to DATA), be slow (a pause before each
RCPT reply), hold every sender at RCPT once it has a number of mails (so a
test knows no sender is between the server's acceptance and its own record),
and be stopped and started again on the same port.
`python -m tests.workers.smtp_sink PORT` runs one until killed.
"""

import asyncio
import socket
import sys
import threading
import time
from dataclasses import dataclass
from email import message_from_bytes, policy

from aiosmtpd.controller import Controller


@dataclass
class Received:
    mail_from: str
    rcpt_tos: list
    content: bytes

    @property
    def message(self):
        return message_from_bytes(self.content, policy=policy.default)


class Recorder:
    def __init__(self):
        self.received = []
        self.lock = threading.Lock()
        self.refuse = None          # e.g. "451 4.3.0 try later"
        self.rcpt_delay = 0.0
        self.hold_after = None      # hold senders at RCPT once this many mails have arrived
        self.held = 0               # senders being held now

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.rcpt_delay:
            await asyncio.sleep(self.rcpt_delay)
        if self.hold_after is not None and len(self.received) >= self.hold_after:
            self.held += 1
            while self.hold_after is not None:
                await asyncio.sleep(0.05)
            self.held -= 1
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.refuse:
            return self.refuse
        with self.lock:
            self.received.append(Received(envelope.mail_from, list(envelope.rcpt_tos), envelope.content))
        return "250 Message accepted for delivery"

    def release(self):
        self.hold_after = None

    def messages(self):
        with self.lock:
            return [item.message for item in self.received]

    def message_ids(self):
        return [message["Message-ID"] for message in self.messages()]

    def wait_for(self, count, timeout=30.0):
        """Wait until at least `count` mails have arrived; returns how many did."""
        deadline = time.monotonic() + timeout
        while len(self.received) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return len(self.received)


class SmtpSink:
    """An SMTP server on 127.0.0.1 with a Recorder as its handler."""

    def __init__(self, port=None):
        self.port = port or free_port()
        self.recorder = Recorder()
        self.controller = None

    def start(self):
        self.controller = Controller(self.recorder, hostname="127.0.0.1", port=self.port)
        self.controller.start()
        return self

    def stop(self):
        if self.controller is not None:
            self.controller.stop()
            self.controller = None


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


if __name__ == "__main__":
    sink = SmtpSink(int(sys.argv[1])).start()
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        sink.stop()
