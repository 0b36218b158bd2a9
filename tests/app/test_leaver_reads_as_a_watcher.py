"""A person who left their seat (handed it to a robot, or resigned) reads the game as a watcher does from that
moment, in every output of their link, and keeps the record of what they saw while seated."""

import json

from app.play.moves import play_robot_turns
from engine import replay
from engine.seat_record import seat_record

from app_helpers import cards_named, events_of, game_row, people, start, token_for
from conftest import confirm_address

TRIO = people(3)     # Ann, Bob, Cy


def polignac_of_three(client):
    game = start(TRIO, game="polignac")
    for person in TRIO[1:]:
        confirm_address(person["email"])
    return game.id, {seat: token_for(game.id, seat) for seat in range(3)}


def play_until(client, game_id, tokens, done):
    """Ann and Cy play their first legal move (robots theirs) until `done(state)` or the game's end."""
    while True:
        play_robot_turns(game_id)
        state = replay(events_of(game_id))
        if done(state) or game_row(game_id).status == "over":
            return state
        for seat in (0, 2):
            legal = client.get(f"/api/seats/{tokens[seat]}").json["view"]["legal"]
            if legal:
                answer = client.post(f"/api/seats/{tokens[seat]}/moves",
                                     json={"move": legal[0], "seq": game_row(game_id).seq})
                assert answer.status_code == 201, answer.json
                break


def outputs_of(client, token):
    """Everything Bob's link gives: its API view, table page, live part (with the news since the start),
    record and readable record."""
    return {"API view": client.get(f"/api/seats/{token}"), "table page": client.get(f"/s/{token}"),
            "live part": client.get(f"/s/{token}/table?since=1"),
            "record": client.get(f"/api/seats/{token}/record"), "readable record": client.get(f"/s/{token}/record.txt")}


def test_who_handed_over_sees_no_card_of_the_seat_they_left_through_the_next_deal(client):
    game_id, tokens = polignac_of_three(client)
    bob = tokens[1]
    watch = client.post(f"/api/seats/{tokens[0]}/watch-links", json={}).json["url"].rsplit("/", 1)[1]
    seated = client.get(f"/api/seats/{bob}/record").get_data(as_text=True).splitlines()
    assert client.post(f"/api/seats/{bob}/hand-over", json={}).status_code == 201
    events = events_of(game_id)
    left = events.index({"type": "note", "kind": "handed_over", "seat": 1})
    for deal in (1, 2):
        state = play_until(client, game_id, tokens, lambda state: state.deals == deal)
        robots_hand = set(state.hands[1])
        assert robots_hand and game_row(game_id).status != "over"
        outputs = outputs_of(client, bob)
        assert all(answer.status_code == 200 for answer in outputs.values())
        assert outputs["API view"].json["view"] == client.get(f"/api/watch/{watch}").json["view"]
        watchers_cards = cards_named(client.get(f"/w/{watch}").get_data(as_text=True))
        for where in ("API view", "table page", "live part"):
            named = cards_named(outputs[where].get_data(as_text=True))
            assert named <= watchers_cards, (deal, where)
            assert deal > 1 or not named & robots_hand, where       # later deals' history names the same cards
        # The record: as Bob's seat saw it up to his leaving, as a watcher sees it since.
        record = [json.loads(line) for line in outputs["record"].get_data(as_text=True).splitlines()]
        assert [line for line in seated if '"deal"' in line][0] in outputs["record"].get_data(as_text=True)
        copy = [record[0], *record[2:]]
        assert copy[:left] == seat_record(events_of(game_id), 1)[:left]
        dealt_since = [event["deck"] for event in copy[left:] if event["type"] == "deal"]
        assert len(dealt_since) == deal - 1
        for deck in dealt_since:
            assert not set(deck) & robots_hand
        words = outputs["readable record"].get_data(as_text=True)
        for line in words.splitlines():
            if line.lstrip().split(" ")[1:2] == ["Deal"] or "Cards you saw dealt" in line:
                if f"Deal {deal}" in line and deal > 1:
                    assert not cards_named(line) & robots_hand, line
