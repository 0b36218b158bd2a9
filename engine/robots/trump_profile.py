"""The robots' hook for trick games with a trump suit and counting cards.

The trump suit changes from deal to deal, so it is read from the view along
with the pack, which every robot asks for before it weighs a card. A game
gives its rank order (`strength`), its card-points and, if a card can change
suit (a Bower), its `suit_of`.
"""

from ..scoring import point_table
from ..trumps import strength_table
from .profile import TrickProfile

TRUMP_BONUS = 200     # any trump beats any card of the suit led
FOLLOW_BONUS = 100


class TrumpProfile(TrickProfile):
    """Highest trump, else highest of the suit led; tricks worth their card-points."""

    trump = None
    values = {}        # card -> card-points
    strengths = {}     # card -> strength within its suit

    def pack(self, view):
        self.read_trump(view)
        return super().pack(view)

    def read_trump(self, view):
        self.trump = view.get("trump")

    def suit_of(self, card):
        return card[1]

    def card_points(self, cards):
        return sum(self.values.get(card, 0) for card in cards)

    def trick_value(self, view):
        return 0

    def power(self, card, led_suit):
        suit = self.suit_of(card)
        if suit == self.trump:
            return TRUMP_BONUS + self.strengths[card]
        if suit == led_suit or led_suit is None:
            return FOLLOW_BONUS + self.strengths[card]
        return -1

    def strength(self, card):
        top = max(self.strengths.values())
        share = self.strengths[card] / top
        return min(1.0, share * share * (1.5 if self.suit_of(card) == self.trump else 1.0))

    def suit_to_follow(self, cards_before):
        return self.suit_of(cards_before[0][1]) if cards_before else None


class TopJacksProfile(TrumpProfile):
    """Trumps headed by the Jack of trumps and then the other Jack of its colour (Reunion's Bowers, Harjan's
    top Jacks): the second one plays as a trump. A game gives its card-points, plain ranks, the top Jacks'
    points and the colour pairs."""

    left_bower = None
    points_by_rank = {}
    plain_ranks = ""
    top_jack_points = 0
    same_colour = {}

    def read_trump(self, view):
        super().read_trump(view)
        self.values = point_table(self.points_by_rank)
        self.strengths = strength_table(self.plain_ranks)
        if self.trump:
            right, self.left_bower = "J" + self.trump, "J" + self.same_colour[self.trump]
            top = max(self.strengths.values())
            self.strengths[right], self.strengths[self.left_bower] = top + 2, top + 1
            self.values[right] = self.values[self.left_bower] = self.top_jack_points

    def suit_of(self, card):
        return self.trump if card == self.left_bower else card[1]
