"""Playing by replying to the mail (app.mail_in.replies), at the service: the mail as it arrives, its answer
in the outbox. The real receivers (SMTP and IMAP) are tested in tests/workers/test_inbound.py.

Hostile and odd replies: a forged From, a tampered or revoked token, an old position, HTML only, a
multipart with attachments, a non-UTF-8 charset, a 10 MB mail, an auto-reply, a bounce, the service's
own mail, and the same reply delivered twice.
"""

import itertools
import re
from email.message import EmailMessage

import pytest

from app import create_app
from app.context import database
from app.play.links import read_reply_token
from app.store.models import Outbox
from app.play import moves, new_links
from app.mail_in import replies
from app.mail_in.reply_mail import MAX_PARTS
from app.mail_in.reply_text import first_line, html_text, move_words
from app.store.record import load_events, lock_game, save_summary, store_event
from app.play.seats import seats_of
from engine import note_event, replay
from engine.cards import JOKER, display

from app_helpers import mails, start, text_of, token_for
from conftest import app_in_context, confirm_address, make_config

DOMAIN = "cachette.test"
ANN = "ann@example.org"
REPLY_NUMBERS = itertools.count()


@pytest.fixture
def app(tmp_path, database_url, dispatched):
    with app_in_context(make_config(tmp_path, database_url, inbound_domain=DOMAIN,
                                    limit_replies_per_seat="1000 per hour")) as application:
        yield application


def ann_to_move():
    """A game of Ann and three robots, played until Ann is to play a card (her calls made by reply);
    (game id, the latest mail she may answer with that card: a turn mail or an answer)."""
    game = start()
    while True:
        moves.play_robot_turns(game.id)
        turn = [mail for mail in mails(game_id=game.id, recipient=ANN) if mail.context.get("reply_to")][-1]
        state = state_of(game.id)
        assert turn.seq == len(events_of(game.id)) - 1 and state.to_move == [0]
        if any(len(move) == 2 for move in state.legal_moves(0)):
            return game.id, turn
        assert replies.receive(reply(turn, "pass")).what == replies.PLAYED


def state_of(game_id):
    with database().reading() as session:
        return replay(load_events(session, game_id))


def reply(to_mail, first="", sender=ANN, html=None, headers=None, charset="utf-8", attachments=()):
    """A person's reply to `to_mail` (an outbox row), as a mail program writes it: the quoted mail below."""
    message = EmailMessage()
    message["From"] = f"Ann <{sender}>"
    message["To"] = to_mail.context["reply_to"] if hasattr(to_mail, "context") else to_mail
    message["Subject"] = "Re: " + getattr(to_mail, "subject", "Your move")
    message["Message-ID"] = f"<reply-{next(REPLY_NUMBERS)}@example.org>"     # each reply its own, as mail programs do
    for name, value in (headers or {}).items():
        message[name] = value
    quoted = "\n".join("> " + line for line in text_of(to_mail).splitlines()) if hasattr(to_mail, "context") else ""
    text = f"{first}\n\nOn Mon, 3 Mar 2025 at 14:00, Cachette <cachette@localhost> wrote:\n{quoted}\n"
    if html is not None:
        message.set_content(html, subtype="html", charset=charset)
    else:
        text = text.encode(charset, "replace").decode(charset)    # what the charset cannot hold, as its program would
        message.set_content(text, charset=charset, cte="8bit" if charset != "utf-8" else None)
    for name, data in attachments:
        message.add_attachment(data, maintype="application", subtype="octet-stream", filename=name)
    return message.as_bytes()


def answers(game_id=None):
    """The answers to replies, but those to the calls `ann_to_move` made."""
    return [mail for mail in mails(kind=replies.ANSWER) if (game_id is None or mail.game_id == game_id)
            and not text_of(mail).startswith("Played Pass.")]


def events_of(game_id):
    with database().reading() as session:
        return load_events(session, game_id)


