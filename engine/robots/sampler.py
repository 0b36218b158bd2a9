"""Guessing the hidden cards: deals consistent with what a seat knows."""

from ..errors import EngineError


class SamplingError(EngineError):
    """No deal of the hidden cards fits the seat's knowledge (a broken view)."""

    code = "robot_sampling"


def sample_hidden(knowledge, rng):
    """A random assignment {holder: cards} of the unseen cards.

    Every holder gets exactly its number of cards and none it is known not
    to hold. Cards with the fewest possible holders are placed first, each
    on a holder drawn with odds proportional to its free places, which keeps
    the guess close to uniform; a dead end backtracks.
    """
    holders = list(knowledge.hidden)
    room = dict(knowledge.hidden)
    if sum(room.values()) != len(knowledge.unseen):
        raise SamplingError(f"{len(knowledge.unseen)} unseen cards for {sum(room.values())} hidden places")
    allowed = {}
    for card in set(knowledge.unseen):
        allowed[card] = [h for h in holders if card not in knowledge.excluded.get(h, ())]
    cards = list(knowledge.unseen)
    rng.shuffle(cards)
    cards.sort(key=lambda card: len(allowed[card]))
    placed = {holder: [] for holder in holders}
    if not _place(cards, 0, allowed, room, placed, rng):
        raise SamplingError("no deal of the unseen cards fits what the seat has seen")
    return placed


def _place(cards, index, allowed, room, placed, rng):
    if index == len(cards):
        return True
    card = cards[index]
    choices = [h for h in allowed[card] if room[h]]
    while choices:
        weights = [room[h] for h in choices]
        holder = rng.choices(choices, weights)[0]
        room[holder] -= 1
        placed[holder].append(card)
        if _place(cards, index + 1, allowed, room, placed, rng):
            return True
        placed[holder].pop()
        room[holder] += 1
        choices.remove(holder)
    return False
