"""Signed links: one salt per purpose, key rotation, revocation by version.

A seat link carries (game id, seat, link version); bumping the seat's
`link_version` revokes every link made before. Keys come from the config
as a list, the newest last: links signed with an older key still open.
"""

from functools import lru_cache

from itsdangerous import BadSignature, URLSafeSerializer, URLSafeTimedSerializer

SEAT = "seat-link"
CONFIRM = "confirm-game"
MY_GAMES = "my-games"
MY_GAMES_MAX_AGE = 7 * 24 * 3600


class BadLink(Exception):
    """A link that is tampered with, revoked, expired or unknown."""


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


def read_seat_token(keys, token):
    """(game id, seat, link version) from a seat token; BadLink if it was not signed by us."""
    return _read_seat_token(tuple(keys), token)


@lru_cache(maxsize=SEAT_LINKS_KEPT)
def _read_seat_token(keys, token):
    try:
        game_id, seat, version = _serializer_for(keys, SEAT, False).loads(token)
    except (BadSignature, ValueError, TypeError):
        raise BadLink("this link is not valid") from None
    if not (isinstance(game_id, str) and type(seat) is int and type(version) is int):
        raise BadLink("this link is not valid")
    return game_id, seat, version


def confirm_token(keys, game_id):
    return _serializer(keys, CONFIRM).dumps(game_id)


def read_confirm_token(keys, token):
    try:
        game_id = _serializer(keys, CONFIRM).loads(token)
    except BadSignature:
        raise BadLink("this confirmation link is not valid") from None
    if not isinstance(game_id, str):
        raise BadLink("this confirmation link is not valid")
    return game_id


def my_games_token(keys, email):
    return _serializer(keys, MY_GAMES, timed=True).dumps(email)


def read_my_games_token(keys, token):
    try:
        email = _serializer(keys, MY_GAMES, timed=True).loads(token, max_age=MY_GAMES_MAX_AGE)
    except BadSignature:
        raise BadLink("this link is not valid or has expired; ask for a new one") from None
    if not isinstance(email, str):
        raise BadLink("this link is not valid")
    return email
