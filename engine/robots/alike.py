"""Cards that play alike: the strong robot searches one card of each such group.

Two cards of a hand play alike when every card still to be played elsewhere
(in another hand, or unseen) beats both or neither of them, whatever suit is
led, and neither carries points, a mate or a special rule: the King and
Queen of one suit once the cards between them are gone, say. Whichever of
them the seat plays, the deal goes the same way, so searching both spends
the playouts twice on one question; the guesses saved go to the other
cards. The look-ahead policy's own judgment still tells the cards of a
group apart (it keeps the stronger), as it is added per card after the
search. A game asks for this in its profile (`search_alike`) when its
profile's powers and points tell every rule that sets two cards apart.
Reads only the game's profile (`TrickProfile`) and the seat's knowledge.
"""


def alike_groups(profile, knowledge, cards):
    """{the card searched: the cards of `cards` that play alike with it}, the first in order standing for
    its group."""
    outside = list(knowledge.unseen)
    for seat, hand in knowledge.known.items():
        if seat != knowledge.seat:
            outside.extend(hand)
    led = {card: profile.suit_to_follow([(knowledge.seat, card)]) for card in outside + list(cards)}
    follows = sorted(set(led.values()) | {None}, key=str)
    groups = {}
    for card in sorted(cards):
        key = card
        if card not in profile.always_playable and not profile.mates(card):
            key = (led[card], profile.card_points([card]),
                   tuple(beaten(profile, card, follow, outside) for follow in follows))
        groups.setdefault(key, []).append(card)
    return {members[0]: members for members in groups.values()}


def beaten(profile, card, follow, outside):
    """How many of the `outside` cards `card` beats when `follow` is the suit to follow."""
    power = profile.power(card, follow)
    return sum(profile.power(other, follow) < power for other in outside)
