"""Hostile input: odd JSON, deep nesting, odd digits, NUL bytes, big bodies. Each is a 4xx with the usual
error body, never a 500, and writes nothing; values echoed back are cut short."""

import logging
import re

import pytest

from app import create_app
from app.context import settings
from app.play.links import my_games_token
from app.play.moves import play_robot_turns
from app_helpers import ROBOTS3, counts, csrf_from, game_row, lobby_form, people_game, start, token_for, token_of
from conftest import make_config

ANN = {"name": "Ann", "email": "ann@example.org"}
QUINTO = {"game": "quinto", "seats": [ANN, *ROBOTS3]}
DEEP = "[" * 1000 + "]" * 1000
ODD_NUMBERS = ["²", "٣", "1" * 5000, "9" * 12, "1_0", " ", "-1", "0x1"]


def assert_error(answer, status):
    """A refusal with the usual JSON error body."""
    assert answer.status_code == status, answer.get_data(as_text=True)[:300]
    assert answer.is_json and set(answer.json["error"]) == {"code", "message"} and answer.json["error"]["message"]


@pytest.mark.parametrize("body", [
    {"game": []},
    {"game": {"quinto": 1}},
    {**QUINTO, "timeout_policy": []},
    {**QUINTO, "timeout_policy": {}},
    {**QUINTO, "move_time": []},
    {**QUINTO, "options": {"target": []}},
    {**QUINTO, "options": {"joker_lead": {}}},
    {**QUINTO, "options": {"target": 10 ** 400}},
    {**QUINTO, "seats": [{"name": [], "email": "ann@example.org"}, *ROBOTS3]},
    {**QUINTO, "seats": [{"name": "Ann", "email": {}}, *ROBOTS3]},
    {**QUINTO, "seats": [ANN, {"robot": []}, *ROBOTS3[:2]]},
    {**QUINTO, "seats": [ANN, {"robot": {}}, *ROBOTS3[:2]]},
])
def test_odd_json_values_for_a_new_game_are_422(client, body):
    before = counts()
    assert_error(client.post("/api/games", json=body), 422)
    assert counts() == before


@pytest.mark.parametrize("text", [DEEP, '{"game": ' + DEEP + "}", '{"move": "pass", "seq": ' + DEEP + "}"])
def test_json_nested_1000_deep_is_refused(client, text):
    game, path = people_game()
    before = counts()
    for url in ("/api/games", f"/api/seats/{token_of(path)}/moves"):
        answer = client.post(url, data=text, content_type="application/json")
        assert_error(answer, 422)
        assert answer.json["error"]["code"] == "bad_json"
    assert counts() == before


@pytest.mark.parametrize("seq", [10 ** 400, -1, 2 ** 31, 1.0, True, "1"])
def test_api_seq_must_be_a_whole_number_in_range(client, seq):
    game, path = people_game()
    before = counts()
    answer = client.post(f"/api/seats/{token_of(path)}/moves", json={"move": "pass", "seq": seq})
    assert_error(answer, 422)
    assert answer.json["error"]["code"] == "bad_seq"
    assert counts() == before


@pytest.mark.parametrize("text", ODD_NUMBERS)
def test_whole_numbers_in_forms_are_ascii_digits_only(client, text):
    game, path = people_game()
    csrf = csrf_from(client.get(path).get_data(as_text=True))
    before = counts()
    move = client.post(path + "/move", data={"csrf_token": csrf, "seq": text, "move": "pass"})
    assert move.status_code == 422 and "seq must be" in move.get_data(as_text=True)
    vacation = client.post(path + "/vacation", data={"csrf_token": csrf, "days": text})
    assert vacation.status_code == 422 and "days must be" in vacation.get_data(as_text=True)
    replay = client.get(path + "/replay", query_string={"step": text})
    assert replay.status_code == 403        # the replay opens once the game is over; never a 500
    lobby = client.post("/lobby/quinto", data=lobby_form(client, option_target=text))
    assert lobby.status_code == 422 and "option target must be" in lobby.get_data(as_text=True)
    players = client.post("/lobby/quinto", data=lobby_form(client, players=text))
    assert players.status_code == 422 and "Quinto is played by" in players.get_data(as_text=True)
    assert counts() == before


