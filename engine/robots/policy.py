"""A one-trick look-ahead card policy for trick games, shared by the robots.

For each legal card it estimates the chance that the seat's side takes the
trick once the card is down (the players still to play may hold cards that
beat it), and scores the card as that chance applied to the points at
stake, minus the worth of spending the card. The simple robot plays it from
its view; the strong robot uses it to play out guessed deals.
"""

from dataclasses import dataclass

# Points a card's strength (0 to 1) is worth keeping for later tricks.
KEEP_WEIGHT = 6.0
# Share of a pair's points counted when a player still to play may hold its
# mate and drop it on the trick.
MATE_SHARE = 0.3


@dataclass
class Later:
    """A player still to play to the trick, as the deciding seat sees them."""

    seat: int
    cards: list      # the cards they may hold
    count: int       # how many cards they hold
    voids: frozenset = frozenset()   # suits they are known to hold none of


@dataclass
class Decision:
    """A card to choose: the seat's hand and what it knows of the trick."""

    seat: int
    legal: list
    trick: list            # (seat, card) pairs already played
    tricks_done: int
    trick_value: float
    later: list            # Later entries, in playing order
    partner_of: callable   # seat -> whether that seat is on the deciding seat's side


def choose_card(profile, decision):
    """The legal card with the best estimated value (ties: the first in order)."""
    if len(decision.legal) == 1:
        return decision.legal[0]
    return max(sorted(decision.legal), key=lambda card: card_value(profile, decision, card))


def card_value(profile, decision, card):
    trick = decision.trick + [(decision.seat, card)]
    follow = profile.suit_to_follow(trick)
    best_seat, best_power = None, -1
    for seat, played in trick:
        power = profile.power(played, follow)
        if power > best_power:
            best_seat, best_power = seat, power
    chance = win_chance(profile, decision, best_seat, best_power, follow)
    points = profile.card_points([played for _, played in trick]) + decision.trick_value
    value = (2 * chance - 1) * points - KEEP_WEIGHT * profile.strength(card)
    for mate, mate_points in profile.mates(card):
        if any(mate in later.cards for later in decision.later):
            value += (2 * chance - 1) * mate_points * MATE_SHARE
    return value + profile.card_bonus(card, decision.tricks_done, chance > 0.5)


def win_chance(profile, decision, best_seat, best_power, follow):
    """The chance that the deciding seat's side takes the trick."""
    if best_seat is None:
        return 0.5
    if decision.partner_of(best_seat):
        chance = 1.0
        for later in decision.later:
            if not decision.partner_of(later.seat):
                chance *= 1 - beat_chance(profile, later, best_power, follow)
        return chance
    partners = [later for later in decision.later if decision.partner_of(later.seat)]
    if not partners:
        return 0.0
    return 0.6 * beat_chance(profile, partners[0], best_power, follow)


def beat_chance(profile, later, best_power, follow):
    """The chance that `later` holds, and may play, a card above `best_power`."""
    cards = later.cards
    if follow and follow not in later.voids:
        following = [card for card in cards if card[1] == follow]
        cards = following or cards    # holding none of the suit, it may play anything
    beaters = sum(1 for card in cards if profile.power(card, follow) > best_power)
    if not beaters:
        return 0.0
    pool = len(later.cards)
    if later.count >= pool:
        return 1.0
    missing = 1.0     # the chance that none of the beaters is among its cards
    for i in range(later.count):
        missing *= (pool - beaters - i) / (pool - i)
        if missing <= 0:
            return 1.0
    return 1 - missing
