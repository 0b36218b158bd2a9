"""The inference of hidden hands from the play: how likely a guessed deal makes the cards the others played.

Each other seat is modelled as the simple robot deciding from its own view
at the time: the hand the guessed deal gave it then, and the tricks every
seat had seen. A card gets the chance a softmax of the look-ahead policy's
card values gives it (`sharpness` a point), a share `chance` of each choice
being put down to chance, so that a player who plays otherwise (a person, a
searching robot) lowers a guess's weight and never rules it out. A guessed
deal weighs the product of those chances over the record; the strong robot
weighs `pool` times the guesses it searches and draws the ones it plays out
in proportion to their weights (`strong.guesses`), so its playouts go to the
deals the play makes likely. It reads what a guess replayed
(`Worlds.trail`: each other seat's card choice, its legal cards, its hand and
every hand's size), so it knows no rule of any game either.
"""

import math

from .knowledge import deal_plays, read_knowledge
from .policy import card_values
from .simple import view_decision


class PlayModel:
    """Weighs guessed deals by the likelihood of the others' card plays in the seat's record."""

    def __init__(self, profile, view, sharpness, chance, pool):
        self.profile = profile
        self.sharpness = sharpness
        self.chance = chance
        self.pool = pool          # guesses weighed for each one searched
        self.views = past_views(profile, view)

    def draw(self, weighed, count, rng):
        """`count` draws from the (state, weight) pairs `weighed`, in proportion to the weights (systematic
        sampling: one random start, then even steps): each state drawn, with the times it was drawn."""
        step = sum(weight for _, weight in weighed) / count
        start = rng.random()
        drawn = []
        reached = 0.0
        number = 0                # draws made
        for state, weight in weighed:
            reached += weight
            first = number
            while number < count and (start + number) * step < reached:
                number += 1
            if number > first:
                drawn.append((state, number - first))
        return drawn

    def weight(self, trail):
        """The likelihood of the choices in `trail` ((record index, seat, legal cards, hand, hand sizes) each)."""
        weight = 1.0
        for index, seat, legal, hand, sizes in trail:
            past = self.views.get(index)
            if past is None:       # a record the model could not read (`past_views`)
                continue
            weight *= self.likelihood(dict(past, hand=list(hand), legal=list(legal), hand_sizes=sizes), past["card"])
        return weight

    def likelihood(self, past, card):
        """The chance that a seat deciding from view `past` plays `card`."""
        legal = past["legal"]
        knowledge = read_knowledge(past, self.profile)
        decision = view_decision(self.profile, past, knowledge)
        judged = card_values(self.profile, decision, legal)
        values = [judged[option] for option in legal]
        top = max(values)
        scaled = [math.exp(self.sharpness * (value - top)) for value in values]
        policy = scaled[legal.index(card)] / sum(scaled)
        return self.chance / len(legal) + (1 - self.chance) * policy


def past_views(profile, view):
    """{record index: the view its mover decided from, less its hand, legal cards and hand sizes (which a
    guess gives), with the `card` it played} for each card the record shows played to a trick of this deal
    by another seat; {} where the record's cards and the tricks disagree (a game whose cards also go
    elsewhere), so that nothing is inferred from a misread record."""
    pack = set(profile.pack(view))
    tricks = deal_plays(view)
    plays = [(number, position, seat, card) for number, trick in enumerate(tricks)
             for position, (seat, card) in enumerate(trick)]
    cards = [(index, seat, move) for index, (seat, move) in enumerate(view["moves"]) if move in pack]
    if [(seat, card) for _, seat, card in cards] != [(seat, card) for _, _, seat, card in plays]:
        return {}
    return {index: dict(view, seat=seat, to_move=[seat], hands=None, card=card, tricks=view["tricks"][:number],
                        trick=[list(play) for play in tricks[number][:position]])
            for (index, seat, card), (number, position, _, _) in zip(cards, plays) if seat != view["seat"]}
