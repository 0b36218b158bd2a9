"""Who is rated in a finished game, and how: the ranks from the game's result as the log states it, and each
person's weight. A pure reading of the log and the seats, so that rating a game as it ends and replaying every
rated game later (app.standings.recompute) agree.

- Only a game created rated is rated, and only when every person at the table had confirmed their address
  before the first move; one address at two seats, an abandonment by agreement, a game ended because nobody
  moved, and a game that ended before any person made a move of their own are not rated.
- Sides are the teams: a partnership's seats rate together; where each plays alone each seat is a side.
- Ranks: the winning sides first (several share it), then the others by the game's returns (equal returns,
  equal ranks), and a side that resigned last.
- A person's weight is the share of their seat's moves they made themselves. A robot's moves for them (after
  they handed the seat over, or when their time ran out) count against it, except the move of their first
  timeout in the game: one missed deadline is the person's own play, a run of them is a robot's game.
  OpenSkill's weights give less credit for a win and more blame for a loss as the share shrinks, so the share
  is floored at MIN_WEIGHT.
- Robots are the anchors: they take part at their fixed ratings and never move.
"""

from dataclasses import dataclass

from app.play.outcome import ABANDONED, NO_MOVES, RESIGNED, leaving_notes, outcome
from app.store.models import TIMEOUT_ROBOT

MIN_WEIGHT = 0.25
BY_ROBOT = "robot"


@dataclass(frozen=True)
class RatedSeat:
    seat: int                 # the player seat
    side: int
    address: str | None       # the person's address; None for a robot seat
    robot: str | None         # the robot level of a robot seat (the anchor it is rated at)
    weight: float             # the share of the seat's moves its person made (1.0 for a robot)


@dataclass(frozen=True)
class RatedGame:
    game_id: str
    game: str                 # the engine's registry name: variants share one rating
    seats: tuple              # RatedSeat per player seat
    ranks: dict               # side -> rank, 1 first; equal ranks tie

    @property
    def people(self):
        return [seat for seat in self.seats if seat.address]


def rated_game(game, seats, events, state, first_move_at, confirmed_at):
    """The RatedGame of a finished game, or None when it is not rated.

    `seats`: the seat rows by number; `events`: the whole log; `state`: the rules' state after it;
    `first_move_at`: when the first move was recorded; `confirmed_at`: {address: when it was confirmed}.
    """
    if not game.rated:
        return None
    notes = leaving_notes(events)
    ended = outcome(state, notes)
    if not ended.over or (ended.ending and ended.ending.get("kind") in (ABANDONED, NO_MOVES)):
        return None
    addresses = [seat.email for seat in seats.values() if seat.email]
    if not addresses or len(set(addresses)) != len(addresses) or first_move_at is None:
        return None
    if any(confirmed_at.get(address) is None or confirmed_at[address] > first_move_at for address in addresses):
        return None
    shares = move_shares(events, state, seats)
    if not any(shares.get(seat.seat, (0, 0))[0] for seat in seats.values() if seat.email):
        return None         # no person made a move of their own
    seating = state.seats
    rated = tuple(RatedSeat(number, seating.sides[number], seat.email, None if seat.email else seat.robot,
                            weight_of(shares.get(number, (0, 0))) if seat.email else 1.0)
                  for number, seat in sorted(seats.items()))
    return RatedGame(game.id, game.game, rated, side_ranks(state, ended, notes))


def move_shares(events, state, seats):
    """{player seat: (moves its person made, moves a robot made for them)}, the first timeout's move counted as
    the person's."""
    own, robot, timed_out = {}, {}, set()
    first_timeout_move = set()
    pending_timeout = set()
    for event in events:
        if event.get("type") == "note" and event.get("kind") == "timeout" and event.get("policy") == TIMEOUT_ROBOT:
            if event["seat"] not in timed_out:
                timed_out.add(event["seat"])
                pending_timeout.add(event["seat"])
        elif event.get("type") == "move":
            player = state.controller(event["seat"])
            by_robot = event.get("by") == BY_ROBOT and seats.get(player) is not None and seats[player].email
            if by_robot and player in pending_timeout and player not in first_timeout_move:
                first_timeout_move.add(player)
                by_robot = False
            pending_timeout.discard(player)
            counts = robot if by_robot else own
            counts[player] = counts.get(player, 0) + 1
    return {player: (own.get(player, 0), robot.get(player, 0)) for player in set(own) | set(robot)}


def weight_of(share):
    own, by_robot = share
    if own + by_robot == 0:
        return 1.0
    return max(MIN_WEIGHT, own / (own + by_robot))


def side_ranks(state, ended, notes):
    """{side: rank}: winners 1, then by the game's returns, resigned sides last; equal keys share a rank."""
    seating = state.seats
    resigned = {seating.sides[note["seat"]] for note in notes if note["kind"] == RESIGNED}
    winners = set(ended.sides or ())
    returns = state.returns()
    side_return = {}
    for seat in seating.players():
        side_return.setdefault(seating.sides[seat], returns[seat])
    keys = {side: (0, 0.0) if side in winners else (2, 0.0) if side in resigned else (1, -value)
            for side, value in side_return.items()}
    return {side: 1 + sum(1 for other in keys.values() if other < key) for side, key in keys.items()}
