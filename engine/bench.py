"""`python -m engine bench GAME`: random deals per second, and replay time.

A deal is timed from the shuffle to the last card and its scoring: the
deal event, every move of the deal chosen at random among the legal ones.
"""

import random
import time

from .events import deal_event, move_event, start_event
from .record import replay, start_state
from .registry import find_game
from .state import AWAITING_DEAL, AWAITING_MOVE


def random_game(name, rng, players=None, max_deals=None):
    """A record of a game played at random from its start (all of it, or `max_deals`)."""
    game = find_game(name)
    players = players or game.players[0]
    events = [start_event(name, players)]
    state = start_state(events[0])
    while state.awaiting is not None and (max_deals is None or state.deals < max_deals or state.awaiting != AWAITING_DEAL):
        events.append(next_random_event(state, rng))
    return events


def next_random_event(state, rng):
    """Apply one random event to `state` (a shuffled deal or a random legal move) and return it."""
    if state.awaiting == AWAITING_DEAL:
        deck = state.full_pack()
        rng.shuffle(deck)
        state.apply_deal(deck)
        return deal_event(deck)
    seat = state.to_move[0]
    move = rng.choice(state.legal_moves(seat))
    state.apply_move(seat, move)
    return move_event(seat, move)


def deals_per_second(name, seconds, rng):
    game = find_game(name)
    start = start_event(name, game.players[0])
    deals = 0
    began = time.perf_counter()
    deadline = began + seconds
    while time.perf_counter() < deadline:
        random_deal(start, rng)
        deals += 1
    return deals / (time.perf_counter() - began)


def random_deal(start, rng):
    """One deal of the game `start` (its start event) begins: the shuffled pack, then a random legal move each
    turn until the deal is over."""
    state = start_state(start)
    deck = state.full_pack()
    rng.shuffle(deck)
    state.apply_deal(deck)
    while state.awaiting == AWAITING_MOVE:
        seat = state.to_move[0]
        state.apply_move(seat, rng.choice(state.legal_moves(seat)))


def replay_seconds(events, repeats=20):
    began = time.perf_counter()
    for _ in range(repeats):
        replay(events)
    return (time.perf_counter() - began) / repeats


def run_bench(name, seconds, seed=1):
    rng = random.Random(seed)
    find_game(name)
    rate = deals_per_second(name, seconds, rng)
    print(f"{name}: {rate:.0f} deals/s")
    record = random_game(name, rng)
    took = replay_seconds(record)
    print(f"{name}: replay of a full game ({len(record)} events): {took * 1000:.2f} ms")
    return 0