def a_legal_card(game_id):
    state = state_of(game_id)
    return next(move for move in state.legal_moves(state.to_move[0]) if len(move) == 2)


def test_the_turn_mail_says_how_to_answer_and_carries_a_signed_reply_address(app):
    game_id, turn = ann_to_move()
    text = text_of(turn)
    assert text.splitlines()[0].startswith(("Reply with your card, e.g. ", "Reply with "))
    assert "Your moves now: " in text.splitlines()[1]
    local, domain = turn.context["reply_to"].split("@")
    assert domain == DOMAIN and local.startswith("play+") and len(local) <= 64
    with database().reading() as session:
        seat = seats_of(session, game_id)[0]
    assert read_reply_token(app.extensions["cachette"]["config"].signing_keys, local[5:]) == (
        game_id, 0, seat.link_version, turn.seq)


@pytest.mark.parametrize("written", ["{typed}", "{label}", "play {typed}", "{words}", "  {typed}.  "])
def test_a_reply_plays_its_first_line_in_any_notation_and_is_answered_once(app, written):
    game_id, turn = ann_to_move()
    card = a_legal_card(game_id)
    rank_words = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten"}
    typed = ("10" if card[0] == "T" else card[0]) + card[1].lower()
    words = "joker" if card == JOKER else (
        f"{rank_words.get(card[0], card[0])} of {dict(S='spades', C='clubs', D='diamonds', H='hearts')[card[1]]}")
    line = written.format(typed=typed, label=display(card), words=words)
    outcome = replies.receive(reply(turn, line))
    assert outcome.what == replies.PLAYED and outcome.detail == card
    events = [event for event in events_of(game_id) if event["type"] == "move" and event["seat"] == 0]
    assert events[-1]["move"] == card
    (answer,) = answers(game_id)
    assert text_of(answer).startswith(f"Played {display(card)}.")
    assert "Your hand:" in text_of(answer)
    assert answer.context["in_reply_to"].startswith("<reply-") and answer.recipient == ANN


def test_the_same_reply_delivered_twice_is_taken_once_and_answered_as_the_first_was(app):
    game_id, turn = ann_to_move()
    card = a_legal_card(game_id)
    mail = reply(turn, f"say good luck\n{card}")
    first = replies.receive(mail)
    assert first.what == replies.PLAYED
    moves.play_robot_turns(game_id)
    assert replies.receive(mail) == first                      # a sending server retrying: nothing changes
    assert sum(1 for event in events_of(game_id) if event["type"] == "move" and event["move"] == card) == 1
    assert sum(1 for event in events_of(game_id) if event.get("kind") == "talk") == 1
    (answer,) = answers(game_id)
    assert text_of(answer).startswith('Said at the table: "good luck". Played')


def test_the_same_move_in_a_new_reply_is_answered_already_played(app):
    game_id, turn = ann_to_move()
    card = a_legal_card(game_id)
    assert replies.receive(reply(turn, card)).what == replies.PLAYED
    moves.play_robot_turns(game_id)
    assert replies.receive(reply(turn, card)).what == replies.ALREADY_PLAYED
    assert sum(1 for event in events_of(game_id) if event["type"] == "move" and event["move"] == card) == 1
    first, second = answers(game_id)
    assert text_of(first).startswith("Played") and text_of(second).startswith(f"Already played {display(card)}.")


def test_help_answers_with_the_hand_and_the_moves(app):
    game_id, turn = ann_to_move()
    assert replies.receive(reply(turn, "help")).what == replies.HELPED
    (answer,) = answers(game_id)
    text = text_of(answer)
    legal = state_of(game_id).legal_moves(0)
    assert "Your hand:" in text and all(display(move) in text.split("Your moves now:")[1] for move in legal
                                        if len(move) == 2)


