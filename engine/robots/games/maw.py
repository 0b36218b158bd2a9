"""Maw's hook for the trick-game robots: its trump order, reneging, robbing and the jink.

Robots always rob (the turned trump is worth more than their weakest card)
and jink only on a sure thing: when every card they still hold is a trump
that no trump still out can beat. What a player's failure to follow tells is
read by Maw's own rules, since the top three trumps may renege.
"""

from ...games.maw import CLAIM, JINK, PASS, SEED, exempt, maw_suit, strengths
from ..knowledge import deal_plays
from ..profile import register_profile
from ..trump_profile import TrumpProfile

# Three tricks take the pool. The look-ahead policy weighs a trick against the worth of keeping a card at
# 8 to 1; both are scaled to a trick worth 1 so that the strong robot's search, whose outcome is counters
# won or lost, is not drowned by the policy's own judgment.
TRICK_WORTH = 1
KEEP_SCALE = 1 / 8


@register_profile
class MawProfile(TrumpProfile):
    game = "maw"

    def read_trump(self, view):
        super().read_trump(view)
        self.strengths = strengths(self.trump) if self.trump else {}

    def suit_of(self, card):
        return maw_suit(card, self.trump)

    def trick_value(self, view):
        return TRICK_WORTH

    def strength(self, card):
        return KEEP_SCALE * super().strength(card)

    def side_of(self, seat, seats):
        return seat

    # What the seat knows -------------------------------------------------------

    def public_cards(self, view):
        shown = [view["turn_up"]] if view["turn_up_on_table"] else []
        return shown + ([view["my_discard"]] if view["my_discard"] else [])

    def hidden_piles(self, view):
        return {"stock": view["stock_size"] - (1 if view["my_discard"] else 0)}

    def telling_from(self, view):
        """Failures to follow are read by `extra_exclusions`, under Maw's reneging."""
        return len(view["tricks"]) + 1

    def extra_exclusions(self, view):
        holders = [seat for seat in range(view["players"]) if seat != view["seat"]] + ["stock"]
        excluded = {holder: set() for holder in holders}
        self.read_trump(view)
        for holder in holders:
            for card in self.fixed_cards(view):
                if holder != card[0]:
                    excluded[holder].add(card[1])
        pack = self.pack(view)
        for trick in deal_plays(view):
            led = trick[0][1]
            for seat, card in trick[1:]:
                if seat in excluded:
                    excluded[seat].update(self.ruled_out(pack, led, card))
        return excluded

    def fixed_cards(self, view):
        """(holder, card) of unseen cards whose holder the public record tells: a robbed turn-up, a robber's Ace."""
        played = {card for trick in deal_plays(view) for _, card in trick}
        fixed = []
        robbed_by, robber = view["robbed_by"], view["robber"]
        if robbed_by is not None and view["turn_up"] not in played:
            fixed.append((robbed_by, view["turn_up"]))
        ace = "A" + self.trump if self.trump else None
        if ace and view["turn_up"] != ace and ace not in played and self.options["robbing"]:
            fixed.append((robber if robber is not None else "stock", ace))   # nobody asked: the Ace is undealt
        return fixed

    def ruled_out(self, pack, led, card):
        """The cards a player who played `card` to a trick led by `led` cannot have held."""
        trump = self.trump
        led_suit, suit = self.suit_of(led), self.suit_of(card)
        if suit == led_suit or (suit == trump and self.options["follow"] != SEED):
            return set()
        following = {c for c in pack if self.suit_of(c) == led_suit} if led_suit != trump else set()
        if suit == trump:
            return following
        return following | {c for c in pack if self.suit_of(c) == trump and not exempt(c, led, trump)}

    # Rob and jink ----------------------------------------------------------------

    def call(self, view, legal, advantage):
        self.read_trump(view)
        if PASS in legal:
            return min((card for card in legal if card != PASS), key=self.keep_worth)
        return JINK if self.sure_of_the_rest(view) else CLAIM

    def keep_worth(self, card):
        return (self.suit_of(card) == self.trump, self.strengths[card])

    def sure_of_the_rest(self, view):
        """Whether every card left in hand is a trump above every trump not yet played nor held."""
        played = {card for trick in deal_plays(view) for _, card in trick}
        hand = view["hand"]
        outside = [card for card in self.pack(view) if self.suit_of(card) == self.trump
                   and card not in played and card not in hand and card not in self.public_cards(view)]
        best_out = max((self.strengths[card] for card in outside), default=0)
        return all(self.suit_of(card) == self.trump and self.strengths[card] > best_out for card in hand)
