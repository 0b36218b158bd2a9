"""Play by replying to the mail: a reply to a turn mail is the move.

A mail that may be answered with a move has a Reply-To address of its seat
and position, `play+<token>@<INBOUND_DOMAIN>` (app.play.links.reply_token): the
address is the credential, like the seat's link, and is revoked with it.
`receive` takes one mail as it arrived (from the SMTP receiver,
workers/inbound.py, or the IMAP poller, app/mail_in/imap_poll.py):

- its header is read first, its body only for a reply from the seat's own
  address (app.mail_in.reply_mail: a mail of too many MIME parts is
  rejected unparsed);
- auto-replies, bounces and the service's own mail are dropped without an
  answer, so that no two programs answer each other for ever;
- the From must name one address plainly, else the mail is rejected without
  an answer; and the seat's own address, else the reply is refused without
  saying whose seat the address is for;
- replies are counted per seat against LIMIT_REPLIES_PER_SEAT (over it they
  are dropped), and a mail over REPLY_MAX_BYTES is refused;
- a reply taken already (the same Message-ID from the same seat, delivered
  again) changes nothing and is answered as the first delivery was
  (app.mail_in.reply_taken);
- the first non-empty line of the reply's own text (app.mail_in.reply_text)
  is the move, submitted through `moves.submit_move` at the mail's position:
  checked, recorded and mailed on as a move from the web is; `help` asks for
  the hand, the moves and what one may reply; `rematch yes` and the steps of
  leaving (`resign`, ...) do what the table's buttons do
  (app.mail_in.rematch_reply, app.mail_in.leave_reply);
- its `say` lines are written to the table in the transaction that decides
  the fate of its move (or step) and queues its answer: never without it,
  never twice.

Every reply that is not dropped gets one answer, threaded with the game's
mails: "Played 10♥." with the trick and the hand, "Already played" for the
same reply again, what happened since for a reply made stale by a move, or
the reason of a refusal with the moves that can be made. Answers go only to
confirmed addresses (and the mail worker still withholds them from
suppressed ones): a forged From cannot make the service mail a stranger.
"""

from dataclasses import dataclass

from flask import current_app
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from app.context import database, settings
from app.web.limits import TooManyRequests, admit_replies
from app.play.links import BadLink, read_reply_token, seat_token
from app.store.record import lock_game, save_summary
from app.store.models import ADDRESS_CONFIRMED, Consent, Game
from app.words.present import move_label
from app.play import moves
from app.store import snapshots
from app.social import talk
from app.mail_in.answers import REPLY_HELP, answer_context, why_not
from app.mail_in.leave_reply import act_on as act_on_leave, leave_step_in
from app.mail_in.reply_taken import note_taken, taken
from app.errors import BadInput, Conflict, Forbidden, ServiceError
from app.mail_out.mail import queue_mail
from app.words.news import moves_since
from app.mail_in.rematch_reply import act_on as act_on_rematch, rematch_answer_in
from app.mail_in.reply_senders import REPLY_ADDRESS, clean_message_id, from_address, loop_reason, own_message
from app.mail_in.reply_mail import Unreadable, head_of, whole
from app.mail_in.reply_text import message_text, move_words, talk_and_move
from app.play.seats import SeatLink, holds_link, seats_of

ANSWER = "answer"     # the kind of mail that answers a reply

# What became of a mail (for logs and tests).
PLAYED, ALREADY_PLAYED, HELPED, STALE, REFUSED, DROPPED = "played", "already_played", "help", "stale", "refused", "dropped"
SAID = "said"         # talk alone, no move
# Refused for its form (its From, its size or shape) with no answer, as no one may be answered: the SMTP receiver
# says so at DATA (the sending server tells its sender), the IMAP poller marks it seen.
REJECTED = "rejected"
REMATCH = "rematch"    # a rematch answered (app.mail_in.rematch_reply)
LEAVING = "leaving"    # a step of leaving asked about or taken (app.mail_in.leave_reply)

HELP_WORDS = {"help", "?", "hand", "moves"}

BAD_ADDRESS = ("This address does not take moves: it may be incomplete, or from a link that was replaced. "
               "Answer your latest mail about the game, or open the link in it.")
NOT_YOURS = ("This reply came from an address that may not move here. Answer from the address the game's "
             "mail goes to.")
LEFT = ("You have left this game, so it takes no more moves or messages from you. Your link to it still shows "
        "the table, as a watcher sees it.")
TOO_BIG = "Your reply is too large (at most {limit} bytes are taken). Send the move alone, without attachments."
NO_MOVE = "No move was found on the first line of your reply. Write your move alone on the first line."
BAD_FROM = "its From must name one address, plainly"


@dataclass
class Outcome:
    what: str          # one of PLAYED ... DROPPED
    detail: str = ""


