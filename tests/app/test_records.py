"""The record to take away: a seat's copy while the game runs, the full record after, and the replay page."""

import io
import json
import re

from engine import replay_lines
from engine.cards import display
from engine.seat_record import seat_record

from app.records.replays import RECORD_CHARACTERS
from app.play import moves
from app.store import record

from app_helpers import (ROBOTS3, cards_named, counts, csrf_from, events_of, game_row, people, play_to_the_end, start,
                         state_of, token_for)
from test_service import StackedShuffle

ANN = {"name": "Ann", "email": "ann@example.org"}
PLAYERS_NOTE = {"type": "note", "kind": "players", "names": ["Ann", "Robot 2", "Robot 3", "Robot 4"]}


def lines_of(answer):
    return [json.loads(line) for line in answer.get_data(as_text=True).splitlines()]


def test_in_play_a_seat_downloads_only_what_it_saw_and_the_public_record_is_not_there(client):
    game = start([ANN, *ROBOTS3], game="sueca")
    token = token_for(game.id, 0)
    hand = set(client.get(f"/api/seats/{token}").json["view"]["hand"])
    before = counts()
    answer = client.get(f"/api/seats/{token}/record")
    assert answer.status_code == 200 and answer.mimetype == "application/x-ndjson"
    assert "attachment" in answer.headers["Content-Disposition"]
    start_event, note, *copy = lines_of(answer)
    assert note == PLAYERS_NOTE
    copy = [start_event, *copy]
    assert copy == seat_record(events_of(game.id), 0)
    deck = copy[1]["deck"]
    assert copy[1]["type"] == "deal" and len(deck) == 40
    assert {card for card in deck if card is not None} == hand        # Sueca's turned-up card is the dealer's
    text = client.get(f"/s/{token}/record.txt")
    assert text.status_code == 200 and text.mimetype == "text/plain"
    words = text.get_data(as_text=True)
    assert "cards you could not see are left out" in words and "Cards you saw dealt:" in words
    assert cards_named(words) <= hand | {event["move"] for event in copy if event["type"] == "move"}
    assert client.get(f"/api/games/{game.id}/record").status_code == 404
    assert counts() == before


def test_once_over_the_full_record_is_public_and_replays(client):
    game = start([ANN, *ROBOTS3], game="sueca")
    token = token_for(game.id, 0)
    play_to_the_end(client, game.id, token)
    public = client.get(f"/api/games/{game.id}/record")
    assert public.status_code == 200
    named = [events_of(game.id)[0], PLAYERS_NOTE, *events_of(game.id)[1:]]       # the log, with who played
    assert lines_of(public) == named == lines_of(client.get(f"/api/seats/{token}/record"))
    assert replay_lines(public.get_data(as_text=True).splitlines()).over
    words = client.get(f"/s/{token}/record.txt").get_data(as_text=True)
    first_deck = events_of(game.id)[1]["deck"]
    assert "every card shown" in words and " ".join(map(display, first_deck)) in words
    assert client.get("/api/games/nosuchgame/record").status_code == 404


def test_a_forged_link_gets_no_record(client):
    assert client.get("/api/seats/forged.token/record").status_code == 403
    assert client.get("/s/forged.token/record.txt").status_code == 403


def finished_sueca(client):
    game = start([ANN, *ROBOTS3], game="sueca")
    play_to_the_end(client, game.id, token_for(game.id, 0))
    return client.get(f"/api/games/{game.id}/record").get_data(as_text=True)


def test_anyone_can_paste_a_finished_record_and_step_through_it(client):
    record = finished_sueca(client)
    total = len(record.splitlines())
    form = client.get("/replay").get_data(as_text=True)
    assert 'name="record"' in form and 'type="file"' in form
    token = csrf_from(form)
    before = counts()
    first = client.post("/replay", data={"csrf_token": token, "record": record})
    page = first.get_data(as_text=True)
    assert first.status_code == 200 and f"Event 1 of {total}" in page
    assert "The game begins: Ann, Robot 2, Robot 3 and Robot 4." in page        # the names its players note holds
    fourth = client.post("/replay", data={"csrf_token": token, "record": record, "step": "4"}).get_data(as_text=True)
    hands = fourth.split("<h2>Hands</h2>")[1]
    assert f"Event 4 of {total}" in fourth and len(re.findall(r'class="card ', hands)) == 40 - 1
    assert 'name="step" value="5"' in fourth and 'name="step" value="3"' in fourth
    upload = (io.BytesIO(record.encode()), "game.jsonl")
    uploaded = client.post("/replay", data={"csrf_token": token, "record_file": upload},
                           content_type="multipart/form-data")
    assert uploaded.status_code == 200 and f"Event 1 of {total}" in uploaded.get_data(as_text=True)
    assert counts() == before


