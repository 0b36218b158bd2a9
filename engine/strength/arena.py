"""The arena: two robot levels play duplicate deals, and the difference is measured.

Each pack is played twice, at two tables, with the robots' sides swapped,
so the luck of the cards cancels out. A deal is measured in the game's
`returns` (higher is better in every game, penalty games included): A's
edge is half the difference between the mean change of A's seats' returns
and of B's, which in a game of two sides is A's points less B's. At each table games follow one
another (single games, the deal passing to the left); deal k uses pack k at
both tables. `python -m engine arena quinto --a strong --b simple --deals N`.
A side may be the oracle (`--b oracle`, engine.robots.oracle), which is
given the whole state: it is made here and nowhere else.
"""

import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from ..errors import EngineError
from ..registry import find_game
from ..robots import make_robot
from ..robots.oracle import LEVEL as ORACLE
from ..robots.oracle import Oracle
from ..state import AWAITING_MOVE

Z95 = 1.96


def add_arguments(parser):
    parser.add_argument("game")
    parser.add_argument("--a", default="strong", help=f"robot level of side A, or {ORACLE} (sees every card)")
    parser.add_argument("--b", default="simple", help=f"robot level of side B, or {ORACLE} (sees every card)")
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals (each pack played twice)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, help="number of players (the game's first by default)")
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing the deals (each runs on one core)")


def run_arena(args):
    game = find_game(args.game)
    players = args.players or game.players[0]
    if args.deals < 1 or args.jobs < 1:
        print("arena: --deals and --jobs must be at least 1", file=sys.stderr)
        return 2
    report(args, measure(args.game, players, args.a, args.b, args.seed, args.deals, args.jobs))
    return 0


def measure(game_name, players, level_a, level_b, seed, deals, jobs, first=0):
    """Play `deals` duplicate deals, from pack `first` on, over `jobs` processes: {"pairs", "games", "times"}
    (see `play_block`)."""
    jobs = min(jobs, deals)
    blocks = [range(first + deals * job // jobs, first + deals * (job + 1) // jobs) for job in range(jobs)]
    tasks = [(game_name, players, level_a, level_b, seed, list(block)) for block in blocks]
    if jobs == 1:
        return play_block(*tasks[0])
    with ProcessPoolExecutor(jobs) as pool:
        return merge(pool.map(play_block, *zip(*tasks)))


class Table:
    """One table: games played one after another, A's robots on one side."""

    def __init__(self, game_name, players, levels, labels, seed):
        self.game = find_game(game_name)
        self.game_name = game_name
        self.players = players
        self.levels = levels        # label -> robot level
        self.labels = labels        # scoring unit (side, or seat parity) -> "A" or "B"
        self.seed = seed
        self.state = None
        self.deals = 0
        self.games = []             # labels of the winners of full games

    def new_game(self):
        options = {"match": "single_game"} if any(o.name == "match" for o in self.game.options) else {}
        try:
            self.state = self.game(self.players, options, self.deals % self.game.seats_for(self.players))
        except EngineError:
            self.state = self.game(self.players, options, 0)
        self.robots = {
            seat: make_player(self.levels[self.labels[unit_of(self.state, seat)]], self.game_name,
                              f"{self.seed}|{self.deals}|{seat}")
            for seat in self.state.player_seats()
        }

    def play_deal(self, pack, times):
        """Deal `pack` (starting a new game if the last one is over); A's points less B's."""
        if self.state is None or self.state.over:
            self.new_game()
        state = self.state
        before = state.returns()
        state.apply_deal(list(pack))
        self.deals += 1
        while state.awaiting == AWAITING_MOVE:
            seat = state.to_move[0]
            view = state.view(seat)
            started = time.perf_counter()
            player = self.robots[state.controller(seat)]
            move = player.choose(state, seat) if isinstance(player, Oracle) else player.choose(view)
            times[self.labels[unit_of(state, seat)]].append(time.perf_counter() - started)
            state.apply_move(seat, move)
        gains = [after - start for after, start in zip(state.returns(), before)]
        result = state.result()
        if result is not None and len(result.sides) == 1:
            self.games.append(self.labels[result.sides[0] % 2])
        return (self.seat_gain(state, gains, "A") - self.seat_gain(state, gains, "B")) / 2

    def seat_gain(self, state, gains, label):
        """The mean gain of the player seats that `label`'s robots play."""
        seats = [seat for seat in state.player_seats() if self.labels[unit_of(state, seat)] == label]
        return sum(gains[seat] for seat in seats) / len(seats)


def make_player(level, game_name, seed):
    """A robot of `level`, or the oracle: the one place it is made, since it reads the whole state."""
    return Oracle(game_name, seed) if level == ORACLE else make_robot(level, game_name, seed)


def play_block(game_name, players, level_a, level_b, seed, deal_numbers):
    """Both tables over consecutive packs: deal k uses pack k at each table."""
    levels = {"A": level_a, "B": level_b}
    tables = [Table(game_name, players, levels, {0: "A", 1: "B"}, f"{seed}|{deal_numbers[0]}|first"),
              Table(game_name, players, levels, {0: "B", 1: "A"}, f"{seed}|{deal_numbers[0]}|second")]
    result = {"pairs": [], "games": [0, 0], "times": {"A": [], "B": []}}
    for number in deal_numbers:
        pack = pack_for(tables[0], seed, number)
        diffs = [table.play_deal(pack, result["times"]) for table in tables]
        result["pairs"].append(sum(diffs) / 2)
    for table in tables:
        for winner in table.games:
            result["games"][0 if winner == "A" else 1] += 1
    return result


def pack_for(table, seed, number):
    if table.state is None:
        table.new_game()
    pack = table.state.full_pack()
    random.Random(f"{seed}|pack|{number}").shuffle(pack)
    return pack


def unit_of(state, seat):
    """Which robots play a seat: its side's parity (each seat is its own side where each plays alone)."""
    return state.side_of(seat) % 2


def merge(results):
    merged = {"pairs": [], "games": [0, 0], "times": {"A": [], "B": []}}
    for result in results:
        merged["pairs"].extend(result["pairs"])
        merged["games"] = [x + y for x, y in zip(merged["games"], result["games"])]
        for label in "AB":
            merged["times"][label].extend(result["times"][label])
    return merged


def edge(pairs):
    """A's mean edge per duplicate deal and its 95% interval: (mean, low, high)."""
    mean = statistics.fmean(pairs)
    half = Z95 * statistics.stdev(pairs) / math.sqrt(len(pairs)) if len(pairs) > 1 else float("inf")
    return mean, mean - half, mean + half


def percentile_95(times):
    times = sorted(times)
    return times[min(len(times) - 1, int(0.95 * len(times)))]


def report(args, merged):
    pairs = merged["pairs"]
    mean, low, high = edge(pairs)
    won_a, won_b = merged["games"]
    print(f"{args.game} arena: A={args.a} B={args.b}, {len(pairs)} duplicate packs, seed {args.seed}")
    if won_a + won_b:
        print(f"games: A won {won_a} of {won_a + won_b} full games ({100 * won_a / (won_a + won_b):.1f}%)")
    else:
        print("games: no full game finished in these deals")
    for label, level in (("A", args.a), ("B", args.b)):
        times = merged["times"][label]
        print(f"decision time {label} ({level}): median {1000 * statistics.median(times):.2f} ms, "
              f"p95 {1000 * percentile_95(times):.2f} ms, max {1000 * max(times):.2f} ms over {len(times)} decisions")
    print(f"A-B: {mean:.2f} points/deal, 95% CI [{low:.2f}, {high:.2f}]")
