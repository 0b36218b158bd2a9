"""Sending the outbox against a real SMTP server on loopback, on SQLite and PostgreSQL."""

import threading
from datetime import timedelta

import pytest

from app.store.models import MAIL_CLAIMED, MAIL_DIGEST, MAIL_DROPPED, MAIL_FAILED, MAIL_QUEUED, MAIL_SENT, Outbox, Seat
from app.clock import utcnow
from app.errors import BadInput
from app.mail_out import outbox
from workers.celery_app import celery_init_app
from app.mail_out.mailer import SmtpSender

from conftest import text_of
from worker_fixtures import app, client, smtp, worker_config  # noqa: F401  (fixtures)
from worker_helpers import (BOB, ROBOTS3, game_row, outbox as rows, person_moves, play_until_person, seat_row, set_row,
                            start, start_confirmed)


def send_all():
    return [outbox.deliver(row.id) for row in rows(status=MAIL_QUEUED)]


def test_a_mail_is_multipart_with_its_stable_message_id_and_sent_once(app, smtp):
    game = start()
    invite = rows(kind="invite")[0]
    assert outbox.deliver(invite.id) == MAIL_SENT
    assert outbox.deliver(invite.id) == outbox.SKIPPED
    [message] = smtp.recorder.messages()
    assert message["Message-ID"] == invite.message_id
    assert message["To"] == "ann@example.org" and message["Subject"] == invite.subject
    assert message.get_content_type() == "multipart/alternative"
    text, html = message.iter_parts()
    assert text.get_content_type() == "text/plain" and "/s/" in text.get_content()
    assert html.get_content_type() == "text/html" and "<a href=" in html.get_content()
    assert smtp.recorder.received[0].rcpt_tos == ["ann@example.org"]
    sent = rows(id=invite.id)[0]
    assert sent.status == MAIL_SENT and sent.sent_at is not None and sent.attempts == 1
    assert game.id == sent.game_id


def test_mails_of_a_game_thread_together_and_carry_list_unsubscribe(app, smtp):
    game = start()
    play_until_person(game.id)
    assert [row.kind for row in rows()] == ["confirm", "invite", "your_turn"]
    assert send_all() == [MAIL_DROPPED, MAIL_SENT, MAIL_SENT]          # the confirmation's link is spent already
    invite, turn = smtp.recorder.messages()
    assert turn["In-Reply-To"] == invite["Message-ID"] and turn["References"] == invite["Message-ID"]
    assert invite["In-Reply-To"] is None
    for message in (invite, turn):
        assert message["List-Unsubscribe"].startswith("<http://localhost/unsubscribe/")
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert game.id


def test_mail_waits_while_the_server_is_away_and_then_arrives(app, smtp):
    start()
    invite = rows(kind="invite")[0]
    smtp.stop()
    before = utcnow()
    assert outbox.deliver(invite.id) == MAIL_QUEUED
    waiting = rows(id=invite.id)[0]
    assert waiting.attempts == 1 and "Connection refused" in waiting.last_error
    assert waiting.next_attempt_at >= before + timedelta(seconds=app.extensions["cachette"]["config"].mail_retry_base)
    assert outbox.deliver(invite.id) == outbox.SKIPPED           # not before its back-off has passed
    assert invite.id not in outbox.stranded_ids(before)
    assert invite.id in outbox.stranded_ids(waiting.next_attempt_at + timedelta(seconds=1))
    set_row(Outbox, invite.id, next_attempt_at=before)
    assert outbox.deliver(invite.id) == MAIL_QUEUED                # still away: the back-off doubles
    again = rows(id=invite.id)[0]
    assert again.next_attempt_at - utcnow() > timedelta(seconds=1.5 * app.extensions["cachette"]["config"].mail_retry_base)
    smtp.start()
    set_row(Outbox, invite.id, next_attempt_at=before)
    assert outbox.deliver(invite.id) == MAIL_SENT
    assert smtp.recorder.message_ids() == [invite.message_id]


@pytest.mark.parametrize("reply, status", [("451 4.3.0 try again later", MAIL_QUEUED),
                                           ("550 5.1.1 no such mailbox", MAIL_FAILED)])
