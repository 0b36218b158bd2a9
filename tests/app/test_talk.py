"""Table talk: messages written at the table or through the API, kept in the log, shown to every seat."""

import json

from app import create_app
from app.play import moves
from engine import replay

from app_helpers import ROBOTS3, counts, csrf_from, events_of, game_row, mails, people, start, token_for
from conftest import make_config


def two_people():
    """Ann (seat 0) and Bob (seat 1), two robots: (game id, Ann's token, Bo's token)."""
    game = start([*people(2), *ROBOTS3[:2]])
    return game.id, token_for(game.id, 0), token_for(game.id, 1)


def say_at_table(client, token, text):
    page = client.get(f"/s/{token}").get_data(as_text=True)
    return client.post(f"/s/{token}/talk", data={"csrf_token": csrf_from(page), "text": text})


def talk_events(game_id):
    return [(seq, event) for seq, event in enumerate(events_of(game_id))
            if event["type"] == "note" and event["kind"] == "talk"]


def test_talk_from_the_table_and_the_api_shows_in_order_with_names_and_positions(client):
    game_id, ann, bo = two_people()
    seq = game_row(game_id).seq
    answer = say_at_table(client, ann, "Good luck, all!")
    assert answer.status_code == 303 and answer.headers["Location"].endswith(f"/s/{ann}#talk")
    answer = client.post(f"/api/seats/{bo}/messages", json={"text": "And to you, Ann."})
    assert answer.status_code == 201
    assert answer.json["seq"] == seq + 2
    assert answer.json["messages"] == [
        {"seq": seq + 1, "deal": 1, "name": "Ann", "text": "Good luck, all!", "removed": False},
        {"seq": seq + 2, "deal": 1, "name": "Bob", "text": "And to you, Ann.", "removed": False}]
    assert client.get(f"/api/seats/{ann}").json["messages"] == answer.json["messages"]
    live = client.get(f"/s/{bo}/table?since={seq + 1}").get_data(as_text=True)
    assert '<ul hidden id="news"><li>Bob said: And to you, Ann.</li></ul>' in live      # announced once new
    for page in (client.get(f"/s/{ann}"), client.get(f"/s/{bo}/table?since={seq}")):
        html = page.get_data(as_text=True)
        first, second = html.index("Good luck, all!"), html.index("And to you, Ann.")
        assert first < second
        assert f"<strong>Ann</strong> <span class=\"muted\">(deal 1, position {seq + 1})</span>" in html
        assert f"<strong>Bob</strong> <span class=\"muted\">(deal 1, position {seq + 2})</span>" in html


def test_talk_is_escaped_and_cleaned(client):
    game_id, ann, bo = two_people()
    say_at_table(client, ann, "<script>alert('hi')</script>\x00\x1b[31m\n  and\u202e more ")
    kept = talk_events(game_id)[-1][1]["text"]
    assert kept == "<script>alert('hi')</script>[31m and more"
    html = client.get(f"/s/{bo}").get_data(as_text=True)
    assert "<script>alert(" not in html
    assert "&lt;script&gt;alert(&#39;hi&#39;)&lt;/script&gt;[31m and more" in html


def test_talk_is_kept_in_the_log_and_the_record(client):
    game_id, ann, bo = two_people()
    client.post(f"/api/seats/{ann}/messages", json={"text": "Who deals?"})
    (seq, event), = talk_events(game_id)
    assert event == {"type": "note", "kind": "talk", "seat": 0, "text": "Who deals?"}
    record = [json.loads(line) for line in client.get(f"/api/seats/{bo}/record").get_data(as_text=True).splitlines()]
    assert record[seq + 1] == event          # a record given away names its players in a note after its start
    log = events_of(game_id)
    assert replay(log).view(0) == replay(log[:seq]).view(0)   # the rules pass notes over
    assert "Ann says at the table: Who deals?" in client.get(f"/s/{bo}/record.txt").get_data(as_text=True)


def test_a_move_made_before_a_message_is_still_taken(client):
    game_id, ann, bo = two_people()
    seq = game_row(game_id).seq
    legal = client.get(f"/api/seats/{bo}").json["view"]["legal"]
    assert client.post(f"/api/seats/{ann}/messages", json={"text": "Your call, Bob."}).status_code == 201
    answer = client.post(f"/api/seats/{bo}/moves", json={"move": legal[0], "seq": seq})
    assert answer.status_code == 201


def test_bad_messages_are_refused_and_write_nothing(client):
    game_id, ann, bo = two_people()
    before = counts()
    for body, code in [({"text": ""}, "empty_message"), ({"text": " \n\x00\t "}, "empty_message"),
                       ({"text": "x" * 501}, "message_too_long"), ({"text": 5}, "bad_text"),
                       ({"text": "hi", "seat": 1}, "invalid"), ([], "invalid")]:
        answer = client.post(f"/api/seats/{ann}/messages", json=body)
        assert answer.status_code == 422 and answer.json["error"]["code"] == code, body
    assert client.post("/api/seats/not-a-token/messages", json={"text": "hi"}).status_code == 403
    answer = say_at_table(client, ann, "y" * 501)
    assert answer.status_code == 422 and "at most 500 characters" in answer.get_data(as_text=True)
    assert counts() == before
    assert client.post(f"/api/seats/{ann}/messages", json={"text": "z" * 500}).status_code == 201


