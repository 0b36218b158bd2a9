"""Checking a request to start a game (from the API or the lobby form)."""

import re
from dataclasses import dataclass
from email.headerregistry import Address

from email_validator import EmailNotValidError, validate_email

from engine import EngineError, all_games, shown
from engine.robots import robot_levels

from app.store.models import TIMEOUT_POLICIES, TIMEOUT_ROBOT
from app.words.present import players_words
from app.errors import BadInput

MOVE_TIME_UNITS = {"m": 60, "h": 3600, "d": 86400}
MOVE_TIME_MIN = 5 * 60
MOVE_TIME_MAX = 30 * 86400
NAME_MAX = 40
EMAIL_MAX = 254
OPEN_SEAT_NAME = "Open seat"     # an open seat's name until someone takes it (app.social.open_seats)
OPEN_DAYS_MAX = 30
RATING_MAX = 4000


@dataclass
class SeatSpec:
    name: str
    email: str | None = None
    robot: str | None = None
    open: bool = False   # left open for anyone to take (app.social.open_seats)


@dataclass
class GameSpec:
    game: str
    options: dict
    seats: list          # SeatSpec per player, in the order of the engine's player seats
    move_time: int       # seconds
    timeout_policy: str
    open_terms: dict | None = None   # with open seats: min_rating, max_rating, days (app.social.open_seats)
    rated: bool = False              # counts for its players' ratings (app.standings)

    @property
    def creator_email(self):
        return next(seat.email for seat in self.seats if seat.email)

    @property
    def addresses(self):
        """Every address the game would mail, once each."""
        return sorted({seat.email for seat in self.seats if seat.email})


def parse_game_spec(data):
    """A GameSpec from API-shaped data, or BadInput naming the first problem."""
    if not isinstance(data, dict):
        raise BadInput("the request must be a JSON object")
    unknown = sorted(set(data) - {"game", "options", "seats", "move_time", "timeout_policy", "rated", *OPEN_TERMS})
    if unknown:
        raise BadInput(f"unknown field {shown(unknown[0])}", "unknown_field")
    games = all_games()
    name = data.get("game")
    if not isinstance(name, str) or name not in games:
        raise BadInput(f"unknown game {shown(name)}; choose one of {', '.join(games)}", "unknown_game")
    game = games[name]
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise BadInput("options must be an object", "bad_option")
    seats_data = data.get("seats")
    if not isinstance(seats_data, list):
        raise BadInput("seats must be a list of players", "bad_seats")
    if len(seats_data) not in game.players:
        raise BadInput(f"{game.title} is played by {players_words(game.players)}, not {len(seats_data)}", "bad_seats")
    seats = [parse_seat(index, seat) for index, seat in enumerate(seats_data)]
    if not any(seat.email for seat in seats):
        raise BadInput("at least one seat must be a person with an email address (the creator)", "no_creator")
    policy = data.get("timeout_policy", TIMEOUT_ROBOT)
    if policy not in TIMEOUT_POLICIES:
        raise BadInput(f"timeout_policy must be one of {', '.join(TIMEOUT_POLICIES)}", "bad_timeout_policy")
    try:
        game(len(seats), options, 0)
    except EngineError as error:
        raise BadInput(str(error), error.code) from None
    rated = data.get("rated", False)
    if type(rated) is not bool:
        raise BadInput("rated must be true (the game counts for the players' ratings) or false", "bad_rated")
    return GameSpec(name, options, seats, parse_move_time(data.get("move_time", "72h")), policy,
                    open_terms=parse_open_terms(data, seats), rated=rated)


OPEN_TERMS = ("min_rating", "max_rating", "open_days")


