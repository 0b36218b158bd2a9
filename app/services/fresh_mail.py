"""Mail about now: what a mail of a seat says, and the links it carries, are written when it is sent.

A turn mail or reminder is about one position. The seat's move drops its
unsent ones, and a newer one drops the older (mail.drop_turn_mails), so the
outbox never holds a mail about a position passed, whatever the seat's mail
setting. When the worker sends one (workers/outbox.py), `bring_up_to_date`
looks once more: a mail whose game is no longer in play, whose turn is no
longer the seat's, or whose seat has moved since it was queued is dropped;
else it is written anew from the seat's view of the game as it is then (the
position, the hand, the moves, and the story since the seat's last move,
app.turn_story). Rewriting the row rather than dropping it for a new one
keeps its Message-ID and its place in the thread, and holds for every reason
a mail waits (its player at the table, a mail server away, an address not
yet confirmed).

Every other mail of a seat keeps what it tells, but its links (the table,
the mail settings, the reply address and the moves it takes) are written
from the seat's link version and position at sending: no mail carries a link
replaced since it was queued. A mail whose seat no longer has its address is
dropped.
"""

from ..context import external_url, settings
from ..models import MAIL_DROPPED, STATUS_ACTIVE, Game
from ..turn_story import story_since_last_move
from . import snapshots
from .mail import TURN_KINDS
from .notify import reply_context, turn_context, turn_subject
from .record import load_events
from .seats import seat_path, seat_to_move, seats_of

REPLY_KEYS = ("reply_to", "reply_hint", "legal")


class GameNow:
    """A game as it is when a batch of its mails is sent: its row, its seats and its state, read once."""

    def __init__(self, session, game_id):
        self.session = session
        self.game = session.get(Game, game_id)
        self.seats = seats_of(session, game_id) if self.game is not None else {}
        self._state = self._events = None

    @property
    def state(self):
        if self._state is None:
            self._state = snapshots.state_at(self.session, self.game.id, self.game.seq)
        return self._state

    @property
    def events(self):
        if self._events is None:
            self._events = load_events(self.session, self.game.id, upto=self.game.seq)
        return self._events


def bring_up_to_date(row, now):
    """Write outbox `row` for the game as `now` (a GameNow) has it; MAIL_DROPPED when it must not go, else None."""
    seat = now.seats.get(row.seat)
    if now.game is None or seat is None or row.context is None:
        return None
    if seat.email != row.recipient:
        return MAIL_DROPPED
    if row.kind in TURN_KINDS:
        return rewrite_turn(row, now, seat)
    context = dict(row.context)
    for key, suffix in (("table_url", ""), ("settings_url", "/mail")):
        if key in context:
            context[key] = external_url(seat_path(seat) + suffix)
    if any(key in context for key in REPLY_KEYS):
        for key in REPLY_KEYS:
            context.pop(key, None)
        context.update(reply_context(now.game, now.state, seat))
    row.context = context
    return None


def rewrite_turn(row, now, seat):
    """A turn mail or reminder written for the position now, or MAIL_DROPPED if the seat has moved past it."""
    game, state = now.game, now.state
    if game.status != STATUS_ACTIVE or not seat_to_move(game, seat.seat) or moved_since(now, seat.seat, row.seq):
        return MAIL_DROPPED
    context = turn_context(game, state, now.seats, seat)
    context["since"] = story_since_last_move(now.events, seat.seat, context["names"])
    subject = turn_subject(context["title"], now.seats, seat, state)
    if row.kind == "reminder":
        subject = "Reminder: " + subject
    row.subject = " ".join(subject.split())
    row.context = dict(context, subject=subject, base_url=settings().base_url)
    row.seq = game.seq
    return None


def moved_since(now, seat, seq):
    """Whether player seat `seat` has moved (for itself or a dummy) after log position `seq`."""
    return any(event.get("type") == "move" and now.state.controller(event["seat"]) == seat
               for event in now.events[(seq or 0) + 1:])
