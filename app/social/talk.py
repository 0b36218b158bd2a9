"""Table talk: what the players say to each other, kept in the game's log as notes.

A message is a note `{"type": "note", "kind": "talk", "seat": N, "text": ...}`; the creator's removal of
one is a note `{"kind": "talk_removed", "seq": <the message's seq>}`. The engine passes notes over, so the
record and the replay tool carry the talk, and a message moves the log position that tables poll.
"""

import unicodedata

from engine import note_event

from app.web import limits
from app.context import database
from app.store.models import STATUS_UNCONFIRMED
from app.errors import BadInput, Conflict, Forbidden
from app.mail_out.mail import queue_mail
from app.mail_out.notify import game_label, people, seat_context
from app.store.record import load_notes, store_event
from app.play.outcome import left_at
from app.play.seats import is_creator as is_creator_seat, open_link

LONGEST_MESSAGE = 500
TALK, TALK_REMOVED = "talk", "talk_removed"
REMOVED_WORDS = "(message removed by the creator)"
# Characters that reorder or hide text on screen: dropped with the control characters, so that a message
# cannot make what follows it on a page or in a mail read otherwise.
HIDING = set("\u200b\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff")
# Characters that show nothing though they are not format characters (fillers, a blank braille cell, joiners
# and variation selectors): a message of these alone, with format characters and spaces, says nothing.
BLANK = set("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0") | {chr(code) for code in range(0xfe00, 0xfe10)}
RECENT_MESSAGES = 50        # the talk a table, its live part and the seat view carry: the latest messages


def clean_message(text):
    """A message as it is kept: plain text, its control characters stripped, its spaces and line breaks
    squeezed to single spaces; BadInput (nothing written) when nothing of it shows or it is over LONGEST_MESSAGE
    characters. This is the one check of a message, whether written on a page, sent to the API or by reply."""
    if not isinstance(text, str):
        raise BadInput("text must be your message, as a string", "bad_text")
    kept = "".join(" " if character.isspace() else character for character in text
                   if character.isspace() or (unicodedata.category(character) not in ("Cc", "Cs", "Co")
                                              and character not in HIDING))
    kept = " ".join(kept.split())
    if not any(shows(character) for character in kept):
        raise BadInput("write something to say: the message is empty, or only spaces and characters that show "
                       "nothing", "empty_message")
    if len(kept) > LONGEST_MESSAGE:
        raise BadInput(f"a message is at most {LONGEST_MESSAGE} characters; this one has {len(kept)}", "message_too_long")
    return kept


def say(token, text):
    """Write `text` to the table of the seat `token` stands for, as a talk note; returns the text as kept.

    Refused, with nothing written: a bad link (403), an empty or too long
    message (422), a game not yet started (409), a seat over its limit of
    messages (429). Robots have no link, so they say nothing.
    """
    text = clean_message(text)
    with database().writing() as session:
        return say_at(session, open_link(session, token, lock=True), text)


def say_at(session, link, text):
    """`say` in the caller's transaction, its game row locked (`link`: a seats.SeatLink): a reply's talk is
    written with the reply's move, or not at all. Refused as `say` is, with nothing written."""
    text = clean_message(text)
    if link.game.status == STATUS_UNCONFIRMED:
        raise Conflict("the game has not been confirmed by its creator yet", "not_confirmed")
    limits.admit_talk([f"{link.game.id}:{link.seat.seat}"])
    store_event(session, link.game, note_event(TALK, seat=link.seat.seat, text=text))
    mail_each_message(session, link)
    return text


def shows(character):
    """Whether `character` shows on screen: not a space, a format character (LRM, a word joiner, a soft hyphen,
    a tag character, a zero-width space) or a blank one."""
    return not character.isspace() and unicodedata.category(character) not in ("Cf", "Zs", "Zl", "Zp") \
        and character not in BLANK


def mail_each_message(session, link):
    """A mail of its own to each other person who asked for every message (it tells the talk since their last
    mail); everyone else reads it in their next mail."""
    game, speaker = link.game, link.seat
    for seat in people(link.seats):
        if seat.talk_mail and seat.seat != speaker.seat and speaker.seat not in seat.talk_hidden:
            context = seat_context(game, link.seats, seat)
            queue_mail(session, "talk", seat.email, f"{game_label(context['title'], link.seats, seat)}: {speaker.name} said",
                       context, game_id=game.id, seat=seat.seat, seq=game.seq)


def hide(token, seats):
    """Hide, for this seat alone, the talk of the players at `seats` (seat numbers; the others are shown again)."""
    if not isinstance(seats, list) or not all(type(seat) is int for seat in seats):
        raise BadInput("hide must list the players whose messages to hide", "bad_hide")
    with database().writing() as session:
        link = open_link(session, token, lock=True)
        others = {number for number, seat in link.seats.items() if seat.robot is None and number != link.seat.seat}
        if not set(seats) <= others:
            raise BadInput("only the messages of another player at this table can be hidden", "bad_hide")
        link.seat.talk_hidden = sorted(set(seats))
        return link.seat


