"""A reply by mail is taken once: the same mail delivered again changes nothing and is answered as the first
delivery was, and a reply's talk is written with its move, never without it (app.mail_in.reply_taken), through
the real SMTP receiver (workers.inbound, in this process) and the service function it calls."""

import smtplib

import pytest

from app.context import database
from app.mail_in import replies
from workers.inbound import start_receiver

from tests.workers.smtp_sink import free_port
from test_replies import ANN, a_legal_card, ann_to_move, answers, app, events_of, reply  # noqa: F401 (app: the fixture)
from test_talk_replies import talk_of
from app_helpers import mails, token_for

# A lock the move waits on and gives up: every write of whose turn it is fails, as a lock timeout does. The talk
# alone writes no turn, so the old order (talk in a transaction of its own, then the move) wrote the talk first.
REFUSE_TURNS = {
    "sqlite": ["CREATE TRIGGER refuse_turns BEFORE UPDATE OF to_move ON game "
               "BEGIN SELECT RAISE(ABORT, 'lock timeout'); END"],
    "postgresql": ["CREATE FUNCTION refuse_turns() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'lock timeout' "
                   "USING ERRCODE = 'lock_not_available'; END $$ LANGUAGE plpgsql",
                   "CREATE TRIGGER refuse_turns BEFORE UPDATE OF to_move ON game FOR EACH ROW "
                   "EXECUTE FUNCTION refuse_turns()"],
}
LET_TURNS = {"sqlite": ["DROP TRIGGER refuse_turns"],
             "postgresql": ["DROP TRIGGER refuse_turns ON game", "DROP FUNCTION refuse_turns()"]}


@pytest.fixture
def receiver(app):
    port = free_port()
    controller = start_receiver(app, host="127.0.0.1", port=port)
    yield port
    controller.stop()


def run(statements):
    with database().engine.begin() as connection:
        for statement in statements[database().engine.dialect.name]:
            connection.exec_driver_sql(statement)


def send(port, mail, to):
    with smtplib.SMTP("127.0.0.1", port, timeout=60) as server:
        return server.sendmail(ANN, [to], mail)


def moves_of(game_id, card):
    return [event for event in events_of(game_id) if event["type"] == "move" and event["move"] == card]


def test_a_reply_retried_after_a_451_writes_its_talk_once(app, receiver):
    game_id, turn = ann_to_move()
    card = a_legal_card(game_id)
    mail = reply(turn.context["reply_to"], f"say good luck\n{card}")     # short lines, as SMTP takes them
    run(REFUSE_TURNS)
    with pytest.raises(smtplib.SMTPDataError) as refused:
        send(receiver, mail, turn.context["reply_to"])
    run(LET_TURNS)
    assert refused.value.smtp_code == 451
    assert talk_of(game_id) == [] and moves_of(game_id, card) == [] and answers(game_id) == []
    send(receiver, mail, turn.context["reply_to"])          # the sending server tries again later
    assert [event["text"] for event in talk_of(game_id)] == ["good luck"] and len(moves_of(game_id, card)) == 1
    (answer,) = answers(game_id)
    assert answer.context["headline"].startswith('Said at the table: "good luck". Played ')


def test_the_same_reply_delivered_twice_to_the_receiver_is_taken_once(app, receiver):
    game_id, turn = ann_to_move()
    card = a_legal_card(game_id)
    mail = reply(turn.context["reply_to"], f"say well played\n{card}")
    send(receiver, mail, turn.context["reply_to"])
    send(receiver, mail, turn.context["reply_to"])
    assert [event["text"] for event in talk_of(game_id)] == ["well played"] and len(moves_of(game_id, card)) == 1
    assert len(answers(game_id)) == 1


def test_a_refused_move_and_its_talk_delivered_twice_are_answered_once(app):
    game_id, turn = ann_to_move()
    mail = reply(turn, "say hello\nthe moon")
    first = replies.receive(mail)
    assert first.what == replies.REFUSED
    assert replies.receive(mail) == first
    assert [event["text"] for event in talk_of(game_id)] == ["hello"]
    (answer,) = answers(game_id)
    assert answer.context["headline"] == 'Said at the table: "hello". Not played.'


def test_a_reply_from_one_who_left_delivered_twice_is_refused_once(app):
    game_id, turn = ann_to_move()
    client = app.test_client()
    assert client.post(f"/api/seats/{token_for(game_id, 0)}/hand-over", json={}).status_code == 201
    mail = reply(turn, f"say still here?\n{a_legal_card(game_id)}")
    first = replies.receive(mail)
    assert first.what == replies.REFUSED and first.detail == replies.LEFT
    assert replies.receive(mail) == first
    refusals = [row for row in mails(kind=replies.ANSWER, recipient=ANN) if row.context.get("reason") == replies.LEFT]
    assert len(refusals) == 1 and talk_of(game_id) == []
