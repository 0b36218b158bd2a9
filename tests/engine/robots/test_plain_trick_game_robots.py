"""The robots' hooks for Polignac, Slobberhannes, Ruff and Honours, Catch-the-Ten and French Whist."""

import random
import re

import pytest

from engine.events import start_event
from engine.cli import main
from engine.record import start_state
from engine.robots import make_robot
from engine.robots.knowledge import read_knowledge
from engine.robots.profile import profile_for
from engine.robots.worlds import Worlds
from engine.view import ENVELOPE
from tests.engine.robots.robot_playouts import play_out

LAST_LINE = re.compile(r"^A-B: (-?\d+\.\d+) points/deal")


@pytest.mark.parametrize("level", ["simple", "strong"])
@pytest.mark.parametrize("game, players, options", [
    ("polignac", 4, {"capot": True}), ("polignac", 5, {"rank": "standard"}), ("slobberhannes", 3, {}),
    ("ruff_and_honours", 4, {}), ("ruff_and_honours", 4, {"variant": "honours"}),
    ("catch_the_ten", 2, {}), ("catch_the_ten", 3, {}), ("catch_the_ten", 6, {"teams": "pairs"}),
    ("french_whist", 4, {}), ("french_whist", 2, {})])
def test_robots_play_whole_deals_from_views(game, players, options, level):
    state = play_out(game, players, options, level, go_on=lambda state: state.deals < 2)
    assert state.history


@pytest.mark.parametrize("game, deals", [("ruff_and_honours", 40), ("catch_the_ten", 30), ("french_whist", 30)])
def test_the_simple_robot_beats_random_play_in_partnerships(game, deals, capsys):
    assert main(["arena", game, "--a", "simple", "--b", "random", "--deals", str(deals), "--seed", "1"]) == 0
    mean = float(LAST_LINE.match(capsys.readouterr().out.strip().splitlines()[-1]).group(1))
    assert mean > 0


def mean_penalties(game, deals):
    """Mean penalties per seat and deal of simple and random robots, each pack played twice with seats swapped."""
    rng = random.Random(3)
    totals = {"simple": 0, "random": 0}
    for number in range(deals):
        deck = start_state(start_event(game, 4, {}, 0)).full_pack()
        rng.shuffle(deck)
        for levels in (("simple", "random") * 2, ("random", "simple") * 2):
            robots = [make_robot(level, game, seed=number * 4 + seat) for seat, level in enumerate(levels)]
            state = start_state(start_event(game, 4, {}, number % 4))
            state.apply_deal(list(deck))
            while state.awaiting == "move":
                seat = state.to_move[0]
                state.apply_move(seat, robots[seat].choose(state.view(seat)))
            for seat, level in enumerate(levels):
                totals[level] += state.scores[seat]
    return {level: total / (deals * 4) for level, total in totals.items()}


@pytest.mark.parametrize("game", ["polignac", "slobberhannes"])
def test_the_simple_robot_takes_fewer_penalties_than_random_play(game):
    means = mean_penalties(game, 30)
    assert means["simple"] < 0.8 * means["random"]


def test_penalty_profiles_count_penalties_against_the_taker():
    polignac = profile_for("polignac", {"rank": "polignac"})
    assert polignac.card_points(["JS", "JD", "AH"]) == -3
    assert polignac.power("KH", "H") > polignac.power("AH", "H") > polignac.power("AS", "H")
    assert polignac.strength("7H") > polignac.strength("KH")
    assert profile_for("slobberhannes", {}).card_points(["QC", "JS"]) == -1


def test_catch_the_ten_profile_reads_the_trump_order_and_counting_cards():
    state = start_state(start_event("catch_the_ten", 4, {}, 0))
    deck = state.full_pack()
    state.apply_deal(deck)
    view = state.view(1)
    profile = profile_for("catch_the_ten", view["options"])
    profile.pack(view)
    trump = view["trump"]
    assert profile.power("J" + trump, "S") > profile.power("A" + trump, "S") > profile.power("AS" if trump != "S" else "AC", "S")
    assert profile.card_points(["J" + trump, "T" + trump]) == 21
    assert profile.side_of(3, 4) == 1


