"""One-and-Thirty's robots: when to stop drawing.

The simple robot sticks once its total reaches a fixed mark. The strong
robot weighs each stop against the others: it guesses the cards it cannot
see many times over (the others' hidden cards consistent with what it knows:
a player who stuck holds less than 31 and most likely a total near it, one
still to play was not dealt 31),
plays the players after it out with the simple robot's rule, and so learns,
for every total it could stick on, its mean gain in stakes; it then takes
the exact expectation over the next card of the stock to choose between
drawing and sticking. Bone-Ace uses the same robots (its bone is settled
before anyone moves).
"""

from collections import Counter

from ...cards import pack
from ...games.one_and_thirty import DRAW, STICK, TARGET, card_value, closest_to_target, hand_total
from ..base import search_scale
from ..profile import Profile, register_profile

STICK_AT = 26          # the simple robot's mark, and how it expects the others to play
WORLDS = 400           # guessed deals per decision
MARKS = range(24, 30)  # the totals on which other players may be expected to stick
TRIES = 20             # guesses tried per kept one before taking a guess that breaks a condition


@register_profile
class OneAndThirtyProfile(Profile):
    game = "one_and_thirty"

    def own_choice(self, level, view, rng):
        legal = view["legal"]
        if search_scale(level):       # the expectation is exact: a bigger budget changes nothing
            move = strong_choice(view, rng)
        else:
            move = STICK if view["total"] >= STICK_AT else DRAW
        return move if move in legal else STICK


def simple_draws(total):
    return total < STICK_AT


def strong_choice(view, rng):
    """Draw or stick, whichever has the higher expected gain in stakes."""
    ace = view["options"]["ace_value"]
    players = len(view["hand_sizes"])
    order = [(view["dealer"] + 1 + step) % players for step in range(players)]
    unseen = unseen_cards(view)
    gains = stick_gains(view, order, unseen, rng)
    values = Counter(card_value(card, ace) for card in unseen)
    win_31 = (players - 1) * (2 if view["options"]["double_for_31"] else 1) + view["pool"] / view["stake"]
    best = {}

    def value(total):
        """The expected gain holding `total` and playing on as well as possible: (gain, move)."""
        if total not in best:
            drawn = sum(count * (win_31 if total + pips == TARGET else gains["bust"] if total + pips > TARGET
                                 else value(total + pips)[0])
                        for pips, count in values.items()) / len(unseen)
            best[total] = max((gains[total], STICK), (drawn, DRAW))
        return best[total]

    return value(view["total"])[1]


def unseen_cards(view):
    """The cards the seat has not seen: the others' hidden cards and the stock."""
    seen = Counter(view["hand"])
    for other, shown in enumerate(view["shown"]):
        if other != view["seat"]:
            seen.update(shown)
    return list((Counter(pack()) - seen).elements())


def stick_gains(view, order, unseen, rng):
    """{total: mean gain in stakes sticking on it, "bust": mean gain going bust}, over guessed deals."""
    ace = view["options"]["ace_value"]
    seat = view["seat"]
    totals = range(view["total"], TARGET)
    sums = dict.fromkeys([*totals, "bust"], 0.0)
    for _ in range(WORLDS):
        hands, stock = guess(view, order, unseen, rng)
        finals, first_31 = play_later(view, order, hands, stock, ace)
        for total in totals:
            sums[total] += gain(view, order, {**finals, seat: total}, first_31)
        sums["bust"] += gain(view, order, {**finals, seat: None}, first_31)
    return {key: amount / WORLDS for key, amount in sums.items()}


def guess(view, order, unseen, rng):
    """The others' hands and the stock, with the hidden cards dealt at random under what the seat knows."""
    ace = view["options"]["ace_value"]
    cards = list(unseen)
    for _ in range(TRIES):
        rng.shuffle(cards)
        hands, used = {}, 0
        for other in order:
            if other == view["seat"] or view["statuses"][other] == "bust":
                continue
            hidden = view["hand_sizes"][other] - len(view["shown"][other])
            hands[other] = view["shown"][other] + cards[used:used + hidden]
            used += hidden
        if all(rng.random() < plausibility(view, other, hand_total(hand, ace)) for other, hand in hands.items()):
            break
    return hands, cards[used:]


def plausibility(view, other, total):
    """How likely a player's hidden cards are to add up to `total`, given what they did.

    Nobody is dealt 31 without winning at once, and nobody who stuck holds 31 or more; a player
    who stuck most likely did so on a total past their own mark, somewhere from 24 to 29.
    """
    if total >= TARGET:
        return 0.0
    if view["statuses"][other] != "stuck":
        return 1.0
    return sum(1 for mark in MARKS if mark <= total) / len(MARKS)


def play_later(view, order, hands, stock, ace):
    """The players after the seat play by the simple rule: {seat: final total, None if bust}, and who hit 31 first."""
    finals = {other: None for other in order if view["statuses"][other] == "bust"}
    finals.update({other: hand_total(hand, ace) for other, hand in hands.items()})
    drawn = 0
    for other in order[order.index(view["seat"]) + 1:]:
        total = finals[other]
        if total is None:      # bust from the deal: no turn
            continue
        while total < TARGET and simple_draws(total) and drawn < len(stock):
            total += card_value(stock[drawn], ace)
            drawn += 1
        if total == TARGET:
            return finals, other
        finals[other] = total if total < TARGET else None
    return finals, None


def gain(view, order, finals, first_31):
    """The seat's gain in stakes when the deal ends with these totals (None: bust)."""
    seat, players = view["seat"], len(order)
    double = 2 if view["options"]["double_for_31"] else 1
    pool = view["pool"] / view["stake"]
    dealer = order[-1]
    if dealer != seat and all(finals[other] is None for other in order[:-1]):
        winner, stakes = dealer, 1
    elif first_31 is not None:
        winner, stakes = first_31, double
    else:
        totals = [TARGET + 1 if finals[other] is None else finals[other] for other in order]
        best = closest_to_target(totals)
        if best is None:     # only in a guess that broke the conditions: nobody left to win
            return 0.0
        winner, stakes = order[best], 1
    return (players - 1) * stakes + pool if winner == seat else -stakes
