"""Each game's log position, status and seat link versions, kept beside the log so that an open table's poll
costs no database query.

Every open table asks for its game's position every few seconds, and a correspondence game moves a few times
a day: the answer is nearly always the one before. So the answer is kept in Redis (when REDIS_URL is set: seen
by every web process; in this process's memory otherwise, as in development and tests, where there is one),
one hash per game, expiring after `TTL` seconds without news.

Writers publish after their commit (`Database.writing` calls `publish` with what the transaction noted by
`note_game` and `note_link`); a reader that finds nothing reads the database and publishes what it read.
Publishing only ever moves a game forward: its position is ordered by (seq, status rank), each seat's link
version only grows, so a slow reader's older answer, or two writers' publications arriving out of order, can
never put a game back. A publication lost while Redis was away leaves an older answer for at most `TTL`
seconds: only a publication with link versions (a reader's, from the database) makes the kept value live
longer, one with a position alone keeps its expiry. A reader that cannot reach Redis asks the database.

A replaced link must be refused from the moment its replacement is committed, whatever becomes of the
publication after the commit: so a changed link version is published BEFORE the commit too (`note_link`),
and if Redis cannot take it the change is refused (LinkNotFenced, 503) and nothing is written. Should the
transaction roll back after that, the game's kept value is deleted, so that the database says again.
"""

import threading
import time

import redis
from flask import current_app
from sqlalchemy import event

from app.context import settings, shared_store
from app.store.models import STATUS_ACTIVE, STATUS_OVER, STATUS_PAUSED, STATUS_UNCONFIRMED
from app.live.redis_breaker import client
from app.play.seats import holds_link
from app.errors import ServiceError

TTL = 300
# A status only moves forward at one seq (a game is confirmed, then moves; a pause is a new event).
STATUS_RANK = {STATUS_UNCONFIRMED: 0, STATUS_ACTIVE: 1, STATUS_PAUSED: 2, STATUS_OVER: 3}
MEMORY_LIMIT = 10_000   # games kept in memory before the expired ones are forgotten (and owed publications)
OWED_RETRY = 1.0        # seconds between tries of the publications Redis did not take
ROBOT = -1   # the link version kept for a robot's seat: no link of it is good

# KEYS[1]: the game's key; ARGV: seq, rank, status, ttl, then seat/version pairs. The value is one string,
# "seq rank status seat=version ...", so that a poll reads it with one GET and parses one word list. Moves the
# position forward only, and each seat's version only up; without versions, the kept expiry stays.
PUBLISH = """
local seq, rank, status = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
local old_seq, old_rank, old_status, versions, seats = -1, -1, '', {}, {}
local kept = redis.call('GET', KEYS[1])
if kept then
  local words = {}
  for word in string.gmatch(kept, '%S+') do table.insert(words, word) end
  old_seq, old_rank, old_status = tonumber(words[1]), tonumber(words[2]), words[3]
  for i = 4, #words do
    local seat, version = string.match(words[i], '(%d+)=(-?%d+)')
    versions[seat] = tonumber(version)
    table.insert(seats, seat)
  end
end
if seq < old_seq or (seq == old_seq and rank <= old_rank) then
  seq, rank, status = old_seq, old_rank, old_status
end
for i = 5, #ARGV, 2 do
  local seat, version = ARGV[i], tonumber(ARGV[i + 1])
  if versions[seat] == nil then table.insert(seats, seat) end
  if versions[seat] == nil or version > versions[seat] then versions[seat] = version end
end
local value = seq .. ' ' .. rank .. ' ' .. (status ~= '' and status or '-')
for _, seat in ipairs(seats) do value = value .. ' ' .. seat .. '=' .. versions[seat] end
if kept and #ARGV < 5 then
  redis.call('SET', KEYS[1], value, 'KEEPTTL')
else
  redis.call('SET', KEYS[1], value, 'EX', tonumber(ARGV[4]))
end
return 1
"""


