"""Rate limits on the requests that make the service mail someone: per client address and per address mailed.

Flask-Limiter counts them: in Redis when REDIS_URL is set (shared by every
web process, its keys prefixed with the service's queue name) and in memory
otherwise. The limits are settings (app.config, LIMIT_*). Per client, a
route's decorator counts each POST. Per address mailed, the service calls
an `admit(addresses)` check once the request is read and before it writes.
Either way a request over its limit is answered 429 and writes nothing.

An address's owner has an allowance of their own (`OWNER`: asked from a
browser that confirmed the address, or from the seat's own link), apart
from what everyone else may ask to be mailed to it: a stranger can spend
the second but never the first.

While Redis is down the limits fail open, with a warning logged: they
count in this process's memory meanwhile (Flask-Limiter's in-memory
fallback, back to Redis once it answers again), and a check that finds
Redis down lets its request through uncounted.
"""

from flask import current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse_many
from limits.errors import StorageError

from app.config import RATE_LIMITS
from app.context import settings
from app.live.redis_breaker import client_options
from app.play.links import CONFIRMED_COOKIE, BadLink, read_browser_token
from app.errors import ServiceError

limiter = Limiter(get_remote_address)
OWNER = "owner"           # the bucket of an address's owner (see the module's docstring)


class TooManyRequests(ServiceError):
    status = 429
    code = "too_many_requests"


def init_app(app, config):
    """Count in the configured storage; a limit setting that cannot be read stops the start."""
    for name in RATE_LIMITS:
        try:
            parse_many(getattr(config, name))
        except ValueError:
            raise ValueError(f"{name.upper()} must be limits like '10 per hour', "
                             f"not {getattr(config, name)!r}") from None
    # A Redis that is down or hangs costs a request at most one short timeout, then nothing while its breaker is
    # open (app/live/redis_breaker.py); its errors are StorageError, and the counts go on in memory meanwhile.
    shared = {"key_prefix": f"{config.celery_queue}-limits", "wrap_exceptions": True,
              **client_options(config.redis_url)} if config.redis_url else {}
    app.config.update(RATELIMIT_ENABLED=True, RATELIMIT_HEADERS_ENABLED=True,
                      RATELIMIT_STORAGE_URI=config.redis_url or "memory://", RATELIMIT_STORAGE_OPTIONS=shared,
                      RATELIMIT_IN_MEMORY_FALLBACK_ENABLED=True, RATELIMIT_SWALLOW_ERRORS=True)
    limiter.init_app(app)


@limiter.request_filter
def reads_are_not_counted():
    """Every per-client limit counts POSTs alone (`per_client`): a read, the open tables' polls above all, skips
    Flask-Limiter's per-request look for limits, a quarter of a trivial request's cost."""
    return request.method in ("GET", "HEAD", "OPTIONS")


def per_client(setting, what, exempt_when=None):
    """A decorator counting a route's POSTs per client address against the limit `setting` names; the routes
    sharing a setting share their count. A POST for which `exempt_when()` is true (one that mails nobody) is
    not counted."""
    return limiter.shared_limit(lambda: getattr(settings(), setting), scope=setting, methods=["POST"],
                                exempt_when=exempt_when,
                                error_message=lambda: too_many(what, "from your network address", setting))


def per_address(setting, what, whose="for {}"):
    """An `admit(addresses, bucket="")` check counting one request against each address, against the limit
    `setting` names, in the address's `bucket` (OWNER, or by default everyone else's); TooManyRequests, with
    nothing counted, if any address is at its limit (told `whose` it is, the address put in its braces).
    Uncounted, with a warning, while the count cannot be read."""
    def admit(addresses, bucket=""):
        limits = parse_many(getattr(settings(), setting))
        keys = sorted({(address, f"{bucket}:{address}" if bucket else address) for address in addresses})
        strategy = limiter.limiter
        try:
            for address, key in keys:
                if not all(strategy.test(limit, setting, key) for limit in limits):
                    raise TooManyRequests(too_many(what, whose.format(address), setting))
            for _, key in keys:
                for limit in limits:
                    strategy.hit(limit, setting, key)
        except StorageError as error:
            current_app.logger.warning("%s not counted, the rate limit storage is unreachable: %s", setting,
                                       error.storage_error)
    return admit


def confirmed_address():
    """The address this request's browser confirmed (its CONFIRMED_COOKIE), or None."""
    token = request.cookies.get(CONFIRMED_COOKIE)
    try:
        return read_browser_token(settings().signing_keys, token) if token else None
    except BadLink:
        return None


def too_many(what, whose, setting):
    return f"Too many {what} {whose} (at most {getattr(settings(), setting)}). Please try again later."


# Showing the new-game form again for another number of players starts nothing.
games_per_client = per_client("limit_games_per_client", "new games",
                              exempt_when=lambda: "change_players" in request.form)
links_per_client = per_client("limit_links_per_client", "requests for links")
# Replaying a pasted record mails nobody but costs a replay of every event.
replays_per_client = per_client("limit_replays_per_client", "replays")
admit_games = per_address("limit_games_per_address", "new games")
admit_links = per_address("limit_links_per_address", "mailed links")
# Replies by mail (app.mail_in.replies), counted per seat (`<game id>:<seat>`), or per sender when refused.
admit_replies = per_address("limit_replies_per_seat", "replies")
# Table talk (app.social.talk), counted per seat (`<game id>:<seat>`).
admit_talk = per_address("limit_talk_per_seat", "messages", whose="from your seat")
