"""The oracle: the strong robot's search on the one true deal, every hand and the stock in view.

It exists to measure robots against, in the arena only. A robot chooses from
its seat's view; the oracle's `choose` takes the whole state, so it cannot
be given a seat at a table: it is not a robot level (`robot_levels`,
`make_robot`, which the app offers and checks, do not know it), and only
`engine.strength.arena` makes one.

It tries each legal move on a copy of the true state and plays the rest of
the deal out with the strong robot's playouts (`strong.search`, the same
budget, the true state standing in for each guessed one), keeping the move
whose gain in the game's returns is best; in a trick game the look-ahead
policy's judgment of a card is added as the strong robot adds it, judged
with every hand open. It searches every decision of a game without tricks
(where the strong robot uses the game's own search from its view) and every
card of a trick game. A trick game's calls, and the decisions its profile
makes itself (Gleek's auction), it makes as the strong robot does: the
playouts' card policy is set for the trump of the moment, which a call
changes.
"""

import random

from .profile import TrickProfile, profile_for
from .simple import is_call_round
from .strong import StrongRobot, add_prior, budget, open_decision, position_rng, search

LEVEL = "oracle"


class TrueWorld:
    """The world source of the oracle's search: copies of the one true state."""

    def __init__(self, state):
        self.state = state

    def guess(self):
        return self.state.clone()


class Oracle:
    """Chooses a seat's move from the full state (see the module's docstring)."""

    level = LEVEL

    def __init__(self, game, seed=None):
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.strong = StrongRobot(game, seed)   # makes a trick game's calls

    def choose(self, state, seat):
        """The best move for `seat` that the search finds with every card in view."""
        legal = state.legal_moves(seat)
        if len(legal) == 1:
            return legal[0]
        view = state.view(seat)
        profile = profile_for(self.game, view["options"])
        rng = position_rng(self.seed, self.rng, view)
        if isinstance(profile, TrickProfile):
            profile.pack(view)   # reads the deal's trump, as every robot does before it weighs a card
            if is_call_round(profile, view, legal) or profile.own_choice(self.strong.level, view, rng) is not None:
                return self.strong.choose(view)
        totals = search(view, profile, TrueWorld(state), rng, budget(profile))
        if totals is None:
            return sorted(legal)[0]
        if isinstance(profile, TrickProfile):
            add_prior(totals, profile, view,
                      open_decision(profile, state, seat, sorted(legal), profile.trick_value(view)))
        return max(totals, key=totals.get)
