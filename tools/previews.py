"""The mails a seat would be sent at a position of a walk (tools/positions.py), made by the service's own
contexts (app.mail_out.notify) and templates, without being queued: to be looked at."""

from types import SimpleNamespace

from app.context import database, settings
from app.store.models import Game
from app.mail_out import notify
from app.store import snapshots
from app.mail_out.mail import mail_bodies
from app.store.record import load_events
from app.play.seats import seats_of
from app.words.present import move_label
from app.words.turn_story import story_since_last_move


def rendered(kind, recipient, subject, context):
    """{"subject", "text", "html"} of a mail of `kind` with `context`, as the outbox would send it."""
    row = SimpleNamespace(kind=kind, recipient=recipient,
                          context=dict(context, subject=subject, base_url=settings().base_url))
    text, html = mail_bodies(row)
    return {"subject": subject, "text": text, "html": html}


def seat_mails(position, seat_number):
    """{kind: rendered mail} of what the move that led to `position` sends `seat_number`: its turn mail (when
    it is to move after someone else's move), the deal-end mail (when the move ended a deal), the game-over
    mail (when it ended the game)."""
    with database().reading() as session:
        game = session.get(Game, position.game_id)
        seats = seats_of(session, game.id)
        state = snapshots.state_at(session, game.id, position.seq)
        events = load_events(session, game.id, upto=position.seq)
    seat = seats[seat_number]
    title = notify.game_context(game, seats)["title"]
    label = notify.game_label(title, seats, seat)
    mails = {}
    if state.over:
        mails["game_over"] = rendered("game_over", seat.email, f"{label}: the game is over",
                                      notify.game_over_context(game, state, seats, seat))
    elif position.ended_deal:
        mails["deal_end"] = rendered("deal_end", seat.email, f"{label}: deal {position.ended_deal} is over",
                                     notify.deal_end_context(game, state, seats, seat, position.ended_deal))
    if position.last_move and position.mover == seat_number:
        last_mover = seats[state.controller(position.last_move[0])]
        if last_mover is not seat:
            seen = position.told.get(seat_number)
            context = notify.turn_context(game, state, seats, seat)
            # As the worker writes it when it sends it (app.mail_out.fresh_mail): with the story since the last move.
            context.update(last_mover=last_mover.name, last_move=None if seen is None else move_label(seen),
                           since=story_since_last_move(events, seat.seat, context["names"]))
            mails["your_turn"] = rendered("your_turn", seat.email, notify.turn_subject(title, seats, seat, state),
                                          context)
    return mails
