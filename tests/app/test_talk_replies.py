"""Table talk by reply: a line starting `say` is talk, the rest of the reply is read for the move as before."""

import pytest

from app.mail_in import replies
from app.mail_in.reply_text import talk_and_move

from app_helpers import mails
from conftest import html_of, text_of
from test_replies import a_legal_card, ann_to_move, answers, app, events_of, reply  # noqa: F401 (app: the fixture)


def talk_of(game_id):
    return [event for event in events_of(game_id) if event["type"] == "note" and event["kind"] == "talk"]


@pytest.mark.parametrize("text, said, line", [
    ("say good luck!\n10H", "good luck!", "10H"),
    ("QS\nSay well played", "well played", "QS"),
    ("say hi\n\nsay again", "hi again", ""),
    ("say QS", "QS", ""),
    ("QS", "", "QS"),
    ("sayonara", "", "sayonara"),
    ("say\nQS", "", "say"),
    ("> say quoted\npass", "", "pass"),
])
def test_say_lines_are_talk_and_the_first_other_line_is_the_move(text, said, line):
    assert talk_and_move(text) == (said, line)


def test_a_reply_says_and_plays(app):
    game_id, turn = ann_to_move()
    card = a_legal_card(game_id)
    outcome = replies.receive(reply(turn, f"say Good luck <all>!\n{card}"))
    assert outcome.what == replies.PLAYED and outcome.detail == card
    assert talk_of(game_id) == [{"type": "note", "kind": "talk", "seat": 0, "text": "Good luck <all>!"}]
    answer, = answers(game_id)
    assert text_of(answer).startswith(f'Said at the table: "Good luck <all>!". Played ')
    assert "Said at the table: &#34;Good luck &lt;all&gt;!&#34;. Played" in html_of(answer)
    assert {"type": "move", "seat": 0, "move": card} in events_of(game_id)


def test_talk_alone_is_said_and_never_played(app):
    game_id, turn = ann_to_move()
    card = a_legal_card(game_id)
    seq = len(events_of(game_id))
    outcome = replies.receive(reply(turn, f"say {card}"))
    assert outcome.what == replies.SAID
    assert talk_of(game_id) == [{"type": "note", "kind": "talk", "seat": 0, "text": card}]
    assert len(events_of(game_id)) == seq + 1                   # the talk, and no move
    answer, = answers(game_id)
    assert text_of(answer).startswith(f'Said at the table: "{card}".\n') and "Not played" not in text_of(answer)
    assert replies.receive(reply(turn, card)).what == replies.PLAYED   # the same mail's move still counts


def test_a_move_is_never_talk(app):
    game_id, turn = ann_to_move()
    card = a_legal_card(game_id)
    assert replies.receive(reply(turn, card)).what == replies.PLAYED
    assert talk_of(game_id) == []
    assert "Said at the table" not in text_of(answers(game_id)[0])


def test_talk_refused_by_reply_is_told_and_the_move_still_played(app):
    game_id, turn = ann_to_move()
    card = a_legal_card(game_id)
    long_line = "say " + "x" * 290                             # a line is read up to 300 characters
    outcome = replies.receive(reply(turn, f"{long_line}\n{long_line}\n{card}"))
    assert outcome.what == replies.PLAYED and talk_of(game_id) == []
    assert text_of(answers(game_id)[0]).startswith("Not said at the table: a message is at most 500 characters")


def test_the_turn_mail_tells_how_to_talk(app):
    game_id, turn = ann_to_move()
    assert 'To say something to the table, start a line with "say", e.g. say good luck!' in text_of(turn)
    assert "start a line with “say”" in html_of(turn)
    assert all("say" in text_of(mail) for mail in mails(game_id=game_id, kind="your_turn") if mail.context.get("reply_to"))
