"""How long a robot takes to choose, over positions of robot-played Quinto deals.

Deals are played by simple robots; at every decision with more than one
legal move, the measured robot chooses from the seat's view (its move is
not played, so every level sees the same positions). Single process, so one
core. Prints the median, 95th percentile and maximum.

    python bench/robots_decision_time.py --level strong --deals 10
"""

import argparse
import random
import statistics
import time

from engine.cards import pack
from engine.registry import find_game
from engine.robots import make_robot


def decision_times(level, deals, seed):
    rng = random.Random(seed)
    guide = make_robot("simple", "quinto", seed)
    robot = make_robot(level, "quinto", seed)
    times = []
    for number in range(deals):
        state = find_game("quinto")(4, {"match": "single_game"}, number % 4)
        deck = pack(jokers=1)
        rng.shuffle(deck)
        state.apply_deal(deck)
        while state.awaiting == "move":
            seat = state.to_move[0]
            view = state.view(seat)
            if len(view["legal"]) > 1:
                started = time.perf_counter()
                robot.choose(view)
                times.append(time.perf_counter() - started)
            state.apply_move(seat, guide.choose(view))
    return sorted(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="strong")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    times = decision_times(args.level, args.deals, args.seed)
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"{args.level}: {len(times)} decisions with a choice over {args.deals} deals")
    print(f"median {1000 * statistics.median(times):.1f} ms, p95 {1000 * p95:.1f} ms, max {1000 * times[-1]:.1f} ms")


if __name__ == "__main__":
    main()