# What a view keeps of the deals before the one in progress, which a guessed state (a game whose first
# deal is this one) does not have.
EARLIER_DEALS = ("history", "score_entries", "scores", "deal", "stakes")


def this_deal(view):
    """A view without the record of earlier deals, which a rebuilt state does not keep."""
    return {key: value for key, value in view.items() if key not in EARLIER_DEALS}


@pytest.mark.parametrize("game, players, options", [
    ("polignac", 4, {"capot": True}), ("polignac", 3, {}), ("slobberhannes", 4, {}),
    ("catch_the_ten", 2, {}), ("catch_the_ten", 3, {}), ("catch_the_ten", 5, {}),
    ("catch_the_ten", 4, {"stop_at_41": True}), ("french_whist", 2, {}), ("french_whist", 4, {"stop_at_40": True}),
    ("french_whist", 4, {}), ("ruff_and_honours", 4, {}), ("ruff_and_honours", 4, {"variant": "honours"}),
    ("ruff_and_honours", 4, {"honours_timing": "after_play_whist"})])
def test_a_state_guessed_from_a_view_shows_its_seat_the_same_deal(game, players, options):
    rng = random.Random(11)
    state = start_state(start_event(game, players, options, 1))
    while state.deals < 2 and state.awaiting == "deal":
        deck = state.full_pack()
        rng.shuffle(deck)
        state.apply_deal(deck)
        for _ in range(rng.randrange(5, 10 * players)):
            seat = state.to_move[0]
            state.apply_move(seat, rng.choice(state.legal_moves(seat)))
            if state.awaiting != "move":   # a failed capot ends the deal at once
                break
        else:
            check_rebuilt(game, players, state)
        while state.awaiting == "move":
            seat = state.to_move[0]
            state.apply_move(seat, rng.choice(state.legal_moves(seat)))


def check_rebuilt(game, players, state):
    """Guessed states of the position show its seat the same deal: the envelope and the tricks (the game's own
    section may differ where earlier deals shape it, as Ruff and Honours' honours do through the score)."""
    seat = state.to_move[0]
    view = state.view(seat)
    profile = profile_for(game, view["options"])
    worlds = Worlds(view, read_knowledge(view, profile), random.Random(seat))
    for _ in range(3):
        guessed = worlds.guess()
        mine = guessed.view(seat)
        for key in [*ENVELOPE, "trick", "tricks", "trump", "turn_up"]:
            if key not in EARLIER_DEALS:
                assert mine[key] == view[key], key
        assert {card for cards in guessed.card_places().values() for card in cards} == set(state.full_pack())


def test_ruff_and_honours_states_rebuild_through_the_ruff_and_its_discards():
    ruffs = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = start_state(start_event("ruff_and_honours", 4, {}, seed % 4))
        deck = state.full_pack()
        rng.shuffle(deck)
        state.apply_deal(deck)
        for _ in range(rng.randrange(0, 12)):
            seat = state.to_move[0]
            state.apply_move(seat, rng.choice(state.legal_moves(seat)))
        if state.awaiting == "move":
            check_rebuilt("ruff_and_honours", 4, state)
            ruffs += state.ruffer is not None
    assert ruffs >= 5




def test_the_strong_robot_discards_for_a_ruffer_whose_time_ran_out():
    rng = random.Random(5)
    state = start_state({"type": "start", "game": "ruff_and_honours", "seats": 4, "options": {}, "dealer": 0})
    while state.phase != "ruff":   # deal until someone may ruff
        state = start_state({"type": "start", "game": "ruff_and_honours", "seats": 4, "options": {}, "dealer": 0})
        deck = state.full_pack()
        rng.shuffle(deck)
        state.apply_deal(deck)
    ruffer = state.to_move[0]
    state.apply_move(ruffer, "ruff")
    for _ in range(2):   # the person discarded two cards before the time ran out
        state.apply_move(ruffer, rng.choice(state.legal_moves(ruffer)))
    assert make_robot("strong", "ruff_and_honours", seed=1).choose(state.view(ruffer)) in state.legal_moves(ruffer)
