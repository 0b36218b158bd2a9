"""Game options: each declared once with its values and default."""

from dataclasses import dataclass
from typing import Any

from .errors import OptionError, shown


@dataclass(frozen=True)
class Option:
    """One option of a game.

    `choices` lists the allowed values (strings or booleans); an integer
    option gives `minimum`/`maximum` instead. `default` may be a function of
    the number of players, for defaults that depend on it. `help` is the
    one-line explanation people read; `label`, its name as people read it,
    defaults to the name in words. `values` gives each of `choices`, in
    order, as people read it: a (label, meaning) pair, the meaning "" where
    the label says it all; a choice of words needs them, while Yes and No
    and numbers read as they are. `players` lists the numbers of players
    the option means something for (empty: every number); the new-game form
    offers it only for those, and the default stands for the others.
    """

    name: str
    default: Any
    help: str
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    players: tuple = ()
    values: tuple = ()

    def __post_init__(self):
        if self.values and len(self.values) != len(self.choices):
            raise ValueError(f"option {self.name}: one (label, meaning) for each of its {len(self.choices)} choices")

    @property
    def title(self):
        """The option's name as people read it."""
        return self.label or self.name.replace("_", " ").capitalize()

    def value_words(self):
        """(value, label, meaning) for each choice, in order: the declared words, else Yes, No or the number."""
        if self.values:
            return [(choice, label, meaning) for choice, (label, meaning) in zip(self.choices, self.values)]
        return [(choice, _plain(choice), "") for choice in self.choices]

    def value_label(self, value):
        """A value of the option as people read it."""
        return next((label for choice, label, _ in self.value_words() if choice == value and type(choice) is type(value)),
                    _plain(value))

    def applies_to(self, players):
        """Whether the option means something in a game of `players` players."""
        return not self.players or players in self.players

    def default_for(self, players):
        return self.default(players) if callable(self.default) else self.default

    def check(self, value):
        if self.choices:
            if value not in self.choices or type(value) is not type(self.choices[0]):
                allowed = ", ".join(_show(choice) for choice in self.choices)
                raise OptionError(f"option {self.name} must be one of {allowed}, not {_show(value)}")
            return value
        if type(value) is not int:
            raise OptionError(f"option {self.name} must be a whole number, not {_show(value)}")
        if self.minimum is not None and value < self.minimum:
            raise OptionError(f"option {self.name} must be at least {self.minimum}, not {_show(value)}")
        if self.maximum is not None and value > self.maximum:
            raise OptionError(f"option {self.name} must be at most {self.maximum}, not {_show(value)}")
        return value


def _plain(value):
    if isinstance(value, bool):
        return "Yes" if value else "No"
    return str(value)


def _show(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return shown(value)


def resolve_options(declared, given, players):
    """Every declared option's value: the given one, checked, or the default."""
    if not isinstance(given, dict):
        raise OptionError("options must be an object")
    values = {
        option.name: option.check(given[option.name]) if option.name in given else option.default_for(players)
        for option in declared
    }
    for name in given:
        if name not in values:
            offered = ", ".join(values) or "none"
            raise OptionError(f"unknown option {shown(name)}; this game takes: {offered}")
    return values
