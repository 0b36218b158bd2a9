"""Robots in the service draw their randomness from a secret: the game id is public (in links and
the public summary), so a seed made from it alone would let anyone foresee a robot's choices."""

import random

from app import create_app
from app.store.models import Game
from app.play.auto import robot_choice, robot_seed
from engine import replay
from engine.cards import pack
from engine.robots import make_robot

from conftest import make_config

GAME_IDS = [f"public-id-{number}" for number in range(12)]


def position_with_a_choice():
    """A Quinto table dealt from a fixed deck and played on until the player to move has four moves or more."""
    state = replay([{"type": "start", "game": "quinto", "seats": 4, "options": {}, "dealer": 0}])
    deck = pack(jokers=1)
    random.Random(7).shuffle(deck)
    state.apply_deal(deck)
    while len(state.legal_moves(state.to_move[0])) < 4:
        state.apply_move(state.to_move[0], state.legal_moves(state.to_move[0])[0])
    return state


def service_with_key(tmp_path, secret_key):
    folder = tmp_path / secret_key
    folder.mkdir()
    return create_app(make_config(folder, f"sqlite:///{folder / 'unused.sqlite'}", secret_key=secret_key))


def choices(state, game_ids, choose):
    seat = state.to_move[0]
    return [choose(Game(id=game_id, game="quinto", seq=40), seat) for game_id in game_ids]


def test_robot_choices_depend_on_the_secret_key_not_only_on_the_public_game_id(tmp_path):
    state = position_with_a_choice()
    by_key = {}
    for key in ("first-secret-key", "second-secret-key"):
        with service_with_key(tmp_path, key).app_context():
            by_key[key] = choices(state, GAME_IDS, lambda game, seat: robot_choice("random", game, state, seat))
            game = Game(id=GAME_IDS[0], game="quinto", seq=40)
            assert robot_seed(game) == robot_seed(Game(id=GAME_IDS[0], game="quinto", seq=40))  # reproducible
            assert GAME_IDS[0] not in robot_seed(game)
            assert robot_seed(game) != robot_seed(Game(id=GAME_IDS[0], game="quinto", seq=41))
    assert by_key["first-secret-key"] != by_key["second-secret-key"]
    guessed = choices(state, GAME_IDS, lambda game, seat: make_robot("random", "quinto", f"{game.id}:{game.seq}")
                      .choose(state.view(seat)))
    assert guessed not in by_key.values()                       # the public id alone does not foretell them