def test_the_lobby_form_reads_a_huge_player_count_without_looping(client):
    answer = client.post("/lobby/quinto", data=lobby_form(client, players="999999999"))
    assert answer.status_code == 422 and "Quinto is played by" in answer.get_data(as_text=True)


def test_a_finished_game_refuses_odd_replay_steps(client):
    game = start([ANN, *ROBOTS3], options={"target": 50})
    token = token_for(game.id, 0)
    while (row := game_row(game.id)).status != "over":
        legal = client.get(f"/api/seats/{token}").json["view"]["legal"]
        if legal:
            client.post(f"/api/seats/{token}/moves", json={"move": legal[0], "seq": row.seq})
        play_robot_turns(game.id)
    for text in ODD_NUMBERS:
        answer = client.get(f"/s/{token}/replay", query_string={"step": text})
        assert answer.status_code == 422 and "step must be" in answer.get_data(as_text=True)
    assert client.get(f"/s/{token}/replay?step=1").status_code == 200


@pytest.mark.parametrize("text", ["ann\x00@example.org", "ann@example.org\x00", "an\x01n@example.org",
                                  "\ud800@example.org", "ann\u200b@example.org"])
def test_control_characters_in_an_email_are_refused_before_any_query(client, text):
    before = counts()
    answer = client.post("/api/games", json={**QUINTO, "seats": [{"name": "Ann", "email": text}, *ROBOTS3]})
    assert_error(answer, 422)
    assert answer.json["error"]["code"] == "bad_email"
    if text.isascii():                   # a form cannot carry a lone surrogate (werkzeug decodes it to U+FFFD)
        page = client.get("/my-games").get_data(as_text=True)
        asked = client.post("/my-games", data={"csrf_token": csrf_from(page), "email": text})
        assert asked.status_code == 422 and "is not an email address" in asked.get_data(as_text=True)
    assert counts() == before


@pytest.mark.parametrize("text", ["Ann\x00", "\x00", "A\x1bnn"])
def test_control_characters_in_names_and_moves_are_refused(client, text):
    game, path = people_game()
    before = counts()
    answer = client.post("/api/games", json={**QUINTO, "seats": [{"name": text, "email": "ann@example.org"},
                                                                 *ROBOTS3]})
    assert_error(answer, 422)
    moved = client.post(f"/api/seats/{token_of(path)}/moves", json={"move": text, "seq": 1})
    assert_error(moved, 422)
    assert counts() == before


@pytest.mark.parametrize("path, status", [("/api/games/%00", 404), ("/api/games/a%00b", 404),
                                          ("/api/games/a%1Fb", 404), ("/api/seats/%00", 403),
                                          ("/api/seats/a%00/moves", 403)])
def test_a_nul_byte_in_an_api_path_is_a_4xx(client, path, status):
    answer = client.post(path, json={"move": "pass", "seq": 1}) if path.endswith("/moves") else client.get(path)
    assert_error(answer, status)


@pytest.mark.parametrize("path, status", [("/s/%00", 403), ("/s/a%00b/mail", 403), ("/s/%00/replay", 403),
                                          ("/my-games/%00", 403), ("/confirm/%00", 403), ("/lobby/%00", 404),
                                          ("/rules/%00", 404)])
def test_a_nul_byte_in_a_page_path_is_a_4xx(client, path, status):
    answer = client.get(path)
    assert answer.status_code == status and "Back to the start page" in answer.get_data(as_text=True)


