"""French Whist, as `rules/french_whist.md` specifies: Catch-the-Ten with a full pack.

Played as Catch-the-Ten (see `catch_the_ten.py`) with these differences:
52 cards (the 2♣ removed for three players); trumps rank J A K Q 10 9 … 2,
plain suits A K Q J 10 … 2; the counting cards are the Jack (11), Ace (4),
King (3) and Queen (2) of trumps and the Ten of diamonds (10) whatever the
trump suit (the seed's "210"), so the Ten of trumps counts nothing unless
diamonds are trumps, when the ♦10 counts 10 once. Game is 40.

Players: 4 (default; 13 cards each), 2 (two hands of 13 each, played as in
Catch-the-Ten) or 3 (17 each). Options: `teams` = `two_teams` (default with
four: partners opposite) or `none`; `stop_at_40` (default off): play stops
the moment a player or side reaches 40 by capturing a counting card. There
are no actions other than cards.

Dealing a recorded pack: as Catch-the-Ten, one card at a time from the
dealer's left; the last card, the dealer's last, is turned for trumps.
"""

from ..options import Option
from ..registry import register
from .catch_the_ten import CatchTheTen

FULL_RANKS = "AKQJT98765432"
HONOUR_VALUES = {"J": 11, "A": 4, "K": 3, "Q": 2}
TEN_OF_DIAMONDS = "TD"
TEN_OF_DIAMONDS_VALUE = 10
REMOVED_FOR_THREE = "2C"


@register
class FrenchWhist(CatchTheTen):
    name = "french_whist"
    title = "French Whist"
    blurb = "Catch-the-Ten with a full pack: the Ten of diamonds is worth 10 whatever is trumps; game is 40."
    length = "a game of 40 points, usually two to four deals"
    players = (4, 2, 3)
    sides = 2
    target = 40
    stop_option = "stop_at_40"
    options = (
        Option("teams", lambda players: "two_teams" if players == 4 else "none",
               "with four players: two teams, partners opposite, or everyone plays alone",
               choices=("none", "two_teams"), players=(4,),
               values=(("Each for themselves", ""), ("Two teams", "partners sit opposite"))),
        Option("stop_at_40", False,
               "whether play stops the moment a player or side reaches 40 by capturing a counting card",
               choices=(False, True)),
    )

    def ranks(self):
        return FULL_RANKS

    def full_pack(self):
        cards = [rank + suit for suit in "SCDH" for rank in FULL_RANKS]
        if self.player_count == 3:
            cards.remove(REMOVED_FOR_THREE)
        return cards

    def hands_each(self):
        return 2 if self.player_count == 2 else 1

    def counting_values(self):
        values = {rank + self.trump: points for rank, points in HONOUR_VALUES.items()}
        values[TEN_OF_DIAMONDS] = TEN_OF_DIAMONDS_VALUE
        return values
