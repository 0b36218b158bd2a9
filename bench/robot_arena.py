"""Strong against simple in every registered game: the arena's figures, one line per game.

For each game, `--deals` duplicate deals (each pack played twice, the robots'
sides swapped) at the game's first player count; prints A's (strong's) mean
edge per deal in the game's returns with its 95% interval, whether the
interval lies above zero, and strong's median and 95th-percentile decision
time (each process on one core).

    python bench/robot_arena.py --deals 200 --jobs 2
    python bench/robot_arena.py --deals 2000 --games one_and_thirty bone_ace
"""

import argparse
import statistics
import time

from engine import all_games
from engine.strength.arena import edge, measure, percentile_95


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing each game's deals")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", help="these games only (all registered games by default)")
    args = parser.parse_args()
    games = all_games()
    names = args.games or sorted(games)
    unknown = [name for name in names if name not in games]
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)}")
    print(f"{'game':<20} {'deals':>5} {'strong-simple':>13}  {'95% interval':<18} {'median':>8} {'p95':>8}  took")
    for name in names:
        began = time.perf_counter()
        merged = measure(name, games[name].players[0], "strong", "simple", args.seed, args.deals, args.jobs)
        mean, low, high = edge(merged["pairs"])
        times = merged["times"]["A"]
        verdict = "above 0" if low > 0 else "not above 0"
        print(f"{name:<20} {len(merged['pairs']):>5} {mean:>13.3f}  [{low:.3f}, {high:.3f}] {verdict:<11} "
              f"{1000 * statistics.median(times):>6.1f}ms {1000 * percentile_95(times):>6.1f}ms  "
              f"{time.perf_counter() - began:.0f}s", flush=True)


if __name__ == "__main__":
    main()
