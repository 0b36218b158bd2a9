"""Table talk that adds up: a `say` line by reply kept up to the talk's own limit, a message that shows nothing
refused alike from the page, the API and a reply, and tables carrying the latest talk only, with the rest on a
page and in the API of its own."""

import re

import pytest

from app.social.talk import LONGEST_MESSAGE, RECENT_MESSAGES
from app.mail_in import replies

from app_helpers import csrf_from
from conftest import app_in_context, make_config
from test_replies import DOMAIN, a_legal_card, ann_to_move, answers, reply
from test_talk import talk_events, two_people
from test_talk_replies import talk_of

INVISIBLE = ["\U000e0041\U000e0042", "\u200e", "\u2060", "\u00ad", "\u200b \u200c\u200d", " \u2800\u3164 "]


@pytest.fixture
def app(tmp_path, database_url, dispatched):
    with app_in_context(make_config(tmp_path, database_url, inbound_domain=DOMAIN, limit_talk_per_seat="1000 per hour",
                                    limit_replies_per_seat="1000 per hour")) as application:
        yield application


@pytest.fixture
def client(app):
    return app.test_client()


def test_a_say_line_by_reply_keeps_the_talks_whole_limit(app):
    game_id, turn = ann_to_move()
    longest = "x" * (LONGEST_MESSAGE - 1) + "!"
    assert replies.receive(reply(turn, f"say {longest}\n{a_legal_card(game_id)}")).what == replies.PLAYED
    assert [event["text"] for event in talk_of(game_id)] == [longest]


def test_a_say_line_over_the_limit_is_refused_as_too_long(app):
    game_id, turn = ann_to_move()
    assert replies.receive(reply(turn, "say " + "x" * (LONGEST_MESSAGE + 40))).what == replies.SAID
    assert talk_of(game_id) == []
    assert answers(game_id)[0].context["headline"].startswith(
        f"Not said at the table: a message is at most {LONGEST_MESSAGE} characters")


@pytest.mark.parametrize("invisible", INVISIBLE)
def test_a_message_that_shows_nothing_is_refused_everywhere(client, invisible):
    game_id, ann, bob = two_people()
    page = client.get(f"/s/{ann}").get_data(as_text=True)
    answer = client.post(f"/s/{ann}/talk", data={"csrf_token": csrf_from(page), "text": invisible})
    assert answer.status_code == 422 and "only spaces and characters that show nothing" in answer.get_data(as_text=True)
    answer = client.post(f"/api/seats/{bob}/messages", json={"text": invisible})
    assert answer.status_code == 422 and answer.json["error"]["code"] == "empty_message"
    assert talk_events(game_id) == []


def test_a_reply_whose_talk_shows_nothing_is_told_so(app):
    game_id, turn = ann_to_move()
    assert replies.receive(reply(turn, f"say \u200e\u2060\u00ad\n{a_legal_card(game_id)}")).what == replies.PLAYED
    assert talk_of(game_id) == []
    assert answers(game_id)[0].context["headline"].startswith("Not said at the table: write something to say")


def test_tables_carry_the_latest_talk_and_link_to_the_whole_of_it(client):
    game_id, ann, bob = two_people()
    for number in range(RECENT_MESSAGES + 5):
        assert client.post(f"/api/seats/{bob}/messages", json={"text": f"message {number}"}).status_code == 201
    view = client.get(f"/api/seats/{ann}").json
    assert [message["text"] for message in view["messages"]] == [f"message {number}" for number in range(5, 55)]
    assert view["earlier_messages"] == 5
    for path in (f"/s/{ann}", f"/s/{ann}/table?since=0"):
        page = client.get(path).get_data(as_text=True)
        said = re.findall(r"message (\d+)", page)
        assert sorted(set(map(int, said))) == list(range(5, 55)), path
        assert f'href="/s/{ann}/talk"' in page and "5 earlier messages" in page
    whole = client.get(f"/s/{ann}/talk")
    assert whole.status_code == 200
    assert sorted(set(map(int, re.findall(r"message (\d+)", whole.get_data(as_text=True))))) == list(range(55))
    listed = client.get(f"/api/seats/{ann}/messages")
    assert [message["text"] for message in listed.json["messages"]] == [f"message {number}" for number in range(55)]
    assert client.get("/s/not-a-token/talk").status_code == 403
