"""The daily digest: one mail gathering what a seat that asked for a digest was not mailed one by one."""

from datetime import timedelta

from sqlalchemy import func, select

from app.context import database, settings
from app.store.models import MAIL_DIGESTED, MAIL_HELD, STATUS_OVER, Outbox
from app.words.present import moment_words
from app.words.result_words import row_result_words
from app.clock import utcnow
from app.mail_out.mail import queue_mail
from app.store.record import lock_game
from app.play.seats import seat_to_move, seats_of

from app.mail_out.notify import game_label, seat_context


def send_digests(now=None):
    """Queue a digest for every (game, seat) whose oldest held mail is a digest period old. Returns how many."""
    now = now or utcnow()
    cutoff = now - timedelta(seconds=settings().digest_period)
    with database().reading() as session:
        groups = session.execute(
            select(Outbox.game_id, Outbox.seat).where(Outbox.status == MAIL_HELD)
            .group_by(Outbox.game_id, Outbox.seat).having(func.min(Outbox.created_at) <= cutoff)
        ).all()
    return sum(queue_digest(game_id, seat) for game_id, seat in groups)


def queue_digest(game_id, seat_number):
    """Turn a seat's held mails into one digest, once: the game row is locked while they are marked."""
    with database().writing() as session:
        game = lock_game(session, game_id)
        held = list(session.execute(select(Outbox).where(Outbox.game_id == game_id, Outbox.seat == seat_number,
                                                         Outbox.status == MAIL_HELD).order_by(Outbox.id)).scalars())
        if game is None or not held:
            return 0
        for row in held:
            row.status = MAIL_DIGESTED
        seats = seats_of(session, game_id)
        seat = seats[seat_number]
        context = seat_context(game, seats, seat)
        context.update(items=[{"subject": row.subject, "at": moment_words(row.created_at, seat.time_zone)}
                              for row in held],
                       your_move=seat_to_move(game, seat_number),
                       result=row_result_words(game, seats) if game.status == STATUS_OVER else None)
        queue_mail(session, "digest", seat.email, f"Your day in {game_label(context['title'], seats, seat)}", context,
                   game_id=game_id, seat=seat_number, seq=game.seq)
        return 1
