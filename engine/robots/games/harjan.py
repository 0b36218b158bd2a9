"""Harjan's hook for the trick-game robots: the two top Jacks, the stock, the exchange and (never) closing.

While the stock lasts play is free and tells nothing; once it is gone (or
closed) a player who does not follow, or does not head the trick, shows what
he lacks (worked out here: the second Jack of the trump colour is a trump).
"""

from ...games.harjan import (CARD_POINTS, CLOSE, EXCHANGE, PLAIN_RANKS, SAME_COLOUR, TOP_JACK_POINTS)
from ..knowledge import read_knowledge
from ..policy import choose_card
from ..profile import register_profile
from ..simple import view_decision
from ..trump_profile import TopJacksProfile

WORD_BONUS = {EXCHANGE: 100.0, CLOSE: -100.0}   # in playouts, always take the trump card; never close
STOCK_AT_START = 40


@register_profile
class HarjanProfile(TopJacksProfile):
    game = "harjan"
    points_by_rank = CARD_POINTS
    plain_ranks = PLAIN_RANKS
    top_jack_points = TOP_JACK_POINTS
    same_colour = SAME_COLOUR

    def power(self, card, led_suit):
        return super().power(card, led_suit) if card in self.strengths else -1

    def strength(self, card):
        return super().strength(card) if card in self.strengths else 0.0

    def card_bonus(self, card, tricks_done, my_side_likely):
        return WORD_BONUS.get(card, 0.0)

    # Knowledge ---------------------------------------------------------------------------

    def public_cards(self, view):
        """The seen cards lying face up under the stock (a seen card in a hand is placed by `extra_exclusions`)."""
        return [card for seat, card in view["table"] if seat is None]

    def hidden_piles(self, view):
        return {"stock": view["stock_size"] - len(self.public_cards(view))}

    def strict_from(self, view):
        """The first trick played under the strict rules (none yet: past the last trick)."""
        if view["closed_by"] is not None:
            return view["closed_after"]
        if view["stock_size"]:
            return len(view["tricks"]) + 1
        return STOCK_AT_START // 2

    def telling_from(self, view):
        return len(view["tricks"]) + 1   # the shared reading would take the second Jack for a card of its suit

    def extra_exclusions(self, view):
        """Seen cards in a hand lie there; strict tricks tell which suits and heads a player lacks."""
        self.read_trump(view)
        pack = self.pack(view)
        excluded = {holder: set() for holder in (0, 1, "stock")}
        for seat, card in view["table"]:
            if seat is not None and seat != view["seat"] and card not in (c for _, c in view["trick"]):
                for holder in excluded:
                    if holder != seat:
                        excluded[holder].add(card)
        for (_, led), (player, card) in (trick["cards"] for trick in view["tricks"][self.strict_from(view):]):
            suit = self.suit_of(led)
            if self.suit_of(card) != suit:
                excluded[player].update(c for c in pack if self.suit_of(c) == suit)
                if self.suit_of(card) != self.trump:
                    excluded[player].update(c for c in pack if self.suit_of(c) == self.trump)
            elif self.strengths[card] < self.strengths[led]:
                excluded[player].update(c for c in pack if self.suit_of(c) == suit
                                        and self.strengths[c] > self.strengths[led])
        return excluded

    # Moves that are not cards --------------------------------------------------------------

    def call(self, view, legal, advantage):
        """Take the turn-up whenever possible; never close: lead a card as the simple robot would."""
        if EXCHANGE in legal:
            return EXCHANGE
        cards = [move for move in legal if move not in WORD_BONUS]
        card_view = dict(view, legal=cards)
        return choose_card(self, view_decision(self, card_view, read_knowledge(card_view, self)))
