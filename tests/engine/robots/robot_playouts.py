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


def random_decisions(game, players, options, dealer, rng):
    """Every decision of a game played at random from its start: yields (state, seat to move) before that
    seat's random legal move is made, packs shuffled by `rng` as they are needed."""
    state = start_state(start_event(game, players, options or {}, dealer))
    while state.awaiting is not None:
        if state.awaiting == "deal":
            deck = state.full_pack()
            rng.shuffle(deck)
            state.apply_deal(deck)
            continue
        seat = state.to_move[0]
        yield state, seat
        state.apply_move(seat, rng.choice(state.legal_moves(seat)))


def random_position(game, players, options, seed, moves):
    """A state after a random number of random moves drawn from `moves` (a range), dealing as it goes, and
    the seat to move."""
    rng = random.Random(seed)
    decisions = random_decisions(game, players, options, seed % players, rng)
    stop = rng.randrange(moves.start, moves.stop)
    for made, (state, seat) in enumerate(decisions):
        if made == stop:
            return state, seat
