"""Robots: legal moves only, hidden cards guessed consistently, choices reproducible."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.events import deal_event, move_event, start_event
from engine.cards import pack
from engine.record import replay
from engine.robots import level_words, make_robot, robot_levels
from engine.robots.knowledge import Knowledge, deal_plays, read_knowledge
from engine.robots.profile import profile_for
from engine.robots.sampler import SamplingError, sample_hidden
from engine.robots.worlds import Worlds
from engine.games.quinto import CACHETTE_SIZE, TRICKS_PER_DEAL

OPTION_SETS = [
    {},
    {"joker_lead": "highest_card"},
    {"joker_lead": "opponents_win", "joker_led_follow": "free"},
    {"joker_trick11_compulsion": "if_forced_to_win"},
    {"target": 50},
]
PLAYERS = [4, 4, 4, 4, 4, 3]


def random_position(seed):
    """A Quinto game played at random to a random decision, with its record."""
    rng = random.Random(seed)
    players = rng.choice(PLAYERS)
    options = dict(rng.choice(OPTION_SETS))
    if players == 3:
        options["match"] = "single_game"
    dealer = 0 if players == 3 else rng.randrange(4)
    events = [start_event("quinto", players, options, dealer)]
    state = replay(events)
    stop = rng.randrange(4 + 4 * TRICKS_PER_DEAL)
    moves = 0
    while True:
        if state.awaiting == "deal":
            deck = pack(jokers=1)
            rng.shuffle(deck)
            events.append(deal_event(deck))
            state.apply_deal(deck)
            moves = 0
        if state.awaiting != "move":
            return random_position(seed + 1_000_003)
        seat = state.to_move[0]
        if moves == stop:
            return state, seat, events
        move = rng.choice(state.legal_moves(seat))
        events.append(move_event(seat, move))
        state.apply_move(seat, move)
        moves += 1


def test_levels_are_offered():
    assert robot_levels() == ["random", "simple", "strong", "expert"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.sampled_from(["random", "simple", "strong", "expert"]))
def test_robots_only_return_legal_moves(seed, level):
    state, seat, _ = random_position(seed)
    move = make_robot(level, "quinto", seed).choose(state.view(seat))
    assert move in state.legal_moves(seat)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([3, 0]))
def test_sampled_deals_agree_with_everything_the_seat_saw(seed, greedy_tries):
    state, seat, events = random_position(seed)
    view = state.view(seat)
    profile = profile_for("quinto", view["options"])
    knowledge = read_knowledge(view, profile)
    placed = sample_hidden(knowledge, random.Random(seed), greedy_tries)
    for holder, size in knowledge.hidden.items():
        assert len(placed[holder]) == size
        assert not set(placed[holder]) & knowledge.excluded[holder]
    # Replay the deal with the guessed cards under the full legality checks:
    # a guess that gave a player a suit it showed out of, or the Joker to a
    # player who had to play it, would make a public move illegal.
    hands = [knowledge.known.get(s) or placed.get(s, []) for s in range(4)]
    dealt = [list(hand) for hand in hands]
    for trick in deal_plays(view):
        for player, card in trick:
            dealt[player].append(card)
    eldest = (view["dealer"] + 1) % 4
    deck = list(placed["cachette"])
    assert len(deck) == CACHETTE_SIZE
    for index in range(TRICKS_PER_DEAL):
        for offset in range(4):
            deck.append(dealt[(eldest + offset) % 4][index])
    last_deal = max(i for i, event in enumerate(events) if event["type"] == "deal")
    guessed = replay(events[:last_deal] + [deal_event(deck)] + events[last_deal + 1:])
    assert guessed.view(seat) == view
    assert sorted(guessed.legal_moves(seat)) == sorted(state.legal_moves(seat))


@pytest.mark.parametrize("greedy_tries", [3, 0])
def test_a_card_that_no_holder_may_take_is_a_sampling_error_not_a_crash(greedy_tries):
    knowledge = Knowledge(0, {}, {1: 1, 2: 1}, ["AS", "KS"], {1: {"AS"}, 2: {"AS"}})
    with pytest.raises(SamplingError):
        sample_hidden(knowledge, random.Random(1), greedy_tries)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9))
def test_the_real_deal_is_never_ruled_out(seed):
    state, seat, _ = random_position(seed)
    knowledge = read_knowledge(state.view(seat), profile_for("quinto", state.opts))
    for holder, barred in knowledge.excluded.items():
        actual = state.cachette if holder == "cachette" else state.hands[holder]
        assert not set(actual) & barred


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9))
def test_rebuilt_states_show_the_seat_its_own_view(seed):
    state, seat, _ = random_position(seed)
    view = state.view(seat)
    profile = profile_for("quinto", view["options"])
    worlds = Worlds(view, read_knowledge(view, profile), random.Random(seed))
    for _ in range(3):
        mine = worlds.guess().view(seat)
        for key in ("hand", "trick", "tricks", "calls", "legal", "quints", "trick_value", "to_move", "moves"):
            assert mine[key] == view[key], key


@pytest.mark.parametrize("level", ["simple", "strong"])
def test_a_choice_is_reproducible_for_a_fixed_seed(level):
    for seed in range(6):
        state, seat, _ = random_position(seed)
        view = state.view(seat)
        first = make_robot(level, "quinto", 42).choose(view)
        other = make_robot(level, "quinto", 42)
        other.choose(state.view(seat))   # an earlier decision must not change the next one
        assert other.choose(view) == first


def test_the_strong_robot_searches_different_guesses_for_different_seeds():
    state, seat, _ = next(
        (s, seat, e) for s, seat, e in map(random_position, range(100, 200))
        if len(s.legal_moves(seat)) > 3 and s.phase == "play"
    )
    profile = profile_for("quinto", state.opts)
    view = state.view(seat)
    knowledge = read_knowledge(view, profile)
    guesses = {tuple(sorted(sample_hidden(knowledge, random.Random(seed))["cachette"])) for seed in range(5)}
    assert len(guesses) > 1


def guesses_made(monkeypatch, module, name, level, game, state, seat):
    """How many guessed deals a robot of `level` makes for one decision, counting the calls of `module.name`."""
    made = []
    guess = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *args: made.append(1) or guess(*args))
    make_robot(level, game, 7).choose(state.view(seat))
    return len(made)


def test_the_expert_guesses_three_times_as_many_deals_as_strong(monkeypatch):
    state, seat, _ = next(position for position in map(random_position, range(50))
                          if len(position[0].legal_moves(position[1])) > 1)
    counts = {level: guesses_made(monkeypatch, Worlds, "guess", level, "quinto", state, seat)
              for level in ("strong", "expert")}
    # Three times the playouts, shared among the moves with a floor division: 3n to 3n + 2 deals.
    assert counts["strong"] > 0 and 3 * counts["strong"] <= counts["expert"] < 3 * (counts["strong"] + 1)


def test_a_games_own_search_grows_with_the_level_too(monkeypatch):
    from engine.robots.games import noddy
    state = replay([start_event("noddy", 2), deal_event(pack())])
    seat = state.to_move[0]
    counts = {level: guesses_made(monkeypatch, noddy, "guessed_state", level, "noddy", state, seat)
              for level in ("simple", "strong", "expert")}
    assert counts == {"simple": 0, "strong": noddy.WORLDS, "expert": 3 * noddy.WORLDS}


def test_every_level_says_what_it_plays_like_for_a_newcomer():
    words = level_words()
    assert list(words) == robot_levels() == ["random", "simple", "strong", "expert"]
    for plays_like, how in words.values():
        assert plays_like and how and not how.endswith(".")   # the lobby ends each sentence itself
    assert [plays_like for plays_like, _ in words.values()] == [
        "plays at random", "a careful beginner", "a good player", "an expert"]
