"""Quinto's hook for the trick-game robots.

Quints are the points a trick carries; cards compare in one total order
whatever was led; the Joker can never win and may always be played, so it
tells nothing about voids; the cachette is five unseen cards outside the
hands; trick 11's compulsion tells who no longer holds the Joker.
"""

from ...cards import JOKER
from ...games.quinto import (
    POWER, QUINT_BY_SUIT, TRICKS_PER_DEAL, quint_points,
)
from ..knowledge import deal_plays
from ..profile import TrickProfile, register_profile

MATES = {"A": "4", "4": "A", "2": "3", "3": "2"}
TOP_POWER = max(POWER.values())
# Each card's worth keeping, and its quint mate: read for every card of every playout, so worked out once.
STRENGTH = {card: 0.0 if card == JOKER else (power / TOP_POWER) ** 2 for card, power in POWER.items()}
MATES_OF = {card: ((MATES[card[0]] + card[1], QUINT_BY_SUIT[card[1]]),) if card != JOKER and card[0] in MATES
            else () for card in POWER}
# Expected tricks a card takes, by suit and rank, for the doubling estimate.
TRICK_ODDS = {
    "H": dict(zip("AKQJT98765432", (1.0, .95, .85, .75, .62, .5, .4, .3, .2, .12, .08, .05, .03))),
    "D": dict(zip("AKQJT98765432", (.7, .55, .42, .3, .2, .12, .08, .05, .03, .02, .01, .01, 0))),
    "C": dict(zip("AKQJT98765432", (.35, .25, .15, .08, .04, .02, 0, 0, 0, 0, 0, 0, 0))),
    "S": dict(zip("AKQJT98765432", (.1, .05, .02, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))),
}
# Scales the odds above so that an average hand expects its share (3) of the 12 tricks.
TRICK_SCALE = 12 / (sum(sum(odds.values()) for odds in TRICK_ODDS.values()) * 48 / 53)
# Joker: reason to shed it (partner winning) grows as trick 11 nears.
JOKER_SHED_FROM = 6
JOKER_SHED_STEP = 4.0


@register_profile
class QuintoProfile(TrickProfile):
    game = "quinto"
    # A deal's score swings with the quints that fall, so a few guesses per card cannot tell a good card
    # from a lucky one: the search tries each on many more (measured in the arena, README).
    search_playouts = 210
    search_worlds = (14, 42)
    search_alike = True
    always_playable = frozenset({JOKER})

    def side_of(self, seat, seats):
        return seat % 2

    card_points = staticmethod(quint_points)   # called for every card of every playout: no method in between

    def trick_value(self, view):
        return view["trick_value"]

    def power(self, card, led_suit):
        return POWER[card]   # the Joker's is -1: it never wins

    strength = staticmethod(STRENGTH.__getitem__)
    mates = staticmethod(MATES_OF.__getitem__)

    def card_bonus(self, card, tricks_done, my_side_likely):
        if card != JOKER or tricks_done < JOKER_SHED_FROM:
            return 0.0
        urgency = JOKER_SHED_STEP * (tricks_done - JOKER_SHED_FROM + 1)
        return urgency if my_side_likely else -urgency / 2

    def suit_to_follow(self, cards_before):
        if not cards_before:
            return None
        led = cards_before[0][1]
        if led != JOKER:
            return led[1]
        if self.options["joker_led_follow"] == "free" or len(cards_before) == 1:
            return None
        return cards_before[1][1][1]

    def public_cards(self, view):
        return view["cachette"] or []

    def hidden_piles(self, view):
        return {"cachette": view["cachette_size"]}

    def extra_exclusions(self, view):
        """Who trick 11 shows to be without the Joker."""
        rule = self.options["joker_trick11_compulsion"]
        if self.options["joker_lead"] != "forbidden" or rule == "none":
            return {}
        plays = deal_plays(view)
        if len(plays) < TRICKS_PER_DEAL - 1:
            return {}
        trick = plays[TRICKS_PER_DEAL - 2]
        cleared = {}
        for position, (seat, card) in enumerate(trick[1:], start=1):
            if card == JOKER:
                continue
            if rule == "always" or (position == 3 and len(view["tricks"]) > TRICKS_PER_DEAL - 2
                                    and view["tricks"][TRICKS_PER_DEAL - 2]["winner"] == seat):
                cleared[seat] = {JOKER}
        return cleared

    def hand_advantage(self, view):
        """Tricks the seat's side may expect to take beyond the other side's, from its hand."""
        mine = TRICK_SCALE * sum(TRICK_ODDS[card[1]][card[0]] for card in view["hand"] if card != JOKER)
        return (4 * mine - TRICKS_PER_DEAL) / 3

    def call(self, view, legal, advantage):
        if "redouble" in legal and advantage > 1.5:
            return "redouble"
        if "double" in legal and advantage > 1.0:
            return "double"
        return "pass"
