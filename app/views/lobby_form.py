"""The lobby form: fields generated from a game's option declarations, read back as API data."""

from engine import find_game
from engine.robots import robot_levels

from .fields import whole_number

MOVE_TIMES = [("1h", "1 hour"), ("12h", "12 hours"), ("24h", "1 day"), ("72h", "3 days"), ("7d", "1 week")]
DEFAULT_MOVE_TIME = "72h"
PERSON = "person"
DEFAULT_ROBOT = "strong"      # the strongest of engine.robots.robot_levels()


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


def option_fields(game, players):
    """One field per declared option, with its default for this many players."""
    fields = []
    for option in game.options:
        default = option.default_for(players)
        if option.choices:
            choices = [(encode(choice), label(choice)) for choice in option.choices]
            fields.append({"name": option.name, "label": option.title, "help": option.help,
                           "kind": "choice", "choices": choices, "value": encode(default)})
        else:
            fields.append({"name": option.name, "label": option.title, "help": option.help,
                           "kind": "number", "min": option.minimum, "max": option.maximum, "value": default})
    return fields


def player_seat_labels(game, players):
    """Labels for the player seats, in the engine's order (dummies are played by their partner)."""
    seating = game.seating(players, {})
    labels = []
    for seat in seating.players():
        controlled = [s for s in seating.controlled_by(seat) if s != seat]
        extra = f" (also plays seat {', '.join(str(s + 1) for s in controlled)}, the dummy)" if controlled else ""
        labels.append(f"Seat {seat + 1}{extra}")
    return labels


def seat_kinds():
    return [(PERSON, "a person")] + [(level, f"a robot ({level})") for level in robot_levels()]


def encode(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def label(text):
    return str(text).replace("_", " ").capitalize() if not isinstance(text, bool) else ("Yes" if text else "No")


def read_form(game_name, form):
    """API-shaped data from the posted lobby form (checked later by the service)."""
    game = find_game(game_name)
    players = whole_number(form.get("players"))
    options = {}
    for option in game.options:
        raw = form.get(f"option_{option.name}")
        if raw is None:
            continue
        if option.choices:
            options[option.name] = next((c for c in option.choices if encode(c) == raw), raw)
        else:
            number = whole_number(raw)
            options[option.name] = raw if number is None else number
    seats = []
    for index in range(players if players in game.players else 0):
        kind = form.get(f"seat{index}_kind", PERSON)
        name = form.get(f"seat{index}_name", "")
        if kind == PERSON:
            seats.append({"name": name, "email": form.get(f"seat{index}_email", "")})
        else:
            seats.append({"robot": kind, "name": name.strip() or None})
    return {"game": game_name, "options": options, "seats": seats,
            "move_time": form.get("move_time", DEFAULT_MOVE_TIME),
            "timeout_policy": form.get("timeout_policy", "robot")}
