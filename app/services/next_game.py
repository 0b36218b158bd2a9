"""The next game waiting: how many of a person's other games await their move, and the most urgent one.

A narrow query on the indexed `seat.email` (the person's seats in active games, not those they left, with only
what says whose turn it is, nearest deadline first), then the seats of the most urgent game alone, for its
label: a person with hundreds of games costs a few small rows each, not every seat of every game.
"""

from dataclasses import dataclass

from sqlalchemy import select

from engine import find_game

from ..models import STATUS_ACTIVE, Game, Seat
from ..present import deadline_words
from .clock import utcnow
from .notify import game_label
from .seats import seat_path, seat_to_move, seats_of

WAITING = (select(Game.id, Game.game, Game.players, Game.options, Game.to_move, Game.due_at, Seat.seat)
           .join(Seat, Seat.game_id == Game.id)
           .where(Game.status == STATUS_ACTIVE, Seat.robot.is_(None))          # not a seat its person left
           .order_by(Game.due_at.is_(None), Game.due_at, Game.id))


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
    rows = session.execute(WAITING.where(Seat.email == seat.email, Game.id != seat.game_id)).all()
    waiting = [row for row in rows if seat_to_move(row, row.seat)]   # the rows come nearest deadline first
    if not waiting:
        return None
    first = waiting[0]
    seats = seats_of(session, first.id)
    own = seats[first.seat]
    due = deadline_words(first.due_at, utcnow(), own.time_zone)
    return NextGame(len(waiting), game_label(find_game(first.game).title, seats, own),
                    "due " + due if due.startswith("in ") else due, seat_path(own))
