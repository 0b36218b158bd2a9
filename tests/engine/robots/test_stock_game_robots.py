"""The robots' hooks for Yukon and Harjan, games whose hands are refilled from a hidden stock."""

import random

import pytest

from engine.events import start_event
from engine.record import start_state
from engine.robots import make_robot
from engine.robots.knowledge import read_knowledge
from engine.robots.profile import profile_for
from engine.robots.sampler import sample_hidden
from engine.robots.worlds import Worlds
from tests.engine.robots.robot_playouts import play_out, random_decisions

CASES = [("yukon", 2, {}), ("yukon", 3, {}), ("yukon", 4, {}), ("yukon", 4, {"yukon_lead": "printed_suit"}),
         ("harjan", 2, {}), ("harjan", 2, {"closing": True})]


@pytest.mark.parametrize("level", ["simple", "strong"])
@pytest.mark.parametrize("game, players, options", CASES)
def test_robots_play_a_whole_deal_from_their_views(game, players, options, level):
    state = play_out(game, players, options, level, go_on=lambda state: state.deals < 2)
    assert state.history


@pytest.mark.parametrize("game, players, options", CASES)
def test_what_a_seat_rules_out_is_truly_elsewhere(game, players, options):
    rng = random.Random(5)
    for checked, (state, seat) in enumerate(random_decisions(game, players, options, 1, rng)):
        if checked == 40:
            break
        view = state.view(seat)
        profile = profile_for(game, view["options"])
        knowledge = read_knowledge(view, profile)
        stock = [card for card in state.stock if card in knowledge.unseen]
        assert len(stock) == profile.hidden_piles(view)["stock"]
        for holder, cards in knowledge.excluded.items():   # what the seat rules out is truly elsewhere
            held = state.hands[holder] if isinstance(holder, int) else stock
            assert not set(cards) & set(held), (holder, sorted(set(cards) & set(held)))
        sample_hidden(knowledge, rng)   # the guesser finds a way to place the unseen cards


def test_the_robots_always_take_the_turn_up_for_the_two_of_trumps():
    for seed in range(60):
        state = start_state(start_event("harjan", 2, {}, 0))
        deck = state.full_pack()
        random.Random(seed).shuffle(deck)
        state.apply_deal(deck)
        if "exchange" in state.legal_moves(1):
            for level in ("simple", "strong"):
                assert make_robot(level, "harjan", seed=1).choose(state.view(1)) == "exchange"
            return
    pytest.fail("no deal offered the exchange")


def test_guessed_deals_fit_a_record_with_the_exchange_in_it():
    # The exchange puts the turn-up in a hand and the 2 of trumps on the stock: a guess must undo both.
    checked = 0
    for seed in range(200):
        rng = random.Random(seed)
        state = start_state(start_event("harjan", 2, {}, 0))
        deck = state.full_pack()
        rng.shuffle(deck)
        state.apply_deal(deck)
        for _ in range(rng.randrange(1, 12)):
            mover = state.to_move[0]
            legal = state.legal_moves(mover)
            state.apply_move(mover, "exchange" if "exchange" in legal else rng.choice(sorted(legal)))
        if state.exchanged is None:
            continue
        for seat in (0, 1):
            view = state.view(seat)
            guessed = Worlds(view, None, random.Random(seed)).guess().view(seat)
            assert (guessed["hand"], guessed["table"], guessed["moves"]) == (view["hand"], view["table"], view["moves"])
        checked += 1
        if checked == 8:
            return
    pytest.fail("too few deals with the exchange made")


@pytest.mark.parametrize("players, options", [(2, {}), (3, {}), (4, {"yukon_lead": "printed_suit"})])
def test_yukon_record_tells_where_each_position_of_the_pack_went(players, options):
    rng = random.Random(players)
    state = start_state(start_event("yukon", players, options, 0))
    deck = state.full_pack()
    rng.shuffle(deck)
    state.apply_deal(list(deck))
    while state.awaiting == "move":
        mover = state.to_move[0]
        for seat in range(players):
            view = state.view(seat)
            profile = profile_for("yukon", view["options"])
            layout = profile.layout(view)
            played = {move: index for index, (_, move) in enumerate(view["moves"])}
            for position, (holder, arrived) in layout.arrivals.items():
                card = deck[position]
                assert card in state.hands[holder] or (played[card] >= arrived and
                                                        (holder, card) in map(tuple, view["moves"]))
            assert sorted(deck[position] for position in range(len(deck)) if position not in layout.arrivals) \
                == sorted(state.stock)
            for at, failed, barred in layout.failures:   # a failure to follow: the seat held none of those then
                assert view["moves"][at][0] == failed and view["moves"][at][1] not in barred
            guessed = Worlds(view, read_knowledge(view, profile), random.Random(seat), layout).guess().view(seat)
            assert (guessed["hand"], guessed["moves"]) == (view["hand"], view["moves"])
        state.apply_move(mover, rng.choice(sorted(state.legal_moves(mover))))
