"""Table talk: messages written at the table or through the API, kept in the log, shown to every seat."""

import json

from sqlalchemy import update

from app import create_app
from app.context import database
from app.models import MAIL_HELD, MAIL_SENT, Outbox
from app.services import digests, moves
from engine import replay

from app_helpers import ROBOTS3, counts, csrf_from, events_of, game_row, mails, people, start, token_for
from conftest import html_of, make_config, text_of


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


def play_until_turn_mail(client, game_id, tokens, seat, after):
    """Play (people their first legal move, robots theirs) until a turn mail to `seat` is queued after seq
    `after`; that mail."""
    while True:
        moves.play_robot_turns(game_id)
        turns = [mail for mail in mails(game_id=game_id, seat=seat, kind="your_turn") if mail.seq > after]
        if turns:
            return turns[0]
        row = game_row(game_id)
        mover = tokens[[number for number in tokens if number in row.to_move][0]]
        legal = client.get(f"/api/seats/{mover}").json["view"]["legal"]
        assert client.post(f"/api/seats/{mover}/moves", json={"move": legal[0], "seq": row.seq}).status_code == 201


def test_talk_comes_with_the_next_turn_mail_and_never_alone(client):
    game_id, ann, bo = two_people()
    before = counts()
    client.post(f"/api/seats/{ann}/messages", json={"text": "Good luck <b>Bob</b>!"})
    client.post(f"/api/seats/{bo}/messages", json={"text": "Thanks & you"})
    assert counts()[1] == before[1]                     # no mail of its own
    start = game_row(game_id).seq
    to_ann = play_until_turn_mail(client, game_id, {0: ann, 1: bo}, 0, start)
    assert "Said at the table since your last mail:\n  Bob: Thanks & you\n" in text_of(to_ann)
    assert "Good luck" not in text_of(to_ann)           # not her own words
    assert "<li><strong>Bob</strong>: Thanks &amp; you</li>" in html_of(to_ann)
    to_bob = play_until_turn_mail(client, game_id, {0: ann, 1: bo}, 1, start)
    assert "  Ann: Good luck <b>Bob</b>!\n" in text_of(to_bob)
    assert "Good luck &lt;b&gt;Bob&lt;/b&gt;!" in html_of(to_bob) and "<b>Bob</b>" not in html_of(to_bob)
    with database().writing() as session:               # sent: a mail replaced before it went out told nothing
        session.execute(update(Outbox).where(Outbox.id == to_bob.id).values(status=MAIL_SENT))
    again = play_until_turn_mail(client, game_id, {0: ann, 1: bo}, 1, to_bob.seq)
    assert "Said at the table" not in text_of(again)   # told once


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
    assert "Said at the table since your last mail:\n  Ann: Ready?\n" in text_of(told)
    to_bob = play_until_turn_mail(client, game_id, {0: ann, 1: bo}, 1, told.seq)
    assert "Ready?" not in text_of(to_bob)


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
    client.post(f"/api/seats/{ann}/messages", json={"text": "More boring words"})
    to_bob = play_until_turn_mail(client, game_id, {0: ann, 1: bo}, 1, game_row(game_id).seq)
    assert "boring" not in text_of(to_bob)
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
    assert "Bob says at the table: (message removed by the creator)" in readable and "rude" not in readable
    answer = client.post(f"/s/{ann}/talk/remove", data={"csrf_token": csrf_from(page), "seq": str(seq)})
    assert answer.status_code == 409
    to_ann = play_until_turn_mail(client, game_id, {0: ann, 1: bo}, 0, seq - 1)
    assert "rude" not in text_of(to_ann)


def test_the_digest_tells_the_talk_its_held_mails_never_told(client):
    game_id, ann, bo = two_people()
    client.post(f"/api/seats/{ann}/messages", json={"text": "See you tomorrow"})
    turn = play_until_turn_mail(client, game_id, {0: ann, 1: bo}, 1, game_row(game_id).seq)
    assert "See you tomorrow" in text_of(turn)
    with database().writing() as session:     # what the mail worker does for a seat that asked for a digest
        session.execute(update(Outbox).where(Outbox.seat == 1, Outbox.game_id == game_id).values(status=MAIL_HELD))
    assert digests.queue_digest(game_id, 1) == 1
    digest, = mails(game_id=game_id, kind="digest")
    assert "Said at the table since your last mail:\n  Ann: See you tomorrow\n" in text_of(digest)
