"""`python -m engine gap`: how much of the gap from the simple robot to the oracle the strong robot closes.

For each game, the strong robot and the oracle each play the simple robot
on the same duplicate deals (pack k is the same in both matches: the arena
draws it from the seed and k alone). Printed per game: each edge over
simple per deal with its 95% interval, the share of the gap closed,
share = edge(strong vs simple) / edge(oracle vs simple), and each level's
median and 95th-percentile decision time. The share's interval comes from
the paired per-deal differences (the delta method: the spread of
strong_k - share * oracle_k over the deals k); it is given only where the
oracle's edge lies clearly above zero, since a ratio of a quantity near zero
has no honest interval.
"""

import math
import statistics
import sys
import time

from .arena import Z95, edge, measure, percentile_95
from ..registry import all_games
from ..robots.oracle import LEVEL as ORACLE


def add_arguments(parser):
    parser.add_argument("--deals", type=int, default=40, help="duplicate deals per match")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", help="these games only (every registered game by default)")
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing the deals (each runs on one core)")


def chosen_games(names):
    """The games named (all by default), or an error message naming the unknown ones."""
    games = all_games()
    unknown = [name for name in names or () if name not in games]
    if unknown:
        return None, f"no such game: {', '.join(unknown)}"
    return {name: games[name] for name in names or sorted(games)}, None


def share_closed(strong, oracle):
    """(share, low, high) of the gap closed, from per-deal edges over the same packs; the interval is
    None unless the oracle's edge lies above zero."""
    gap = statistics.fmean(oracle)
    if gap == 0:
        return None, None, None
    share = statistics.fmean(strong) / gap
    _, low, _ = edge(oracle)
    if low <= 0 or len(strong) < 2:
        return share, None, None
    residuals = [s - share * o for s, o in zip(strong, oracle)]
    half = Z95 * statistics.stdev(residuals) / (math.sqrt(len(strong)) * gap)
    return share, share - half, share + half


def run_gap(args):
    if args.deals < 1 or args.jobs < 1:
        print("gap: --deals and --jobs must be at least 1", file=sys.stderr)
        return 2
    games, problem = chosen_games(args.games)
    if problem:
        print(f"gap: {problem}", file=sys.stderr)
        return 2
    print(f"duplicate deals per match: {args.deals}, seed {args.seed}; edges in the game's returns per deal, "
          "decision times as median/p95 ms")
    print(f"{'game':<19} {'strong-simple':>24} {'oracle-simple':>24} {'share closed':>21}  "
          f"{'simple':>13} {'strong':>13} {'oracle':>13}  took")
    for name, game in games.items():
        began = time.perf_counter()
        players = game.players[0]
        strong = measure(name, players, "strong", "simple", args.seed, args.deals, args.jobs)
        oracle = measure(name, players, ORACLE, "simple", args.seed, args.deals, args.jobs)
        share = share_closed(strong["pairs"], oracle["pairs"])
        times = [strong["times"]["B"] + oracle["times"]["B"], strong["times"]["A"], oracle["times"]["A"]]
        print(f"{name:<19} {interval(edge(strong['pairs'])):>24} {interval(edge(oracle['pairs'])):>24} "
              f"{interval(share):>21}  {'  '.join(timing(level) for level in times)}  "
              f"{time.perf_counter() - began:.0f}s", flush=True)
    return 0


def interval(figures):
    mean, low, high = figures
    if mean is None:
        return "n/a"
    if low is None:
        return f"{mean:.2f} [n/a]"
    return f"{mean:.2f} [{low:.2f}, {high:.2f}]"


def timing(times):
    """Median/p95 decision time in milliseconds."""
    return f"{1000 * statistics.median(times):5.1f}/{1000 * percentile_95(times):<6.1f}"
