"""The IMAP poller for replies: for deployments that collect the replies in a mailbox of their own.

A periodic task (every IMAP_INTERVAL seconds, while IMAP_HOST is set) reads
the unseen mail of IMAP_FOLDER, hands each to app.mail_in.replies.receive,
and marks it seen once it was acted on: a mail whose handling failed stays
unseen and is tried again at the next poll. A mail over REPLY_MAX_BYTES is
not downloaded: its header alone is read, and the reply refused; any other is
handed over as its raw bytes, parsed no further than `receive` needs. One poll
runs at a time (a lock in Redis), so that no reply is acted on twice.
"""

import redis
from flask import current_app
from imap_tools import AND, MailBox, MailBoxUnencrypted
from redis.exceptions import LockError

from app.context import settings
from app.mail_in.replies import receive

LOCK_SECONDS = 600   # a poll that dies holding the lock gives it up after this long


def poll_mailbox():
    """Act on every unseen mail of the mailbox; returns {outcome: count} (nothing when another poll runs)."""
    config = settings()
    if not config.redis_url:
        return poll_once(config)
    client = redis.Redis.from_url(config.redis_url)
    lock = client.lock(f"{config.celery_queue}-imap-poll", timeout=LOCK_SECONDS)
    if not lock.acquire(blocking=False):
        client.close()
        return {}
    try:
        return poll_once(config)
    finally:
        try:
            lock.release()
        except LockError:          # held past its timeout, and so already given up
            pass
        client.close()


def poll_once(config):
    kind = MailBox if config.imap_ssl else MailBoxUnencrypted
    counts = {}
    with kind(config.imap_host, config.imap_port).login(config.imap_user, config.imap_password,
                                                        initial_folder=config.imap_folder) as box:
        for head in box.fetch(AND(seen=False), mark_seen=False, headers_only=True):
            oversized = head.size_rfc822 > config.reply_max_bytes
            raw = bytes(head.obj) if oversized else raw_mail(box, head.uid)
            if raw is None:
                continue
            try:
                outcome = receive(raw, oversized=oversized)
            except Exception:
                current_app.logger.exception("the reply with IMAP UID %s could not be taken; it stays unseen",
                                             head.uid)
                continue
            box.flag([head.uid], "\\Seen", True)
            counts[outcome.what] = counts.get(outcome.what, 0) + 1
    return counts


def raw_mail(box, uid):
    """The mail's bytes as stored, not marked seen, and not parsed: `receive` reads the header first and the
    body only once the sender is known, so a hostile mail costs the worker what it costs the SMTP receiver."""
    status, data = box.client.uid("FETCH", uid, "(BODY.PEEK[])")
    parts = [item[1] for item in data or () if isinstance(item, tuple)]
    return parts[0] if status == "OK" and parts else None
