"""Sueca's hook for the trick-game robots: partners, counting cards, the dealer's turned-up trump."""

from ...games.sueca import PACKS
from ...scoring import point_table
from ...trumps import strength_table
from ..profile import register_profile
from ..trump_profile import TrumpProfile


@register_profile
class SuecaProfile(TrumpProfile):
    game = "sueca"
    # A deal scores one or two game points on whether a side passes 60 or 90 card-points: weighing the
    # card-points taken three times the default, and three times the guesses, took the share of the gap
    # from simple to the oracle from 0.17 to 0.29 (800 deals on three seeds), and drawing the guesses
    # searched by the others' plays (from three times as many) took it to about 0.4 (README).
    taken_weight = 0.3
    search_playouts = 72
    search_worlds = (9, 24)
    play_inference = (1.0, 0.2, 3)

    def __init__(self, options):
        super().__init__(options)
        ranks, rank_values, _ = PACKS[self.state_class(4, options, 0).opts["pack"]]
        self.values = point_table(rank_values)
        self.strengths = strength_table(ranks)
