"""How long a robot takes to choose: median, p95 and max per game and level.

In each game, deals are played by simple robots from a fresh game (its first
number of players); at every decision with more than one legal move, each
measured level chooses from the seat's view (its move is not played, so
every level sees the same positions). Single process, so one core: run it
with `nice` on a shared machine, and read the p95 against the strong robot's
budget of 0.2 s in Quinto. Beside the time a decision took (what a player
waits) it prints the p95 of the processor time the decision used, which
other work on the machine does not lengthen: on a loaded machine the two
part, and the second is the robot's own cost.

    python bench/robots_decision_time.py [--games quinto maw] [--levels simple strong] [--deals 4]
"""

import argparse
import random
import statistics
import time

from engine import all_games
from engine.errors import EngineError
from engine.registry import find_game
from engine.robots import make_robot, robot_levels
from engine.state import AWAITING_MOVE


def new_state(game, number):
    """A fresh single game with its first number of players, dealt by seat `number` where the rules allow."""
    options = {"match": "single_game"} if any(option.name == "match" for option in game.options) else {}
    players = game.players[0]
    try:
        return game(players, options, number % game.seats_for(players))
    except EngineError:   # a game whose first dealer is fixed (three-handed Quinto's dummy player)
        return game(players, options, 0)


def decisions(game_name, deals, seed):
    """The seat's view at every decision with more than one legal move, over `deals` deals played by simple
    robots from fresh games."""
    game = find_game(game_name)
    rng = random.Random(seed)
    guide = make_robot("simple", game_name, seed)
    for number in range(deals):
        state = new_state(game, number)
        deck = state.full_pack()
        rng.shuffle(deck)
        state.apply_deal(deck)
        while state.awaiting == AWAITING_MOVE and state.deals == 1:
            seat = state.to_move[0]
            view = state.view(seat)
            if len(view["legal"]) > 1:
                yield view
            state.apply_move(seat, guide.choose(view))


def decision_times(game_name, levels, deals, seed):
    """{level: (sorted seconds per decision, sorted processor seconds per decision)} over `deals` deals of
    robot-played positions."""
    robots = {level: make_robot(level, game_name, seed) for level in levels}
    times = {level: [] for level in levels}
    processor = {level: [] for level in levels}
    for view in decisions(game_name, deals, seed):
        for level, robot in robots.items():
            started, used = time.perf_counter(), time.process_time()
            robot.choose(view)
            times[level].append(time.perf_counter() - started)
            processor[level].append(time.process_time() - used)
    return {level: (sorted(times[level]), sorted(processor[level])) for level in levels}


def percentile_95(times):
    return times[min(len(times) - 1, int(0.95 * len(times)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", help="registry names (every game by default)")
    parser.add_argument("--levels", nargs="*", default=robot_levels())
    parser.add_argument("--deals", type=int, default=4, help="deals per game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':<20} {'level':<8} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} "
          f"{'cpu p95 ms':>10}")
    for name in args.games or sorted(all_games()):
        for level, (times, processor) in decision_times(name, args.levels, args.deals, args.seed).items():
            if not times:
                print(f"{name:<20} {level:<8} {0:>9}")
                continue
            print(f"{name:<20} {level:<8} {len(times):>9} {1000 * statistics.median(times):>10.1f} "
                  f"{1000 * percentile_95(times):>8.1f} {1000 * times[-1]:>8.1f} "
                  f"{1000 * percentile_95(processor):>10.1f}", flush=True)


if __name__ == "__main__":
    main()
