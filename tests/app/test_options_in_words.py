"""The lobby's form and the rules pages show every option as words: its label and each value's label and meaning,
never an engine key or value (`false: no such duty`, `italian:`, option keys in code font)."""

import re
from html import unescape

import pytest

from app.web.views.lobby_form import encode
from engine import all_games

GAMES = sorted(all_games())
TAG = re.compile(r"<[^>]+>")


def visible_text(page):
    """What a reader sees of a page: its text without the markup (attribute values, the form's own keys, are not
    shown)."""
    return unescape(TAG.sub(" ", page.split("<main>", 1)[1]))


def raw_keys(game):
    """Every option's name and every value as the engine writes it that is not already a word or a number."""
    keys = set()
    for option in game.options:
        keys.add(option.name)
        keys.update(encode(choice) for choice in option.choices if isinstance(choice, bool) or "_" in str(choice))
    return {key for key in keys if "_" in key or key in ("true", "false")}


@pytest.mark.parametrize("name", GAMES)
def test_the_rules_page_names_every_option_in_words(client, name):
    game = all_games()[name]
    page = client.get(f"/rules/{name}").get_data(as_text=True)
    codes = set(re.findall(r"<code>([^<]*)</code>", page))
    options = {option.name for option in game.options}
    values = {encode(choice) for option in game.options for choice in option.choices if not isinstance(choice, int)
              or isinstance(choice, bool)}
    assert not codes & (options | values), "option keys or values in code font"
    text = visible_text(page)
    keys = raw_keys(game) - {"true", "false"}               # words of the prose too; in code font they are caught above
    assert not [key for key in keys if re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", text)]
    for option in game.options:
        assert option.title in text, f"the rules page never names the option {option.title!r}"


@pytest.mark.parametrize("name", GAMES)
def test_the_lobby_shows_each_option_and_value_by_its_label_and_meaning(client, name):
    game = all_games()[name]
    players = max(game.players)
    page = client.get(f"/lobby/{name}?players={players}").get_data(as_text=True)
    text = visible_text(page)
    assert not re.search(r"\b(true|false)\b", text)
    assert not [key for key in raw_keys(game) if re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", text)]
    for option in game.options:
        if not option.applies_to(players):
            continue
        assert option.title in text
        for choice, label, meaning in option.value_words():
            assert f'<option value="{encode(choice)}"' in page and label in text
            if meaning:
                assert f"{label}: {meaning}" in text
