"""Instructions per random deal, counted by valgrind (callgrind), and how they split between the calls.

openspiel_compare's deals per second drift by a tenth with the host's load; instructions do not, so a
change of a few per cent to the engine shows here first. A deal is played as engine.bench's
`deals_per_second` plays it: a fresh state, the shuffled pack, then a random legal move until the deal
is over. Two runs, with few and with many deals, cancel start-up: their difference over the extra deals
is one deal's cost. With --parts, each kind of call is then counted alone: callgrind collects only inside
calls made through a functools.partial, which nothing else in the loop uses, and the partial's own cost
(counted around a call of `len`) is taken off. What no part holds is the loop itself.

    .venv/bin/python bench/deal_instructions.py [--game quinto] [--few 200] [--many 1200] [--parts]
"""

import argparse
import random
import sys
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.callgrind import instructions  # noqa: E402
from engine.bench import random_deal  # noqa: E402
from engine.events import start_event  # noqa: E402
from engine.record import start_state  # noqa: E402
from engine.registry import find_game  # noqa: E402
from engine.state import AWAITING_MOVE  # noqa: E402

PARTS = ("start_state", "shuffle", "apply_deal", "legal_moves", "choice", "apply_move", "partial")


def call(function, *args):
    return function(*args)


def play(game, deals):
    """`deals` random deals, as engine.bench's `deals_per_second` plays them."""
    rng = random.Random(1)
    start = start_event(game, find_game(game).players[0])
    for _ in range(deals):
        random_deal(start, rng)


def play_through(game, deals, through):
    """The same deals, each call made through `through[part]` (`call`, or a partial to count it)."""
    rng = random.Random(1)
    start = start_event(game, find_game(game).players[0])
    for _ in range(deals):
        state = through["start_state"](start_state, start)
        deck = state.full_pack()
        through["shuffle"](rng.shuffle, deck)
        through["apply_deal"](state.apply_deal, deck)
        while state.awaiting == AWAITING_MOVE:
            seat = state.to_move[0]
            move = through["choice"](rng.choice, through["legal_moves"](state.legal_moves, seat))
            through["apply_move"](state.apply_move, seat, move)
            through["partial"](len, ())


def calls_per_deal(game, few, many):
    """How many calls of each part the extra deals of the second run make, per deal (no callgrind needed:
    the deals are the same ones)."""
    tallies = []
    for deals in (few, many):
        tally = dict.fromkeys(PARTS, 0)

        def counting(part):
            def counted(function, *args):
                tally[part] += 1
                return function(*args)
            return counted

        play_through(game, deals, {part: counting(part) for part in PARTS})
        tallies.append(tally)
    return {part: (tallies[1][part] - tallies[0][part]) / (many - few) for part in PARTS}


def count(game, deals, part=None):
    """Instructions callgrind counts for `deals` deals: all of them, or only inside `part`'s calls."""
    return instructions([sys.executable, __file__, "--game", game, "--play", str(deals), part or "none"], ROOT,
                        only_inside="partial_vectorcall" if part else None)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="quinto")
    parser.add_argument("--few", type=int, default=200, help="deals in the first run")
    parser.add_argument("--many", type=int, default=1200, help="deals in the second run")
    parser.add_argument("--parts", action="store_true", help="also count each kind of call alone")
    parser.add_argument("--play", nargs=2, metavar=("DEALS", "PART"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play:
        deals, part = int(args.play[0]), args.play[1]
        if part == "none":
            play(args.game, deals)
        else:
            counted = partial(call)
            play_through(args.game, deals, {name: counted if name == part else call for name in PARTS})
        return
    if not 0 < args.few < args.many:
        parser.error("--many must be larger than --few, and both above 0")
    game, few, many = args.game, args.few, args.many
    per_deal = (count(game, many) - count(game, few)) / (many - few)
    print(f"{game}: {per_deal:,.0f} instructions per deal (callgrind, {few} and {many} deals)")
    if args.parts:
        calls = calls_per_deal(game, few, many)
        spent = {part: (count(game, many, part) - count(game, few, part)) / (many - few) for part in PARTS}
        overhead = spent.pop("partial") / calls["partial"]   # the partial's own cost, per call
        for part, inside in spent.items():
            own = inside - overhead * calls[part]
            print(f"  {part:12} {own:10,.0f} per deal  {own / per_deal:6.1%}  "
                  f"({calls[part]:.1f} calls, {own / calls[part]:,.0f} each)")
        rest = per_deal - sum(spent.values()) + overhead * sum(calls[part] for part in spent)
        print(f"  {'the rest':12} {rest:10,.0f} per deal  {rest / per_deal:6.1%}  (the loop and full_pack)")


if __name__ == "__main__":
    main()
