"""Guessing the hidden cards: deals consistent with what a seat knows."""

from ..errors import EngineError

GREEDY_TRIES = 3


class SamplingError(EngineError):
    """No deal of the hidden cards fits the seat's knowledge (a broken view)."""

    code = "robot_sampling"


def sample_hidden(knowledge, rng, greedy_tries=GREEDY_TRIES):
    """A random assignment {holder: cards} of the unseen cards.

    Every holder gets exactly its number of cards and none it is known not
    to hold. Cards with the fewest possible holders are placed first, each
    on a holder drawn with odds proportional to its free places, which keeps
    the guess close to uniform. When that runs into a dead end a few times
    (voids and a full hand can leave a card nowhere to go), each placement
    is instead checked against Hall's condition, which never dead-ends.
    """
    holders = list(knowledge.hidden)
    if sum(knowledge.hidden.values()) != len(knowledge.unseen):
        raise SamplingError(f"{len(knowledge.unseen)} unseen cards for {sum(knowledge.hidden.values())} hidden places")
    bits = {holder: 1 << index for index, holder in enumerate(holders)}
    allowed = {}
    for card in set(knowledge.unseen):
        mask = sum(bits[h] for h in holders if card not in knowledge.excluded.get(h, ()))
        allowed[card] = (mask, [h for h in holders if mask & bits[h]])
    cards = list(knowledge.unseen)
    rng.shuffle(cards)
    cards.sort(key=lambda card: len(allowed[card][1]))
    for _ in range(greedy_tries):
        placed = _place_greedily(cards, allowed, dict(knowledge.hidden), rng)
        if placed:
            return placed
    return _place_checked(cards, allowed, dict(knowledge.hidden), bits, rng)


def _place_greedily(cards, allowed, room, rng):
    placed = {holder: [] for holder in room}
    for card in cards:
        choices = [h for h in allowed[card][1] if room[h]]
        if not choices:
            return None
        holder = rng.choices(choices, [room[h] for h in choices])[0]
        room[holder] -= 1
        placed[holder].append(card)
    return placed


def _place_checked(cards, allowed, room, bits, rng):
    waiting = {}
    for card in cards:
        waiting[allowed[card][0]] = waiting.get(allowed[card][0], 0) + 1
    if not _fits(waiting, room, bits):
        raise SamplingError("no deal of the unseen cards fits what the seat has seen")
    placed = {holder: [] for holder in room}
    for card in cards:
        mask, holders = allowed[card]
        waiting[mask] -= 1
        choices = []
        for holder in holders:
            if room[holder]:
                room[holder] -= 1
                if _fits(waiting, room, bits):
                    choices.append(holder)
                room[holder] += 1
        holder = rng.choices(choices, [room[h] for h in choices])[0]
        room[holder] -= 1
        placed[holder].append(card)
    return placed


def _fits(waiting, room, bits):
    """Hall's condition: every set of holders has room for the cards that can go nowhere else (the empty
    set included: a card no holder may take fits nowhere)."""
    holders = list(room)
    for subset in range(1 << len(holders)):
        space = sum(room[h] for h in holders if subset & bits[h])
        need = sum(count for mask, count in waiting.items() if not mask & ~subset)
        if need > space:
            return False
    return True
