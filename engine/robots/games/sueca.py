"""Sueca's hook for the trick-game robots: partners, counting cards, the dealer's turned-up trump."""

from ...games.sueca import PACKS
from ...scoring import point_table
from ...trumps import strength_table
from ..profile import register_profile
from ..trump_profile import TrumpProfile


@register_profile
class SuecaProfile(TrumpProfile):
    game = "sueca"

    def __init__(self, options):
        super().__init__(options)
        ranks, rank_values, _ = PACKS[self.state_class(4, options, 0).opts["pack"]]
        self.values = point_table(rank_values)
        self.strengths = strength_table(ranks)
