"""The service knows no game by name: a game's presentation lives beside it (templates/games/<game>/)."""

from pathlib import Path

import pytest

from engine import all_games

ROOT = Path(__file__).resolve().parents[2]
SHARED = [*sorted((ROOT / "app").rglob("*.py")), *sorted((ROOT / "workers").rglob("*.py")),
          *sorted((ROOT / "templates" / "pages").glob("*.html")), *sorted((ROOT / "templates" / "mail").glob("*")),
          ROOT / "templates" / "base.html"]


@pytest.mark.parametrize("path", SHARED, ids=[str(path.relative_to(ROOT)) for path in SHARED])
def test_shared_code_and_templates_name_no_game(path):
    text = path.read_text(encoding="utf-8").lower()
    named = [name for name, game in all_games().items()
             if name in text or game.title.lower() in text or name.replace("_", " ") in text]
    assert not named, f"{path.relative_to(ROOT)} names {named}"


def test_every_game_folder_is_a_registered_game():
    folders = {path.name for path in (ROOT / "templates" / "games").iterdir() if path.is_dir()}
    assert folders <= set(all_games())
