"""The robots' fixed ratings: each robot level's rating per game, measured from robot-against-robot arenas and
written down in engine/robots/anchors.json (`python -m engine calibrate`). A robot's rating never moves.

The file's scale is Elo's (400·log10 of the odds, the simple level at 1500), which `app.standings.ratings`
shows ratings on; here each anchor becomes an OpenSkill (mu, sigma) with a small fixed sigma.
"""

import json
from functools import lru_cache
from pathlib import Path

ANCHORS_FILE = Path(__file__).resolve().parents[2] / "engine" / "robots" / "anchors.json"
ANCHOR_SIGMA = 1.0          # about 30 rating points: the arena's own uncertainty, kept small and fixed


@lru_cache(maxsize=1)
def anchor_file():
    return json.loads(ANCHORS_FILE.read_text(encoding="utf-8"))


def anchor_ratings(game_name):
    """{robot level: its rating on the shown scale} for a game, as the file writes them ({} for a game it lacks)."""
    return game_levels(game_name, "ratings")


def anchor_uncertainties(game_name):
    """{robot level: the standard error of its measured rating, on the shown scale} for a game (0 for the
    anchor level, fixed by definition; {} for a game the file lacks)."""
    return game_levels(game_name, "uncertainties")


def game_levels(game_name, key):
    """A game's {robot level: figure} under `key` in the file ({} for a game it lacks)."""
    entry = anchor_file()["games"].get(game_name)
    return dict(entry[key]) if entry else {}


def anchor_rating(game_name, level):
    """The shown rating of robot `level` in a game; a level or game the file lacks is rated as the anchor
    level is (1500)."""
    return anchor_ratings(game_name).get(level, anchor_file()["anchor"]["rating"])