def test_robots_say_nothing(client):
    game_id, ann, bo = two_people()
    moves.play_robot_turns(game_id)
    robot = token_for(game_id, 2)
    assert client.post(f"/api/seats/{robot}/messages", json={"text": "beep"}).status_code == 403
    assert talk_events(game_id) == []


def test_talk_is_limited_per_seat(tmp_path, database_url, dispatched):
    application = create_app(make_config(tmp_path, database_url, limit_talk_per_seat="2 per hour"))
    with application.app_context():
        client = application.test_client()
        game_id, ann, bo = two_people()
        for text in ("one", "two"):
            assert client.post(f"/api/seats/{ann}/messages", json={"text": text}).status_code == 201
        before = counts()
        answer = client.post(f"/api/seats/{ann}/messages", json={"text": "three"})
        assert answer.status_code == 429 and answer.json["error"]["code"] == "too_many_requests"
        assert "from your seat" in answer.json["error"]["message"]
        assert counts() == before
        assert client.post(f"/api/seats/{bo}/messages", json={"text": "mine"}).status_code == 201
    application.extensions["cachette"]["db"].dispose()


def test_talk_makes_no_mail_of_its_own(client):
    """What a mail tells of the talk is decided when it is sent: tests/workers/test_talk_at_sending.py."""
    game_id, ann, bo = two_people()
    before = counts()
    client.post(f"/api/seats/{ann}/messages", json={"text": "Good luck <b>Bob</b>!"})
    client.post(f"/api/seats/{bo}/messages", json={"text": "Thanks & you"})
    assert counts()[1] == before[1]


def test_a_person_may_have_each_message_mailed(client):
    game_id, ann, bo = two_people()
    page = client.get(f"/s/{bo}").get_data(as_text=True)
    assert 'name="talk_mail"' in page
    client.post(f"/s/{bo}/mail", data={"csrf_token": csrf_from(page), "mail": "away", "time_zone": "",
                                       "talk_mail": "on"})
    assert 'name="talk_mail" checked' in client.get(f"/s/{bo}").get_data(as_text=True)
    client.post(f"/api/seats/{ann}/messages", json={"text": "Ready?"})
    client.post(f"/api/seats/{bo}/messages", json={"text": "Yes."})
    told, = mails(game_id=game_id, kind="talk")
    assert told.recipient == "bob@example.org" and told.subject.endswith("Ann said")


def test_a_player_hides_anothers_messages_for_themselves(client):
    game_id, ann, bo = two_people()
    client.post(f"/api/seats/{ann}/messages", json={"text": "Boring words"})
    client.post(f"/api/seats/{bo}/messages", json={"text": "Mine"})
    page = client.get(f"/s/{bo}").get_data(as_text=True)
    answer = client.post(f"/s/{bo}/talk/hide", data={"csrf_token": csrf_from(page), "hide": "0"})
    assert answer.status_code == 303
    assert [message["text"] for message in client.get(f"/api/seats/{bo}").json["messages"]] == ["Mine"]
    assert "Boring words" not in client.get(f"/s/{bo}").get_data(as_text=True)
    assert "Boring words" in client.get(f"/s/{ann}").get_data(as_text=True)      # for Bob alone
    before = counts()
    for hidden in ("1", "2", "x"):               # himself, a robot, not a seat
        answer = client.post(f"/s/{bo}/talk/hide", data={"csrf_token": csrf_from(page), "hide": hidden})
        assert answer.status_code == 422
    assert counts() == before
    client.post(f"/s/{bo}/talk/hide", data={"csrf_token": csrf_from(page)})          # none ticked: shown again
    assert "Boring words" in client.get(f"/s/{bo}").get_data(as_text=True)


def test_the_creator_removes_a_message_for_everyone(client):
    game_id, ann, bo = two_people()
    client.post(f"/api/seats/{bo}/messages", json={"text": "Something rude"})
    (seq, _), = talk_events(game_id)
    bob_page = client.get(f"/s/{bo}").get_data(as_text=True)
    assert "/talk/remove" not in bob_page
    before = counts()
    answer = client.post(f"/s/{bo}/talk/remove", data={"csrf_token": csrf_from(bob_page), "seq": str(seq)})
    assert answer.status_code == 403 and counts() == before
    page = client.get(f"/s/{ann}").get_data(as_text=True)
    assert f'name="seq" value="{seq}"' in page
    for wrong in (str(seq - 1), "9999", "x"):
        answer = client.post(f"/s/{ann}/talk/remove", data={"csrf_token": csrf_from(page), "seq": wrong})
        assert answer.status_code == 422
    assert counts() == before
    answer = client.post(f"/s/{ann}/talk/remove", data={"csrf_token": csrf_from(page), "seq": str(seq)})
    assert answer.status_code == 303
    assert events_of(game_id)[-1] == {"type": "note", "kind": "talk_removed", "seq": seq}
    for token in (ann, bo):
        html = client.get(f"/s/{token}").get_data(as_text=True)
        assert "Something rude" not in html and "(message removed by the creator)" in html
    assert client.get(f"/api/seats/{bo}").json["messages"] == [
        {"seq": seq, "deal": 1, "name": "Bob", "text": None, "removed": True}]
    readable = client.get(f"/s/{bo}/record.txt").get_data(as_text=True)
    assert "Bob wrote a message that the creator removed." in readable and "rude" not in readable
    answer = client.post(f"/s/{ann}/talk/remove", data={"csrf_token": csrf_from(page), "seq": str(seq)})
    assert answer.status_code == 409
