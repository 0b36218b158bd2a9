"""Who is at their table: a seat is present for `presence_seconds` (a setting) after it last opened or polled
its table page, or moved there.

A page view must not write to the database, so presence is kept apart from it: in Redis when REDIS_URL is
set (seen by every web process and by the workers that decide whether to mail, its keys prefixed with the
service's queue name, expiring by themselves), and in this process's memory otherwise (development and
tests, where the web and the mail worker share a process).
"""

from datetime import UTC, datetime, timedelta

import redis
from flask import current_app

from app.context import settings, shared_store
from app.play.links import BadLink, read_seat_token
from app.live.redis_breaker import client
from app.clock import utcnow


REWRITE_AFTER = timedelta(seconds=5)
WRITTEN_KEPT = 10_000     # presences remembered as written, per process


def note_present(game_id, seat):
    """Record that `seat` of `game_id` is at its table now (a Redis away costs the page nothing but this)."""
    until = utcnow() + timedelta(seconds=settings().presence_seconds)
    try:
        store().put(key(game_id, seat), until)
    except redis.RedisError as error:
        current_app.logger.warning("presence not recorded: %s", error)


def note_present_by_link(token):
    """`note_present` for the seat of a seat link, before the request that uses it (a move counts as presence
    from before it is made, so that the turn coming back at once finds the mover at the table); a link not
    signed by the service notes nothing, and its request is refused anyway."""
    try:
        game_id, seat, _ = read_seat_token(settings().signing_keys, token)
    except BadLink:
        return
    note_present(game_id, seat)


def present_until(game_id, seat):
    """When the seat stops counting as at its table, if it counts as there now; else None (also when Redis
    cannot say: a mail too many beats a turn never told)."""
    try:
        until = store().get(key(game_id, seat))
    except redis.RedisError as error:
        current_app.logger.warning("presence not read: %s", error)
        return None
    return until if until is not None and until > utcnow() else None


def prune_presence(before):
    """Forget every presence that ended before `before`; returns how many were forgotten (0, with a warning,
    when Redis cannot say)."""
    try:
        return store().prune(before)
    except redis.RedisError as error:
        current_app.logger.warning("presence not pruned: %s", error)
        return 0


def key(game_id, seat):
    return f"{settings().celery_queue}-presence:{game_id}:{seat}"


def store():
    return shared_store("presence", RedisPresence, MemoryPresence)


class RedisPresence:
    """Presence in Redis. A seat's table asks every few seconds and a player reloads it at will: a presence this
    process wrote less than `REWRITE_AFTER` ago is not written again, as it would move its end by no more."""

    def __init__(self, url):
        self.client = client(url)
        self.written = {}      # name -> the end this process last wrote for it

    def put(self, name, until):
        if until - self.written.get(name, until - REWRITE_AFTER) < REWRITE_AFTER:
            return
        seconds = max(1, int((until - utcnow()).total_seconds()))
        self.client.set(name, until.timestamp(), ex=seconds)
        if len(self.written) >= WRITTEN_KEPT:
            self.written.clear()
        self.written[name] = until

    def get(self, name):
        value = self.client.get(name)
        return None if value is None else datetime.fromtimestamp(float(value), UTC)

    def prune(self, before):
        pruned = 0
        for name in self.client.scan_iter(match=key("*", "*"), count=1000):
            until = self.get(name)
            if until is not None and until < before:
                pruned += self.client.delete(name)
        return pruned


class MemoryPresence:
    def __init__(self):
        self.until = {}

    def put(self, name, until):
        now = utcnow()
        self.until = {other: time for other, time in self.until.items() if time > now}   # forget the stale
        self.until[name] = until

    def get(self, name):
        return self.until.get(name)

    def prune(self, before):
        kept = {name: until for name, until in self.until.items() if until >= before}
        pruned, self.until = len(self.until) - len(kept), kept
        return pruned
