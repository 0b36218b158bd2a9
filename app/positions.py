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
seconds; a reader that cannot reach Redis asks the database.
"""

import threading
import time

import redis
from flask import current_app

from .context import settings, shared_store
from .models import STATUS_ACTIVE, STATUS_OVER, STATUS_PAUSED, STATUS_UNCONFIRMED

TTL = 300
# A status only moves forward at one seq (a game is confirmed, then moves; a pause is a new event).
STATUS_RANK = {STATUS_UNCONFIRMED: 0, STATUS_ACTIVE: 1, STATUS_PAUSED: 2, STATUS_OVER: 3}
MEMORY_LIMIT = 10_000   # games kept in memory before the expired ones are forgotten
ROBOT = -1   # the link version kept for a robot's seat: no link of it is good

# KEYS[1]: the game's key; ARGV: seq, rank, status, ttl, then seat/version pairs. The value is one string,
# "seq rank status seat=version ...", so that a poll reads it with one GET and parses one word list. Moves the
# position forward only, and each seat's version only up.
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
redis.call('SET', KEYS[1], value, 'EX', tonumber(ARGV[4]))
return 1
"""


class Position:
    """What a table's poll needs: the game's seq and status, and each seat's link version (ROBOT for a robot)."""

    def __init__(self, seq, status, versions):
        self.seq, self.status, self.versions = seq, status, versions


def note_game(session, game):
    """Note, inside a writing transaction, that `game`'s position or status may change: published after commit."""
    session.info.setdefault("positions", {})[game.id] = game


def note_link(session, seat):
    """Note, inside a writing transaction, that `seat`'s link version changed: published after commit."""
    session.info.setdefault("links", []).append(seat)


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
    return ROBOT if seat.robot is not None and not seat.left else seat.link_version


def publish(game_id, seq, status, versions):
    """Move the kept position of `game_id` forward to `seq` and `status` (seq -1: only the link versions)."""
    try:
        store().publish(key(game_id), seq, STATUS_RANK.get(status, 0), status, versions)
    except redis.RedisError as error:
        current_app.logger.warning("position of %s not published: %s", game_id, error)


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
    def __init__(self, url):
        self.client = redis.Redis.from_url(url, socket_timeout=2, decode_responses=True)
        self.script = self.client.register_script(PUBLISH)

    def publish(self, name, seq, rank, status, versions):
        pairs = [value for seat, version in sorted(versions.items()) for value in (seat, version)]
        self.script(keys=[name], args=[seq, rank, status, TTL, *pairs])

    def read(self, name):
        return self.client.get(name)


class MemoryPositions:
    """The same rules in this process's memory, for a service without Redis (one process)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.kept = {}   # name -> (expires at, seq, rank, status, {seat: version})

    def publish(self, name, seq, rank, status, versions):
        with self.lock:
            now = time.monotonic()
            _, old_seq, old_rank, old_status, old_versions = self.kept.get(name, (0, -1, -1, "-", {}))
            if (seq, rank) <= (old_seq, old_rank):
                seq, rank, status = old_seq, old_rank, old_status
            merged = dict(old_versions)
            for seat, version in versions.items():
                merged[seat] = max(version, merged.get(seat, version))
            self.kept[name] = (now + TTL, seq, rank, status or "-", merged)
            if len(self.kept) > MEMORY_LIMIT:   # forget the expired
                self.kept = {other: entry for other, entry in self.kept.items() if entry[0] > now}

    def read(self, name):
        with self.lock:
            expires, seq, rank, status, versions = self.kept.get(name, (0, -1, -1, "-", {}))
        if expires <= time.monotonic():
            return None
        return " ".join([str(seq), str(rank), status, *(f"{seat}={version}" for seat, version in versions.items())])
