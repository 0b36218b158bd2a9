"""Leaving a game by replying to its mail, as the table's buttons do (app.mail_in.leave_reply): `hand over`,
`resign` and `abandon` asked first and done with `yes`, `agree` and `decline` answering the open question; the
seat view carries the rematch and the next game waiting as the table shows them."""

from app.context import database, settings
from app.mail_in import replies
from app.play.links import reply_token
from app.play.seats import seats_of
from app.store.models import Game

from app_helpers import game_row, token_for
from conftest import text_of
from test_replies import DOMAIN, ann_to_move, answers, app, reply  # noqa: F401 (app: the fixture)
from test_talk import two_people


def address_of(game_id, seat):
    with database().reading() as session:
        row = seats_of(session, game_id)[seat]
        return f"play+{reply_token(settings().signing_keys, row, session.get(Game, game_id).seq)}@{DOMAIN}"


def send(game_id, seat, line):
    sender = seats_of_now(game_id)[seat].email
    return replies.receive(reply(address_of(game_id, seat), line, sender=sender))


def seats_of_now(game_id):
    with database().reading() as session:
        return seats_of(session, game_id)


def test_resign_by_reply_is_asked_first_then_done(app):
    game_id, turn = ann_to_move()
    asked = replies.receive(reply(turn, "Resign"))
    assert asked.what == replies.LEAVING and "reply “resign yes”" in asked.detail
    assert seats_of_now(game_id)[0].left is None
    done = send(game_id, 0, "resign yes")
    assert done.what == replies.LEAVING and done.detail.startswith("You resigned")
    assert seats_of_now(game_id)[0].left == "resigned"
    assert [answer.context["headline"] for answer in answers(game_id)] == [asked.detail, done.detail]


def test_hand_over_by_reply_is_asked_first_then_done(app):
    game_id, turn = ann_to_move()
    assert "reply “hand over yes”" in replies.receive(reply(turn, "hand over")).detail
    assert send(game_id, 0, "hand over yes").detail.startswith("You handed your seat to a robot")
    assert seats_of_now(game_id)[0].left == "handed_over"


def test_abandon_agree_and_decline_by_reply_answer_as_the_table_does(app):
    game_id, _, _ = two_people()
    assert "reply “abandon yes”" in send(game_id, 0, "abandon").detail
    assert send(game_id, 0, "abandon yes").detail.startswith("You proposed to abandon the game")
    assert send(game_id, 1, "decline").detail == "You declined to abandon the game: it goes on."
    assert game_row(game_id).status == "active"
    assert send(game_id, 1, "agree").detail.startswith("Nothing done: no question")
    send(game_id, 0, "abandon yes")
    assert send(game_id, 1, "agree").detail == "You agreed to abandon the game."
    assert game_row(game_id).status == "over"
    assert send(game_id, 0, "resign yes").detail == "Nothing done: the game is not being played now."


def test_help_lists_what_one_may_reply(app):
    game_id, turn = ann_to_move()
    replies.receive(reply(turn, "help"))
    text = text_of(answers(game_id)[0])
    assert "You can reply with:" in text and "resign yes" in text and "agree or decline" in text


def test_the_seat_view_carries_the_rematch_and_the_next_game_waiting(app):
    client = app.test_client()
    game_id, ann, bob = two_people()
    other_id, _, _ = two_people()                                # Ann's other game
    view = client.get(f"/api/seats/{ann}").json
    assert view["rematch"] is None
    if seats_of_now(other_id)[0].to_move:
        assert view["next_game"]["count"] == 1 and "your move" in view["next_game"]["words"]
        assert view["next_game"]["url"].endswith(f"/s/{token_for(other_id, 0)}")
    else:
        assert view["next_game"] is None
    client.post(f"/api/seats/{ann}/abandon", json={})
    client.post(f"/api/seats/{bob}/abandon", json={"agree": True})
    view = client.get(f"/api/seats/{ann}").json
    assert view["status"] == "over" and view["rematch"]["offered"] is False and view["rematch"]["to_answer"] is False
    client.post(f"/api/seats/{ann}/rematch", json={})
    assert client.get(f"/api/seats/{bob}").json["rematch"]["to_answer"] is True
