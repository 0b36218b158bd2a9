"""The mail a person receives is the outbox row as rendered: the body that the secrecy tests check.

`tests/app/test_secrecy_every_output.py` checks every rendered mail of every
game for cards its reader may not know; this holds the rendered bodies to
what the SMTP server is handed.
"""

from app.store.models import MAIL_EACH, Seat
from app.mail_out import outbox

from conftest import html_of, text_of
from worker_fixtures import app, smtp  # noqa: F401  (fixtures)
from worker_helpers import (ANN, BOB, ROBOTS3, outbox as rows, person_moves, play_until_person, seat_row, set_row,
                            start_confirmed)


def test_the_mail_sent_is_the_mail_checked(app, smtp):
    game = start_confirmed([ANN, BOB, *ROBOTS3[:2]])
    for seat in (0, 1):   # every turn mail that is still true when it goes is sent
        set_row(Seat, seat_row(game.id, seat).id, mail_preference=MAIL_EACH)
    state = play_until_person(game.id)
    for _ in range(4):
        state = person_moves(game.id, state.controller(state.to_move[0]))
    queued = [mail for mail in rows(game_id=game.id) if mail.seat is not None]
    assert {"invite", "your_turn"} <= {mail.kind for mail in queued}
    outcomes = {mail.id: outbox.deliver(mail.id) for mail in queued}
    assert "sent" in outcomes.values() and set(outcomes.values()) <= {"sent", "skipped"}
    mails = [mail for mail in rows(game_id=game.id, status="sent")]   # as written when sent
    messages = smtp.recorder.messages()
    assert len(messages) == len(mails)
    for message in messages:
        row = next(mail for mail in mails if mail.message_id == message["Message-ID"])
        text = message.get_body(("plain",)).get_content().replace("\r\n", "\n")
        html = message.get_body(("html",)).get_content().replace("\r\n", "\n")
        assert (text.strip(), html.strip()) == (text_of(row).strip(), html_of(row).strip())
