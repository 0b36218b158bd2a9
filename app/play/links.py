"""Signed links: one salt per purpose, key rotation, revocation by version.

A seat link carries (game id, seat, link version); bumping the seat's
`link_version` revokes every link made before. A watch link carries (game id,
watch version), revoked the same way by the game's `watch_version`. A confirmation link carries
(address, link number) and expires; an unsubscribe link carries the address
alone and does nothing else. A browser that has just confirmed an address
keeps it in a signed cookie that expires (`browser_token`). A reply address carries a seat link's facts
and the position its mail showed (see `reply_token`). Keys come from the config as a list, the
newest last: links signed with an older key still open.

Every rejected link, whatever the reason, gets the one message REJECTED:
the answer tells nobody whether a link was forged, replaced, used or old.
"""

from functools import lru_cache

from itsdangerous import BadSignature, Signer, URLSafeSerializer, URLSafeTimedSerializer

SEAT = "seat-link"
CONFIRM = "confirm-address"
MY_GAMES = "my-games"
UNSUBSCRIBE = "unsubscribe"
REPLY = "reply-address"
WATCH = "watch-link"
BROWSER = "confirmed-browser"
CONFIRMED_COOKIE = "confirmed"                # a browser's proof that it confirmed an address (browser_token)
MY_GAMES_MAX_AGE = 7 * 24 * 3600
CONFIRM_MAX_AGE = 7 * 24 * 3600
BROWSER_MAX_AGE = 30 * 24 * 3600
REJECTED = ("This link does not work: it may be incomplete, replaced by a newer one, already used or out of date. "
            "Use the link in your latest mail, or ask for fresh links to your games.")


class BadLink(Exception):
    """A link that is tampered with, revoked, used, expired or unknown: answer it with REJECTED."""


def _serializer(keys, salt, timed=False):
    return _serializer_for(tuple(keys), salt, timed)


@lru_cache(maxsize=32)
def _serializer_for(keys, salt, timed):
    # Built once per key set and purpose: every move signs and checks seat links.
    kind = URLSafeTimedSerializer if timed else URLSafeSerializer
    return kind(list(keys), salt=salt)


def seat_token(keys, seat):
    return _signed_seat(tuple(keys), seat.game_id, seat.seat, seat.link_version)


# Seat links are signed and checked on every move and table page, each time with two HMACs per key; the
# answers depend only on the keys and the link, so they are kept. A failed check raises and is not kept.
SEAT_LINKS_KEPT = 4096


@lru_cache(maxsize=SEAT_LINKS_KEPT)
def _signed_seat(keys, game_id, seat, version):
    return _serializer_for(keys, SEAT, False).dumps([game_id, seat, version])


def watch_token(keys, game):
    """A watch link's token: (game id, watch version); bumping the game's `watch_version` revokes it."""
    return _serializer_for(tuple(keys), WATCH, False).dumps([game.id, game.watch_version])


def read_watch_token(keys, token):
    """(game id, watch version) from a watch token; BadLink if it was not signed by us."""
    try:
        game_id, version = _serializer_for(tuple(keys), WATCH, False).loads(token)
    except (BadSignature, ValueError, TypeError):
        raise BadLink() from None
    if not (isinstance(game_id, str) and type(version) is int):
        raise BadLink()
    return game_id, version


def read_seat_token(keys, token):
    """(game id, seat, link version) from a seat token; BadLink if it was not signed by us."""
    return _read_seat_token(tuple(keys), token)


@lru_cache(maxsize=SEAT_LINKS_KEPT)
def _read_seat_token(keys, token):
    try:
        game_id, seat, version = _serializer_for(keys, SEAT, False).loads(token)
    except (BadSignature, ValueError, TypeError):
        raise BadLink() from None
    if not (isinstance(game_id, str) and type(seat) is int and type(version) is int):
        raise BadLink()
    return game_id, seat, version


def confirm_token(keys, address, number):
    """The `number`-th confirmation link of `address`: single use (see models.Consent), and it expires."""
    return _serializer(keys, CONFIRM, timed=True).dumps([address, number])


def read_confirm_token(keys, token):
    """(address, link number) from a confirmation token; BadLink if not ours or expired."""
    try:
        address, number = _serializer(keys, CONFIRM, timed=True).loads(token, max_age=CONFIRM_MAX_AGE)
    except (BadSignature, ValueError, TypeError):
        raise BadLink() from None
    if not (isinstance(address, str) and type(number) is int):
        raise BadLink()
    return address, number


def unsubscribe_token(keys, address):
    """A link that can do one thing: stop all mail to `address`. It does not expire, as old mails keep it."""
    return _serializer(keys, UNSUBSCRIBE).dumps(address)


def read_unsubscribe_token(keys, token):
    return _read_address(keys, UNSUBSCRIBE, token)


def _read_address(keys, salt, token, max_age=None):
    """The address a token signed with `salt` carries; BadLink if it was not signed by us, is older than
    `max_age` seconds (for a timed one), or carries anything but an address."""
    try:
        serializer = _serializer(keys, salt, timed=max_age is not None)
        address = serializer.loads(token, max_age=max_age) if max_age is not None else serializer.loads(token)
    except BadSignature:
        raise BadLink() from None
    if not isinstance(address, str):
        raise BadLink()
    return address


def browser_token(keys, address):
    """The cookie of a browser that has just confirmed `address`: its games start without asking again."""
    return _serializer(keys, BROWSER, timed=True).dumps(address)


def read_browser_token(keys, token):
    """The address a browser confirmed; BadLink if the cookie was not signed by us or is out of date."""
    return _read_address(keys, BROWSER, token, BROWSER_MAX_AGE)


def my_games_token(keys, email):
    return _serializer(keys, MY_GAMES, timed=True).dumps(email)


def read_my_games_token(keys, token):
    return _read_address(keys, MY_GAMES, token, MY_GAMES_MAX_AGE)


def reply_token(keys, seat, seq):
    """The token of a seat's reply address for the position `seq`: `<game>.<seat>.<link version>.<seq>.<signature>`.

    Short enough for an address's local part (at most 64 characters) and
    made of characters every mail program keeps; revoked with the seat's
    links, as it carries their version.
    """
    return _reply_signer(tuple(keys)).sign(f"{seat.game_id}.{seat.seat}.{seat.link_version}.{seq}").decode()


def read_reply_token(keys, token):
    """(game id, seat, link version, seq) from a reply token; BadLink if it was not signed by us."""
    try:
        payload = _reply_signer(tuple(keys)).unsign(token).decode()
    except (BadSignature, UnicodeError):
        raise BadLink() from None
    game_id, *numbers = payload.rsplit(".", 3)
    if len(numbers) != 3 or not all(number.isdecimal() for number in numbers):
        raise BadLink()
    return game_id, *(int(number) for number in numbers)


@lru_cache(maxsize=32)
def _reply_signer(keys):
    return Signer(list(keys), salt=REPLY, sep=".")
