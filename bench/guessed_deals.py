"""How often the strong robot's guesses of the hidden cards find a deal that fits what its seat has seen.

In each trick game, deals are played by simple robots from a fresh game (its
first number of players, as `robots_decision_time.py` starts them); at every
decision with more than one legal move, the seat's guesser (`Worlds`, given
the game's record layout where its profile reads one) is asked for a number
of guesses. Prints the decisions, the guesses, the share that found no
fitting deal (the strong robot then searches fewer deals, or plays as simple
does) and the processor time a guess took on average.

    python bench/guessed_deals.py [--games yukon harjan] [--deals 6] [--guesses 8]
"""

import argparse
import random
import time

from engine import all_games
from engine.robots.knowledge import read_knowledge
from engine.robots.profile import TrickProfile, profile_for
from engine.robots.worlds import WorldError, Worlds

from robots_decision_time import decisions


def guess_figures(game_name, deals, guesses, seed):
    """(decisions, guesses, guesses that found no deal, processor seconds) over `deals` robot-played deals."""
    made = tried = failed = 0
    used = 0.0
    for view in decisions(game_name, deals, seed):
        made += 1
        started = time.process_time()
        profile = profile_for(game_name, view["options"])
        worlds = Worlds(view, read_knowledge(view, profile), random.Random(made), profile.layout(view))
        for _ in range(guesses):
            tried += 1
            try:
                worlds.guess()
            except WorldError:
                failed += 1
        used += time.process_time() - started
    return made, tried, failed, used


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", help="registry names (every trick game by default)")
    parser.add_argument("--deals", type=int, default=6, help="deals per game")
    parser.add_argument("--guesses", type=int, default=8, help="guesses asked for at each decision")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = args.games or sorted(name for name in all_games() if isinstance(profile_for(name, {}), TrickProfile))
    print(f"{'game':<20} {'decisions':>9} {'guesses':>8} {'no deal':>8} {'cpu ms a guess':>14}")
    for name in names:
        decisions, tried, failed, used = guess_figures(name, args.deals, args.guesses, args.seed)
        print(f"{name:<20} {decisions:>9} {tried:>8} {failed / max(tried, 1):>8.1%} "
              f"{1000 * used / max(tried, 1):>14.2f}", flush=True)


if __name__ == "__main__":
    main()
