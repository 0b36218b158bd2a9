"""The next game waiting: how many of a person's other games await their move, and the most urgent one.

One query: the person's seats that are to move (`seat.to_move`, kept by app.store.record) in active games,
on the index (email, to_move), so that the games not awaiting them cost nothing; it counts them and joins the
seats of the most urgent one alone, for its label.
"""

from dataclasses import dataclass

from sqlalchemy import bindparam, func, select, true
from sqlalchemy.orm import aliased

from engine import find_game

from app.store.models import STATUS_ACTIVE, Game, Seat
from app.words.present import deadline_words
from app.clock import utcnow
from app.mail_out.notify import game_label
from app.play.seats import seat_path

MINE = aliased(Seat)
MOST_URGENT = (select(MINE.game_id, MINE.seat, Game.game, Game.due_at, func.count().over().label("count"))
               .join(Game, Game.id == MINE.game_id)
               .where(MINE.email == bindparam("email"), MINE.to_move == true(),
                      MINE.robot.is_(None),                               # not a seat its person left
                      Game.status == STATUS_ACTIVE, Game.id != bindparam("game_id"))
               .order_by(Game.due_at.is_(None), Game.due_at, Game.id)
               .limit(1).subquery())
WAITING = (select(MOST_URGENT.c.count, MOST_URGENT.c.game, MOST_URGENT.c.due_at,
                  MOST_URGENT.c.seat.label("own"), Seat)
           .join(Seat, Seat.game_id == MOST_URGENT.c.game_id).order_by(Seat.seat))


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
    rows = session.execute(WAITING, {"email": seat.email, "game_id": seat.game_id}).all()
    if not rows:
        return None
    first = rows[0]
    seats = {row.Seat.seat: row.Seat for row in rows}
    own = seats[first.own]
    due = deadline_words(first.due_at, utcnow(), own.time_zone)
    return NextGame(first.count, game_label(find_game(first.game).title, seats, own),
                    "due " + due if due.startswith("in ") else due, seat_path(own))
