"""A move sent again from the position it was made at, after it was accepted, is answered as a success."""

from app.play.moves import play_robot_turns
from app_helpers import ROBOTS3, counts, csrf_from, events_of, game_row, people_game, start, token_for, token_of


def test_the_api_answers_a_retried_move_with_the_current_view(client):
    game, path = people_game()
    url = f"/api/seats/{token_of(path)}/moves"
    first = client.post(url, json={"move": "double", "seq": 1})
    assert first.status_code == 201
    before = counts()
    again = client.post(url, json={"move": "double", "seq": 1})
    assert again.status_code == 201 and again.json == first.json
    assert counts() == before
    play_robot_turns(game.id)                   # the robots move on; the retry still gets the table as it is now
    now = client.get(f"/api/seats/{token_of(path)}").json
    assert now["seq"] > first.json["seq"]
    before = counts()
    late = client.post(url, json={"move": " DOUBLE ", "seq": 1})
    assert late.status_code == 201 and late.json["move"] == "double" and late.json["moved_for"] == 1
    assert late.json["seq"] == now["seq"] and late.json["view"] == now["view"]
    assert counts() == before
    assert [event for event in events_of(game.id) if event.get("move") == "double"] == [
        {"type": "move", "seat": 1, "move": "double"}]


def test_only_the_same_move_by_the_same_seat_is_a_retry(client):
    game, path = people_game()
    url = f"/api/seats/{token_of(path)}/moves"
    assert client.post(url, json={"move": "double", "seq": 1}).status_code == 201
    before = counts()
    for token, body in [(token_of(path), {"move": "pass", "seq": 1}),                 # another move
                        (token_for(game.id, 0), {"move": "double", "seq": 1}),        # another seat
                        (token_of(path), {"move": "double", "seq": 0})]:              # another position
        answer = client.post(f"/api/seats/{token}/moves", json=body)
        assert answer.status_code == 409 and answer.json["error"]["code"] == "stale_seq"
    assert counts() == before


def test_a_retried_form_move_goes_back_to_the_table(client):
    game, path = people_game()
    csrf = csrf_from(client.get(path).get_data(as_text=True))
    first = client.post(path + "/move", data={"csrf_token": csrf, "seq": "1", "move": "double"})
    assert first.status_code == 303
    before = counts()
    again = client.post(path + "/move", data={"csrf_token": csrf, "seq": "1", "move": "double"})
    assert again.status_code == 303 and again.location.endswith(path)
    assert counts() == before and game_row(game.id).seq == 2


def test_a_retry_after_the_game_ended_is_still_a_success(client):
    game = start([{"name": "Ann", "email": "ann@example.org"}, *ROBOTS3], options={"target": 50})
    url = f"/api/seats/{token_for(game.id, 0)}/moves"
    last = None
    while (row := game_row(game.id)).status != "over":
        legal = client.get(f"/api/seats/{token_for(game.id, 0)}").json["view"]["legal"]
        if legal:
            last = {"move": legal[0], "seq": row.seq}
            assert client.post(url, json=last).status_code == 201
        play_robot_turns(game.id)
    before = counts()
    again = client.post(url, json=last)
    assert again.status_code == 201 and again.json["seq"] == game_row(game.id).seq
    assert again.json["view"]["scores"] == client.get(f"/api/seats/{token_for(game.id, 0)}").json["view"]["scores"]
    assert counts() == before