def receive(raw, envelope_sender=None, recipients=(), oversized=False):
    """Act on one mail received at a reply address (its bytes as they came); returns an Outcome.

    `envelope_sender` is SMTP's MAIL FROM ("" or "<>" for a bounce; None
    when it is not known, as in a mailbox read over IMAP, where Return-Path
    stands for it); `recipients` the envelope's RCPT TO addresses (else the
    headers name them). `oversized` says the mail was too large to be read
    whole: `raw` is then its header alone. The header is read first
    (app.mail_in.reply_mail): the body is parsed only for a reply from a
    seat's own address to its own reply address.
    """
    config = settings()
    if envelope_sender is not None:
        envelope_sender = envelope_sender.strip().strip("<>").strip()
        if not envelope_sender:
            return dropped("a bounce (a null sender)")
    oversized = oversized or len(raw) > config.reply_max_bytes
    try:
        message = head_of(raw)
    except Unreadable as error:
        return rejected(str(error))
    why = loop_reason(message, envelope_sender, config)
    if why is None and own_message(message):
        why = "a mail the service sent"
    if why:
        return dropped(why)
    sender = from_address(message)
    if sender is None:
        return rejected(BAD_FROM)
    token = reply_token_in(recipients or header_recipients(message), config.inbound_domain)
    if token is None:
        return dropped("not sent to a reply address")
    reply = Reply(message, sender)
    try:
        game_id, number, version, seq = read_reply_token(config.signing_keys, token)
    except BadLink:
        return reply.refuse_stranger(BAD_ADDRESS, sender)
    with database().reading() as session:
        seat = seats_of(session, game_id).get(number)
    if seat is None or seat.link_version != version or not holds_link(seat):
        return reply.refuse_stranger(BAD_ADDRESS, f"{game_id}:{number}")
    if seat.email != sender:
        return reply.refuse_stranger(NOT_YOURS, f"{game_id}:{number}")
    first = taken(game_id, number, reply.message_id)
    if first is not None:
        return taken_already(first)
    if seat.left:      # its person handed it over or resigned: answered once, as any reply of a seat is
        return once(reply, seat, lambda: reply.refuse_stranger(LEFT, f"{game_id}:{number}", seat=seat))
    if not admitted(f"{game_id}:{number}"):
        return dropped(f"too many replies for seat {number} of {game_id}")
    if oversized:
        return reply.refuse_seat(seat, TOO_BIG.format(limit=config.reply_max_bytes))
    try:
        message = whole(raw)
    except Unreadable as error:
        return rejected(str(error))
    reply.talk, line = talk_and_move(message_text(message))
    return once(reply, seat, lambda: reply.act(seat, line, seq))


def once(reply, seat, act):
    """`act()`'s outcome, or the first delivery's where the same mail, delivered twice at once, was taken by the
    other delivery (app.mail_in.reply_taken: its note fails on the unique key)."""
    try:
        return act()
    except IntegrityError:
        first = taken(seat.game_id, seat.seat, reply.message_id)
        if first is None:
            raise
        return taken_already(first)


def taken_already(first):
    current_app.logger.info("reply taken already: %s", first[0])
    return Outcome(*first)


def dropped(why):
    current_app.logger.info("reply dropped: %s", why)
    return Outcome(DROPPED, why)


def rejected(why):
    current_app.logger.info("reply rejected: %s", why)
    return Outcome(REJECTED, why)


def header_recipients(message):
    """Where a mail read from a mailbox was sent: the delivering server's headers first, then To and Cc."""
    found = []
    for name in ("Delivered-To", "X-Original-To", "To", "Cc"):
        try:       # each field is parsed as it is fetched
            found += [address.addr_spec for value in message.get_all(name) or () for address in value.addresses]
        except (AttributeError, IndexError, ValueError, TypeError, RecursionError):
            continue
    return found


def reply_token_in(recipients, domain):
    """The token of the first reply address at `domain` among `recipients`, or None."""
    for recipient in recipients:
        match = REPLY_ADDRESS.match(str(recipient).strip().strip("<>"))
        if match and domain and match["domain"].lower() == domain:
            return match["token"]
    return None