def parse_open_terms(data, seats):
    """The terms of a game's open seats: who may take one (a rating range, either end optional) and for how many
    days it is listed; None for a game without open seats, which must not name them."""
    named = [term for term in OPEN_TERMS if data.get(term) is not None]
    if not any(seat.open for seat in seats):
        if named:
            raise BadInput(f"{named[0]} is for a game with open seats: leave a seat open with {{\"open\": true}}",
                           "bad_open_terms")
        return None
    terms = {"days": data.get("open_days", 7)}
    if type(terms["days"]) is not int or not 1 <= terms["days"] <= OPEN_DAYS_MAX:
        raise BadInput(f"open_days must be a whole number of days from 1 to {OPEN_DAYS_MAX}", "bad_open_terms")
    for term in ("min_rating", "max_rating"):
        value = data.get(term)
        if value is not None and (type(value) is not int or not 0 <= value <= RATING_MAX):
            raise BadInput(f"{term} must be a whole number from 0 to {RATING_MAX}, or left out", "bad_open_terms")
        terms[term] = value
    if None not in (terms["min_rating"], terms["max_rating"]) and terms["min_rating"] > terms["max_rating"]:
        raise BadInput("min_rating must not be above max_rating", "bad_open_terms")
    return terms


def parse_seat(index, data):
    where = f"seat {index + 1}"
    if not isinstance(data, dict):
        raise BadInput(f"{where} must be an object", "bad_seats")
    unknown = sorted(set(data) - {"name", "email", "robot", "open"})
    if unknown:
        raise BadInput(f"{where}: unknown field {shown(unknown[0])}", "bad_seats")
    if "open" in data:
        if data["open"] is not True or set(data) != {"open"}:
            raise BadInput(f"{where}: an open seat is {{\"open\": true}} alone: whoever takes it names themselves",
                           "bad_seats")
        return SeatSpec(name=OPEN_SEAT_NAME, open=True)
    if data.get("robot") is not None:
        level = data["robot"]
        if level not in robot_levels():
            raise BadInput(f"{where}: unknown robot level {shown(level)}; choose one of {', '.join(robot_levels())}",
                           "bad_robot")
        if data.get("email"):
            raise BadInput(f"{where}: a robot has no email address", "bad_seats")
        name = clean_name(data.get("name") or f"Robot {index + 1}", where)
        return SeatSpec(name=name, robot=level)
    return SeatSpec(name=clean_name(data.get("name"), where), email=clean_email(data.get("email"), where))


def clean_name(value, where):
    if not isinstance(value, str) or not value.strip():
        raise BadInput(f"{where}: a name is needed", "bad_name")
    name = " ".join(value.split())
    if len(name) > NAME_MAX:
        raise BadInput(f"{where}: the name is longer than {NAME_MAX} characters", "bad_name")
    if not name.isprintable():
        raise BadInput(f"{where}: the name holds control characters", "bad_name")
    return name


def clean_email(value, where):
    """An ordinary address, lower-cased: an ASCII dot-atom before the @, a domain with a dot after it.

    The syntax alone is checked (no DNS). Quoted local parts, domain literals,
    display names and anything a mail header would read as more than one
    address (an encoded word) are refused: the address must come back
    unchanged from the `Address` object the mailer builds `To` from.
    """
    if not isinstance(value, str) or not value.strip():
        raise BadInput(f"{where}: an email address is needed for a person (or choose a robot)", "bad_email")
    text = value.strip()
    if len(text) > EMAIL_MAX:
        raise BadInput(f"{where}: {shown(text)} is not an email address: it has over {EMAIL_MAX} characters", "bad_email")
    try:
        email = validate_email(text, check_deliverability=False, allow_smtputf8=False).ascii_email.lower()
    except EmailNotValidError as error:
        raise BadInput(f"{where}: {shown(text)} is not an email address ({error})", "bad_email") from None
    try:
        ordinary = Address(addr_spec=email).addr_spec == email
    except ValueError:          # the header parser's defects are ValueErrors
        ordinary = False
    if not ordinary:
        raise BadInput(f"{where}: {shown(text)} is not an ordinary email address", "bad_email")
    return email


def parse_move_time(value):
    """Seconds from `90m`, `72h`, `7d` (or a whole number of seconds)."""
    if type(value) is int:
        seconds = value
    elif isinstance(value, str) and re.fullmatch(r"\s*\d{1,6}\s*[mhd]\s*", value):
        text = value.strip()
        seconds = int(text[:-1]) * MOVE_TIME_UNITS[text[-1]]
    else:
        raise BadInput(f"move_time must look like 90m, 72h or 7d, not {shown(value)}", "bad_move_time")
    if not MOVE_TIME_MIN <= seconds <= MOVE_TIME_MAX:
        raise BadInput("move_time must be between 5 minutes and 30 days", "bad_move_time")
    return seconds
