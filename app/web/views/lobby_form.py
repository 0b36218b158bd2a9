"""The lobby form: fields generated from a game's option declarations, read back as API data."""

from engine import EngineError, find_game
from engine.robots import level_words

from app.standings.anchors import anchor_rating
from app.web.views.fields import whole_number

MOVE_TIMES = [("1h", "1 hour"), ("12h", "12 hours"), ("24h", "1 day"), ("72h", "3 days"), ("7d", "1 week")]
DEFAULT_MOVE_TIME = "72h"
PERSON = "person"
OPEN = "open"                 # a seat left open for anyone (app.social.open_seats)
DEFAULT_ROBOT = "strong"      # a seat the service fills itself: a good player that answers in well under a second
CHANGE_PLAYERS = "change_players"   # the form's button that shows it again for another number of players
DEFAULTS_FOR = "defaults_for"       # the number of players whose option defaults the form showed


def games_flagship_first(games):
    """The games by name, the flagship (a game's own fact) first and the others in their given order."""
    return {name: games[name] for name in sorted(games, key=lambda name: not games[name].flagship)}


FAMILIES = (("tricks", "Trick games"), ("vying", "Vying games"), ("other", "Matching and counting games"))


def games_by_family(games):
    """(family title, {name: game}) for each kind of game (`engine.protocol`'s KIND_*) that has games, in
    FAMILIES' order, the flagship first within its family; a kind not named there comes last under its own word."""
    ordered = games_flagship_first(games)
    titles = dict(FAMILIES)
    kinds = [kind for kind, _ in FAMILIES] + sorted({game.kind for game in games.values()} - set(titles))
    families = []
    for kind in kinds:
        members = {name: game for name, game in ordered.items() if game.kind == kind}
        if members:
            families.append((titles.get(kind, kind.capitalize()), members))
    return families


def flagship(games):
    """The game chosen in the lobby unless the player picks another."""
    return next(iter(games_flagship_first(games)))


def option_fields(game, players, chosen=None):
    """One field per declared option that applies to this many players, with the value `chosen` (read_options)
    or else its default for them."""
    fields = []
    for option in game.options:
        if not option.applies_to(players):
            continue
        default = (chosen or {}).get(option.name, option.default_for(players))
        if option.choices:
            words = option.value_words()
            fields.append({"name": option.name, "label": option.title, "help": option.help, "kind": "choice",
                           "choices": [(encode(choice), label) for choice, label, _ in words],
                           "meanings": [(label, meaning) for _, label, meaning in words if meaning],
                           "value": encode(default)})
        else:
            fields.append({"name": option.name, "label": option.title, "help": option.help,
                           "kind": "number", "min": option.minimum, "max": option.maximum, "value": default})
    return fields


def player_seat_labels(game, players, options=None):
    """Labels for the player seats, numbered 1 to n in the engine's order, with each seat's partners (the
    seating of `options`, as far as they could be read) and the dummy it plays for."""
    try:
        seating = game.seating(players, options or {})
    except EngineError:
        seating = game.seating(players, {})
    numbers = {seat: number for number, seat in enumerate(seating.players(), 1)}
    labels = []
    for seat, number in numbers.items():
        notes = []
        partners = [numbers[other] for other in seating.seats_of(seating.sides[seat]) if other != seat]
        if seating.partnerships and partners:
            notes.append(f"partner of {seat_list(partners)}")
        dummies = [other for other in seating.controlled_by(seat) if other != seat]
        if dummies:
            notes.append("also plays the dummy opposite")
        labels.append(f"Seat {number}" + (f" ({'; '.join(notes)})" if notes else ""))
    return labels


def seat_list(numbers):
    """`seat 3`, `seats 2 and 4`."""
    words = [str(number) for number in numbers]
    return f"seat {words[0]}" if len(words) == 1 else f"seats {', '.join(words[:-1])} and {words[-1]}"


def seat_kinds():
    return ([(PERSON, "a person"), (OPEN, "an open seat, for anyone")]
            + [(level, f"a robot ({level}): {plays_like}") for level, (plays_like, _) in level_words().items()])


def robot_words(game_name):
    """[(level, how it plays, its rating in the game)] for the lobby's note on the robots, weakest first: the
    rating is on the scale a player's own is."""
    return [(level, words, round(anchor_rating(game_name, level))) for level, (_, words) in level_words().items()]


def encode(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def read_form(game_name, form):
    """API-shaped data from the posted lobby form (checked later by the service)."""
    game = find_game(game_name)
    players = whole_number(form.get("players"))
    seats = []
    for index in range(players if players in game.players else 0):
        kind = form.get(f"seat{index}_kind", PERSON)
        name = form.get(f"seat{index}_name", "")
        if kind == PERSON:
            seats.append({"name": name, "email": form.get(f"seat{index}_email", "")})
        elif kind == OPEN:
            seats.append({"open": True})
        else:
            seats.append({"robot": kind, "name": name.strip() or None})
    data = {"game": game_name, "options": read_options(game, form), "seats": seats,
            "move_time": form.get("move_time", DEFAULT_MOVE_TIME),
            "timeout_policy": form.get("timeout_policy", "robot"), "rated": form.get("rated") == "yes"}
    if any(seat.get("open") for seat in seats):    # the open seats' terms; without open seats they mean nothing
        for term in ("open_days", "min_rating", "max_rating"):
            raw = form.get(term, "").strip()
            if raw:
                number = whole_number(raw)
                data[term] = raw if number is None else number
    return data


def read_options(game, form):
    """The options the form gives, as the API takes them (left as typed where they cannot be read).

    An option left at the default the form showed (for the number of players it was shown for, DEFAULTS_FOR)
    is left out: the game gives it its default for the number of players chosen, which may differ (deals, so
    that each player deals alike). Only an option the creator changed is theirs to keep."""
    shown_for = whole_number(form.get(DEFAULTS_FOR))
    options = {}
    for option in game.options:
        raw = form.get(f"option_{option.name}")
        if raw is None or (shown_for in game.players and raw == encode(option.default_for(shown_for))):
            continue
        if option.choices:
            options[option.name] = next((c for c in option.choices if encode(c) == raw), raw)
        else:
            number = whole_number(raw)
            options[option.name] = raw if number is None else number
    return options
