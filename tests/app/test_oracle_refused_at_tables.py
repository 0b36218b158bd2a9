"""The oracle (engine.robots.oracle), which sees every card, can never sit at a table."""

from app_helpers import ROBOTS3, counts

ANN = {"name": "Ann", "email": "ann@example.org"}


def test_a_game_with_the_oracle_in_a_seat_is_refused_and_nothing_is_written(client):
    before = counts()
    answer = client.post("/api/games", json={"game": "quinto", "seats": [ANN, {"robot": "oracle"}, *ROBOTS3[:2]]})
    assert answer.status_code == 422 and answer.json["error"]["code"] == "bad_robot"
    assert "oracle" in answer.json["error"]["message"]
    assert counts() == before


def test_neither_the_lobby_nor_the_api_description_offers_the_oracle(client):
    page = client.get("/lobby/quinto").get_data(as_text=True)
    assert "a robot (strong)" in page and "oracle" not in page.lower()
    description = client.get("/api/openapi.json").get_data(as_text=True)
    assert '"strong"' in description and "oracle" not in description.lower()
