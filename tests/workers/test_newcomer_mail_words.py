"""A turn mail tells each move as the game's table shows it (the issue "Smaller things a newcomer met"): a
One-and-Thirty player draws a card or sticks, a Laugh and Lie Down card captures. Read from the mail a real SMTP
server received, on SQLite and PostgreSQL."""

import re

import pytest

from app.store.models import MAIL_QUEUED, MAIL_SENT
from app.play import games, moves
from app.mail_out import outbox
from app.mail_out.outbox import close_sender

from conftest import app_in_context, confirmation_token
from worker_fixtures import smtp, worker_config  # noqa: F401  (fixtures)
from worker_helpers import ANN, game_row, outbox as rows, play_until_person, token_for


@pytest.fixture
def app(tmp_path, database_url, dispatched, smtp):
    with app_in_context(worker_config(tmp_path, database_url, smtp)) as application:
        yield application
        close_sender(application)


def stories_of(smtp, name, robots, turns):
    """The 'since your last move' lines of Ann's turn mails as sent, over her first `turns` turns of `name`
    against `robots` random robots (Ann plays her first legal move)."""
    game = games.create_game({"game": name, "seats": [ANN] + [{"robot": "random"}] * robots})
    games.confirm_address(confirmation_token(game.creator_email))
    lines = []
    for _ in range(turns):
        state = play_until_person(game.id)
        if state.over:
            break
        queued = [row for row in rows(kind="your_turn", seat=0, game_id=game.id) if row.status == MAIL_QUEUED]
        if queued and outbox.deliver(queued[-1].id) == MAIL_SENT:
            [message] = [m for m in smtp.recorder.messages() if m["Message-ID"] == queued[-1].message_id]
            text = message.get_body(("plain",)).get_content().replace("\r\n", "\n")
            lines += [line.strip() for line in text.split("Since your last move:\n", 1)[-1].split("\n\n")[0]
                      .splitlines()]
        moves.submit_move(token_for(game.id, 0), state.legal_moves(0)[0], game_row(game.id).seq)
    return lines


def test_a_one_and_thirty_turn_mail_says_who_drew_a_card_and_who_stuck(app, smtp):
    lines = stories_of(smtp, "one_and_thirty", 3, 12)
    moved = [line for line in lines if line.startswith("Robot ") and " won" not in line and "paid" not in line]
    assert moved and not any(" said " in line for line in lines), lines
    assert all(re.fullmatch(r"Robot \d (drew a card|stuck, taking no more cards)\.", line) for line in moved), moved


def test_a_laugh_and_lie_down_turn_mail_tells_a_capture_as_the_table_lists_it(app, smtp):
    lines = stories_of(smtp, "laugh_and_lie_down", 4, 4)
    card = r"(?:10|[2-9AKQJ])[♠♥♦♣]"
    captures = [line for line in lines if re.fullmatch(rf"Robot \d captured {card}( {card})* with {card} "
                                                        r"\((a pair|a mournival)\)\.", line)]
    assert captures and not any(" played " in line for line in lines), lines
