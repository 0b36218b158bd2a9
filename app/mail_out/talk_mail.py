"""Table talk in mail: what a person's mail of a game tells of the talk since the last mail that told them.

Talk never makes a mail of its own unless the person asked for each message (`Seat.talk_mail`): it rides
with the next mail that carries talk (a turn mail, a deal's end, a digest, the answer to a reply). What a mail
tells is decided when the worker sends it (app/mail_out/outbox.py), from the log as it is then: a mail tells the
messages said after the last one SENT to the seat that carried talk (its `seq` is the log position it told up
to), so a mail dropped, held, or refused by the mail server told nothing, and its talk goes with the next.
"""

from sqlalchemy import func, select

from app.store.models import MAIL_SENT, Outbox

# The mails that tell the talk since the last of them (their templates include mail/_talk.*).
CARRIERS = frozenset({"your_turn", "deal_end", "digest", "answer", "talk"})


def carries_talk(row):
    return row.kind in CARRIERS and row.game_id is not None and row.seat is not None


def told_upto(session, game_id, seat_number):
    """The log position up to which the seat was told the talk: that of its last sent mail carrying talk
    (-1 when none went)."""
    last = session.scalar(select(func.max(Outbox.seq)).where(
        Outbox.game_id == game_id, Outbox.seat == seat_number, Outbox.kind.in_(CARRIERS),
        Outbox.status == MAIL_SENT))
    return -1 if last is None else last


def said_after(events, seats, seat_number, after):
    """[(seq, {name, text})]: the messages of the others in `events` (the log from position 0) after position
    `after`; messages of players the seat hid and those the creator removed are left out."""
    removed = {event.get("seq") for event in events if event["type"] == "note" and event.get("kind") == "talk_removed"}
    hidden = set(seats[seat_number].talk_hidden) if seat_number in seats else set()
    return [(seq, {"name": seats[event["seat"]].name, "text": event["text"]})
            for seq, event in enumerate(events[after + 1:], start=after + 1)
            if event["type"] == "note" and event.get("kind") == "talk" and event.get("seat") != seat_number
            and seq not in removed and event["seat"] not in hidden and event["seat"] in seats]


def told_after(said, after):
    """The messages of `said` (said_after's answer) still to tell a seat told up to position `after`."""
    return [message for seq, message in said if seq > after]
