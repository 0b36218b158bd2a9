"""Who is rated in a finished game, and how (app.standings.rated_games): a pure reading of the log and the
seats, checked here on logs played at random and on the endings people make."""

import random
from datetime import datetime, timedelta
from types import SimpleNamespace

from engine import deal_event, move_event, note_event, replay, start_event, start_state

from app.standings.rated_games import MIN_WEIGHT, rated_game

CONFIRMED = datetime(2026, 1, 1)
FIRST_MOVE = datetime(2026, 2, 1)


def played(game, players, seed=1, moves=None, by=None):
    """A log of `game` played at random to its end (or for `moves` moves), each move `by` the table of
    {seat: "robot"} where a robot made it for its person."""
    events = [start_event(game, players)]
    state = start_state(events[0])
    shuffler = random.Random(seed)
    made = 0
    while not state.over and (moves is None or made < moves):
        if state.awaiting == "deal":
            deck = state.full_pack()
            shuffler.shuffle(deck)
            state.apply_deal(deck)
            events.append(deal_event(deck))
            continue
        seat = state.to_move[0]
        move = shuffler.choice(state.legal_moves(seat))
        state.apply_move(seat, move)
        extra = {"by": "robot"} if (by or {}).get(state.controller(seat)) else {}
        events.append(move_event(seat, move, **extra))
        made += 1
    return events


def people(count, robots=()):
    return {seat: SimpleNamespace(seat=seat, email=None if seat in robots else f"p{seat}@example.org",
                                  robot="strong" if seat in robots else None) for seat in range(count)}


def rate(events, seats, rated=True, confirmed=None, first_move_at=FIRST_MOVE):
    game = SimpleNamespace(id="g", game=events[0]["game"], rated=rated)
    confirmed = confirmed if confirmed is not None else {seat.email: CONFIRMED for seat in seats.values()}
    return rated_game(game, seats, events, replay(events), first_move_at, confirmed)


def test_each_plays_alone_ranked_by_the_rules_result():
    events = played("one_and_thirty", 3, seed=4)
    rated = rate(events, people(3))
    winners = set(replay(events).result().sides)
    assert {side for side, rank in rated.ranks.items() if rank == 1} == winners
    assert all(seat.weight == 1.0 for seat in rated.seats) and len(rated.people) == 3


def test_partnerships_rate_as_teams_and_a_resigning_side_is_last():
    events = played("quinto", 4, moves=3) + [note_event("resigned", seat=1)]
    rated = rate(events, people(4))
    assert rated.ranks == {0: 1, 1: 2}
    assert [seat.side for seat in rated.seats] == [0, 1, 0, 1]


def test_a_resigner_where_each_plays_alone_comes_last_and_the_others_by_the_rules():
    events = played("one_and_thirty", 3, seed=2) + [note_event("resigned", seat=0)]
    ranks = rate(events, people(3)).ranks
    assert ranks[0] == 3 and sorted(ranks.values())[0] == 1


def test_unrated_endings_and_tables():
    finished = played("one_and_thirty", 2)
    assert rate(finished, people(2)) is not None
    assert rate(finished, people(2), rated=False) is None
    assert rate(finished + [note_event("abandoned")], people(2)) is None
    assert rate(finished[:3] + [note_event("ended", reason="no_moves", deadlines=3)], people(2)) is None
    late = {"p0@example.org": CONFIRMED, "p1@example.org": FIRST_MOVE + timedelta(seconds=1)}
    assert rate(finished, people(2), confirmed=late) is None                        # confirmed after the first move
    assert rate(finished, people(2), confirmed={"p0@example.org": CONFIRMED}) is None   # never confirmed
    twice = people(2)
    twice[1].email = "p0@example.org"
    assert rate(finished, twice) is None                                             # one address at two seats
    everyone_robot = played("one_and_thirty", 2, by={0: "robot", 1: "robot"})
    assert rate(everyone_robot, people(2)) is None                                   # no person moved


def test_a_game_against_robots_rates_the_person_against_the_anchors():
    rated = rate(played("one_and_thirty", 2), people(2, robots={1}))
    assert [(seat.address, seat.robot) for seat in rated.seats] == [("p0@example.org", None), (None, "strong")]


def test_a_seat_handed_to_a_robot_weighs_the_share_of_its_persons_moves():
    whole = played("french_whist", 2, seed=3)
    half = len([event for event in whole if event.get("type") == "move" and event["seat"] == 0]) // 2
    events, mine = [], 0
    for event in whole:
        if event.get("type") == "move" and event["seat"] == 0:
            mine += 1
            if mine > half:
                event = dict(event, by="robot")
        events.append(event)
    weight = rate(events, people(2)).seats[0].weight
    assert weight == max(MIN_WEIGHT, half / mine) < 1.0


def test_a_first_timeout_counts_as_the_persons_own_move_but_a_run_of_them_does_not():
    whole = played("french_whist", 2, seed=5)
    own = [index for index, event in enumerate(whole) if event.get("type") == "move" and event["seat"] == 0]
    assert len(own) > 10

    def timed_out(count):
        events = list(whole)
        for index in reversed(own[:count]):
            events[index] = dict(events[index], by="robot")
            events.insert(index, note_event("timeout", seat=0, policy="robot"))
        return rate(events, people(2)).seats[0].weight

    assert timed_out(1) == 1.0
    assert timed_out(3) == max(MIN_WEIGHT, (len(own) - 2) / len(own)) < 1.0
