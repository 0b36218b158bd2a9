"""A one-trick look-ahead card policy for trick games, shared by the robots.

For each legal card it estimates the chance that the seat's side takes the
trick once the card is down (the players still to play may hold cards that
beat it), and scores the card as that chance applied to the points at
stake, minus the worth of spending the card. The simple robot plays it from
its view; the strong robot uses it to play out guessed deals.
"""

from bisect import bisect_right
from dataclasses import dataclass

# Points a card's strength (0 to 1) is worth keeping for later tricks.
KEEP_WEIGHT = 6.0
# Share of a pair's points counted when a player still to play may hold its
# mate and drop it on the trick.
MATE_SHARE = 0.3


@dataclass(slots=True)
class Later:
    """A player still to play to the trick, as the deciding seat sees them."""

    seat: int
    cards: list      # the cards they may hold
    count: int       # how many cards they hold
    voids: frozenset = frozenset()   # suits they are known to hold none of


@dataclass(slots=True)
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
    values = card_values(profile, decision)
    return max(sorted(decision.legal), key=values.__getitem__)


def card_values(profile, decision, cards=None):
    """{card: its estimated value} for `cards` (the legal cards by default). What does not depend on the card
    is worked out once: who leads the trick so far and what each player still to play may play, for each suit
    to follow, and the side's chance of the trick for each leader and best card, which most cards leave as
    they were. The playouts ask this for every card of every turn."""
    seat, before, trick_value, tricks_done = decision.seat, decision.trick, decision.trick_value, decision.tricks_done
    played = [card for _, card in before]
    standings = {}
    chances = {}
    later_cards = None      # every card a later player may hold, gathered for the first card with a mate
    values = {}
    for card in decision.legal if cards is None else cards:
        follow = profile.suit_to_follow(before + [(seat, card)])
        known = standings.get(follow)
        if known is None:
            known = standings[follow] = standing(profile, decision, follow)
        best_seat, best_power, playable = known
        power = profile.power(card, follow)
        if power > best_power:
            best_seat, best_power = seat, power
        chance = chances.get((follow, best_seat, best_power))
        if chance is None:
            chance = chances[follow, best_seat, best_power] = win_chance(decision, best_seat, best_power, playable)
        stake = 2 * chance - 1
        value = stake * (profile.card_points(played + [card]) + trick_value) - KEEP_WEIGHT * profile.strength(card)
        for mate, mate_points in profile.mates(card):
            if later_cards is None:
                later_cards = {held for later in decision.later for held in later.cards}
            if mate in later_cards:
                value += stake * mate_points * MATE_SHARE
        values[card] = value + profile.card_bonus(card, tricks_done, chance > 0.5)
    return values


def standing(profile, decision, follow):
    """(seat, power) of the best card of the trick so far when `follow` is the suit to follow ((None, -1)
    before any card that can win), and for each player still to play the powers, in order, of the cards they
    may play to it: the suit's, or any card where they may hold none of the suit."""
    best_seat, best_power = None, -1
    for seat, played in decision.trick:
        power = profile.power(played, follow)
        if power > best_power:
            best_seat, best_power = seat, power
    playable = []
    for later in decision.later:
        cards = later.cards
        if follow and follow not in later.voids:
            cards = [card for card in cards if card[1] == follow] or cards
        powers = [profile.power(card, follow) for card in cards]
        # A player whose every card is known beats it or not: only its best card tells (`beat_chance`).
        playable.append(sorted(powers) if later.count < len(later.cards) else [max(powers)] if powers else [])
    return best_seat, best_power, playable


def win_chance(decision, best_seat, best_power, playable):
    """The chance that the deciding seat's side takes the trick (`playable`: `standing`'s powers)."""
    if best_seat is None:
        return 0.5
    if decision.partner_of(best_seat):
        chance = 1.0
        for later, powers in zip(decision.later, playable):
            if not decision.partner_of(later.seat):
                chance *= 1 - beat_chance(later, powers, best_power)
        return chance
    for later, powers in zip(decision.later, playable):
        if decision.partner_of(later.seat):
            return 0.6 * beat_chance(later, powers, best_power)
    return 0.0


def beat_chance(later, powers, best_power):
    """The chance that `later` holds, and may play, a card above `best_power` (`powers`: what it may play)."""
    beaters = len(powers) - bisect_right(powers, best_power)
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
