"""Cachette's Quinto against OpenSpiel's Hearts: random deals per second.

Both are driven by the same kind of Python loop in the same run (a random
legal action until the deal is over, chance nodes sampled in Python), in
alternating rounds so that a busy machine slows both alike. The ratio is the
median of the rounds' own ratios (each round times Quinto and then Hearts), so
that a burst of load in one round does not move it. Needs the optional
`bench` dependencies: pip install -e '.[bench]'.

    python bench/openspiel_compare.py [--seconds 20] [--rounds 10]
"""

import argparse
import random
import statistics
import time

import pyspiel

from engine.bench import deals_per_second


def hearts_deals_per_second(seconds, rng):
    game = pyspiel.load_game("hearts")
    deals = 0
    began = time.perf_counter()
    deadline = began + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        deals += 1
    return deals / (time.perf_counter() - began)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="time per side, split into rounds")
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    rng = random.Random(1)
    share = args.seconds / args.rounds
    quinto, hearts = [], []
    for _ in range(args.rounds):
        quinto.append(deals_per_second("quinto", share, rng))
        hearts.append(hearts_deals_per_second(share, rng))
    ratios = sorted(q / h for q, h in zip(quinto, hearts))
    print(f"cachette quinto: {statistics.mean(quinto):.0f} deals/s")
    print(f"openspiel hearts: {statistics.mean(hearts):.0f} deals/s")
    print(f"ratio quinto/hearts: {statistics.median(ratios):.2f} "
          f"(median of {len(ratios)} rounds, {ratios[0]:.2f} to {ratios[-1]:.2f})")


if __name__ == "__main__":
    main()
