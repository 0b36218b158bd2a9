"""Every game the engine offers, found by its name."""

from .errors import RecordError

_GAMES = {}
_loaded = False


def register(game_class):
    """Class decorator: make a game findable by its `name`."""
    _GAMES[game_class.name] = game_class
    return game_class


def find_game(name):
    _load_games()
    try:
        return _GAMES[name]
    except (KeyError, TypeError):
        offered = ", ".join(sorted(_GAMES))
        raise RecordError(f"unknown game {name!r}; the engine offers: {offered}") from None


def all_games():
    """The registered game classes, by name."""
    _load_games()
    return dict(sorted(_GAMES.items()))


def _load_games():
    global _loaded
    if not _loaded:
        from . import games  # noqa: F401  (importing the package registers each game)
        _loaded = True
