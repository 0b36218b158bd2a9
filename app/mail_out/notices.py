"""The mails the deadline sweep causes (reminders and pauses) and those of a player leaving. Written in the
caller's transaction."""

from app.mail_out.mail import queue_mail
from app.mail_out.notify import game_label, people, seat_context, turn_context, turn_subject


def queue_reminder(session, game, seats, seat, state):
    """Remind `seat` that the move is theirs in `state` (the game as it is now), with the position as a turn
    mail shows it: a reminder replaces the seat's unsent turn mail (mail.drop_turn_mails)."""
    context = turn_context(game, state, seats, seat)
    queue_mail(session, "reminder", seat.email, "Reminder: " + turn_subject(context["title"], seats, seat, state),
               context,
               game_id=game.id, seat=seat.seat, seq=game.seq)


def queue_paused(session, game, seats, absent):
    """Tell every person that the game is paused until `absent` moves."""
    for seat in people(seats):
        context = seat_context(game, seats, seat)
        context.update(absent=absent.name, you=seat is absent)
        queue_mail(session, "paused", seat.email, f"{game_label(context['title'], seats, seat)}: the game is paused", context,
                   game_id=game.id, seat=seat.seat, seq=game.seq)


def queue_left(session, game, seats, headline, news, only=None, skip=None, also=()):
    """Tell the persons at the table (those of the seat numbers `only`, if given; never `skip`) and the seat rows
    `also` what a player's leaving did: `headline` for the subject, `news` the whole of it, in words."""
    told = [seat for seat in people(seats) if (only is None or seat.seat in only) and seat is not skip]
    for seat in told + [seat for seat in also if seat not in told]:
        context = seat_context(game, seats, seat)
        context.update(news=news, left=bool(seat.left))   # one who left has no mail settings to change
        queue_mail(session, "leaving", seat.email, f"{game_label(context['title'], seats, seat)}: {headline}",
                   context, game_id=game.id, seat=seat.seat, seq=game.seq)