class Reply:
    """One reply being answered: where its answer goes, and how it threads."""

    def __init__(self, message, sender):
        self.sender = sender
        self.message_id = clean_message_id(message.get("Message-ID"))
        subject = " ".join(str(message.get("Subject", "")).split())[:200].encode("utf-8", "replace").decode()
        self.subject = subject if subject.lower().startswith("re:") else f"Re: {subject or 'your move'}"
        self.talk = ""      # the reply's `say` lines, written with its move's fate (`answer_seat`)
        self.said = ""      # what the answer says of the reply's talk, if it had any

    def context(self, **values):
        return dict(values, in_reply_to=self.message_id)

    def refuse_stranger(self, reason, whose, seat=None):
        """Refuse a reply that cannot be tied to a seat it may move for: the answer names no game and no seat.
        Such refusals are counted per sender, as a seat's replies are. From the person who left `seat`, the
        refusal is noted as the reply's fate (app.mail_in.reply_taken), so that a second delivery is not
        answered again."""
        if not admitted(self.sender):
            return dropped(f"too many refused replies from {self.sender}")
        with database().writing() as session:
            if seat is not None:
                note_taken(session, seat.game_id, seat.seat, self.message_id, REFUSED, reason)
            if may_answer(session, self.sender):
                queue_mail(session, ANSWER, self.sender, self.subject,
                           self.context(headline="Not played.", reason=reason))
        current_app.logger.info("reply refused (%s): %s", whose, reason)
        return Outcome(REFUSED, reason)

    def act(self, seat, line, seq):
        """Act on the reply of `seat` whose move line is `line` (its talk in `self.talk`), made at `seq`."""
        if line.lower().rstrip(".!") in HELP_WORDS:
            return self.refuse_seat(seat, "", what=HELPED, reply_help=REPLY_HELP)
        if not line:
            return self.refuse_seat(seat, "", what=SAID) if self.talk else self.refuse_seat(seat, NO_MOVE)
        accept = rematch_answer_in(line)
        if accept is not None:
            return self.tell(seat, REMATCH, act_on_rematch(seat, accept))
        step = leave_step_in(line)
        if step is not None:
            return self.tell(seat, LEAVING, act_on_leave(seat, *step))
        return self.play(seat, line, seq)

    def refuse_seat(self, seat, reason, what=REFUSED, happened=(), **values):
        """Answer the seat with `reason` (a sentence, or a function of the state and the seats now that says it)
        and the table as it is now (its hand, the moves it may make)."""
        with database().writing() as session:
            game = lock_game(session, seat.game_id)
            seats = seats_of(session, game.id)
            state = snapshots.state_at(session, game.id, game.seq)
            if callable(reason):
                reason = reason(state, seats)
            headline = {STALE: "Not played: the game moved on since that mail.", HELPED: "Your hand.", SAID: ""}.get(
                what, "Not played.")
            self.answer_seat(session, game, seats, seats[seat.seat], state, Outcome(what, reason), headline=headline,
                             reason=reason, happened=list(happened), **values)
        return Outcome(what, reason)

    def tell(self, seat, what, words):
        """Answer a rematch or a step of leaving, once done, with `words` and the table now."""
        with database().writing() as session:
            game = lock_game(session, seat.game_id)
            seats = seats_of(session, game.id)
            self.answer_seat(session, game, seats, seats[seat.seat], snapshots.state_at(session, game.id, game.seq),
                             Outcome(what, words), headline=words)
        return Outcome(what, words)

    def say_at(self, session, link):
        """Write the reply's talk to the table, in the transaction of its answer: what the answer says of it."""
        if link.seat.robot is not None:
            return "Not said at the table: you have left this game."
        try:
            return f"Said at the table: \"{talk.say_at(session, link, self.talk)}\"."
        except ServiceError as error:
            return f"Not said at the table: {error.message}."

    def play(self, seat, line, seq):
        move = move_words(line)
        outcome = {}

        def answer(session, link, result, state):
            label = move_label(result.move)
            played = "Already played" if result.retried else "Played"
            outcome["what"] = ALREADY_PLAYED if result.retried else PLAYED
            self.answer_seat(session, link.game, link.seats, link.seat, state, Outcome(outcome["what"], move),
                             headline=f"{played} {label}.")

        try:
            moves.submit_move(seat_token(settings().signing_keys, seat), move, seq, answer=answer)
        except Forbidden:
            return self.refuse_stranger(BAD_ADDRESS, f"{seat.game_id}:{seat.seat}")
        except Conflict as error:
            if error.code == "stale_seq":
                with database().reading() as session:
                    game, seats = session.get(Game, seat.game_id), seats_of(session, seat.game_id)
                return self.refuse_seat(seat, "", what=STALE, happened=moves_since(game, seats, seat, seq))
            return self.refuse_seat(seat, error.message[:1].upper() + error.message[1:] + ".")
        except BadInput as error:
            code = error.code
            return self.refuse_seat(seat, lambda state, seats: why_not(state, seats, seat.seat, line, move, code))
        return Outcome(outcome["what"], move)

    def answer_seat(self, session, game, seats, seat, state, outcome, **values):
        """In the transaction that decided the reply's `outcome` (the game row locked): note the reply taken,
        write its talk, and queue its answer to `seat`, with its table now: the trick, the hand, the moves it
        may make (and a Reply-To for the position now while the game goes on)."""
        note_taken(session, game.id, seat.seat, self.message_id, outcome.what, outcome.detail)
        if self.talk:
            self.said = self.say_at(session, SeatLink(game, seat, seats))
            if game not in session:     # the move wrote the game row and let it go (record.save_summary)
                session.add(game)
            save_summary(session, game)
        if not may_answer(session, seat.email):
            return
        values["headline"] = " ".join(part for part in (self.said, values["headline"]) if part)
        queue_mail(session, ANSWER, seat.email, self.subject,
                   self.context(**answer_context(session, game, seats, seat, state), **values),
                   game_id=game.id, seat=seat.seat, seq=game.seq)


def admitted(key):
    """Whether one more reply counted under `key` (a seat, or a sender refused) is within
    LIMIT_REPLIES_PER_SEAT; it is counted."""
    try:
        admit_replies([key])
    except TooManyRequests:
        return False
    return True


def may_answer(session, address):
    """Answers go to confirmed addresses only: never a confirmation mail to a stranger a forged From names."""
    state = session.execute(select(Consent.state).where(Consent.address == address)).scalar()
    return state == ADDRESS_CONFIRMED
