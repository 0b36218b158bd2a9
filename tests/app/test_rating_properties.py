"""Properties of a rating update (app.standings.rating_updates.new_ratings, OpenSkill's Plackett–Luce with our
teams, ranks, weights and anchors), over tables hypothesis makes: a win never lowers the winners, equal results
between equals move nobody, a robot never moves."""

from hypothesis import given, settings
from hypothesis import strategies as st

from app.standings.anchors import anchor_ratings
from app.standings.rated_games import MIN_WEIGHT, RatedGame, RatedSeat
from app.standings.rating_updates import new_ratings
from app.standings.ratings import MODEL, START_SIGMA, anchor_player

GAME = "quinto"
LEVELS = sorted(anchor_ratings(GAME))


@st.composite
def tables(draw, equal=False):
    """(RatedGame, {address: rating before}): 2 to 5 sides of 1 or 2 seats (equal sizes with `equal`), persons
    and robots."""
    sides = draw(st.integers(2, 5))
    sizes = [draw(st.integers(1, 2))] * sides if equal else [draw(st.integers(1, 2)) for _ in range(sides)]
    seats, before, number = [], {}, 0
    mu, sigma = draw(st.floats(10, 40)), draw(st.floats(0.5, START_SIGMA))
    for side, size in enumerate(sizes):
        for _ in range(size):
            robot = None if equal else draw(st.one_of(st.none(), st.sampled_from(LEVELS)))
            address = None if robot else f"p{number}@example.org"
            weight = 1.0 if robot or equal else draw(st.floats(MIN_WEIGHT, 1.0))
            seats.append(RatedSeat(number, side, address, robot, weight))
            if address:
                before[address] = MODEL.rating(mu=mu if equal else draw(st.floats(10, 40)),
                                               sigma=sigma if equal else draw(st.floats(0.5, START_SIGMA)))
            number += 1
    return seats, before, sides


def game_of(seats, ranks):
    return RatedGame("g", GAME, tuple(seats), ranks)


@settings(max_examples=300, deadline=None)
@given(tables(), st.data())
def test_a_win_never_lowers_the_winner(table, data):
    seats, before, sides = table
    winner = data.draw(st.integers(0, sides - 1))
    ranks = {side: 1 if side == winner else data.draw(st.integers(2, sides)) for side in range(sides)}
    after = new_ratings(game_of(seats, ranks), before)
    for seat in seats:
        if seat.address and seat.side == winner:
            assert after[seat.address].mu >= before[seat.address].mu


@settings(max_examples=200, deadline=None)
@given(tables(equal=True))
def test_equal_results_between_equals_move_nobody(table):
    seats, before, sides = table
    after = new_ratings(game_of(seats, {side: 1 for side in range(sides)}), before)
    for address, rating in before.items():
        assert abs(after[address].mu - rating.mu) < 1e-9


@settings(max_examples=200, deadline=None)
@given(tables(), st.data())
def test_a_robot_never_moves(table, data):
    seats, before, sides = table
    anchors = {level: anchor_player(GAME, level).mu for level in LEVELS}
    ranks = {side: data.draw(st.integers(1, sides)) for side in range(sides)}
    after = new_ratings(game_of(seats, ranks), before)
    assert set(after) == set(before)                           # only persons come out: a robot's result is dropped
    assert {level: anchor_player(GAME, level).mu for level in LEVELS} == anchors