def test_a_bad_pasted_record_is_refused_with_its_reason(client):
    record = finished_sueca(client)
    token = csrf_from(client.get("/replay").get_data(as_text=True))
    unfinished = "\n".join(record.splitlines()[:10])
    cases = {
        "": "paste a record",
        "not json": "line 1",
        unfinished: "not over",
        record.replace('"seat": 1', '"seat": 7', 1): "does not replay",
    }
    for text, reason in cases.items():
        answer = client.post("/replay", data={"csrf_token": token, "record": text})
        assert answer.status_code == 422 and reason in answer.get_data(as_text=True), (text[:40], reason)
    assert client.post("/replay", data={"csrf_token": token, "record": record, "step": "0"}).status_code == 422
    assert client.post("/replay", data={"record": record}).status_code == 400
    too_long = "x" * (RECORD_CHARACTERS + 200 * 1024)     # past the request's own limit too
    assert client.post("/replay", data={"csrf_token": token, "record": too_long}).status_code == 413


def test_the_table_offers_the_downloads(client):
    game = start([ANN, *ROBOTS3], game="sueca")
    token = token_for(game.id, 0)
    page = client.get(f"/s/{token}").get_data(as_text=True)
    assert f"/api/seats/{token}/record" in page and f"/s/{token}/record.txt" in page
    assert state_of(game.id).deals == 1


def test_the_readable_record_tells_each_deal_its_account_and_the_result(client):
    game = start([ANN, *ROBOTS3], game="sueca")
    token = token_for(game.id, 0)
    play_to_the_end(client, game.id, token)
    words = client.get(f"/s/{token}/record.txt").get_data(as_text=True)
    history = state_of(game.id).view(0)["history"]
    for deal in history:
        assert f"Deal {deal['deal']} is over. Scores: " in words and f"The account of deal {deal['deal']}:" in words
    assert words.count("Tricks taken: ") == words.count("Scores after it (points): ") == len(history)
    assert words.count(" wins the trick.") == sum(len(deal["tricks"]) for deal in history)
    row = game_row(game.id)
    assert re.search(r"The game is over: (Ann and Robot 3|Robot 2 and Robot 4) won\.", words)
    assert f"Final scores: Ann and Robot 3 {row.scores[0]}, Robot 2 and Robot 4 {row.scores[1]}." in words


def test_the_readable_record_tells_a_draw_only_to_whom_it_may(client, monkeypatch):
    # One-and-Thirty, the pack of StackedShuffle(1): Bob, eldest, draws 8♣ to 4♥ 3♦ Q♠ and is not bust.
    monkeypatch.setattr(record.secrets, "SystemRandom", StackedShuffle(1))
    game = start(people(2), game="one_and_thirty")
    moves.submit_move(token_for(game.id, 1), "draw", game.seq)
    ann, bob = (client.get(f"/s/{token_for(game.id, seat)}/record.txt").get_data(as_text=True) for seat in (0, 1))
    assert "Bob says Draw. Bob takes a card." in ann and "8♣" not in ann
    assert "Bob says Draw. Bob takes 8♣." in bob
    while (row := game_row(game.id)).status != "over":
        moves.submit_move(token_for(game.id, row.to_move[0]), "stick", row.seq)
    finished = client.get(f"/s/{token_for(game.id, 0)}/record.txt").get_data(as_text=True)
    assert "Bob says Draw. Bob takes 8♣." in finished and "Paid: " in finished
    step = client.get(f"/s/{token_for(game.id, 0)}/replay?step=3").get_data(as_text=True)
    assert "Event 3 of" in step and "Bob says Draw. Bob takes 8♣." in step


def test_a_pasted_record_without_names_shows_players_by_number_and_a_bad_players_note_is_refused(client):
    start_line, _, *rest = finished_sueca(client).splitlines(keepends=True)
    token = csrf_from(client.get("/replay").get_data(as_text=True))
    unnamed = client.post("/replay", data={"csrf_token": token, "record": start_line + "".join(rest)})
    assert "The game begins: Player 1, Player 2, Player 3 and Player 4." in unnamed.get_data(as_text=True)
    for names, reason in ([["Ann", "Bob"], "names each of the 4 seats"], [["Ann", "", "Cy", "Di"], "a name is needed"],
                          [["Ann", "Bob", "Cy", "x" * 41], "longer than 40"], [["Ann", 7, "Cy", "Di"], "a name"]):
        note = json.dumps({"type": "note", "kind": "players", "names": names}) + "\n"
        answer = client.post("/replay", data={"csrf_token": token, "record": start_line + note + "".join(rest)})
        assert answer.status_code == 422 and reason in answer.get_data(as_text=True), names
