"""Ruff and Honours' hook for the trick-game robots: every trick counts, the stock and discards are hidden.

The simple robot never ruffs (it passes) and discards only for a ruffer whose time ran out mid-way. The
strong robot always ruffs: four more cards to choose from can only help (it may lay the stock out again),
and a trump honour in the stock may make its side's honours. It lays out its lowest plain cards, since the
playouts' card policy, which leads from a trick, would lay out Aces in the discards that follow.
"""

from collections import Counter

from ...cards import RANKS
from ...rounds import PHASE_PLAY
from ...trumps import strength_table
from ..base import search_scale
from ..profile import register_profile
from ..trump_profile import TrumpProfile

# A trick is the game's only point: weigh it against the policy's worth of keeping a card
# (measured with the arena: at 1 the robot never tries to win a trick and loses to random play).
TRICK_WORTH = 8


@register_profile
class RuffAndHonoursProfile(TrumpProfile):
    game = "ruff_and_honours"
    values = {}
    strengths = strength_table(RANKS)
    # Three times the default: twelve legal cards left the default three guessed deals a card.
    search_playouts = 72
    search_worlds = (6, 16)

    def trick_value(self, view):
        return TRICK_WORTH

    def own_choice(self, level, view, rng):
        if not search_scale(level) or view["phase"] == PHASE_PLAY:
            return None
        if "ruff" in view["legal"]:
            return "ruff"
        plain = [card for card in view["legal"] if card[1] != view["trump"]] or list(view["legal"])
        length = Counter(card[1] for card in view["hand"])
        return min(sorted(plain), key=lambda card: (-RANKS.index(card[0]), length[card[1]]))

    def public_cards(self, view):
        """The turned card while it lies on the stock, and the ruffer's own discards (seen by him alone)."""
        on_stock = [view["turn_up"]] if view["turn_up"] and view["stock_size"] else []
        return on_stock + list(view["discards"] or ())

    def hidden_piles(self, view):
        stock = max(0, view["stock_size"] - 1)
        discards = 0 if view["seat"] == view["ruffer"] else view["discard_count"]
        return {"stock": stock, "discards": discards}

    def extra_exclusions(self, view):
        """The turned card and the trump Ace lie only where the deal's public record allows."""
        holders = (0, 1, 2, 3, "stock", "discards")
        excluded = {holder: set() for holder in holders}
        if view["turn_up"] and not view["stock_size"]:
            allowed = self.turn_up_holders(view)
            for holder in holders:
                if holder not in allowed:
                    excluded[holder].add(view["turn_up"])
        ace = "A" + view["trump"] if view["trump"] else None
        if ace and ace != view["turn_up"] and view["options"]["variant"] == "ruff" and view["options"]["ruff_enabled"]:
            right = view["ruff_right"]
            allowed = {"stock"} if right is None else {right, "discards"} if right == view["ruffer"] else {right}
            for holder in holders:
                if holder not in allowed:
                    excluded[holder].add(ace)
        return excluded

    def turn_up_holders(self, view):
        """Where the turned card may be when it is neither on the stock nor seen."""
        if view["options"]["variant"] == "ruff":
            return {view["ruffer"], "discards"}
        eldest_last = view["options"]["honours_trump_card"] == "eldest_last"
        return {(view["dealer"] + 1) % 4 if eldest_last else view["dealer"]}

