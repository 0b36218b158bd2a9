"""The mails the workers cause: reminders, timeouts, pauses. Written in the caller's transaction."""

from app.context import external_url
from app.present import deadline_words, move_label
from app.services.clock import utcnow
from app.services.mail import queue_mail
from app.services.notify import game_context, people
from app.services.seats import seat_path


def seat_context(game, seats, seat):
    context = game_context(game, seats)
    context.update(name=seat.name, table_url=external_url(seat_path(seat)),
                   settings_url=external_url(seat_path(seat) + "/mail"),
                   deadline=deadline_words(game.due_at, utcnow()))
    return context


def queue_reminder(session, game, seats, seat):
    context = seat_context(game, seats, seat)
    queue_mail(session, "reminder", seat.email, f"Reminder: your move in {context['title']}", context,
               game_id=game.id, seat=seat.seat, seq=game.seq)


def queue_timeout(session, game, seats, absent, move):
    """Tell the absent person that a robot played `move` for them."""
    context = seat_context(game, seats, absent)
    context.update(move=move_label(move))
    queue_mail(session, "timeout", absent.email, f"Time ran out in {context['title']}: a robot moved for you",
               context, game_id=game.id, seat=absent.seat, seq=game.seq)


def queue_paused(session, game, seats, absent):
    """Tell every person that the game is paused until `absent` moves."""
    for seat in people(seats):
        context = seat_context(game, seats, seat)
        context.update(absent=absent.name, you=seat is absent)
        queue_mail(session, "paused", seat.email, f"Your game of {context['title']} is paused", context,
                   game_id=game.id, seat=seat.seat, seq=game.seq)