def test_an_illegal_or_unknown_move_is_refused_with_the_reason_and_the_moves(app):
    game_id, turn = ann_to_move()
    seq = turn.seq
    assert replies.receive(reply(turn, "the moon")).what == replies.REFUSED
    state = state_of(game_id)
    not_held = next(card for card in state.full_pack() if card not in state.hands[0])
    assert replies.receive(reply(turn, not_held)).what == replies.REFUSED
    first, second = answers(game_id)
    assert text_of(first).startswith("Not played.\n“the moon” is not a card or a move.")
    assert text_of(second).startswith(f"Not played.\nYou do not hold {display(not_held)}.\n")
    assert "Your moves now:" in text_of(second)
    for answer in (first, second):
        reason = text_of(answer).split("\n\n")[0]        # the refusal's own words (the reply hint below types cards)
        assert not re.search(r"\bseat \d|\b[2-9TJQKA][SHDC]\b|does not hold [2-9TJQKA]", reason), reason
    assert state_of(game_id).to_move == [0] and len(events_of(game_id)) == seq + 1


def test_a_reply_to_an_older_mail_moved_only_by_notes_is_played(app):
    game_id, turn = ann_to_move()
    with database().writing() as session:
        game = lock_game(session, game_id)
        store_event(session, game, note_event("vacation", seat=0, days=0))
        save_summary(session, game)
    assert replies.receive(reply(turn, a_legal_card(game_id))).what == replies.PLAYED


def test_a_reply_made_stale_by_a_move_says_what_happened_and_shows_the_table(app):
    game_id, turn = ann_to_move()
    card = a_legal_card(game_id)
    moves.submit_move(token_for(game_id, 0), card, turn.seq)      # played from the web meanwhile
    moves.play_robot_turns(game_id)
    other = next(move for move in state_of(game_id).legal_moves(0) or ["pass"])
    outcome = replies.receive(reply(turn, other))
    assert outcome.what == replies.STALE
    (answer,) = answers(game_id)
    text = text_of(answer)
    assert text.startswith("Not played: the game moved on since that mail.")
    assert f"Ann: {display(card)}." in text and "Your hand:" in text


def test_a_forged_from_is_refused_without_saying_whose_seat(app):
    game_id, turn = ann_to_move()
    confirm_address("eve@example.org")
    outcome = replies.receive(reply(turn, a_legal_card(game_id), sender="eve@example.org"))
    assert outcome.what == replies.REFUSED
    (answer,) = answers()
    text = text_of(answer)
    assert answer.recipient == "eve@example.org" and answer.game_id is None
    assert "Ann" not in text and ANN not in text and "/s/" not in text
    assert state_of(game_id).to_move == [0]


def test_a_refusal_goes_to_no_unconfirmed_address(app):
    game_id, turn = ann_to_move()
    before = len(mails())
    assert replies.receive(reply(turn, "QH", sender="stranger@example.org")).what == replies.REFUSED
    assert len(mails()) == before                 # not even a confirmation mail to the stranger


def test_a_tampered_or_revoked_address_is_refused(app):
    game_id, turn = ann_to_move()
    address = turn.context["reply_to"]
    local, domain = address.split("@")
    tampered = local[:-2] + ("AA" if local[-2:] != "AA" else "BB") + "@" + domain
    assert replies.receive(reply(tampered, a_legal_card(game_id))).what == replies.REFUSED
    new_links.send_new_link(token_for(game_id, 0))
    assert replies.receive(reply(turn, a_legal_card(game_id))).what == replies.REFUSED
    assert state_of(game_id).to_move == [0]
    assert all("/s/" not in text_of(answer) for answer in answers())


def test_an_html_only_reply_is_read_as_text(app):
    game_id, turn = ann_to_move()
    card = a_legal_card(game_id)
    html = (f'<html><head><style>p{{color:red}}</style></head><body><div dir="ltr">{display(card)}</div>'
            '<div class="gmail_quote"><div>On Mon, 3 Mar 2025, Cachette wrote:</div>'
            '<blockquote>Hello Ann, it is your move. Reply with QS</blockquote></div></body></html>')
    assert replies.receive(reply(turn, html=html)).detail == card


