"""Yukon's hook for the trick-game robots: the Yukons above every suit, the Grand Yukon above them, a stock.

A player's failure to follow tells only about the hand he held then: after
each trick everyone draws, so only the tricks played since the last draw
tell what the hands now lack (worked out here, since a Jack belongs to no
suit when following).
"""

from ...games.yukon import CARD_POINTS, GRAND_YUKON, HAND_SIZE, PLAIN_RANKS, is_yukon, suit_to_follow
from ...trumps import strength_table
from ..knowledge import deal_plays
from ..probes import probe
from ..profile import Layout, TrickProfile, register_profile

STRENGTHS = strength_table(PLAIN_RANKS)
TOP = max(STRENGTHS.values())
GRAND_POWER, YUKON_POWER, FOLLOW_POWER = 400, 300, 100
YUKON_KEEP = 0.8   # a Yukon's worth of keeping, against the Grand Yukon's 1


@register_profile
class YukonProfile(TrickProfile):
    game = "yukon"
    # A deal's card points swing with who draws the Yukons from the stock: a few guesses per card cannot
    # tell a good card from a lucky one (measured in the arena, README). Guesses read from the record are
    # cheap, so the budget is what a decision used to take before.
    search_playouts = 180
    search_worlds = (15, 40)

    def side_of(self, seat, seats):
        return seat % 2 if self.options.get("partnerships") else seat

    def card_points(self, cards):
        return sum(CARD_POINTS.get(card, 0) for card in cards)

    def trick_value(self, view):
        return 0

    def power(self, card, led_suit):
        if card == GRAND_YUKON:
            return GRAND_POWER
        if is_yukon(card):
            return YUKON_POWER
        if led_suit is None or card[1] == led_suit:
            return FOLLOW_POWER + STRENGTHS[card]
        return -1

    def strength(self, card):
        if card == GRAND_YUKON:
            return 1.0
        if is_yukon(card):
            return YUKON_KEEP
        share = STRENGTHS[card] / TOP
        return share * share

    def suit_to_follow(self, cards_before):
        """The suit led, or "Y" (no suit) when a Yukon led calls for Yukons: plain cards cannot win it."""
        if not cards_before:
            return None
        return suit_to_follow(cards_before[0][1], self.options["yukon_lead"]) or "Y"

    # Knowledge -------------------------------------------------------------------------

    def hidden_piles(self, view):
        return {"stock": view["stock_size"]}

    def draws_made(self, view):
        """How many rounds of draws the deal has had: the first tricks, each followed by one."""
        dealt = view["players"] * HAND_SIZE
        return (len(self.pack(view)) - dealt - view["stock_size"]) // view["players"]

    def telling_from(self, view):
        return len(view["tricks"]) + 1   # the shared reading would take a Jack for a card of its suit

    def extra_exclusions(self, view):
        """What the tricks since the last draw say the players hold none of."""
        since = self.draws_made(view) * view["players"]
        excluded = {}
        for at, player, barred in self.failures(view):
            if at >= since:
                excluded.setdefault(player, set()).update(barred)
        return excluded

    def failures(self, view):
        """(move, player, cards it then held none of) for each card played that did not follow what was led."""
        pack = self.pack(view)
        led_at = 0
        for trick in deal_plays(view):
            suit = suit_to_follow(trick[0][1], self.options["yukon_lead"])
            for offset, (player, card) in enumerate(trick[1:], 1):
                followed = suit and card[1] == suit and not is_yukon(card)
                barred = set()
                if suit and not followed:
                    barred.update(c for c in pack if c[1] == suit and not is_yukon(c))
                if not followed and not is_yukon(card):
                    barred.update(c for c in pack if is_yukon(c))
                if barred:
                    yield led_at + offset, player, barred
            led_at += len(trick)

    def layout(self, view):
        """Every move is public and the stock is drawn in a known order, so the record tells which pack
        position reached which hand when: the deal's (read from the probe deal), then each trick's draws."""
        _, holders, _ = probe(view)
        arrivals = {position: (seat, 0) for position, seat in enumerate(holders) if seat is not None}
        stock = [position for position, seat in enumerate(holders) if seat is None]   # top first
        game = self.template(view)
        for number, trick in enumerate(view["tricks"]):
            order = game.drawing_order(trick["winner"])
            if len(stock) < len(order):   # the stock's last cards stay where they are
                break
            for seat in order:
                arrivals[stock.pop(0)] = (seat, (number + 1) * view["players"])
        return Layout(arrivals, list(self.failures(view)))