def test_a_temporary_refusal_is_retried_and_a_permanent_one_is_not(app, smtp, reply, status):
    start()
    smtp.recorder.refuse = reply
    invite = rows(kind="invite")[0]
    assert outbox.deliver(invite.id) == status
    assert (invite.id in outbox.stranded_ids(utcnow() + timedelta(days=1))) == (status == MAIL_QUEUED)


def test_a_claim_held_by_a_dead_worker_is_taken_over_after_the_claim_timeout(app, smtp):
    start()
    invite = rows(kind="invite")[0]
    set_row(Outbox, invite.id, status=MAIL_CLAIMED, claimed_at=utcnow())
    assert outbox.deliver(invite.id) == outbox.SKIPPED             # a live claim is left alone
    assert invite.id not in outbox.stranded_ids()
    set_row(Outbox, invite.id, claimed_at=utcnow() - timedelta(hours=1))
    assert outbox.stranded_ids() == [invite.id]
    assert outbox.deliver(invite.id) == MAIL_SENT
    assert len(smtp.recorder.received) == 1


def test_the_sweep_leaves_a_fresh_row_to_the_worker_it_was_handed_to(app):
    start()
    confirm, invite = rows()
    assert outbox.stranded_ids() == []
    assert outbox.stranded_ids(utcnow() + timedelta(seconds=app.extensions['cachette']['config'].mail_claim_timeout) + timedelta(seconds=1)) == [confirm.id, invite.id]


def test_two_workers_handed_the_same_row_send_it_once(app, smtp):
    start()
    invite = rows(kind="invite")[0]
    results = []

    def worker():
        with app.app_context():
            results.append(outbox.deliver(invite.id))

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [MAIL_SENT] + [outbox.SKIPPED] * 3
    assert len(smtp.recorder.received) == 1


def test_a_header_injection_in_a_row_is_refused_and_nothing_is_sent(app, smtp):
    start()
    invite = rows(kind="invite")[0]
    set_row(Outbox, invite.id, subject="Hello\r\nBcc: victim@example.org")
    assert outbox.deliver(invite.id) == MAIL_FAILED
    assert "linefeed" in rows(id=invite.id)[0].last_error
    other = start()
    row = rows(kind="invite", game_id=other.id)[0]
    set_row(Outbox, row.id, recipient="ann@example.org\nBcc: victim@example.org")
    assert outbox.deliver(row.id) == MAIL_FAILED
    assert smtp.recorder.received == []


def test_a_row_its_templates_cannot_render_fails_alone(app, smtp):
    start()
    start()
    broken, fine = rows(kind="invite")
    set_row(Outbox, broken.id, context={"players": 5})                 # not the list the template walks
    assert outbox.deliver_batch([broken.id, fine.id]) == {broken.id: MAIL_FAILED, fine.id: MAIL_SENT}
    assert "cannot render the invite mail" in rows(id=broken.id)[0].last_error
    assert [message.rcpt_tos for message in smtp.recorder.received] == [["ann@example.org"]]


def test_a_name_with_a_line_break_never_reaches_a_header(app, smtp):
    evil = "Ann\r\nBcc: victim@example.org\r\n"
    with pytest.raises(BadInput):
        start([{"name": "Ann", "email": "ann@example.org\r\nBcc: victim@example.org"}, *ROBOTS3])
    start_confirmed([{"name": evil, "email": "ann@example.org"}, BOB, *ROBOTS3[:2]])
    invite = rows(kind="invite", recipient="bob@example.org")[0]
    assert outbox.deliver(invite.id) == MAIL_SENT
    [received] = smtp.recorder.received
    assert received.rcpt_tos == ["bob@example.org"]
    message = received.message
    assert message["Bcc"] is None and "victim" not in message["To"]
    assert message["Subject"] == "Ann Bcc: victim@example.org invites you to a game of Quinto"


