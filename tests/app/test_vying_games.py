"""One-and-Thirty and Bone-Ace through the service: a person and robots play a whole game by the API and the pages."""

import html
import json
import re

import pytest

from app.store.models import STATUS_OVER
from engine import find_game
from app.play.moves import play_robot_turns
from conftest import confirm_address, text_of
from app_helpers import csrf_from, events_of, game_row, mails, state_of, token_for

ANN = {"name": "Ann", "email": "ann@example.org"}
STRONG = {"robot": "strong"}


def ann_plays_by_the_api(client, game_id, token):
    """Ann draws below 24 and sticks on 24 or more, robots move in between, until the game is over."""
    pages = []
    while True:
        play_robot_turns(game_id)
        if game_row(game_id).status == STATUS_OVER:
            return pages
        answer = client.get(f"/api/seats/{token}").json
        view = answer["view"]
        assert view["legal"] and view["to_move"] == [0]
        hidden = state_of(game_id).hidden_from(0)
        deal_in_play = {key: value for key, value in view.items() if key != "history"}   # past deals are public
        assert not hidden & set(re.findall(r'"([2-9TJQKA][SCDH])"', json.dumps(deal_in_play))), "a hidden card left"
        pages.append(html.unescape(client.get(f"/s/{token}").get_data(as_text=True)))
        move = "draw" if view["total"] < 24 else "stick"
        moved = client.post(f"/api/seats/{token}/moves", json={"move": move, "seq": answer["seq"]})
        assert moved.status_code == 201, moved.json


@pytest.mark.parametrize("game, options", [("one_and_thirty", {}), ("bone_ace", {"bone_payment": "half_pool"})])
def test_a_whole_game_with_robots_through_the_api(client, game, options):
    created = client.post("/api/games", json={"game": game, "seats": [ANN, STRONG, STRONG], "options": options})
    assert created.status_code == 201
    confirm_address(ANN["email"])
    game_id = created.json["id"]
    token = token_for(game_id, 0)
    pages = ann_plays_by_the_api(client, game_id, token)
    state = state_of(game_id)
    assert state.over and state.deals == 3 and sum(state.scores) == 60
    assert pages, "Ann had a turn"
    page = re.sub(r"<[^>]+>", "", pages[0])
    assert "At stake: 1 counter from each other player" in page and "Your count toward 31: " in page
    hints = find_game(game).move_hints
    assert f"Draw: {hints['draw']}" in page and f"Stick: {hints['stick']}" in page
    assert "The trick" not in page and "No trumps" not in page
    if game == "bone_ace":
        assert "The bone: " in page and "Pool: " in page
    [over] = mails(kind="game_over", game_id=game_id)
    assert f"Final scores: Ann {state.scores[0]}, Robot 2 {state.scores[1]}, Robot 3 {state.scores[2]}." in text_of(over)
    deal_ends = mails(kind="deal_end", game_id=game_id)
    # A deal-end mail follows a move that ends a deal before the last; a deal won by 31 on the deal has no move.
    assert len(deal_ends) <= 2 and all(" pays " in text_of(mail) for mail in deal_ends)
    turns = mails(kind="your_turn", game_id=game_id)
    assert turns and all("(count " in text_of(mail) and "Your count toward 31: " in text_of(mail) for mail in turns)
    final = re.sub(r"<[^>]+>", "", html.unescape(client.get(f"/s/{token}").get_data(as_text=True)))
    assert "Last showdown (deal 3)" in final and "The game is over." in final
    # The first move's position: a deal in play (a deal won by 31 on the deal has no moves).
    in_play = next(number for number, event in enumerate(events_of(game_id)) if event["type"] == "move")
    replay = client.get(f"/s/{token}/replay?step={in_play}")
    assert replay.status_code == 200 and "The deal" in replay.get_data(as_text=True)


def test_the_buttons_post_the_moves(client):
    created = client.post("/api/games", json={"game": "one_and_thirty", "seats": [{"robot": "random"}, ANN]})
    confirm_address(ANN["email"])
    game_id = created.json["id"]
    play_robot_turns(game_id)
    token = token_for(game_id, 1)
    page = client.get(f"/s/{token}").get_data(as_text=True)
    count = state_of(game_id).total(1)
    assert re.search(r'<button type="submit" name="move" value="stick">Stick at %d</button>' % count, page)
    assert '<button type="submit" name="move" value="draw">Draw a card</button>' in page
    before = game_row(game_id).seq
    answer = client.post(f"/s/{token}/move", data={"move": "stick", "seq": before, "csrf_token": csrf_from(page)})
    assert answer.status_code == 303
    assert events_of(game_id)[before + 1] == {"type": "move", "seat": 1, "move": "stick"}
