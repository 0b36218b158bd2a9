"""Trumps: a suit that beats the others, the rank order within each suit, and following.

Many trick games share one of a few rules for following (the winner is
`engine.tricks.TrickGame.card_power`'s). Games whose cards change suit
(Reunion's Left Bower) pass their own `suit_of`, and games with a special
trump order give their own strength table.
"""

from .cards import SUIT_NAMES, SUITS, suit_of as printed_suit

# Following rules, named for options and messages.
FOLLOW = "follow"                          # follow suit if you can, else any card
FOLLOW_THEN_TRUMP = "follow_then_trump"    # follow if you can, else trump if you can
FOLLOW_OR_TRUMP = "follow_or_trump"        # follow or trump, at will; else any card


def strength_table(rank_order, suits=SUITS):
    """Each card's strength within its suit: `rank_order` lists ranks high to low."""
    return {rank + suit: len(rank_order) - index for suit in suits for index, rank in enumerate(rank_order)}


def playable(hand, led, trump, rule, suit_of=printed_suit):
    """The cards of `hand` a follower may play to a trick whose led suit is `led`."""
    following = [card for card in hand if suit_of(card) == led]
    trumps = [card for card in hand if suit_of(card) == trump] if trump and trump != led else []
    if rule == FOLLOW_OR_TRUMP:
        return following + trumps if following or trumps else list(hand)
    if following:
        return following
    if rule == FOLLOW_THEN_TRUMP and trumps:
        return trumps
    return list(hand)


def follow_reason(hand, led, trump, rule, suit_of=printed_suit):
    """Why a card outside `playable(...)` may not be played, in words."""
    if any(suit_of(card) == led for card in hand):
        if rule == FOLLOW_OR_TRUMP and trump and trump != led:
            return f"must follow suit ({SUIT_NAMES[led]}) or trump ({SUIT_NAMES[trump]})"
        return f"must follow suit ({SUIT_NAMES[led]})"
    return f"cannot follow suit ({SUIT_NAMES[led]}), so must trump ({SUIT_NAMES[trump]})"
