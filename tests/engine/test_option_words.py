"""Every option of every game reads as words: its label, and each value's label and meaning, never a raw key."""

import re

import pytest

from engine import all_games

OPTIONS = [(name, option) for name, game in sorted(all_games().items()) for option in game.options]


def raw_keys(option):
    """The option's name and its choices as the engine writes them (`best_only`, `true`)."""
    keys = {option.name}
    for choice in option.choices:
        keys.add(("true" if choice else "false") if isinstance(choice, bool) else str(choice))
    return keys


@pytest.mark.parametrize("name, option", OPTIONS, ids=[f"{name}.{option.name}" for name, option in OPTIONS])
def test_an_option_and_each_of_its_values_read_as_words(name, option):
    words = [option.title, option.help] + [text for _, label, meaning in option.value_words() for text in (label, meaning)]
    assert not [text for text in words if "_" in text], "an engine key, not words"
    assert not re.search(r"\b(true|false)\b", option.help), "a raw value in the help"
    for key in raw_keys(option):
        assert not re.search(rf"(?<![\w-]){re.escape(key)}:", option.help, re.I), f"the help explains {key!r} by its key"
    if any(isinstance(choice, str) for choice in option.choices):
        assert option.values, "a choice of words says what each one is called"
    labels = [label for _, label, _ in option.value_words()]
    assert len(set(labels)) == len(labels) and all(labels)