def test_a_body_over_the_limit_is_413(client):
    game, path = people_game()
    before = counts()
    big = "x" * (settings().max_content_length + 1)
    answer = client.post("/api/games", json={**QUINTO, "padding": big})
    assert_error(answer, 413)
    moved = client.post(f"/api/seats/{token_of(path)}/moves", json={"move": big, "seq": 1})
    assert_error(moved, 413)
    form = client.post("/lobby/quinto", data=lobby_form(client, seat0_name=big))
    assert form.status_code == 413 and "That did not work" in form.get_data(as_text=True)
    assert counts() == before
    under = client.post("/api/games", json={**QUINTO, "padding": "x" * (settings().max_content_length // 2)})
    assert_error(under, 422)


def test_the_body_limit_is_a_setting(tmp_path, database_url, dispatched):
    small = create_app(make_config(tmp_path, database_url, max_content_length=1000))
    with small.app_context():
        answer = small.test_client().post("/api/games", json={**QUINTO, "padding": "x" * 1000})
        assert_error(answer, 413)
    small.extensions["cachette"]["db"].dispose()


@pytest.mark.parametrize("body", [
    {"game": "x" * 5000, "seats": []},
    {**QUINTO, "x" * 5000: 1},
    {**QUINTO, "move_time": "x" * 5000},
    {**QUINTO, "options": {"x" * 5000: 1}},
    {**QUINTO, "options": {"joker_lead": "x" * 5000}},
    {**QUINTO, "options": {"target": 10 ** 4000}},
    {**QUINTO, "seats": [ANN, {"robot": "x" * 5000}, *ROBOTS3[:2]]},
    {**QUINTO, "seats": [ANN, {"robot": "random", "x" * 5000: 1}, *ROBOTS3[:2]]},
    {**QUINTO, "seats": [{"name": "Ann", "email": "x" * 5000}, *ROBOTS3]},
])
def test_values_echoed_in_errors_are_cut_short(client, body):
    answer = client.post("/api/games", json=body)
    assert_error(answer, 422)
    message = answer.json["error"]["message"]
    echoed = re.findall(r"x{3,}|0{3,}", message)      # the message may go on to list the games
    assert echoed and max(map(len, echoed)) < 100


def test_values_echoed_in_paths_are_cut_short(client):
    answer = client.get("/api/games/" + "g" * 3000)
    assert_error(answer, 404)
    assert len(answer.json["error"]["message"]) < 100
    page = client.get("/lobby/" + "g" * 3000).get_data(as_text=True)
    assert "ggg" in page and "g" * 100 not in page


@pytest.mark.parametrize("method, path, allowed", [
    ("get", "/api/games", {"POST"}),
    ("delete", "/api/games/abc", {"GET", "HEAD"}),
    ("put", "/api/seats/abc/moves", {"POST"}),
    ("delete", "/s/abc", {"GET", "HEAD"}),
    ("put", "/lobby/quinto", {"GET", "HEAD", "POST"}),
])
def test_405_keeps_its_allow_header(client, method, path, allowed):
    answer = getattr(client, method)(path)
    assert answer.status_code == 405
    assert allowed <= {name.strip() for name in answer.headers["Allow"].split(",")}
    if path.startswith("/api/"):
        assert_error(answer, 405)


def test_a_500_is_json_under_the_api_and_a_page_elsewhere(tmp_path, caplog):
    """An unreadable database stands for any fault: the answer is still the usual error body, and it is logged."""
    broken = create_app(make_config(tmp_path, f"sqlite:///{tmp_path / 'missing' / 'cachette.sqlite'}"))
    broken.config["PROPAGATE_EXCEPTIONS"] = False
    client = broken.test_client()
    with caplog.at_level(logging.ERROR):
        answer = client.get("/api/games/abc")
    assert_error(answer, 500)
    assert answer.json["error"]["code"] == "internal_server_error"
    assert "OperationalError" not in answer.get_data(as_text=True)
    assert any(record.exc_info for record in caplog.records)
    with broken.app_context():
        token = my_games_token(settings().signing_keys, "ann@example.org")
    page = client.get(f"/my-games/{token}")
    assert page.status_code == 500 and page.mimetype == "text/html"
    assert "That did not work" in page.get_data(as_text=True)
    broken.extensions["cachette"]["db"].dispose()


@pytest.mark.parametrize("since", ["-1", "-5", "-999999999"])
def test_a_negative_position_for_the_live_table_is_read_as_none(client, since):
    game, path = people_game()
    answer = client.get(path + "/table", query_string={"since": since})
    assert answer.status_code == 200 and 'id="live-part"' in answer.get_data(as_text=True)


@pytest.mark.parametrize("seat", ["²", "٣", "1" * 5000, "-1", "x"])
def test_an_odd_seat_number_for_a_new_link_is_refused(client, seat):
    game, path = people_game()
    csrf = csrf_from(client.get(path).get_data(as_text=True))
    before = counts()
    answer = client.post(path + "/new-link", data={"csrf_token": csrf, "seat": seat})
    assert answer.status_code == 422 and ("seat must be a seat number" in answer.get_data(as_text=True)
                                          or "there is no player at that seat" in answer.get_data(as_text=True))
    assert counts() == before
