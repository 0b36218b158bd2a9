"""`python -m engine calibrate`: each robot level's rating per game, written as the rating anchors.

Every pair of levels plays the same duplicate deals (the arena's: pack k is
drawn from the seed and k). A duplicate deal is won by the level whose edge
over it is above zero, and halved when it is zero. A pair whose deals leave
its winner open (the 95% interval of its mean result, a deal won 1, tied 0,
lost -1, holds zero) plays as many packs again, the next ones, until the
winner shows or it reaches the most deals allowed: two close levels get the
deals they need, and the others no more than the first. The pairs' tallies
give the ratings, the anchor level held at its rating (simple = 1500), and
each rating's standard error (`engine.strength.rating_fit`). The file keeps each
pair's tally, so the ratings can be recomputed from it, and the edges of
the first deals, so a pair can be replayed and checked.
"""

import datetime
import json
import subprocess
import sys
import time
from itertools import combinations
from pathlib import Path

from .arena import edge, measure
from .gap import chosen_games
from .rating_fit import ANCHOR_LEVEL, ANCHOR_RATING, fit_ratings, rating_uncertainties
from ..robots import robot_levels
from ..robots.base import rated_against

ANCHORS_FILE = Path(__file__).parents[1] / "robots" / "anchors.json"
FIRST_DEALS_KEPT = 3


def add_arguments(parser):
    parser.add_argument("--deals", type=int, default=40, help="duplicate deals per pair of levels")
    parser.add_argument("--most-deals", type=int, help="most deals a pair whose winner is open is played on, "
                                                       "doubling from --deals (4 times --deals by default)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", help="these games only (every registered game by default)")
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing the deals (each runs on one core)")
    parser.add_argument("--output", default=str(ANCHORS_FILE), help="the anchors file to write")
    parser.add_argument("--level", help="measure only this level's pairs, keeping the file's other pairs "
                                        "(a new level: every game)")


def calibrated_pairs(levels, only=None):
    """The pairs of levels calibrate plays (those with `only`, if given): every pair, except that a level
    rated against some levels only (`Robot.rated_against`) plays those alone."""
    def plays(level, other):
        against = rated_against(level)
        return against is None or other in against
    return [(a, b) for a, b in combinations(levels, 2)
            if plays(a, b) and plays(b, a) and only in (None, a, b)]


def tally(level_a, level_b, pairs):
    """What a pair's duplicate deals came to: the first level's wins, losses and ties, and its first edges."""
    return {"a": level_a, "b": level_b, "deals": len(pairs),
            "wins": sum(1 for value in pairs if value > 0),
            "losses": sum(1 for value in pairs if value < 0),
            "ties": sum(1 for value in pairs if value == 0),
            "mean_edge": sum(pairs) / len(pairs),
            "first_edges": pairs[:FIRST_DEALS_KEPT]}


def pair_edges(name, players, level_a, level_b, args):
    """The pair's edge on each duplicate deal: --deals packs, then as many again, the next ones, while the
    winner is open (`winner_open`) and fewer than --most-deals are played."""
    edges = []
    while not edges or (winner_open(edges) and len(edges) < args.most_deals):
        more = min(max(len(edges), args.deals), args.most_deals - len(edges))
        edges += measure(name, players, level_a, level_b, args.seed, more, args.jobs, first=len(edges))["pairs"]
    return edges


def winner_open(edges):
    """Whether the 95% interval of the mean result (a deal won 1, tied 0, lost -1) holds zero: deals that all
    tie show two levels even, and close it."""
    _, low, high = edge([(value > 0) - (value < 0) for value in edges])
    return low < 0 < high


