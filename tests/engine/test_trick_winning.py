"""Every trick game's view names the seat winning the trick in progress, by the game's own winner logic."""

import random

import pytest

from engine.bench import next_random_event
from engine.events import start_event
from engine.record import start_state
from engine.registry import all_games
from engine.state import AWAITING_DEAL
from engine.tricks import TrickGame

TRICK_GAMES = sorted(name for name, game in all_games().items() if issubclass(game, TrickGame))


@pytest.mark.parametrize("name", TRICK_GAMES)
def test_the_seat_winning_the_trick_so_far_takes_it_unless_a_later_card_beats_it(name):
    rng = random.Random(name)
    checked = 0
    for players in all_games()[name].players:
        state = start_state(start_event(name, players))
        while state.awaiting is not None and (state.deals < 3 or state.awaiting != AWAITING_DEAL):
            view = state.view(0)
            played = [seat for seat, _ in view.get("trick") or []]
            if "trick" in view:
                assert (view["winning"] is None) if not played else (view["winning"] in played + [None])
            tricks_before = len(getattr(state, "tricks", []))
            event = next_random_event(state, rng)
            if event["type"] == "move" and len(getattr(state, "tricks", [])) == tricks_before + 1 and played:
                winner = state.tricks[-1][2]
                # None: a tied trick set aside (Alouette), which the last card may always make
                assert winner in (view["winning"], event["seat"], None), (name, state.tricks[-1], view["winning"])
                checked += 1
    assert checked > 10
