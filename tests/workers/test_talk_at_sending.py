"""Table talk reaches a person in the mail that is SENT to them: what a mail tells of the talk is decided when it
goes, from the log then, since the last mail that told them and was sent. Read from what a real SMTP server on
loopback received, on SQLite and PostgreSQL."""

import pytest

from app.store.models import MAIL_DIGEST, MAIL_DROPPED, MAIL_HELD, MAIL_QUEUED, MAIL_SENT, Seat
from app.mail_out import digests
from app.play import moves
from app.social import talk
from app.mail_out import outbox
from app.mail_out.outbox import close_sender

from conftest import app_in_context
from worker_fixtures import smtp, worker_config  # noqa: F401  (fixtures)
from worker_helpers import (ANN, BOB, ROBOTS3, events_of, game_row, outbox as rows, play_until_person, seat_row,
                            set_row, start_confirmed, token_for)
from worker_helpers import send_due, text_body

GREYLISTED = "451 4.7.1 greylisted, try again later"


@pytest.fixture
def app(tmp_path, database_url, dispatched, smtp):
    """The worker tests' app, with replies by mail on (so turn mails carry a reply address)."""
    with app_in_context(worker_config(tmp_path, database_url, smtp, inbound_domain="localhost")) as application:
        yield application
        close_sender(application)


def two_people():
    """Quinto: Ann (seat 0) and Bob (seat 1), partners of two robots; both addresses confirmed."""
    game = start_confirmed([ANN, BOB, *ROBOTS3[:2]])
    return game.id


def sent(smtp, row):
    """The text of the mail the server received for outbox `row`."""
    [message] = [message for message in smtp.recorder.messages() if message["Message-ID"] == row.message_id]
    return text_body(message)


def sent_to(smtp, address, kind_subject=""):
    return [text_body(message) for message in smtp.recorder.messages()
            if message["To"] == address and kind_subject in message["Subject"]]


def until_turn_mail(game_id, seat, after):
    """Play every seat's first legal move (robots theirs), mails unsent, until a turn mail to `seat` is queued
    after log position `after`; that row."""
    for _ in range(200):
        play_until_person(game_id)
        turns = [row for row in rows(kind="your_turn", game_id=game_id, seat=seat, status=MAIL_QUEUED)
                 if row.seq > after]
        if turns:
            return turns[-1]
        game = game_row(game_id)
        state = play_until_person(game_id)
        mover = state.controller(state.to_move[0])
        moves.submit_move(token_for(game_id, mover), state.legal_moves(state.to_move[0])[0], game.seq)
    raise AssertionError("no turn mail")


def test_talk_said_after_a_turn_mail_was_queued_is_in_that_mail_as_sent_and_never_told_again(app, smtp):
    game_id = two_people()
    turn = until_turn_mail(game_id, 1, 0)
    talk.say(token_for(game_id, 0), "Good luck <b>Bob</b>!")
    talk.say(token_for(game_id, 1), "Thanks")
    assert outbox.deliver(turn.id) == MAIL_SENT
    told = sent(smtp, turn)
    assert "Said at the table since your last mail:\n  Ann: Good luck <b>Bob</b>!\n" in told
    assert "Thanks" not in told                                        # not his own words
    html = [m for m in smtp.recorder.messages() if m["To"] == BOB["email"]][0].get_body(("html",)).get_content()
    assert "Good luck &lt;b&gt;Bob&lt;/b&gt;!" in html and "<b>Bob</b>" not in html
    again = until_turn_mail(game_id, 1, game_row(game_id).seq)
    assert outbox.deliver(again.id) == MAIL_SENT
    assert "Said at the table" not in sent(smtp, again)   # told once


def test_a_mail_refused_for_a_while_still_tells_the_talk_when_it_finally_goes(app, smtp):
    game_id = two_people()
    talk.say(token_for(game_id, 0), "Before the mail")
    turn = until_turn_mail(game_id, 1, 0)
    smtp.recorder.refuse = GREYLISTED
    assert outbox.deliver(turn.id) == MAIL_QUEUED
    talk.say(token_for(game_id, 0), "While it waited")
    smtp.recorder.refuse = None
    send_due()
    told = sent(smtp, turn)
    assert "  Ann: Before the mail\n  Ann: While it waited\n" in told


def test_a_mail_replaced_before_it_went_told_nothing_and_the_next_tells_it(app, smtp):
    game_id = two_people()
    talk.say(token_for(game_id, 0), "Hello all")
    first = until_turn_mail(game_id, 1, 0)
    moves.submit_move(token_for(game_id, 1), play_until_person(game_id).legal_moves(1)[0], game_row(game_id).seq)
    assert rows(id=first.id)[0].status == MAIL_DROPPED                # Bob moved at the table: never sent
    second = until_turn_mail(game_id, 1, first.seq)
    assert outbox.deliver(second.id) == MAIL_SENT
    assert "  Ann: Hello all\n" in sent(smtp, second)


def test_each_message_mailed_goes_once_and_the_next_turn_mail_does_not_repeat_it(app, smtp):
    game_id = two_people()
    set_row(Seat, seat_row(game_id, 1).id, talk_mail=True)
    talk.say(token_for(game_id, 0), "Ready?")
    talk.say(token_for(game_id, 0), "Go!")
    assert len(rows(kind="talk")) == 2
    send_due()
    [told] = sent_to(smtp, BOB["email"], "Ann said")                  # the second had nothing left to tell
    assert "Said at the table since your last mail:\n  Ann: Ready?\n  Ann: Go!\n" in told
    assert sorted(row.status for row in rows(kind="talk")) == [MAIL_DROPPED, MAIL_SENT]
    turn = until_turn_mail(game_id, 1, 0)
    assert outbox.deliver(turn.id) == MAIL_SENT
    assert "Ready?" not in sent(smtp, turn)


def test_hidden_and_removed_messages_are_not_told(app, smtp):
    game_id = two_people()
    talk.say(token_for(game_id, 0), "Boring words")
    talk.hide(token_for(game_id, 1), [0])
    talk.say(token_for(game_id, 1), "Something rude")
    [rude] = [seq for seq, event in enumerate(events_of(game_id)) if event.get("text") == "Something rude"]
    talk.remove(token_for(game_id, 0), rude)
    for seat, words in ((1, "Boring"), (0, "rude")):
        turn = until_turn_mail(game_id, seat, 0)
        assert outbox.deliver(turn.id) == MAIL_SENT
        assert words not in sent(smtp, turn)


def test_the_digest_tells_the_talk_its_held_mails_never_told(app, smtp):
    game_id = two_people()
    set_row(Seat, seat_row(game_id, 1).id, mail_preference=MAIL_DIGEST)
    talk.say(token_for(game_id, 0), "See you tomorrow")
    turn = until_turn_mail(game_id, 1, 0)
    assert outbox.deliver(turn.id) == MAIL_HELD
    assert digests.queue_digest(game_id, 1) == 1
    [digest] = rows(kind="digest")
    assert outbox.deliver(digest.id) == MAIL_SENT
    assert "Said at the table since your last mail:\n  Ann: See you tomorrow\n" in sent(smtp, digest)
