"""Rate limits on the requests that make the service mail someone: per client address and per address mailed.

Flask-Limiter counts them: in Redis when REDIS_URL is set (shared by every
web process, its keys prefixed with the service's queue name) and in memory
otherwise. The limits are settings (app.config, LIMIT_*). Per client, a
route's decorator counts each POST. Per address mailed, the service calls
an `admit(addresses)` check once the request is read and before it writes.
Either way a request over its limit is answered 429 and writes nothing.
"""

from flask import request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse_many

from .config import RATE_LIMITS
from .context import settings
from .services.errors import ServiceError

limiter = Limiter(get_remote_address)


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
    shared = {"key_prefix": f"{config.celery_queue}-limits"} if config.redis_url else {}
    app.config.update(RATELIMIT_ENABLED=True, RATELIMIT_HEADERS_ENABLED=True,
                      RATELIMIT_STORAGE_URI=config.redis_url or "memory://", RATELIMIT_STORAGE_OPTIONS=shared)
    limiter.init_app(app)


def per_client(setting, what, exempt_when=None):
    """A decorator counting a route's POSTs per client address against the limit `setting` names; the routes
    sharing a setting share their count. A POST for which `exempt_when()` is true (one that mails nobody) is
    not counted."""
    return limiter.shared_limit(lambda: getattr(settings(), setting), scope=setting, methods=["POST"],
                                exempt_when=exempt_when,
                                error_message=lambda: too_many(what, "from your network address", setting))


def per_address(setting, what, whose="for {}"):
    """An `admit(addresses)` check counting one request against each address, against the limit `setting`
    names; TooManyRequests, with nothing counted, if any address is at its limit (told `whose` it is, the
    address put in its braces)."""
    def admit(addresses):
        limits = parse_many(getattr(settings(), setting))
        addresses = sorted(set(addresses))
        strategy = limiter.limiter
        for address in addresses:
            if not all(strategy.test(limit, setting, address) for limit in limits):
                raise TooManyRequests(too_many(what, whose.format(address), setting))
        for address in addresses:
            for limit in limits:
                strategy.hit(limit, setting, address)
    return admit


def too_many(what, whose, setting):
    return f"Too many {what} {whose} (at most {getattr(settings(), setting)}). Please try again later."


# Showing the new-game form again for another number of players starts nothing.
games_per_client = per_client("limit_games_per_client", "new games",
                              exempt_when=lambda: "change_players" in request.form)
links_per_client = per_client("limit_links_per_client", "requests for links")
admit_games = per_address("limit_games_per_address", "new games")
admit_links = per_address("limit_links_per_address", "mailed links")
# Replies by mail (app.services.replies), counted per seat (`<game id>:<seat>`), or per sender when refused.
admit_replies = per_address("limit_replies_per_seat", "replies")
# Table talk (app.services.talk), counted per seat (`<game id>:<seat>`).
admit_talk = per_address("limit_talk_per_seat", "messages", whose="from your seat")
