"""Robots playing a game from their own views alone, and games walked at random, for the robot tests."""

import random

from engine.events import start_event
from engine.record import start_state
from engine.robots import make_robot


def decisions(game, players, options, dealer, rng, choose):
    """Every decision of a game played from its start: yields (state, seat to move) before that seat makes
    the move `choose(state, seat)` gives; packs are shuffled by `rng` as they are needed."""
    state = start_state(start_event(game, players, options or {}, dealer))
    while state.awaiting is not None:
        if state.awaiting == "deal":
            deck = state.full_pack()
            rng.shuffle(deck)
            state.apply_deal(deck)
            continue
        seat = state.to_move[0]
        yield state, seat
        state.apply_move(seat, choose(state, seat))


def play_out(game, players, options, level, go_on=lambda state: True):
    """Robots of `level` in every seat play from a fresh start while `go_on(state)` and the game lasts, each
    move checked legal; packs are shuffled by a generator seeded with the player count. Returns the state."""
    robots = [make_robot(level, game, seed=seat) for seat in range(players)]

    def robot_move(state, seat):
        move = robots[seat].choose(state.view(seat))
        assert move in state.legal_moves(seat)
        return move

    for state, _ in decisions(game, players, options, 0, random.Random(players), robot_move):
        if not go_on(state):
            break
    return state


def random_decisions(game, players, options, dealer, rng):
    """Every decision of a game played at random (see `decisions`), its moves and packs drawn from `rng`."""
    return decisions(game, players, options, dealer, rng, lambda state, seat: rng.choice(state.legal_moves(seat)))


def random_position(game, players, options, seed, moves):
    """A state after a random number of random moves drawn from `moves` (a range), dealing as it goes, and
    the seat to move."""
    rng = random.Random(seed)
    walk = random_decisions(game, players, options, seed % players, rng)
    stop = rng.randrange(moves.start, moves.stop)
    for made, (state, seat) in enumerate(walk):
        if made == stop:
            return state, seat