class Position:
    """What a table's poll needs: the game's seq and status, and each seat's link version (ROBOT for a robot)."""

    def __init__(self, seq, status, versions):
        self.seq, self.status, self.versions = seq, status, versions


def note_game(session, game):
    """Note, inside a writing transaction, that `game`'s position or status may change: published after commit."""
    session.info.setdefault("positions", {})[game.id] = game


class LinkNotFenced(ServiceError):
    status = 503
    code = "try_again"


def note_link(session, seat):
    """Note, inside a writing transaction, that `seat`'s link version changed: published now, before the
    commit, so that no kept answer serves the old link once the change is committed (LinkNotFenced, and the
    transaction undone, if Redis cannot take it), and again after the commit."""
    try:
        store().publish(key(seat.game_id), -1, -1, "", {seat.seat: version_of(seat)})
    except redis.RedisError as error:
        current_app.logger.warning("link of %s:%s not fenced: %s", seat.game_id, seat.seat, error)
        store().owe_forgetting(key(seat.game_id))
        raise LinkNotFenced("The service could not make sure the old link stops working, so nothing was "
                            "changed. Please try again in a minute.") from None
    if not event.contains(session, "after_rollback", forget_fenced):
        event.listen(session, "after_rollback", forget_fenced)
    session.info.setdefault("fenced", set()).add(seat.game_id)
    session.info.setdefault("links", []).append(seat)


def forget_fenced(session):
    """After a rollback: the link versions published before it may name links that were never made, so the
    kept values of those games go, and the database answers their next poll."""
    for game_id in session.info.pop("fenced", ()):
        try:
            store().forget(key(game_id))
        except redis.RedisError as error:
            current_app.logger.warning("position of %s not forgotten yet: %s", game_id, error)
            store().owe_forgetting(key(game_id))


def publish_noted(info):
    """After a commit: publish every game and link version the transaction noted (see `note_game`)."""
    games, links = info.get("positions") or {}, info.get("links") or []
    changes = {game_id: (game.seq, game.status, {}) for game_id, game in games.items()}
    for seat in links:
        changes.setdefault(seat.game_id, (-1, "", {}))[2][seat.seat] = version_of(seat)
    for game_id, (seq, status, versions) in changes.items():
        publish(game_id, seq, status, versions)


def version_of(seat):
    """The link version kept for `seat`: ROBOT for a robot's, but a person who left still reads with theirs."""
    return seat.link_version if holds_link(seat) else ROBOT


def publish(game_id, seq, status, versions):
    """Move the kept position of `game_id` forward to `seq` and `status` (seq -1: only the link versions); if
    Redis cannot take it now, it is owed (`RedisPositions.owe`)."""
    kept_store, name, rank = store(), key(game_id), STATUS_RANK.get(status, 0)
    try:
        kept_store.publish(name, seq, rank, status, versions)
    except redis.RedisError as error:
        current_app.logger.warning("position of %s not published yet: %s", game_id, error)
        kept_store.owe(name, seq, rank, status, versions)


def kept(game_id):
    """The kept Position of `game_id`, or None when there is none (or Redis cannot say)."""
    try:
        value = store().read(key(game_id))
    except redis.RedisError as error:
        current_app.logger.warning("position of %s not read: %s", game_id, error)
        return None
    return parsed(value) if value else None


def parsed(value):
    """The Position a kept value holds, or None when it holds only link versions (seq -1)."""
    seq, _, status, *seats = value.split()
    if int(seq) < 0:
        return None
    versions = dict(map(int, pair.split("=")) for pair in seats)
    return Position(int(seq), status, versions)


def key(game_id):
    return f"{settings().celery_queue}-position:{game_id}"


def store():
    return shared_store("positions", RedisPositions, MemoryPositions)


