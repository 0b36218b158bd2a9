"""Karnöffel's hook for the trick-game robots: beaters whose power depends on the card led, free play.

Nobody has to follow, so a card off the suit led tells nothing of a hand;
the robots read the trick's led card instead of a suit to follow (a card's
power depends on whether it was led). The face-up cards stay with their
holders until played.
"""

from ...games.karnoffel import karnoffel_power
from ..knowledge import deal_plays
from ..profile import TrickProfile, register_profile

# Only tricks count. The look-ahead policy weighs a trick against the worth of keeping a card at 8 to 1
# (measured with the arena); both are scaled to a trick worth 1 so that the strong robot's search, whose
# outcome is a hand won or lost, is not drowned by the policy's own judgment.
TRICK_WORTH = 1
KEEP_SCALE = 1 / 8
TOP_POWER = 100


@register_profile
class KarnoffelProfile(TrickProfile):
    game = "karnoffel"
    trump = None
    search_playouts = 96        # four times the default: see the README's gap table
    search_worlds = (8, 24)

    def __init__(self, options):
        super().__init__(options)
        self.powers = {}

    def pack(self, view):
        self.trump = view.get("trump")
        return super().pack(view)

    def trick_value(self, view):
        return TRICK_WORTH

    def suit_to_follow(self, cards_before):
        """The card led, not a suit: powers depend on it, and nobody has to follow it."""
        return cards_before[0][1] if cards_before else None

    def power(self, card, led):
        led = led or card
        key = card, led, self.trump
        if key not in self.powers:   # the playouts weigh the same pairs again and again
            power = karnoffel_power(card, led[1], self.trump, card == led, self.options["non_led_devil"],
                                    self.options["minor_trumps_beat_plain"])
            self.powers[key] = -1 if power is None else power
        return self.powers[key]

    def strength(self, card):
        """A beater is worth keeping; a plain card only as a lead."""
        share = 1.0 if card[1] == self.trump else 0.4
        return KEEP_SCALE * share * self.power(card, card) / TOP_POWER

    def extra_exclusions(self, view):
        """A face-up card not yet played is still in its holder's hand."""
        played = {card for trick in deal_plays(view) for _, card in trick}
        excluded = {}
        for holder, card in view["face_up"]:
            if card in played:
                continue
            for other in list(range(4)) + ["set_aside"]:
                if other != holder:
                    excluded.setdefault(other, set()).add(card)
        return excluded

    def hidden_piles(self, view):
        return {"set_aside": view["set_aside_count"]}
