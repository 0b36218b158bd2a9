"""The lobby form: fields generated from a game's option declarations, read back as API data."""

from engine import find_game
from engine.robots import robot_levels

MOVE_TIMES = [("1h", "1 hour"), ("12h", "12 hours"), ("24h", "1 day"), ("72h", "3 days"), ("7d", "1 week")]
DEFAULT_MOVE_TIME = "72h"
PERSON = "person"
FLAGSHIP = "quinto"           # listed first and chosen unless the player picks another game
DEFAULT_ROBOT = "strong"      # the strongest of engine.robots.robot_levels()


def games_flagship_first(games):
    """The games by name, the flagship first and the others in their given order."""
    return {name: games[name] for name in sorted(games, key=lambda name: name != FLAGSHIP)}


def option_fields(game, players):
    """One field per declared option, with its default for this many players."""
    fields = []
    for option in game.options:
        default = option.default_for(players)
        if option.choices:
            choices = [(encode(choice), label(choice)) for choice in option.choices]
            fields.append({"name": option.name, "label": label(option.name), "help": option.help,
                           "kind": "choice", "choices": choices, "value": encode(default)})
        else:
            fields.append({"name": option.name, "label": label(option.name), "help": option.help,
                           "kind": "number", "min": option.minimum, "max": option.maximum, "value": default})
    return fields


def player_seat_labels(game, players):
    """Labels for the player seats, in the engine's order (dummies are played by their partner)."""
    state = game(players, {}, 0)
    labels = []
    for seat in state.player_seats():
        controlled = [s for s in range(state.seat_count) if state.controller(s) == seat and s != seat]
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
    try:
        players = int(form.get("players", ""))
    except ValueError:
        players = -1
    options = {}
    for option in game.options:
        raw = form.get(f"option_{option.name}")
        if raw is None:
            continue
        if option.choices:
            options[option.name] = next((c for c in option.choices if encode(c) == raw), raw)
        else:
            options[option.name] = int(raw) if raw.strip().lstrip("-").isdigit() else raw
    seats = []
    for index in range(max(players, 0)):
        kind = form.get(f"seat{index}_kind", PERSON)
        name = form.get(f"seat{index}_name", "")
        if kind == PERSON:
            seats.append({"name": name, "email": form.get(f"seat{index}_email", "")})
        else:
            seats.append({"robot": kind, "name": name.strip() or None})
    return {"game": game_name, "options": options, "seats": seats,
            "move_time": form.get("move_time", DEFAULT_MOVE_TIME),
            "timeout_policy": form.get("timeout_policy", "robot")}
