"""The talk a record tells: a seat's record the talk the seat could read, the public record only the talk of the
players who let watchers read theirs, and a message the creator removed nowhere but as removed."""

import json

from app.context import database
from app.store.models import Game
from app.social import talk
from app.store.record import store_event
from engine import note_event

from app_helpers import ROBOTS3, csrf_from, events_of, game_row, people, play_to_the_end, start, token_for
from conftest import confirm_address

ANN, BOB = people(2)


def lines_of(answer):
    assert answer.status_code == 200
    return [json.loads(line) for line in answer.get_data(as_text=True).splitlines()]


def talk_of(record):
    return [event for event in record if event.get("type") == "note" and event.get("kind", "").startswith("talk")]


def test_records_tell_only_readable_talk_and_never_a_removed_message(client):
    game = start([ANN, BOB, *ROBOTS3[:2]], game="sueca")
    confirm_address(BOB["email"])
    ann, bob = token_for(game.id, 0), token_for(game.id, 1)
    talk.let_watchers_read(ann, True)
    talk.say(ann, "Ann for everyone")
    talk.say(bob, "Bob for the players")
    talk.say(ann, "Ann takes this back")
    talk.remove(ann, game_row(game.id).seq)
    removed = {"type": "note", "kind": "talk", "seat": 0, "removed": True}

    running = talk_of(lines_of(client.get(f"/api/seats/{ann}/record")))
    assert [note.get("text") for note in running] == ["Ann for everyone", "Bob for the players", None]
    assert running[-1] == removed                     # in its place, without its text; no removal note
    for path in (f"/api/seats/{ann}/record", f"/s/{ann}/record.txt", f"/api/seats/{bob}/record"):
        assert "Ann takes this back" not in client.get(path).get_data(as_text=True), path
    assert "Ann wrote a message that the creator removed." in client.get(f"/s/{ann}/record.txt").get_data(as_text=True)

    assert client.post(f"/api/seats/{bob}/hand-over", json={}).status_code == 201
    play_to_the_end(client, game.id, ann)
    assert any(event.get("text") == "Ann takes this back" for event in events_of(game.id))   # the log keeps it

    public = client.get(f"/api/games/{game.id}/record")
    assert talk_of(lines_of(public)) == [{"type": "note", "kind": "talk", "seat": 0, "text": "Ann for everyone"},
                                         removed]
    assert [note.get("text") for note in talk_of(lines_of(client.get(f"/api/seats/{ann}/record")))] == [
        "Ann for everyone", "Bob for the players", None]
    replay_page = client.get(f"/s/{ann}/replay")
    assert replay_page.status_code == 200
    assert "Ann takes this back" not in replay_page.get_data(as_text=True)
    form = client.get("/replay").get_data(as_text=True)
    pasted = client.post("/replay", data={"csrf_token": csrf_from(form), "record": public.get_data(as_text=True),
                                          "step": "4"})
    assert pasted.status_code == 200
    assert "Ann for everyone" in pasted.get_data(as_text=True)
    assert "Bob for the players" not in pasted.get_data(as_text=True)


def test_a_chatty_games_downloaded_record_replays_on_our_own_replay_page(client):
    """Thousands of messages (at 20 an hour a seat, a long game's worth) written to the log as talk writes
    them; the finished game's records, downloaded, are taken back by /replay."""
    game = start([ANN, *ROBOTS3], game="sueca")
    ann = token_for(game.id, 0)
    talk.let_watchers_read(ann, True)
    with database().writing() as session:
        row = session.get(Game, game.id)
        for number in range(3000):
            text = f"message {number}" if number % 10 else "a long one " * 45
            store_event(session, row, note_event(talk.TALK, seat=0, text=talk.clean_message(text)))
    play_to_the_end(client, game.id, ann)
    form = client.get("/replay").get_data(as_text=True)
    for path in (f"/api/games/{game.id}/record", f"/api/seats/{ann}/record"):
        record = client.get(path).get_data(as_text=True)
        assert record.count('"kind": "talk"') == 3000
        answer = client.post("/replay", data={"csrf_token": csrf_from(form), "record": record})
        assert answer.status_code == 200, answer.get_data(as_text=True)[-300:]
