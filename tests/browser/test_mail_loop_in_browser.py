"""The mail loop in a real browser, on SQLite and PostgreSQL: a person plays several moves at the table (the
robots answering each, every mail handed to the outbox as a worker would), leaves, and the clock moves past the
time a table counts as open. Nothing stale arrives: one turn mail, about the position as it is then, read in
the development mailbox."""

import re
from datetime import timedelta

import pytest
from playwright.sync_api import expect

from app import create_app
from app.live import presence
from app.context import database, settings
from app.play.links import read_reply_token
from app.store.models import MAIL_DROPPED, MAIL_SENT, Game, Outbox
from app.words.present import hand_order, move_label, position_words
from app.play import games
from app.clock import utcnow
from app.play.moves import play_robot_turns
from app.store.record import replay_game
from app.play.seats import seat_path
from browser_fixtures import SIZES, browser, free_port, served  # noqa: F401  (fixtures)
from conftest import confirm_address, make_config
from app.mail_out import outbox

pytestmark = pytest.mark.browser
MOVES_AT_THE_TABLE = 5


@pytest.fixture
def loop(tmp_path, database_url, dispatched):
    """The app served from this process on the test's database, mail going to the development mailbox; Ann and
    three robots at Quinto, robots moving only when the test says. Yields (app, game id, Ann's table address)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    app = create_app(make_config(tmp_path, database_url, base_url=base))
    with app.app_context():
        game = games.create_game({"game": "quinto", "seats": [{"name": "Ann", "email": "ann@example.org"},
                                                              *[{"robot": "random"}] * 3]})
        _, (ann,) = confirm_address("ann@example.org")
        address = base + seat_path(ann)
    with served(app, port):
        yield app, game.id, address
    app.extensions["cachette"]["db"].dispose()


def worker_step(app, game_id):
    """What the workers do after a move: play the robots, then send every mail that is due."""
    with app.app_context():
        play_robot_turns(game_id)
        with database().reading() as session:
            due = [row.id for row in session.query(Outbox).filter_by(status="queued", next_attempt_at=None)]
        outbox.deliver_batch(due)


def turn_mails(app, game_id):
    with app.app_context(), database().reading() as session:
        return session.query(Outbox).filter_by(game_id=game_id, kind="your_turn").order_by(Outbox.id).all()


def test_playing_at_the_table_then_leaving_brings_one_mail_about_now(loop, browser, monkeypatch):
    app, game_id, address = loop
    worker_step(app, game_id)
    mailed_before = {row.id for row in turn_mails(app, game_id) if row.status == MAIL_SENT}   # before she came
    page = browser.new_page(viewport=SIZES["desktop"])
    page.goto(address)
    for count in range(MOVES_AT_THE_TABLE + 9):
        if count >= MOVES_AT_THE_TABLE and [row for row in turn_mails(app, game_id)
                                            if row.status != MAIL_DROPPED and row.id not in mailed_before]:
            break            # (a turn won by Ann's own card brings her no mail: she plays on until one waits)
        move = page.locator('#live-part button[name="move"]').first
        expect(move).to_be_visible(timeout=6000)
        with page.expect_navigation():
            move.click()
        worker_step(app, game_id)
        page.reload()
    page.close()                                             # Ann leaves her table
    assert len(turn_mails(app, game_id)) >= 3
    with app.app_context():
        assert {row.id for row in turn_mails(app, game_id) if row.status == MAIL_SENT} == mailed_before
        later = utcnow() + timedelta(seconds=settings().presence_seconds + 1)
    monkeypatch.setattr(presence, "utcnow", lambda: later)
    monkeypatch.setattr(outbox, "utcnow", lambda: later)
    with app.app_context():
        for _ in range(2):                                   # the sweep, twice: nothing more goes the second time
            outbox.deliver_batch(outbox.stranded_ids(later))
        with database().reading() as session:
            game = session.get(Game, game_id)
            _, state = replay_game(session, game_id)
    rows = [row for row in turn_mails(app, game_id) if row.id not in mailed_before]
    sent = [row for row in rows if row.status == MAIL_SENT]
    assert len(sent) == 1 and {row.status for row in rows if row is not sent[0]} == {MAIL_DROPPED}
    mailbox = browser.new_page(viewport=SIZES["desktop"])
    mailbox.goto(address.split("/s/")[0] + "/dev/mailbox.json")
    shown = [mail for mail in mailbox.evaluate("() => JSON.parse(document.body.innerText)")["mails"]
             if mail["kind"] == "your_turn" and mail["status"] == MAIL_SENT and mail["id"] not in mailed_before]
    [mail] = shown
    view = state.view(0)
    assert mail["subject"].endswith(position_words(view))
    hand = "Your hand: " + " ".join(move_label(card) for card in hand_order(view["hand"]))
    assert hand in mail["text"]
    token = re.search(r"play\+([^@]+)@", mail["headers"]["Reply-To"]).group(1)
    with app.app_context():
        assert read_reply_token(settings().signing_keys, token)[3] == game.seq
    assert "Since your last move:" in mail["text"]
