"""Mail about now: whether a mail of a seat goes, what it says, and the links it carries are decided when it
is sent, from the game as it is then.

The worker (app/mail_out/outbox.py) asks `goes` about every mail of a seat before anything else: the one place
that decides a mail stale (a turn mail whose turn has passed, a deal's end the seat has moved past, anything
but the game's end to a person who has left the game). A turn mail or reminder is about one position: the
seat's move drops its unsent ones and a newer one drops the older (mail.drop_turn_mails), and one that goes
is written anew by `bring_up_to_date` from the seat's view of the game then (the position, the hand, the
moves, and the story since the seat's last move, app.words.turn_story). Rewriting the row rather than dropping it
for a new one keeps its Message-ID and its place in the thread, and holds for every reason a mail waits
(its player at the table, a mail server away, an address not yet confirmed).

Every other mail of a seat keeps what it tells, but its links (the table, the mail settings, the reply
address and the moves it takes) are written from the seat's link version and position at sending: no mail
carries a link replaced since it was queued. The talk a mail tells is added as it is sent (app.mail_out.talk_mail).
"""
from app.context import external_url, settings
from app.store.models import STATUS_ACTIVE, Game
from app.play.outcome import left_at
from app.words.turn_story import story_since_last_move
from app.store import snapshots
from app.mail_out.mail import DEAL_END, GAME_OVER, TURN_KINDS
from app.mail_out.notify import reply_context, turn_context, turn_subject
from app.store.record import load_events
from app.play.seats import seat_path, seat_to_move, seats_of

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


def goes(row, now):
    """Whether outbox `row` is still to be sent, for the game as `now` (a GameNow) has it: the one place that
    decides a mail of a seat stale.

    Not when the seat no longer has the row's address; nor, to a person who handed their seat over or
    resigned, anything queued before they left but the game's end; nor a turn mail or reminder once the game
    is not in play, the turn is not the seat's, or the seat has moved since it was queued; nor a deal's end
    once the seat has moved since (it saw that end at its table, which shows it until then)."""
    seat = now.seats.get(row.seat)
    if now.game is None or seat is None or row.context is None:
        return True
    if seat.email != row.recipient:
        return False
    if seat.left and row.kind != GAME_OVER and queued_before_leaving(row, now.events, seat.seat):
        return False
    if row.kind in TURN_KINDS:
        return (now.game.status == STATUS_ACTIVE and seat_to_move(now.game, seat.seat)
                and not moved_since(now, seat.seat, row.seq))
    if row.kind == DEAL_END:
        return not moved_since(now, seat.seat, row.seq)
    return True


def bring_up_to_date(row, now):
    """Write outbox `row`, which `goes`, for the game as `now` (a GameNow) has it."""
    seat = now.seats.get(row.seat)
    if now.game is None or seat is None or row.context is None:
        return
    if row.kind in TURN_KINDS:
        rewrite_turn(row, now, seat)
        return
    context = dict(row.context)
    for key, suffix in (("table_url", ""), ("settings_url", "/mail")):
        if key in context:
            context[key] = external_url(seat_path(seat) + suffix)
    if any(key in context for key in REPLY_KEYS):
        for key in REPLY_KEYS:
            context.pop(key, None)
        context.update(reply_context(now.game, now.state, seat, now.state.view(seat.seat)["legal"]))
    row.context = context


def rewrite_turn(row, now, seat):
    """A turn mail or reminder written for the position now."""
    game, state = now.game, now.state
    context = turn_context(game, state, now.seats, seat)
    context["since"] = story_since_last_move(now.events, seat.seat, context["names"])
    subject = turn_subject(context["title"], now.seats, seat, state)
    if row.kind == "reminder":
        subject = "Reminder: " + subject
    row.subject = " ".join(subject.split())
    row.context = dict(context, subject=subject, base_url=settings().base_url)
    row.seq = game.seq


def moved_since(now, seat, seq):
    """Whether player seat `seat` has moved (for itself or a dummy) after log position `seq`."""
    return any(event.get("type") == "move" and now.state.controller(event["seat"]) == seat
               for event in now.events[(seq or 0) + 1:])


def queued_before_leaving(row, events, seat):
    """Whether `row` was queued before player seat `seat`'s person left the game (the mails that tell them of
    their leaving itself come after)."""
    left = left_at(enumerate(events), seat)
    return left is None or row.seq is None or row.seq < left