def test_a_multipart_reply_with_attachments_is_read_from_its_text(app):
    game_id, turn = ann_to_move()
    card = a_legal_card(game_id)
    mail = reply(turn, card, attachments=[("photo.jpg", b"\xff\xd8" + b"x" * 5000), ("notes.txt", b"QS")])
    assert replies.receive(mail).what == replies.PLAYED


@pytest.mark.parametrize("charset, words", [("iso-8859-1", "à bientôt"), ("windows-1252", "merci – à vous"),
                                            ("koi8-r", "ваш ход")])
def test_a_reply_in_another_charset_is_read(app, charset, words):
    game_id, turn = ann_to_move()
    card = a_legal_card(game_id)
    mail = reply(turn, f"{display(card)}\n{words}" if charset == "utf-8" else f"{card}\n{words}", charset=charset)
    assert words.encode(charset) in mail
    assert replies.receive(mail).what == replies.PLAYED


def test_a_reply_in_a_charset_nobody_knows_is_still_read(app):
    game_id, turn = ann_to_move()
    card = a_legal_card(game_id)
    mail = reply(turn, card).replace(b'charset="utf-8"', b'charset="x-unknown-42"')
    assert b"x-unknown-42" in mail
    assert replies.receive(mail).what == replies.PLAYED


def test_a_ten_megabyte_reply_is_refused_and_nothing_is_played(app):
    game_id, turn = ann_to_move()
    mail = reply(turn, a_legal_card(game_id), attachments=[("big.bin", b"\0" * (10 * 1024 * 1024))])
    outcome = replies.receive(mail)
    assert outcome.what == replies.REFUSED and "too large" in outcome.detail
    assert state_of(game_id).to_move == [0]
    (answer,) = answers(game_id)
    assert "too large" in text_of(answer)


@pytest.mark.parametrize("headers", [
    {"Auto-Submitted": "auto-replied"},
    {"Precedence": "bulk"},
    {"Precedence": "junk"},
    {"X-Autoreply": "yes"},
    {"Subject": "Out of Office: back on Monday"},
    {"Return-Path": "<>"},
    {"Content-Type": "multipart/report; report-type=delivery-status; boundary=x"},
])
def test_auto_replies_and_bounces_are_dropped_without_an_answer(app, headers):
    game_id, turn = ann_to_move()
    mail = reply(turn, a_legal_card(game_id), headers={k: v for k, v in headers.items()
                                                       if k not in ("Subject", "Content-Type")})
    if "Subject" in headers:
        # A long subject is folded after "Subject:" by the mail program.
        mail = re.sub(rb"Subject:\s+Re: ", f"Subject: {headers['Subject']} Re: ".encode(), mail, count=1)
    if "Content-Type" in headers:
        mail = mail.replace(b"Content-Type: text/plain", f"Content-Type: {headers['Content-Type']}".encode(), 1)
    assert replies.receive(mail).what == replies.DROPPED
    assert answers() == [] and state_of(game_id).to_move == [0]


def test_a_bounce_with_an_empty_envelope_sender_and_the_services_own_mail_are_dropped(app):
    game_id, turn = ann_to_move()
    assert replies.receive(reply(turn, a_legal_card(game_id)), envelope_sender="").what == replies.DROPPED
    own = reply(turn, a_legal_card(game_id)).replace(b"<reply-", b"<other-")
    own = own.replace(b"From: Ann <ann@example.org>", b"From: Cachette <cachette@localhost>")
    assert replies.receive(own).what == replies.DROPPED
    with database().reading() as session:
        sent_id = session.query(Outbox.message_id).first()[0]
    echoed = reply(turn, a_legal_card(game_id)).replace(b"Message-ID: <reply-", b"X-Old: <")
    echoed = echoed.replace(b"From: Ann", b"Message-ID: " + sent_id.encode() + b"\nFrom: Ann")
    assert replies.receive(echoed).what == replies.DROPPED
    assert answers() == []


