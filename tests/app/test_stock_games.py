"""Yukon and Harjan through the service: the lobby, a table showing the stock, a move."""

import html
import re

import pytest

from app.play.moves import play_robot_turns
from conftest import confirm_address
from app_helpers import token_for

ANN = {"name": "Ann", "email": "ann@example.org"}


@pytest.mark.parametrize("game, seats", [("yukon", 2), ("harjan", 2)])
def test_lobby_table_and_a_move(client, game, seats):
    lobby = html.unescape(client.get("/lobby").get_data(as_text=True))
    assert f"game_{game}" in lobby
    if game == "harjan":
        assert "A reconstruction" in lobby
        rules = re.sub(r"<[^>]+>", "", html.unescape(client.get("/rules/harjan").get_data(as_text=True)))
        assert "What is assumed" in rules and "reconstruction" in rules
    created = client.post("/api/games", json={"game": game, "seats": [ANN] + [{"robot": "simple"}] * (seats - 1)})
    assert created.status_code == 201, created.json
    confirm_address(ANN["email"])
    game_id = created.json["id"]
    token = token_for(game_id, 0)
    play_robot_turns(game_id)
    page = re.sub(r"<[^>]+>", "", html.unescape(client.get(f"/s/{token}").get_data(as_text=True)))
    assert "Stock: " in page
    answer = client.get(f"/api/seats/{token}").json
    assert answer["view"]["to_move"] == [0] and answer["view"]["stock_size"] > 0
    move = sorted(answer["view"]["legal"])[0]
    moved = client.post(f"/api/seats/{token}/moves", json={"move": move, "seq": answer["seq"]})
    assert moved.status_code == 201, moved.json
