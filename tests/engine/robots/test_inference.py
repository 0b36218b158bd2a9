"""The strong robot's inference of hidden hands from the others' plays (engine.robots.inference)."""

import random

from engine.registry import find_game
from engine.robots import make_robot
from engine.robots.inference import PlayModel, past_views
from engine.robots.knowledge import read_knowledge
from engine.robots.profile import profile_for
from engine.robots.worlds import Worlds

GAME = "sueca"


def seat_zero_positions(deals):
    """(view, true pack) at each of seat 0's choices among several cards, four simple robots playing."""
    game = find_game(GAME)
    for number in range(deals):
        state = game(4, {}, 0)
        pack = state.full_pack()
        random.Random(number).shuffle(pack)
        state.apply_deal(list(pack))
        robots = [make_robot("simple", GAME, seat) for seat in range(4)]
        while state.awaiting == "move" and state.deals == 1:
            seat = state.to_move[0]
            view = state.view(seat)
            if seat == 0 and len(view["legal"]) > 1:
                yield view, pack
            state.apply_move(seat, robots[seat].choose(view))


def model_and_worlds(view, seed):
    profile = profile_for(GAME, view["options"])
    profile.pack(view)
    worlds = Worlds(view, read_knowledge(view, profile), random.Random(seed), keep_trail=True)
    return PlayModel(profile, view, 1.0, 0.2, 3), worlds


def test_the_likeliest_card_is_the_one_a_simple_robot_played():
    checked = 0
    for view, pack in seat_zero_positions(2):
        model, worlds = model_and_worlds(view, 1)
        _, problem = worlds.replay(list(pack))
        assert problem is None
        for index, seat, legal, hand, sizes in worlds.trail:
            past = dict(model.views[index], hand=list(hand), legal=list(legal), hand_sizes=sizes)
            chances = {card: model.likelihood(past, card) for card in legal}
            assert abs(sum(chances.values()) - 1) < 1e-9
            assert chances[past["card"]] == max(chances.values())
            checked += 1
    assert checked > 50


def test_the_true_deal_weighs_more_than_most_guesses():
    shares_above = []
    for view, pack in seat_zero_positions(2):
        model, worlds = model_and_worlds(view, 1)
        worlds.replay(list(pack))
        if not worlds.trail:
            continue
        true_weight = model.weight(worlds.trail)
        guesses = model_and_worlds(view, 2)[1]
        weights = []
        for _ in range(20):
            guesses.guess()
            weights.append(model.weight(guesses.trail))
        shares_above.append(sum(weight > true_weight for weight in weights) / len(weights))
        assert min(weights) > 0   # a share put down to chance: no guess is ruled out
    assert sum(shares_above) / len(shares_above) < 0.25


def test_a_record_whose_cards_do_not_all_go_to_tricks_infers_nothing():
    view, _ = next(seat_zero_positions(1))
    profile = profile_for(GAME, view["options"])
    assert past_views(profile, view) or not view["moves"]
    unplayed = next(card for card in profile.pack(view) if card not in view["hand"])
    misread = dict(view, moves=view["moves"] + [[1, unplayed]])
    assert past_views(profile, misread) == {}


def test_guesses_are_drawn_in_proportion_to_their_weights():
    view, _ = next(seat_zero_positions(1))
    model = model_and_worlds(view, 1)[0]
    for seed in range(20):
        drawn = model.draw([("likely", 3.0), ("unlikely", 1.0), ("ruled out", 0.0)], 4, random.Random(seed))
        assert drawn == [("likely", 3), ("unlikely", 1)]
