"""The replay door: a pasted or uploaded record is held to bounds before any of it is replayed, each refusal a
422 naming the bound, and the door is rate limited per client like game creation."""

import io
from pathlib import Path

import pytest
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from app_helpers import counts, csrf_from
from conftest import make_config

from app import create_app

FINISHED = (Path(__file__).resolve().parents[1] / "golden" / "alouette" / "full_game_4.jsonl").read_text()
START = '{"type": "start", "game": "quinto", "seats": 4}\n'
NOTE = '{"type": "note", "kind": "timeout", "seat": 0}\n'
TALK = '{"type": "note", "kind": "talk", "seat": 0, "text": "Well played!"}\n'
MOVE = '{"type": "move", "seat": 0, "move": "pass"}\n'


def post_record(client, text, upload=False):
    token = csrf_from(client.get("/replay").get_data(as_text=True))
    if upload:       # encoded here: the test client spools a big body to a temporary file it never closes
        boundary, body = encode_multipart({"csrf_token": token,
                                           "record_file": FileStorage(io.BytesIO(text.encode()), "r.jsonl")})
        return client.post("/replay", data=body, content_type=f"multipart/form-data; boundary={boundary}")
    return client.post("/replay", data={"csrf_token": token, "record": text})


@pytest.mark.parametrize("text, reason", [
    ('{"type": "start", "game": "quinto", "seats": ' + "9" * 5000 + "}\n", "line 1 is longer than 2,000 characters"),
    ('{"type": "start", "game": "quinto", "seats": 4, "dealer": ' + "1" * 4301 + "}\n",
     "line 1 is longer than 2,000 characters"),
    ("[" * 50_000 + "]" * 50_000 + "\n", "line 1 is longer than 2,000 characters"),
    ('{"type": "start", "game": "quinto", "seats": 4, "dealer": ' + "1" * 1500 + "}\n",
     "line 1 holds a number larger than 1,000,000,000"),
    (START + '{"type": "deal", "deck": [' * 3 + "]}" * 3 + "\n", "line 2 is nested more than 3 levels deep"),
    ("[" * 900 + "]" * 900 + "\n", "line 1 is nested more than 3 levels deep"),
    (FINISHED + NOTE * 1001, "this record has more than 1,000 notes"),
    (START + MOVE * 5000, "this record has more than 5,000 events"),
    (FINISHED + " " * 4_200_000 + "\n", "this record is longer than 4,194,304 characters"),
    (FINISHED + TALK * 5001, "this record has more than 5,000 messages at the table"),
])
@pytest.mark.parametrize("upload", [False, True], ids=["pasted", "uploaded"])
def test_a_record_past_a_bound_is_refused_naming_it_before_it_is_replayed(client, text, reason, upload):
    before = counts()
    answer = post_record(client, text, upload)
    assert answer.status_code == 422 and reason in answer.get_data(as_text=True), answer.get_data(as_text=True)[-400:]
    assert counts() == before


@pytest.mark.parametrize("upload", [False, True], ids=["pasted", "uploaded"])
def test_a_record_past_the_request_limit_is_a_413_naming_the_bound(client, upload):
    """A finished game and 100,000 note lines, 4.8 MB."""
    answer = post_record(client, FINISHED + NOTE * 100_000, upload)
    assert answer.status_code == 413 and "this record is longer than 4,194,304 characters" in answer.get_data(as_text=True)


def test_a_finished_record_within_the_bounds_still_replays(client):
    answer = post_record(client, FINISHED + NOTE * 1000)
    assert answer.status_code == 200 and "Event 1 of 1630" in answer.get_data(as_text=True)


def test_replays_are_rate_limited_per_client(tmp_path, database_url, dispatched):
    application = create_app(make_config(tmp_path, database_url, limit_replays_per_client="2 per hour"))
    try:
        with application.app_context():
            client = application.test_client()
            assert [post_record(client, FINISHED).status_code for _ in range(2)] == [200, 200]
            refused = post_record(client, FINISHED)
            assert refused.status_code == 429 and b"Too many replays from your network address" in refused.data
            other = application.test_client()
            answer = other.post(
                "/replay", environ_base={"REMOTE_ADDR": "192.0.2.9"},
                data={"csrf_token": csrf_from(other.get("/replay").get_data(as_text=True)), "record": FINISHED})
            assert answer.status_code == 200
    finally:
        application.extensions["cachette"]["db"].dispose()
