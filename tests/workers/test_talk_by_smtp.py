"""Table talk by reply, through the real SMTP receiver (`python -m workers.inbound`, its own process)."""

import smtplib

import pytest
from app.context import database
from app.play.links import reply_token
from app.store.models import Game
from app.mail_in.replies import ANSWER
from app.play.seats import seats_of

from test_end_to_end import postgres_url  # noqa: F401  (a fixture)
from test_inbound import ANN, DOMAIN, Receiver, live, plain  # noqa: F401  (live: a fixture)
from worker_fixtures import smtp  # noqa: F401  (fixtures)
from worker_helpers import events_of, outbox

pytestmark = [pytest.mark.slow, pytest.mark.postgres]


def test_a_say_line_sent_to_the_receiver_is_talk_and_never_a_move(live, tmp_path):
    game_id = live.start_game()
    with live.app.app_context(), database().reading() as session:
        keys = live.app.extensions["cachette"]["config"].signing_keys
        address = f"play+{reply_token(keys, seats_of(session, game_id)[0], session.get(Game, game_id).seq)}@{DOMAIN}"
    receiver = Receiver(live.env, tmp_path)

    def send(text):
        with smtplib.SMTP("127.0.0.1", receiver.port, timeout=120) as server:
            server.ehlo()
            server.mail(ANN)
            assert server.rcpt(address)[0] == 250
            return server.data(plain(f"Ann <{ANN}>", address, text))

    try:
        assert send("say pass <now>") == (250, b"OK: said")
        assert send("say good luck\nhelp") == (250, b"OK: help")
    finally:
        receiver.stop()
    with live.app.app_context():
        events = events_of(game_id)
        assert [event["text"] for event in events if event.get("kind") == "talk"] == ["pass <now>", "good luck"]
        assert [event for event in events if event["type"] == "move" and event["seat"] == 0] == []
        assert [row.context["headline"] for row in outbox(kind=ANSWER)] == [
            'Said at the table: "pass <now>".', 'Said at the table: "good luck". Your hand.']
