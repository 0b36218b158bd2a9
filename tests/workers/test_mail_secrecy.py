"""No mail ever shows a card that its recipient's seat may not see at that point of the game."""

import re

from engine import replay
from engine.cards import display
from workers import outbox

from conftest import html_of, text_of
from worker_fixtures import app, smtp  # noqa: F401  (fixtures)
from worker_helpers import ANN, BOB, ROBOTS3, events_of, outbox as rows, person_moves, play_until_person, start_confirmed

GAME = {"target": 500, "match": "single_game"}   # several deals


def shown(card, text):
    """Whether a mail text shows `card`, in the people's form (10♥) or the notation (TH)."""
    return any(re.search(rf"(?<![\w♠♣♦♥]){re.escape(form)}(?![\w♠♣♦♥])", text) for form in {display(card), card})


def last_move(events, seq):
    """The move a mail reports was played in public, even if a new deal has since put that card in a hand."""
    moves = [event["move"] for event in events[:seq + 1] if event["type"] == "move"]
    return set(moves[-1:])


def told_at_deal_end(mail, position):
    """A deal's end mail may show that finished deal's cachette and quints, now public."""
    if mail.kind != "deal_end":
        return set()
    finished = position.view(mail.seat)["history"][-1]
    return set(finished["cachette"]) | {card for quint in finished["quints"] for card in quint["cards"]}


def test_mails_never_show_another_seats_hidden_cards(app, smtp):
    game = start_confirmed([ANN, BOB, *ROBOTS3[:2]], options=GAME)
    state = play_until_person(game.id)
    while not state.over:
        state = person_moves(game.id, state.controller(state.to_move[0]))
    events = events_of(game.id)
    mails = [mail for mail in rows(game_id=game.id) if mail.seat is not None]
    assert {"invite", "your_turn", "game_over"} <= {mail.kind for mail in mails}
    turns = [mail for mail in mails if mail.kind == "your_turn"]
    assert all("Your hand:" in text_of(mail) for mail in turns)
    assert "deal_end" in {mail.kind for mail in mails}
    for mail in mails:
        position = replay(events[:mail.seq + 1])
        hidden = position.hidden_from(mail.seat) - told_at_deal_end(mail, position) - last_move(events, mail.seq)
        for card in hidden:
            assert not shown(card, text_of(mail)) and not shown(card, html_of(mail)), (mail.kind, card)
    checked = sum(len(replay(events[:mail.seq + 1]).hidden_from(mail.seat)) for mail in turns)
    assert checked > 100                                  # many hidden cards were looked for
    for mail in mails[:5]:
        assert outbox.deliver(mail.id) == "sent"
    for message in smtp.recorder.messages():
        body = message.get_body(("plain",)).get_content()
        row = next(mail for mail in mails if mail.message_id == message["Message-ID"])
        assert body.replace("\r\n", "\n").strip() == text_of(row).strip()      # what was checked is what is sent
