"""Alouette's hook for the trick-game robots: rank alone wins, nothing need be followed, every trick counts one.

The values are in hands (a trick is worth a fraction of the hand it helps to
win), so that the look-ahead policy's judgment, which the strong robot adds
to its playouts, stays smaller than a hand won or lost.
"""

from ...games.alouette import RANK_POWER, RANKS

from ..profile import TrickProfile, register_profile

TRICK_WORTH = 0.3     # a trick towards the five that win the hand
KEEP_SHARE = 0.04     # how much a King is worth keeping, in the policy's keep weights (6 × this)


@register_profile
class AlouetteProfile(TrickProfile):
    game = "alouette"

    def power(self, card, led_suit):
        return RANK_POWER[card[0]]

    def strength(self, card):
        return KEEP_SHARE * (RANK_POWER[card[0]] - 1) / (len(RANKS) - 1)

    def trick_value(self, view):
        """The trick in play carries the tricks set aside before it."""
        return TRICK_WORTH * (1 + len(view["set_aside"]))

    def suit_to_follow(self, cards_before):
        return None   # any card may be played: a card tells nothing of the suits a player holds

    def hidden_piles(self, view):
        return {"unused": view["unused_count"]}
