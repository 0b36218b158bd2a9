"""Short Redis calls, and one breaker per Redis server in each process.

Redis is beside the database here (the kept positions, presence, the rate
limits' counts, the workers' broker): nothing in it is the only copy of
anything, and every caller already goes on without it when it cannot say.
A Redis that is away refuses at once, but one that hangs (paused, swapping,
a network that drops packets) answers nothing: every call would wait for its
socket timeout. So the service's Redis clients (`client`, and Flask-Limiter's
storage with `client_options`) wait at most TIMEOUT for a connection or an
answer, and the first call that fails opens its server's breaker for
COOL_OFF seconds: meanwhile every call to that server fails at once with a
redis ConnectionError (the failure every caller already handles), and the
first calls after it try again. The workers' broker, on a thread of its own
(workers/dispatcher.py), asks the same breaker before it tries.
"""

import time

import redis
from redis.connection import parse_url

TIMEOUT = 0.05      # seconds for a connection or an answer: a Redis nearby answers in well under a millisecond
COOL_OFF = 2.0      # seconds a server is skipped after a call to it failed


class Breaker:
    """Open (calls skipped) for COOL_OFF seconds after a failure; closed again once that time has passed."""

    def __init__(self):
        self.open_until = 0.0

    def check(self):
        """Raise a redis ConnectionError while the breaker is open."""
        if time.monotonic() < self.open_until:
            raise redis.ConnectionError("Redis skipped for a moment: it failed or did not answer just now")

    def trip(self):
        self.open_until = time.monotonic() + COOL_OFF


_breakers = {}      # (host, port) or a unix socket's path -> Breaker


def breaker_of(address):
    return _breakers.setdefault(address, Breaker())


def breaker_for(url):
    """The breaker of the Redis server at `url`."""
    parts = parse_url(url)
    return breaker_of(parts.get("path") or (parts.get("host", "localhost"), parts.get("port", 6379)))


class Guarded:
    """A redis-py connection that asks its server's breaker before it connects or sends, and trips it when a
    connection, a send or an answer fails or times out."""

    def server_breaker(self):
        return breaker_of(getattr(self, "path", None) or (self.host, self.port))

    def connect_check_health(self, *args, **kwargs):
        self.server_breaker().check()
        return self.tripping(super().connect_check_health, *args, **kwargs)

    def send_packed_command(self, *args, **kwargs):
        self.server_breaker().check()
        return self.tripping(super().send_packed_command, *args, **kwargs)

    def read_response(self, *args, **kwargs):
        return self.tripping(super().read_response, *args, **kwargs)

    def tripping(self, call, *args, **kwargs):
        try:
            return call(*args, **kwargs)
        except (redis.ConnectionError, redis.TimeoutError):
            self.server_breaker().trip()
            raise


class GuardedConnection(Guarded, redis.Connection):
    pass


class GuardedSSLConnection(Guarded, redis.SSLConnection):
    pass


class GuardedUnixConnection(Guarded, redis.UnixDomainSocketConnection):
    pass


def client_options(url):
    """redis-py options for a client of `url`: short timeouts and the breaker."""
    scheme = url.split("://", 1)[0]
    connection_class = {"rediss": GuardedSSLConnection, "unix": GuardedUnixConnection}.get(scheme, GuardedConnection)
    return {"socket_timeout": TIMEOUT, "socket_connect_timeout": TIMEOUT, "connection_class": connection_class}


def client(url, **options):
    """A redis-py client of `url` whose calls are short and skipped while its server's breaker is open."""
    return redis.Redis.from_url(url, **client_options(url), **options)