@pytest.mark.parametrize("sender", ["<>", " <> "])
def test_a_null_envelope_sender_as_the_receiver_passes_it_is_a_bounce(app, sender):
    game_id, turn = ann_to_move()
    assert replies.receive(reply(turn, a_legal_card(game_id)), envelope_sender=sender).what == replies.DROPPED
    assert answers() == [] and state_of(game_id).to_move == [0]


@pytest.mark.parametrize("written", [
    f"{ANN} <mallory@evil.example>", f'"{ANN}" <mallory@evil.example>',
    "=?utf-8?q?ann=40example=2Eorg?= <mallory@evil.example>", f"Ann <{ANN}>, Eve <eve@example.org>", f"Ann <{ANN}",
    f"{ANN} mallory@evil.example"])
def test_a_from_with_defects_several_addresses_or_an_address_for_a_name_is_rejected_without_a_move(app, written):
    game_id, turn = ann_to_move()
    mail = reply(turn, a_legal_card(game_id)).replace(f"From: Ann <{ANN}>".encode(), f"From: {written}".encode())
    assert f"From: {written}".encode() in mail
    outcome = replies.receive(mail)
    assert (outcome.what, outcome.detail) == (replies.REJECTED, replies.BAD_FROM)
    assert answers() == [] and state_of(game_id).to_move == [0]


@pytest.mark.parametrize("written", [f"Ann Q. Public <{ANN}>", f'"{ANN}" <{ANN}>', ANN])
def test_a_plain_from_with_an_obsolete_form_or_its_own_address_for_a_name_is_read(app, written):
    game_id, turn = ann_to_move()
    mail = reply(turn, a_legal_card(game_id)).replace(f"From: Ann <{ANN}>".encode(), f"From: {written}".encode())
    assert replies.receive(mail).what == replies.PLAYED


def test_a_second_from_field_is_rejected(app):
    game_id, turn = ann_to_move()
    mail = reply(turn, a_legal_card(game_id)).replace(b"From: ", b"From: Eve <eve@example.org>\nFrom: ", 1)
    assert replies.receive(mail).what == replies.REJECTED
    assert state_of(game_id).to_move == [0]


def test_too_many_mime_parts_are_rejected_from_the_seat_and_a_strangers_are_refused_from_its_header(app):
    game_id, turn = ann_to_move()
    confirm_address("eve@example.org")
    parts = [(f"part{number}.txt", b"x") for number in range(MAX_PARTS + 10)]
    own = replies.receive(reply(turn, a_legal_card(game_id), attachments=parts))
    assert (own.what, own.detail) == (replies.REJECTED, "it has more than 100 MIME parts")
    stranger = replies.receive(reply(turn, a_legal_card(game_id), sender="eve@example.org", attachments=parts))
    assert (stranger.what, stranger.detail) == (replies.REFUSED, replies.NOT_YOURS)
    assert state_of(game_id).to_move == [0]


def test_a_reply_buried_under_ten_thousand_blank_lines_is_read(app):
    game_id, turn = ann_to_move()
    assert replies.receive(reply(turn, "\n" * 10_000 + "help")).what == replies.HELPED


def test_replies_are_limited_per_seat(tmp_path, database_url, dispatched):
    application = create_app(make_config(tmp_path, database_url, inbound_domain=DOMAIN,
                                         limit_replies_per_seat="4 per hour"))
    with application.app_context():
        game_id, turn = ann_to_move()
        left = 4 - len(mails(kind=replies.ANSWER))            # the calls made by reply count too
        outcomes = [replies.receive(reply(turn, "help")).what for _ in range(5)]
        assert outcomes == [replies.HELPED] * left + [replies.DROPPED] * (5 - left)
        assert len(answers(game_id)) == left
    application.extensions["cachette"]["db"].dispose()


