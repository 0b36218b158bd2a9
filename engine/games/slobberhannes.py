"""Slobberhannes, as `rules/slobberhannes.md` specifies.

Played exactly as Polignac (three to six players, 32 cards less the black
Sevens for 3, 5 or 6, no trumps, follow suit), with the plain order
A K Q J 10 9 8 7 and another penalty: 1 point each for winning the first
trick, the last trick and the trick holding the Queen of clubs, and 1 more
for the player who wins all three (4 in all). Two of the events in one trick
both count. The fewest penalties win.

Options: `end` = `fixed_deals` (play `deals` deals, by default 2 × players)
or `threshold` (stop after the deal in which someone reaches `threshold`, 10
by default). Equal fewest penalties share first place: `winner` is then null
and the view's `winners` lists them. There are no actions other than cards.

Dealing a recorded pack: as Polignac (3-2-3 for eight cards each).
"""

from ..endings import penalty_end_options
from ..registry import register
from .polignac import STANDARD_RANKS, Polignac

QUEEN_OF_CLUBS = "QC"
ALL_THREE_BONUS = 1


@register
class Slobberhannes(Polignac):
    name = "slobberhannes"
    title = "Slobberhannes"
    blurb = "Everyone plays alone, no trumps: avoid the first trick, the last trick and the Queen of clubs."
    length = "two rounds of deals (8 deals of 8 tricks for four players)"
    move_hints = {}
    options = penalty_end_options(threshold=10)

    def rank_order(self):
        return STANDARD_RANKS

    def charges(self):
        first, last = self.tricks[0][2], self.tricks[-1][2]
        queen = next(winner for _, cards, winner in self.tricks if any(card == QUEEN_OF_CLUBS for _, card in cards))
        charged = [(first, 1, "first trick"), (last, 1, "last trick"), (queen, 1, "took QC")]
        if first == last == queen:
            charged.append((first, ALL_THREE_BONUS, "all three"))
        return charged

    def deal_facts(self):
        return {}

    def public_view(self, seat):
        return {"rank_order": self.rank_order()}
