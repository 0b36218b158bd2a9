"""Trumps: a suit that beats the others, and the rank order within each suit.

Many trick games share one rule for the winner (the highest trump, or else the
highest card of the suit led) and one of a few rules for following. Games
whose cards change suit (Reunion's Left Bower) pass their own `suit_of`, and
games with a special trump order pass their own strength table.
"""

from .cards import SUIT_NAMES, SUITS, suit_of as printed_suit

# Following rules, named for options and messages.
FOLLOW = "follow"                          # follow suit if you can, else any card
FOLLOW_THEN_TRUMP = "follow_then_trump"    # follow if you can, else trump if you can
FOLLOW_OR_TRUMP = "follow_or_trump"        # follow or trump, at will; else any card


def strength_table(rank_order, suits=SUITS):
    """Each card's strength within its suit: `rank_order` lists ranks high to low."""
    return {rank + suit: len(rank_order) - index for suit in suits for index, rank in enumerate(rank_order)}


def trick_winner(cards, trump, strength, suit_of=printed_suit):
    """The seat that wins a trick of (seat, card) pairs: highest trump, else highest of the suit led.

    `trump` may be None for a game without trumps.
    """
    led = suit_of(cards[0][1])

    def power(pair):
        suit = suit_of(pair[1])
        if suit == trump:
            return (2, strength[pair[1]])
        if suit == led:
            return (1, strength[pair[1]])
        return (0, 0)

    return max(cards, key=power)[0]


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
