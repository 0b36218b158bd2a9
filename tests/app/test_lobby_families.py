"""The lobby groups the games by family (the kind each game declares), each with its players and its line."""

import html
import re

from app.words.present import players_words
from app.web.views.lobby_form import FAMILIES, games_by_family
from engine import all_games
from engine.protocol import KIND_OTHER, KIND_TRICKS, KIND_VYING


def sections(page):
    """{family heading: [game names listed under it]}, in page order."""
    found = {}
    for heading, body in re.findall(r'<section class="family">\s*<h2>(.*?)</h2>(.*?)</section>', page, re.S):
        found[html.unescape(heading)] = re.findall(r'name="game" value="(\w+)"', body)
    return found


def test_every_game_is_listed_once_under_its_family_with_players_and_a_line(client):
    page = client.get("/lobby").get_data(as_text=True)
    listed = sections(page)
    titles = dict(FAMILIES)
    kinds = {game.kind for game in all_games().values()}
    assert list(listed) == [titles[kind] for kind, _ in FAMILIES if kind in kinds]
    assert sorted(name for names in listed.values() for name in names) == sorted(all_games())
    for heading, names in listed.items():
        for name in names:
            game = all_games()[name]
            assert titles[game.kind] == heading
            item = re.search(rf'value="{name}".*?</li>', page, re.S).group(0)
            assert game.blurb in html.unescape(item) and players_words(game.players) in item


def test_the_families_follow_the_declared_kinds_flagship_first():
    class Game:
        def __init__(self, kind, flagship=False):
            self.kind, self.flagship = kind, flagship

    games = {"a": Game(KIND_OTHER), "b": Game(KIND_TRICKS), "c": Game(KIND_VYING), "d": Game(KIND_TRICKS, True),
             "e": Game("race")}
    grouped = [(title, list(members)) for title, members in games_by_family(games)]
    assert grouped == [("Trick games", ["d", "b"]), ("Vying games", ["c"]), ("Matching and counting games", ["a"]),
                       ("Race", ["e"])]
