"""The next game waiting: how many of a person's other games await their move, and the most urgent one.

One query on the indexed `seat.email`: the person's seats in active games (not those they left), each with its
game and every seat of that game (for the game's label), nearest deadline first.
"""

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import aliased

from engine import find_game

from ..models import STATUS_ACTIVE, Game, Seat
from ..present import deadline_words
from .clock import utcnow
from .notify import game_label
from .seats import seat_path, seat_to_move

MINE = aliased(Seat)
WAITING = (select(Game, MINE, Seat).join(MINE, MINE.game_id == Game.id).join(Seat, Seat.game_id == Game.id)
           .where(MINE.email.is_not(None), MINE.robot.is_(None), Game.status == STATUS_ACTIVE)   # not a seat left
           .order_by(Game.due_at.is_(None), Game.due_at, Game.id, Seat.seat))


@dataclass
class NextGame:
    """The other games awaiting a person's move: how many, and the most urgent one in words, with its link."""

    count: int
    label: str          # "<title> with Bob, Carol and Dan"
    due: str            # "due in 3 hours"
    path: str           # that seat's own current link

    @property
    def words(self):
        games = "1 other game awaits" if self.count == 1 else f"{self.count} other games await"
        return f"{games} your move: {self.label} ({self.due})"


def next_game(session, seat):
    """The NextGame of `seat`'s person (their games besides `seat`'s), or None when none awaits them."""
    if not seat.email:
        return None
    rows = session.execute(WAITING.where(MINE.email == seat.email, Game.id != seat.game_id)).all()
    games, mine, seats = {}, {}, {}
    for game, own, other in rows:
        games[game.id] = game
        mine[game.id] = own
        seats.setdefault(game.id, {})[other.seat] = other
    waiting = [game for game in games.values() if seat_to_move(game, mine[game.id].seat)]
    if not waiting:
        return None
    first = waiting[0]          # the rows come nearest deadline first
    own = mine[first.id]
    due = deadline_words(first.due_at, utcnow(), own.time_zone)
    return NextGame(len(waiting), game_label(find_game(first.game).title, seats[first.id], own),
                    "due " + due if due.startswith("in ") else due, seat_path(own))
