"""What one seat knows about the hidden cards of a trick game, from its view.

Every card of the pack is either seen (in a hand the seat may look at, in a
trick of this deal, or shown to all) or unseen. Unseen cards lie in the other
hands or in hidden piles (Quinto's cachette). The public tricks tell which
suits a player has shown out of, and the game's profile adds what its special
rules imply (who cannot hold the Joker).
"""

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Knowledge:
    seat: int                                      # the seat about to act
    known: dict                                    # seat -> its visible hand
    hidden: dict                                   # holder (seat or pile name) -> number of unseen cards it holds
    unseen: list                                   # the unseen cards, one entry per copy
    excluded: dict = field(default_factory=dict)   # holder -> cards it cannot hold

    def possible(self, holder):
        """The unseen cards `holder` may hold."""
        barred = self.excluded.get(holder, ())
        return [card for card in self.unseen if card not in barred]

    def void_in(self, holder, suit):
        """Whether `holder` is known to hold no unseen card of `suit`."""
        barred = self.excluded.get(holder, ())
        return all(card in barred for card in self.unseen if card[1] == suit)


def deal_plays(view):
    """Every trick of the deal so far, completed ones then the current: lists of (seat, card)."""
    tricks = [[(seat, card) for seat, card in trick["cards"]] for trick in view["tricks"]]
    if view["trick"]:
        tricks.append([(seat, card) for seat, card in view["trick"]])
    return tricks


def acting_seat(view):
    return view["to_move"][0] if view["to_move"] else view["seat"]


def read_knowledge(view, profile):
    """The seat's knowledge of the hidden cards at this point of the deal."""
    seat = acting_seat(view)
    hands = view.get("hands") or [view["hand"] if s == view["seat"] else None for s in range(len(view["hand_sizes"]))]
    known = {s: list(hand) for s, hand in enumerate(hands) if hand is not None}
    plays = deal_plays(view)
    played = [card for trick in plays for _, card in trick]
    seen = Counter(played) + Counter(profile.public_cards(view))
    for hand in known.values():
        seen.update(hand)
    unseen = list((Counter(profile.pack(view)) - seen).elements())
    hidden = {s: size for s, size in enumerate(view["hand_sizes"]) if s not in known and size}
    hidden.update({name: size for name, size in profile.hidden_piles(view).items() if size})
    excluded = {holder: set() for holder in hidden}
    for trick in plays[profile.telling_from(view):]:
        for position in range(1, len(trick)):
            player, card = trick[position]
            suit = profile.suit_to_follow(trick[:position])
            if player in excluded and suit and card[1] != suit and card not in profile.always_playable:
                excluded[player].update(c for c in unseen if c[1] == suit)
    for holder, cards in profile.extra_exclusions(view).items():
        if holder in excluded:
            excluded[holder].update(cards)
    return Knowledge(seat, known, hidden, unseen, excluded)