def test_a_digest_seat_gets_one_mail_a_day_gathering_its_turns(app, smtp):
    from app.mail_out import digests

    game = start()
    set_row(Seat, seat_row(game.id, 0).id, mail_preference=MAIL_DIGEST)
    send_all()                                                    # the invitation still goes at once
    for count in range(12):   # three moves or more, until a turn mail waits (none follows a trick Ann won)
        person_moves(game.id, 0)
        assert set(send_all()) <= {"held"}
        if count >= 2 and rows(status="held"):
            break
    held = rows(status="held")
    # Each move dropped the turn mail it answered: the digest tells the turn now, not the turns taken.
    assert [row.kind for row in held] == ["your_turn"] and held[0].seq == game_row(game.id).seq
    assert rows(kind="your_turn", status=MAIL_DROPPED)
    assert digests.send_digests() == 0                           # not a day old yet
    assert digests.send_digests(utcnow() + timedelta(days=1, seconds=1)) == 1
    assert digests.send_digests(utcnow() + timedelta(days=1, seconds=1)) == 0
    [digest] = rows(kind="digest")
    assert all(row.subject in text_of(digest) for row in held)
    assert {row.status for row in rows(kind="your_turn")} == {"digested", MAIL_DROPPED}
    assert outbox.deliver(digest.id) == MAIL_SENT
    assert [message["Subject"] for message in smtp.recorder.messages()][-1] == digest.subject


def test_with_the_development_mailbox_mail_is_delivered_to_it_and_never_sent(tmp_path, database_url, smtp):
    from app import create_app

    application = create_app(worker_config(tmp_path, database_url, smtp, dev_mailbox=True))
    with application.app_context():
        start()
        invite = rows(kind="invite")[0]
        assert outbox.deliver(invite.id) == MAIL_SENT
        assert application.test_client().get("/dev/mailbox.json").get_json()["mails"][0]["status"] == MAIL_SENT
    application.extensions["cachette"]["db"].dispose()
    assert smtp.recorder.received == []


def test_the_send_task_runs_in_the_flask_app_context(app, smtp):
    celery = celery_init_app(app)
    start()
    invite = rows(kind="invite")[0]
    assert celery.tasks["cachette.send_mail"].apply(args=([invite.id],)).get() == {invite.id: MAIL_SENT}
    assert celery.tasks["cachette.sweep_outbox"].apply().get() == 0
    assert smtp.recorder.message_ids() == [invite.message_id]


def test_a_batch_is_sent_over_one_connection_and_each_row_marked_on_its_own(app, smtp, monkeypatch):
    connections = []
    connect = SmtpSender.connect
    monkeypatch.setattr(SmtpSender, "connect", lambda sender: connections.append(1) or connect(sender))
    game = start()
    play_until_person(game.id)
    start()
    game_mail = [row for row in rows() if row.kind != "confirm"]      # the creator's used confirmations aside
    ids = [row.id for row in game_mail]
    set_row(Outbox, ids[-1], status=MAIL_CLAIMED, claimed_at=utcnow())   # another worker holds this one
    outcome = outbox.deliver_batch(ids)
    assert outcome == {row_id: MAIL_SENT for row_id in ids[:-1]}
    assert smtp.recorder.message_ids() == [row.message_id for row in game_mail[:-1]]
    assert [row.status for row in rows() if row.id in ids] == [MAIL_SENT] * (len(ids) - 1) + [MAIL_CLAIMED]
    assert len(connections) == 1


def test_a_row_taken_over_while_its_batch_was_slow_is_left_to_the_worker_that_took_it(app, smtp, monkeypatch):
    game = start()
    play_until_person(game.id)
    game_mail = [row for row in rows() if row.kind != "confirm"]
    ids = [row.id for row in game_mail]
    send = SmtpSender.send

    def slow_send(sender, message, envelope, recipient):
        # While the first mail goes, this batch's claim on the last row goes stale and another worker takes it.
        if message["Message-ID"] == game_mail[0].message_id:
            set_row(Outbox, ids[-1], claimed_at=utcnow() + timedelta(seconds=1))
        return send(sender, message, envelope, recipient)

    monkeypatch.setattr(SmtpSender, "send", slow_send)
    outcome = outbox.deliver_batch(ids)
    assert outcome == {**{row_id: MAIL_SENT for row_id in ids[:-1]}, ids[-1]: outbox.SKIPPED}
    assert smtp.recorder.message_ids() == [row.message_id for row in game_mail[:-1]]
    assert rows(id=ids[-1])[0].status == MAIL_CLAIMED
