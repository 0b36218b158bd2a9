"""With Redis down, every request works (the rate limits fail open, with a warning) or is a clear 4xx/503,
never a 500; and the work its commits hand to the workers is queued within seconds of Redis's return."""

import io
import uuid
from pathlib import Path

import pytest
import redis

from app import create_app, dispatch
from app.context import database, settings
from app.play.links import seat_token
from app.play import games
from app.play.moves import play_robot_turns
from app.play.seats import seats_of
from app.web.limits import admit_links, admit_replies, limiter
from workers.web import attach

from conftest import confirmation_token
from live import RedisServer, queued_tasks, wait_until
from smtp_sink import free_port
from worker_fixtures import worker_config
from worker_helpers import ANN, BOB, ROBOTS3, csrf_from

FINISHED = (Path(__file__).resolve().parents[1] / "golden" / "alouette" / "full_game_4.jsonl").read_text()


@pytest.fixture
def redis_server(tmp_path):
    server = RedisServer(free_port(), tmp_path).start()
    yield server
    server.stop()


@pytest.fixture
def service(tmp_path, database_url, redis_server):
    queue = f"cachette-test-{uuid.uuid4().hex[:8]}"
    application = attach(create_app(worker_config(tmp_path, database_url, redis_url=redis_server.url,
                                                  celery_queue=queue)))
    fresh_limiter()
    with application.app_context():
        yield application
    dispatch.set_dispatcher(None)
    fresh_limiter()
    application.extensions["cachette"]["db"].dispose()


def fresh_limiter():
    """Flask-Limiter's one limiter serves every app a process makes, and it remembers that its storage died
    (it tries it again later): each app of these tests starts, and leaves the next test, with it alive."""
    limiter._storage_dead = False


def token(game_id, seat):
    with database().reading() as session:
        return seat_token(settings().signing_keys, seats_of(session, game_id)[seat])


def test_with_redis_down_no_request_is_a_500_and_the_kept_work_goes_out_when_it_is_back(service, redis_server,
                                                                                         caplog):
    client = service.test_client()
    created = client.post("/api/games", json={"game": "quinto", "seats": [ANN, BOB, *ROBOTS3[:2]]})
    game_id = created.json["id"]
    games.confirm_address(confirmation_token("ann@example.org"))
    play_robot_turns(game_id)
    anns, bobs = token(game_id, 0), token(game_id, 1)
    redis_server.stop()

    answers = {}
    answers["new game"] = client.post("/api/games", json={"game": "quinto", "seats": [ANN, *ROBOTS3]})
    lobby = client.get("/lobby/quinto").get_data(as_text=True)
    answers["lobby"] = client.post("/lobby/quinto", data={
        "csrf_token": csrf_from(lobby), "players": "4", "seat0_kind": "person", "seat0_name": "Ann",
        "seat0_email": "ann@example.org", **{f"seat{n}_kind": "random" for n in (1, 2, 3)}})
    asking = client.get("/my-games").get_data(as_text=True)
    answers["my games"] = client.post("/my-games", data={"csrf_token": csrf_from(asking), "email": "ann@example.org"})
    answers["table"] = client.get(f"/s/{anns}")
    answers["live part"] = client.get(f"/s/{anns}/table?since=0")
    answers["position"] = client.get(f"/api/seats/{anns}/position")
    seat = client.get(f"/api/seats/{anns}").json
    mover = anns if seat["view"]["legal"] else bobs
    view = client.get(f"/api/seats/{mover}").json
    answers["move"] = client.post(f"/api/seats/{mover}/moves", json={"move": view["view"]["legal"][0],
                                                                     "seq": view["seq"]})
    page = client.get(f"/s/{anns}").get_data(as_text=True)
    answers["new link"] = client.post(f"/s/{anns}/new-link", data={"csrf_token": csrf_from(page), "seat": "1"})
    replay = client.get("/replay").get_data(as_text=True)
    answers["replay"] = client.post("/replay", data={"csrf_token": csrf_from(replay),
                                                     "record_file": (io.BytesIO(FINISHED.encode()), "game.jsonl")},
                                    content_type="multipart/form-data")
    assert {name: answer.status_code for name, answer in answers.items()} == {
        "new game": 201, "lobby": 303, "my games": 200, "table": 200, "live part": 200, "position": 200,
        "move": 201, "new link": 200, "replay": 200}
    assert "Rate limit storage unreachable" in caplog.text
    # The dispatcher's timer thread queues the commits' work up to its batch window after them.
    wait_until(lambda: "could not queue tasks" in caplog.text, 10, "the dispatcher did not say it kept the work")

    redis_server.start()
    waiting = redis.Redis.from_url(redis_server.url)
    queue = settings().celery_queue
    kept = {("cachette.play_robots", game_id), ("cachette.mail_my_games", "ann@example.org")}
    wait_until(lambda: all(task in queued_tasks(waiting, queue) for task in kept), 30,
               "the work kept while Redis was down was not queued on its return")
    assert "cachette.send_mail" in {name for name, _ in queued_tasks(waiting, queue)}
    waiting.close()


def test_a_per_address_check_that_finds_redis_down_lets_its_request_through_with_a_warning(service, redis_server,
                                                                                            caplog):
    redis_server.stop()
    admit_links(["ann@example.org"])            # as the worker's look-up and the SMTP receiver call them
    admit_replies(["g:0"])
    assert caplog.text.count("not counted, the rate limit storage is unreachable") == 2
