"""Build Quinto positions for tests: a recorded deck that deals chosen cards."""

from engine.events import start_event
from engine.cards import pack
from engine.games.quinto import CACHETTE_SIZE
from engine.record import start_state


def arrange_deck(dealer, hands=None, cachette=(), voids=None):
    """A deck dealing `hands` (seat -> some of its cards) and `cachette`.

    Each hand is filled to 12 from the remaining cards in pack order, skipping
    the suits listed for that seat in `voids` (seat -> suits); the Joker goes
    only where it is named.
    """
    hands = {seat: list(cards) for seat, cards in (hands or {}).items()}
    voids = voids or {}
    named = [card for cards in hands.values() for card in cards] + list(cachette)
    spare = [card for card in pack() if card not in named]
    if "JK" not in named:
        cachette = list(cachette) + ["JK"] if len(cachette) < CACHETTE_SIZE else cachette
    full = {}
    # Seats with voids choose first, while cards of their other suits remain.
    for seat in sorted(range(4), key=lambda seat: -len(voids.get(seat, ""))):
        cards = hands.get(seat, [])
        for card in list(spare):
            if len(cards) == 12:
                break
            if card[1] not in voids.get(seat, ""):
                cards.append(card)
                spare.remove(card)
        full[seat] = cards
    cachette = list(cachette) + spare[: CACHETTE_SIZE - len(cachette)]
    assert len(cachette) == CACHETTE_SIZE and all(len(cards) == 12 for cards in full.values())
    eldest = (dealer + 1) % 4
    deck = list(cachette)
    for index in range(12):
        for offset in range(4):
            deck.append(full[(eldest + offset) % 4][index])
    return deck


def quinto_state(dealer=3, players=4, options=None, calls=("pass",) * 4, **arrangement):
    state = start_state(start_event("quinto", players, options or {}, dealer))
    state.apply_deal(arrange_deck(dealer, **arrangement))
    for call in calls:
        state.apply_move(state.to_move[0], call)
    return state


def play(state, *cards):
    for card in cards:
        state.apply_move(state.to_move[0], card)


QUINT_RANKS = set("A5432")


def play_tricks(state, count, keep=None, stop_at_deal_end=False):
    """Play until `count` tricks of the deal are done, never playing a kept card.

    Each seat plays a legal card, avoiding its `keep` cards and, where it
    can, the Joker and the ranks that make quints, so that tests control
    where the points fall.
    """
    keep = keep or {}
    while state.awaiting == "move" and (state.phase == "doubling" or len(state.tricks) < count or state.trick):
        seat = state.to_move[0]
        legal = sorted(state.legal_moves(seat))
        free = [move for move in legal if move not in keep.get(seat, ())] or legal
        quiet = [move for move in free if move != "JK" and move[0] not in QUINT_RANKS] or free
        state.apply_move(seat, quiet[0])
        if stop_at_deal_end and state.awaiting != "move":
            return
