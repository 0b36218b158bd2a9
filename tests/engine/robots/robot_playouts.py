"""Robots playing a game from their own views alone, for the robot tests."""

import random

from engine.events import start_event
from engine.record import start_state
from engine.robots import make_robot


def play_out(game, players, options, level, go_on=lambda state: True):
    """Robots of `level` in every seat play from a fresh start while `go_on(state)` and the game lasts, each
    move checked legal; packs are shuffled by a generator seeded with the player count. Returns the state."""
    rng = random.Random(players)
    state = start_state(start_event(game, players, options, 0))
    robots = [make_robot(level, game, seed=seat) for seat in range(players)]
    while state.awaiting is not None and go_on(state):
        if state.awaiting == "deal":
            deck = state.full_pack()
            rng.shuffle(deck)
            state.apply_deal(deck)
            continue
        seat = state.to_move[0]
        move = robots[seat].choose(state.view(seat))
        assert move in state.legal_moves(seat)
        state.apply_move(seat, move)
    return state


def random_position(game, players, options, seed, moves):
    """A state after a random number of random moves drawn from `moves` (a range), dealing as it goes, and
    the seat to move."""
    rng = random.Random(seed)
    state = start_state(start_event(game, players, options or {}, seed % players))
    stop = rng.randrange(moves.start, moves.stop)
    while state.awaiting is not None:
        if state.awaiting == "deal":
            deck = state.full_pack()
            rng.shuffle(deck)
            state.apply_deal(deck)
        elif stop == 0:
            break
        else:
            seat = state.to_move[0]
            state.apply_move(seat, rng.choice(state.legal_moves(seat)))
            stop -= 1
    return state, state.to_move[0]
