"""The mails the deadline sweep causes: reminders and pauses. Written in the caller's transaction."""

from app.services.mail import queue_mail
from app.services.notify import people, seat_context


def queue_reminder(session, game, seats, seat):
    context = seat_context(game, seats, seat)
    queue_mail(session, "reminder", seat.email, f"Reminder: your move in {context['title']}", context,
               game_id=game.id, seat=seat.seat, seq=game.seq)


def queue_paused(session, game, seats, absent):
    """Tell every person that the game is paused until `absent` moves."""
    for seat in people(seats):
        context = seat_context(game, seats, seat)
        context.update(absent=absent.name, you=seat is absent)
        queue_mail(session, "paused", seat.email, f"Your game of {context['title']} is paused", context,
                   game_id=game.id, seat=seat.seat, seq=game.seq)