class RedisPositions:
    """The kept positions in Redis. A publication Redis could not take is owed: kept in this process and tried
    again every OWED_RETRY seconds until Redis takes it, so that once Redis is back no poll is answered an
    older position than the database's for long (a process that dies owing leaves it to `TTL`)."""

    def __init__(self, url):
        self.client = client(url, decode_responses=True)
        self.script = self.client.register_script(PUBLISH)
        self.lock = threading.Lock()
        self.owed = {}          # name -> (whether to delete it first, (seq, rank, status, {seat: version}) or None)
        self.paying = None      # the timer that tries the owed publications again

    def owe(self, name, seq, rank, status, versions):
        """Owe a publication: merged with one owed before, as the script merges."""
        with self.lock:
            forget, owed = self.owed.pop(name, (False, None))
            old_seq, old_rank, old_status, old_versions = owed or (-1, -1, "", {})
            if (seq, rank) < (old_seq, old_rank):
                seq, rank, status = old_seq, old_rank, old_status
            merged = {seat: max(version, versions.get(seat, version)) for seat, version in old_versions.items()}
            self.owing(name, forget, (seq, rank, status, {**versions, **merged}))

    def owe_forgetting(self, name):
        """Owe the deletion of a kept value: a write that timed out may still be done once Redis answers again,
        and this deletion, done after it, leaves the database to say."""
        with self.lock:
            self.owed.pop(name, None)
            self.owing(name, True, None)

    def owing(self, name, forget, publication):
        """Note what is owed for `name` (the caller holds the lock), and try again in OWED_RETRY seconds."""
        self.owed[name] = (forget, publication)
        if len(self.owed) > MEMORY_LIMIT:       # the oldest are left to expire
            self.owed.pop(next(iter(self.owed)))
        if self.paying is None:
            self.paying = threading.Timer(OWED_RETRY, self.pay)
            self.paying.daemon = True
            self.paying.start()

    def pay(self):
        with self.lock:
            owed, self.owed, self.paying = self.owed, {}, None
        for name, (forget, publication) in owed.items():
            try:
                if forget:
                    self.forget(name)
                    forget = False
                if publication is not None:
                    self.publish(name, *publication)
            except redis.RedisError:
                if forget:
                    self.owe_forgetting(name)
                if publication is not None:
                    self.owe(name, *publication)

    def publish(self, name, seq, rank, status, versions):
        pairs = [value for seat, version in sorted(versions.items()) for value in (seat, version)]
        self.script(keys=[name], args=[seq, rank, status, TTL, *pairs])

    def read(self, name):
        return self.client.get(name)

    def forget(self, name):
        self.client.delete(name)


class MemoryPositions:
    """The same rules in this process's memory, for a service without Redis (one process)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.kept = {}   # name -> (expires at, seq, rank, status, {seat: version})

    def publish(self, name, seq, rank, status, versions):
        with self.lock:
            now = time.monotonic()
            expires, old_seq, old_rank, old_status, old_versions = self.kept.get(name, (0, -1, -1, "-", {}))
            if expires <= now:      # an expired value is not merged
                old_seq, old_rank, old_status, old_versions = -1, -1, "-", {}
            if expires <= now or versions:
                expires = now + TTL
            if (seq, rank) <= (old_seq, old_rank):
                seq, rank, status = old_seq, old_rank, old_status
            merged = dict(old_versions)
            for seat, version in versions.items():
                merged[seat] = max(version, merged.get(seat, version))
            self.kept[name] = (expires, seq, rank, status or "-", merged)
            if len(self.kept) > MEMORY_LIMIT:   # forget the expired
                self.kept = {other: entry for other, entry in self.kept.items() if entry[0] > now}

    def forget(self, name):
        with self.lock:
            self.kept.pop(name, None)

    def read(self, name):
        with self.lock:
            expires, seq, rank, status, versions = self.kept.get(name, (0, -1, -1, "-", {}))
        if expires <= time.monotonic():
            return None
        return " ".join([str(seq), str(rank), status, *(f"{seat}={version}" for seat, version in versions.items())])
