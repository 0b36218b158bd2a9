"""Where a robot's card play loses against the oracle's: its choices judged on the true deal, decision by decision.

Deals are played as in the arena (each pack twice, `--a`'s robots on one side
and then the other, against `--b`'s), and every card decision of an `--a`
seat with more than one legal card is kept with the true state. The oracle's
judgment of a card is what the oracle's own search makes of it: the card
played on the true state and the deal played out by the strong robot's
open-hand playouts. Each measured level then chooses from the seat's view
alone, and its regret is the judgment of the best card less that of its own
(0 where it picked the oracle's best). Printed per level: the mean regret per
decision with its 95% interval, the share of decisions on the oracle's
best card, the regret split by the seat's place in the trick (the lead or a
later card) and by third of the deal, each as its part of the mean, and the
processor time per decision; and for each level after the first, its regret
less the first's on the same decisions. A game's deal swings with where the
cards lie, so the oracle's judgment of one decision is rough; over thousands
it says which decisions the gap is made of. Trick games only.

    python bench/oracle_regret.py quinto [--deals 100] [--levels simple strong expert] [--jobs 2]
"""

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from engine.errors import EngineError
from engine.registry import find_game
from engine.robots import make_robot, robot_levels
from engine.robots.oracle import LEVEL as ORACLE
from engine.robots.profile import TrickProfile, profile_for
from engine.robots.simple import is_call_round
from engine.robots.strong import play_out
from engine.state import AWAITING_MOVE
from engine.strength.arena import Table, edge, pack_for, percentile_95

THIRDS = ("first third", "middle third", "last third")


def card_decisions(game_name, level_a, level_b, seed, numbers):
    """(true state, seat) at each card decision of an A seat with a choice, over the duplicate deals `numbers`."""
    game = find_game(game_name)
    levels = {"A": level_a, "B": level_b}
    kept = []
    for number in numbers:
        tables = [Table(game_name, game.players[0], levels, labels, f"{seed}|{number}|{index}")
                  for index, labels in enumerate(({0: "A", 1: "B"}, {0: "B", 1: "A"}))]
        pack = pack_for(tables[0], seed, number)
        for table in tables:
            table.deals = number   # the deal passes to the left from pack to pack, as in the arena
            table.new_game()
            state = table.state
            state.apply_deal(list(pack))
            while state.awaiting == AWAITING_MOVE:
                seat = state.to_move[0]
                view = state.view(seat)
                if table.labels[state.side_of(seat) % 2] == "A" and is_card_choice(game_name, view):
                    kept.append((state.clone(), seat))
                state.apply_move(seat, table.robots[state.controller(seat)].choose(view))
    return kept


def is_card_choice(game_name, view):
    """Whether the seat chooses among cards (not calls, nor a decision its game's profile makes itself)."""
    profile = profile_for(game_name, view["options"])
    if len(view["legal"]) < 2 or not isinstance(profile, TrickProfile):
        return False
    return not is_call_round(profile, view, view["legal"]) and \
        profile.own_choice("simple", view, random.Random(0)) is None


def judged(game_name, state, seat, view):
    """{card: the seat's gain in returns when it plays the card on the true state and the deal is played out};
    `view` is the seat's."""
    profile = profile_for(game_name, view["options"])
    profile.pack(view)
    trick_value = profile.trick_value(view)
    before = state.returns()[seat]
    values = {}
    for card in view["legal"]:
        trial = state.clone()
        trial.play(seat, card)
        play_out(profile, trial, trick_value, random.Random(0))
        values[card] = trial.returns()[seat] - before
    return values


def regrets(task):
    """For one share of the decisions: (its number, its parts (`parts_of`), {level: (regret, on the oracle's best,
    processor seconds)}) for each."""
    game_name, levels, seed, decisions = task
    rows = []
    for number, (state, seat) in decisions:
        view = state.view(seat)
        values = judged(game_name, state, seat, view)
        best = max(values.values())
        chosen = {}
        for level in levels:
            robot = make_robot(level, game_name, f"{seed}|judged|{number}")
            began = time.process_time()
            card = robot.choose(view)
            chosen[level] = (best - values[card], values[card] == best, time.process_time() - began)
        rows.append((number, parts_of(view), chosen))
    return rows


def parts_of(view):
    """(place in the trick, third of the deal) of a decision, to split the regret by."""
    done, total = len(view["tricks"]), len(view["tricks"]) + len(view["hand"])
    return "lead" if not view["trick"] else "later card", THIRDS[min(2, 3 * done // total)]


def report(args, labels, rows):
    count = len(labels)
    print(f"{args.game}: {count} card decisions of {args.a} seats against {args.b}, {args.deals} duplicate deals, "
          f"seed {args.seed}; regret in the game's returns per decision")
    first = None
    for level in args.levels:
        regret = [row[0] for row in rows[level]]
        mean, _, high = edge(regret)
        best = sum(row[1] for row in rows[level]) / count
        times = [row[2] for row in rows[level]]
        split = "  ".join(f"{name} {sum(r for r, label in zip(regret, labels) if name in label) / count:.2f}"
                          for name in ("lead", "later card", *THIRDS))
        print(f"{level:<8} regret {mean:6.2f} ± {high - mean:.2f}, oracle's best {100 * best:4.1f}%  |  {split}  |  "
              f"cpu median {1000 * statistics.median(times):.0f} ms, p95 {1000 * percentile_95(times):.0f} ms")
        if first is None:
            first = regret
        else:
            diff, _, diff_high = edge([mine - theirs for mine, theirs in zip(regret, first)])
            print(f"{'':<8} less {args.levels[0]}'s on the same decisions: {diff:+.2f} ± {diff_high - diff:.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals whose decisions are judged")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--a", default="strong", help="the level whose seats' decisions are judged")
    parser.add_argument("--b", default="simple", help="the level it plays against")
    parser.add_argument("--levels", nargs="+", default=["simple", "strong"], help="the levels that choose")
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing the work (each on one core)")
    args = parser.parse_args()
    if args.deals < 1 or args.jobs < 1:
        parser.error("--deals and --jobs must be at least 1")
    try:
        find_game(args.game)
    except EngineError as error:
        parser.error(str(error))
    if not isinstance(profile_for(args.game, {}), TrickProfile):
        parser.error(f"{args.game} is not a trick game")
    unknown = [level for level in (args.a, args.b, *args.levels) if level not in (*robot_levels(), ORACLE)]
    if unknown or ORACLE in args.levels:
        parser.error(f"robot levels are {', '.join(robot_levels())} (and {ORACLE} for --a or --b), "
                     f"not {', '.join(unknown or [ORACLE])}")
    numbers = list(range(args.deals))
    with ProcessPoolExecutor(args.jobs) as pool:
        shares = list(pool.map(card_decisions, *zip(*[(args.game, args.a, args.b, args.seed, numbers[job::args.jobs])
                                                      for job in range(args.jobs)])))
        decisions = [decision for share in shares for decision in share]
        numbered = list(enumerate(decisions))
        tasks = [(args.game, args.levels, args.seed, numbered[job::args.jobs]) for job in range(args.jobs)]
        judged_rows = [row for share in pool.map(regrets, tasks) for row in share]
    rows = {level: [chosen[level] for _, _, chosen in judged_rows] for level in args.levels}
    report(args, [labels for _, labels, _ in judged_rows], rows)


if __name__ == "__main__":
    main()
