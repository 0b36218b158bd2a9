"""Quinto (Angelo Lewis, c.1900), as `rules/quinto.md` specifies.

Four hands in two partnerships, 53 cards (the Joker is the Quint Royal), a
five-card cachette dealt first and taken as a thirteenth trick, a doubling
round, quints scored the moment a trick is won, and a game of 250. With three
players one of them (seat 0) also plays the dummy opposite him (seat 2).

One module a part: `rules` (the pack, the quints, the sides), `doubling` (the
doubling round), `game` (the deal and its trick play: the move path) and
`views` (what each seat may see).
"""

from .game import Quinto
from .rules import CACHETTE_SIZE, POWER, QUINT_BY_SUIT, TRICKS_PER_DEAL, quint_points, quints_in

__all__ = ["CACHETTE_SIZE", "POWER", "QUINT_BY_SUIT", "TRICKS_PER_DEAL", "Quinto", "quint_points", "quints_in"]