def engine_commit():
    """The project's commit, when git can tell (a calibration is still worth having without it)."""
    try:
        answer = subprocess.run(["git", "rev-parse", "HEAD"], cwd=Path(__file__).parent, capture_output=True,
                                text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return answer.stdout.strip() or None


def run_calibration(args):
    if args.most_deals is None:
        args.most_deals = 4 * args.deals
    if args.deals < 1 or args.jobs < 1 or args.most_deals < args.deals:
        print("calibrate: --deals and --jobs must be at least 1, and --most-deals at least --deals", file=sys.stderr)
        return 2
    games, problem = chosen_games(args.games)
    levels = robot_levels()
    if not problem and args.level is not None and args.level not in levels:
        problem = f"unknown level {args.level!r}; choose one of {', '.join(levels)}"
    if problem:
        print(f"calibrate: {problem}", file=sys.stderr)
        return 2
    kept, problem = kept_games(args, levels, games)
    if problem:
        print(f"calibrate: {problem}", file=sys.stderr)
        return 2
    began = time.perf_counter()
    results = dict(kept)    # a game keeps its old entry until it is measured again
    measured = {"date": datetime.date.today().isoformat(), "commit": engine_commit()}
    pairs = calibrated_pairs(levels, args.level)
    for name, game in games.items():
        entry = kept.get(name, {})
        records = [{"date": entry["date"], "commit": entry["commit"], **record}
                   for record in entry.get("pairs", ()) if (record["a"], record["b"]) not in pairs]
        for level_a, level_b in pairs:
            edges = pair_edges(name, game.players[0], level_a, level_b, args)
            records.append({**tally(level_a, level_b, edges), **measured})
        records.sort(key=lambda record: (levels.index(record["a"]), levels.index(record["b"])))
        results[name] = {"players": game.players[0], "ratings": fit_ratings(levels, records),
                         "uncertainties": rating_uncertainties(levels, records), "pairs": records,
                         "most_deals": args.most_deals, **measured}
        print(f"{name}: {results[name]['ratings']}", flush=True)
        # Written after each game, so that a long run cut short keeps what it measured and can be resumed
        # with --games.
        write_anchors(args, levels, measured, round(time.perf_counter() - began), results)
    print(f"wrote {args.output}")
    return 0


def write_anchors(args, levels, measured, seconds, results):
    """Write the anchors file: how this run measured, and every game's entry (`results`)."""
    anchors = {
        "about": __doc__.strip().splitlines()[0],
        "scale": "rating difference = 400*log10(p/(1-p)), p = (wins + ties/2 + 1/2) / (deals + 1)",
        "anchor": {"level": ANCHOR_LEVEL, "rating": ANCHOR_RATING},
        "levels": levels,
        "deals": args.deals,
        "most_deals": args.most_deals,
        "seed": args.seed,
        "jobs": args.jobs,
        **measured,
        "seconds": seconds,
        "games": dict(sorted(results.items())),
    }
    Path(args.output).write_text(json.dumps(anchors, indent=1) + "\n", encoding="utf-8")


def kept_games(args, levels, games):
    """(the existing file's games that this run keeps, whole or in part; a problem or None).

    A run of some games (`--games`) re-measures them in the file and keeps the others, each with the date
    and commit it was measured at: a change to one game's robots needs only that game's anchors measured
    again. A run of one level's pairs (`--level`) keeps every other pair; a level the file lacks must be
    added to every game of it. The file's levels, deals and seed stay one for every game, so a partial run
    must use them; the most deals a close pair may take is each game's own (its entry's `most_deals`)."""
    path = Path(args.output)
    if not (args.games or args.level) or not path.exists():
        return {}, None
    existing = json.loads(path.read_text(encoding="utf-8"))
    adding = args.level is not None and args.level not in existing["levels"]
    file_levels = existing["levels"] + [args.level] if adding else existing["levels"]
    if (file_levels, existing["deals"], existing["seed"]) != (levels, args.deals, args.seed):
        return None, (f"{path} rates {', '.join(existing['levels'])} at {existing['deals']} deals, seed "
                      f"{existing['seed']}: measure some of its games with those (--deals {existing['deals']} "
                      f"--seed {existing['seed']}), or every game")
    lacking = sorted(set(existing["games"]) - set(games)) if adding else []
    if lacking:
        return None, f"{path} lacks the level {args.level}: add it to every game ({', '.join(lacking)} too)"
    return {name: {"date": existing["date"], "commit": existing["commit"], **entry}
            for name, entry in existing["games"].items()}, None