def let_watchers_read(token, allowed):
    """Whether the game's watchers may read this seat's messages (each player decides for their own)."""
    if not isinstance(allowed, bool):
        raise BadInput("say true or false: may watchers read your messages", "bad_watched")
    with database().writing() as session:
        link = open_link(session, token, lock=True)
        link.seat.talk_watched = allowed
        return link.seat


def watched_messages(watched):
    """The talk a watch page shows (`watched`: a watching.Watched): the messages of the players who let
    watchers read theirs, a removed one as removed; and the names of those players."""
    readable = {number: seat for number, seat in watched.seats.items() if seat.talk_watched}
    if not readable:
        return [], []
    with database().reading() as session:
        notes = load_notes(session, watched.game.id, upto=watched.game.seq)
    return said(notes, readable), [seat.name for _, seat in sorted(readable.items())]


def remove(token, seq):
    """The creator removes the message written at log position `seq` for everyone: a `talk_removed` note.

    Forbidden for anyone but the creator; BadInput when no message was written
    at `seq`; Conflict when it was removed already. Nothing is written then.
    """
    with database().writing() as session:
        link = open_link(session, token, lock=True)
        if not is_creator_seat(link.game, link.seats, link.seat):
            raise Forbidden("only the game's creator can remove a message", "not_creator")
        if type(seq) is not int or not 0 < seq <= link.game.seq:
            raise BadInput("seq must be the position of a message at this table", "no_message")
        notes = load_notes(session, link.game.id, upto=link.game.seq)
        message = next((message for message in said(notes, link.seats) if message["seq"] == seq), None)
        if message is None:
            raise BadInput("no message was written at that position", "no_message")
        if message["removed"]:
            raise Conflict("that message was removed already", "already_removed")
        store_event(session, link.game, note_event(TALK_REMOVED, seq=seq))
        return link


def without_removed(events):
    """`events` (a log from its start) with the text of each message the creator removed replaced by
    REMOVED_WORDS, for what tells a log in words (a replay's story, the readable record)."""
    removed = {event.get("seq") for event in events if event.get("type") == "note" and event.get("kind") == TALK_REMOVED}
    return [dict(event, text=REMOVED_WORDS) if seq in removed and event.get("kind") == TALK else event
            for seq, event in enumerate(events)]


def told_to_reader(seats, writer, position, watcher_from):
    """Whether a reader who reads the game as a watcher from position `watcher_from` on (None: never; a person
    who left their seat, app.play.outcome.left_at) is told the message of player seat `writer` written at
    `position`: from then on only if its writer let watchers read theirs (`seats`: the game's seat rows)."""
    return watcher_from is None or position < watcher_from or (writer in seats and seats[writer].talk_watched)


def said(notes, seats, first_seq=0, hidden=(), watcher_from=None):
    """The talk in `notes` ((seq, event) pairs of a game's log from its start, app.store.record.load_notes, or
    the whole log numbered), in order: {seq, deal, name, text, removed} each,
    `deal` the number of deals dealt when it was written. Messages before seq `first_seq`, those of the
    seats in `hidden` and those not told to a reader who reads as a watcher from `watcher_from` on
    (`told_to_reader`) are left out; a removed message keeps its place, its text gone."""
    messages, deal, by_seq = [], 0, {}
    for seq, event in notes:
        if event.get("type") == "deal":
            deal += 1
        elif event.get("type") == "note" and event.get("kind") == TALK and event.get("seat") in seats:
            message = {"seq": seq, "deal": deal, "name": seats[event["seat"]].name, "text": event["text"],
                       "removed": False}
            by_seq[seq] = message
            if (seq >= first_seq and event["seat"] not in hidden
                    and told_to_reader(seats, event["seat"], seq, watcher_from)):
                messages.append(message)
        elif event.get("type") == "note" and event.get("kind") == TALK_REMOVED and event.get("seq") in by_seq:
            by_seq[event["seq"]].update(text=None, removed=True)
    return messages


class Recent(list):
    """The latest messages of a talk, and how many came `earlier` (read them all with `whole_talk`)."""

    def __init__(self, messages, earlier):
        super().__init__(messages)
        self.earlier = earlier


def seat_messages(table):
    """The talk a seat's table, its live part and its seat view show (`table`: a tables.Table): the latest
    RECENT_MESSAGES but those of the players it hid, so that a busy table does not carry its whole talk on
    every refresh (a Recent: it says how many came earlier)."""
    messages = whole_talk(table)
    return Recent(messages[-RECENT_MESSAGES:], max(0, len(messages) - RECENT_MESSAGES))


def whole_talk(table):
    """All the talk a seat reads (`table`: a tables.Table): but that of the players it hid, and once its person
    left the seat, only what a watcher reads."""
    with database().reading() as session:
        notes = load_notes(session, table.game.id, upto=table.game.seq)
    watcher_from = left_at(notes, table.seat.seat) if table.seat.left else None
    return said(notes, table.seats, hidden=set(table.seat.talk_hidden), watcher_from=watcher_from)


def news(messages, since):
    """What a live table announces of the talk after position `since`: one line a message."""
    return [f"{message['name']} said: {message['text']}" for message in messages
            if message["seq"] > since and not message["removed"]]


def is_creator(table):
    """Whether the seat of `table` is the game's creator's (who may remove messages)."""
    return is_creator_seat(table.game, table.seats, table.seat)
