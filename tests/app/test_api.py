"""The JSON API: games, seats, moves, and its OpenAPI description."""

import json

import pytest

from app_helpers import ROBOTS3, confirm_by_page, counts, four_people, mails, seat_path, token_for, token_of

ANN = {"name": "Ann", "email": "ann@example.org"}


def create(client, **body):
    return client.post("/api/games", json={"game": "quinto", "seats": [ANN, *ROBOTS3], **body})


def create_started(client, **body):
    """A game created through the API, then confirmed by Ann from her mail."""
    answer = create(client, **body)
    assert answer.json["status"] == "unconfirmed"
    confirm_by_page(client, ANN["email"])
    return answer.json["id"]


def test_create_returns_201_with_id_and_url(client):
    answer = create(client, move_time="24h", options={"joker_lead": "highest_card"})
    assert answer.status_code == 201
    assert answer.json["url"] == f"http://localhost/api/games/{answer.json['id']}"
    summary = client.get(f"/api/games/{answer.json['id']}").json
    assert summary["options"]["joker_lead"] == "highest_card" and summary["move_time"] == 86400


@pytest.mark.parametrize("body, code", [
    ({"game": "quinto", "seats": [ANN]}, "bad_seats"),
    ({"game": "whist", "seats": [ANN, *ROBOTS3]}, "unknown_game"),
    ({"game": "quinto", "seats": "four"}, "bad_seats"),
    ([1, 2], "invalid"),
])
def test_bad_create_requests_are_422(client, body, code):
    before = counts()
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 422 and answer.json["error"]["code"] == code
    assert answer.json["error"]["message"]
    assert counts() == before


def test_create_needs_json(client):
    answer = client.post("/api/games", data="game=quinto", content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 422 and answer.json["error"]["code"] == "bad_content_type"
    answer = client.post("/api/games", data="{not json", content_type="application/json")
    assert answer.status_code == 422 and answer.json["error"]["code"] == "bad_json"


def test_summary_is_public_and_hides_cards_and_emails(client):
    game_id = create_started(client)
    summary = client.get(f"/api/games/{game_id}").json
    assert summary["status"] == "active" and summary["seq"] == 1 and summary["to_move"] == [1]
    text = json.dumps(summary)
    assert "example.org" not in text and "deck" not in text and "hand" not in text
    assert client.get("/api/games/unknown").status_code == 404


def test_seat_view_and_moves(client):
    create_started(client, seats=[ANN, {"name": "Bo", "email": "ann@example.org"}, *ROBOTS3[:2]])
    token = token_of(seat_path(mails(seat=1, kind="invite")[0]))
    seat = client.get(f"/api/seats/{token}").json
    assert seat["seq"] == 1 and seat["view"]["legal"] == ["double", "pass"] and len(seat["view"]["hand"]) == 12
    moved = client.post(f"/api/seats/{token}/moves", json={"move": "double", "seq": 1})
    assert moved.status_code == 201 and moved.json["seq"] == 2 and moved.json["move"] == "double"
    assert moved.json["view"]["calls"] == [[1, "double"]]
    stale = client.post(f"/api/seats/{token}/moves", json={"move": "pass", "seq": 1})
    assert stale.status_code == 409 and stale.json["error"]["code"] == "stale_seq"


@pytest.mark.parametrize("body, status, code", [
    ({"move": "AS", "seq": 1}, 422, "illegal_move"),
    ({"move": "XX", "seq": 1}, 422, "bad_notation"),
    ({"move": "pass"}, 422, "bad_seq"),
    ({"move": "pass", "seq": 1, "extra": True}, 422, "unknown_field"),
    ({"move": "pass", "seq": 0}, 409, "stale_seq"),
    (["pass", 1], 422, "invalid"),
])
def test_refused_api_moves_write_nothing(client, body, status, code):
    create_started(client, seats=[ANN, {"name": "Bo", "email": "ann@example.org"}, *ROBOTS3[:2]])
    token = token_of(seat_path(mails(seat=1, kind="invite")[0]))
    before = counts()
    answer = client.post(f"/api/seats/{token}/moves", json=body)
    assert answer.status_code == status and answer.json["error"]["code"] == code
    assert counts() == before


def test_moves_before_confirmation_are_409(client):
    token = token_for(create(client, seats=four_people()).json["id"], 1)
    answer = client.post(f"/api/seats/{token}/moves", json={"move": "pass", "seq": 1})
    assert answer.status_code == 409 and answer.json["error"]["code"] == "not_confirmed"


def test_openapi_describes_every_api_route(app, client):
    spec = client.get("/api/openapi.json").json
    assert spec["openapi"].startswith("3.")
    api_rules = {rule.rule for rule in app.url_map.iter_rules() if rule.rule.startswith("/api/")}
    documented = {path.replace("{", "<").replace("}", ">") for path in spec["paths"]}
    assert api_rules == documented
