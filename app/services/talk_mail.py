"""Table talk in mail: what a person's next mail of a game tells of the talk since their last one.

Talk never makes a mail of its own unless the person asked for each message (`Seat.talk_mail`): it rides
with the next mail that carries talk (a turn mail, a deal's end, a digest, the answer to a reply).
"""

from sqlalchemy import func, select

from ..models import MAIL_CLAIMED, MAIL_QUEUED, MAIL_SENT, Outbox
from .record import load_events
from .seats import seats_of

# The mails that tell the talk since the last of them (their templates include mail/_talk.*).
CARRIERS = ("your_turn", "deal_end", "digest", "answer", "talk")
# A mail held for a digest, dropped or withheld never told anything: the talk waits for the next.
TOLD = (MAIL_QUEUED, MAIL_CLAIMED, MAIL_SENT)


def said_since_last_mail(session, game_id, seat_number, upto=None):
    """[{name, text}]: the messages of the others, up to seq `upto`, since the last mail that told this seat
    the talk; messages of players it hid and those the creator removed are left out."""
    last = session.scalar(select(func.max(Outbox.seq)).where(
        Outbox.game_id == game_id, Outbox.seat == seat_number, Outbox.kind.in_(CARRIERS), Outbox.status.in_(TOLD)))
    events = load_events(session, game_id, upto=upto, after=-1 if last is None else last)
    start = 0 if last is None else last + 1
    said = {start + offset: event for offset, event in enumerate(events)
            if event["type"] == "note" and event.get("kind") == "talk" and event.get("seat") != seat_number}
    if not said:
        return []
    removed = {event.get("seq") for event in events if event["type"] == "note" and event.get("kind") == "talk_removed"}
    seats = seats_of(session, game_id)
    hidden = set(seats[seat_number].talk_hidden) if seat_number in seats else set()
    return [{"name": seats[event["seat"]].name, "text": event["text"]} for seq, event in sorted(said.items())
            if seq not in removed and event["seat"] not in hidden and event["seat"] in seats]


def with_talk(session, kind, context, game_id, seat, seq):
    """`context` with the talk a mail of `kind` to `seat` carries (unchanged for a mail that carries none)."""
    if kind not in CARRIERS or game_id is None or seat is None:
        return context
    with session.no_autoflush:   # a move's game row is written once, by its summary's UPDATE
        return dict(context, talk=said_since_last_mail(session, game_id, seat, seq))
