"""All Fours' hook for the trick-game robots: Game's card-points, the turned cards, begging by the hand."""

from ...cards import RANKS
from ...games.all_fours import BEG, GAME_VALUES, GIVE, RUN, STAND
from ...trumps import strength_table
from ..profile import register_profile
from ..trump_profile import TrumpProfile

# Cards of the turned suit worth having it trumps for.
HIGH_TRUMPS = frozenset("AKJ")
STAND_WITH = 2     # cards of the turned suit (counting a high one twice) that make it worth keeping


@register_profile
class AllFoursProfile(TrumpProfile):
    game = "all_fours"
    search_playouts = 96        # four times the default; ten times closed no more of the gap to the oracle
    search_worlds = (8, 24)
    # Game goes to the side with more card points, a point whose search signal is all or nothing: weighing
    # the tricks taken three times the default closed 0.37 of the gap to the oracle, not 0.17 (README).
    taken_weight = 0.3
    values = GAME_VALUES
    strengths = strength_table(RANKS)

    def public_cards(self, view):
        return view["turned"]

    def hidden_piles(self, view):
        return {"stock": view["stock_size"]}

    def holding(self, view):
        """How good the turned suit is for this hand: its cards, high ones counting twice."""
        suit = view["turn_up"][1]
        return sum(2 if card[0] in HIGH_TRUMPS else 1 for card in view["hand"] if card[1] == suit)

    def call(self, view, legal, advantage):
        good = self.holding(view) >= STAND_WITH
        if STAND in legal:
            return STAND if good else BEG
        non_dealer = 1 - view["dealer"]
        gift_wins = view["scores"][non_dealer] + 1 >= view["target"]
        return GIVE if good and not gift_wins else RUN