@pytest.mark.parametrize("text, line", [
    ("QS\n\nOn Mon, 3 Mar 2025 at 14:00, Cachette <c@l> wrote:\n> Reply with your card", "QS"),
    ("\n\n  ten of hearts  \n-- \nAnn\n", "ten of hearts"),
    ("> quoted first\n\npass\n", "pass"),
    ("double\n\nSent from my iPhone\n", "double"),
    ("QS\n\nFrom: Cachette <c@l>\nSent: Monday\nTo: ann\nSubject: Your move\n\nHello Ann", "QS"),
])
def test_the_first_line_is_the_replys_own(text, line):
    assert first_line(text) == line


@pytest.mark.parametrize("line, move", [("ten of hearts", "TH"), ("10 hearts", "TH"), ("play 10h", "TH"),
                                        ("10♥", "TH"), ("Queen of Spades.", "QS"), ("k s", "KS"),
                                        ("Double", "double"), ("joker", "JK"), ("JK", "JK"), ("play jk.", "JK"),
                                        ("pass!", "pass")])
def test_plain_forms_name_the_move(line, move):
    assert move_words(line) == move


def test_html_blockquotes_are_quoted():
    assert html_text("<p>QS</p><blockquote><p>old</p></blockquote><script>x</script>") == "QS\n> old"


def ann_must_follow():
    """Ann to play a card to a trick she must follow though she holds other suits (her moves made by reply):
    (game id, the mail she may answer, a card she holds but may not play, the suit led)."""
    game = start()
    for _ in range(40):
        moves.play_robot_turns(game.id)
        turn = [mail for mail in mails(game_id=game.id, recipient=ANN) if mail.context.get("reply_to")][-1]
        state = state_of(game.id)
        legal = state.legal_moves(0)
        held_not_legal = [card for card in state.hands[0] if card not in legal]
        if state.phase == "play" and state.trick and held_not_legal and all(card[1] == state.trick[0][1][1]
                                                                              for card in legal):
            return game.id, turn, held_not_legal[0], state.trick[0][1][1]
        assert replies.receive(reply(turn, "pass" if "pass" in legal else legal[0])).what == replies.PLAYED
    raise AssertionError("Ann never had to follow suit in 40 moves")


def test_a_card_held_that_may_not_be_played_is_answered_with_the_suit_to_follow(app):
    game_id, turn, card, led = ann_must_follow()
    assert replies.receive(reply(turn, display(card))).what == replies.REFUSED
    text = text_of(answers(game_id)[-1])
    suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[led]
    assert text.startswith(f"Not played.\n{display(card)} cannot be played now: you must follow {suit}.\n"), text


def test_a_card_played_when_the_next_move_is_anothers_says_whose_it_is_and_asks_for_nothing(app):
    game_id, turn = ann_to_move()
    while len(state_of(game_id).trick) == 3:        # a card that ends no trick: the next move is Robot 2's
        assert replies.receive(reply(turn, a_legal_card(game_id))).what == replies.PLAYED
        game_id, turn = game_id, ann_turn_again(game_id)
    card = a_legal_card(game_id)
    assert replies.receive(reply(turn, card)).what == replies.PLAYED
    [answer] = [mail for mail in mails(kind=replies.ANSWER, game_id=game_id)
                if mail.context["headline"] == f"Played {display(card)}."]
    text = text_of(answer)
    assert "It is Robot 2's move now, not yours." in text, text
    assert "Reply with" not in text and "Your moves now" not in text and "not your move now" not in text
    assert answer.context.get("reply_to")               # `help` is still taken


def ann_turn_again(game_id):
    """The mail Ann may answer once the robots have played round to her again."""
    moves.play_robot_turns(game_id)
    assert state_of(game_id).to_move == [0]
    return [mail for mail in mails(game_id=game_id, recipient=ANN) if mail.context.get("reply_to")][-1]
