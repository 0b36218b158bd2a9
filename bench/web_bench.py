"""Web benchmark: gunicorn (2 workers) on PostgreSQL, requests per second.

Measures a trivial view (/health), the table page of a 200-event game, and
move submissions through the API spread over 100 games, each printed as a
ratio to the trivial view (targets: table >= 0.3, move >= 0.25). The seeded
database is ANALYZEd first, as a running one is: the planner then reads
the indexes it would. The three
loads take turns over several rounds, so that a machine whose speed drifts
during the run slows all three alike.

    .venv/bin/python bench/web_bench.py [--seconds 8] [--rounds 4] [--clients 8]

The server is the production web process (`workers.web:create_app()`):
committed mail and robot turns go to Celery over Redis, on a queue of the
benchmark's own that is deleted afterwards (nobody consumes it). Each client
keeps its cookies, as a player's browser does. Uses a fresh database on the
server at CACHETTE_TEST_POSTGRES_URL and the Redis at CACHETTE_TEST_REDIS_URL
(both cleaned up afterwards).
"""

import argparse
import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import redis
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app  # noqa: E402
from app.config import Config  # noqa: E402
from app.store.scratch_database import scratch_postgres  # noqa: E402
from engine import replay  # noqa: E402

SERVER = os.environ.get("CACHETTE_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REDIS = os.environ.get("CACHETTE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
SECRET = "bench-secret"
MOVE_GAMES = 100
TABLE_EVENTS = 200


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def seed(database_url, base_url, move_games=MOVE_GAMES):
    """A 200-event game's table link, and `move_games` games with every seat a person (one inbox), each confirmed."""
    from app.play import games, moves
    from tests.conftest import confirmation_token
    from app.store.record import replay_game
    from app.play.seats import seat_path, seats_of

    config = Config(instance_path=str(ROOT / "instance"), database_url=database_url, secret_key=SECRET,
                    base_url=base_url)
    app = create_app(config)
    people = [{"name": f"P{n}", "email": "bench@example.org"} for n in range(4)]
    with app.app_context():
        db = app.extensions["cachette"]["db"]
        long_game = games.create_game({"game": "quinto", "seats": people, "options": {"target": 1000}})
        games.confirm_address(confirmation_token(long_game.creator_email))
        with db.reading() as session:
            seats = seats_of(session, long_game.id)
        paths = {number: seat_path(seat) for number, seat in seats.items()}
        seq = long_game.seq
        while seq < TABLE_EVENTS - 1:
            with db.reading() as session:
                _, state = replay_game(session, long_game.id)
            mover = state.to_move[0]
            seq = moves.submit_move(paths[state.controller(mover)][3:], state.legal_moves(mover)[0], seq).seq
        table_path = paths[0]
        games_to_move = []
        for _ in range(move_games):
            game = games.create_game({"game": "quinto", "seats": people, "options": {"target": 1000}})
            games.confirm_address(confirmation_token(game.creator_email))
            with db.reading() as session:
                _, state = replay_game(session, game.id)
                tokens = {number: seat_path(seat)[3:] for number, seat in seats_of(session, game.id).items()}
            games_to_move.append({"id": game.id, "state": state, "seq": game.seq, "tokens": tokens})
        db.dispose()
    return table_path, games_to_move


def wait_for_server(port):
    """Return once the server on `port` answers /health (and has had a second to settle)."""
    deadline = time.monotonic() + 20
    while True:
        try:
            http.client.HTTPConnection("127.0.0.1", port, timeout=1).request("GET", "/health")
            break
        except OSError:
            if time.monotonic() > deadline:
                raise SystemExit("gunicorn did not start")
            time.sleep(0.2)
    time.sleep(1)


def run_load(port, seconds, clients, request_once):
    """Requests per second with `clients` threads, each on its own connection."""
    done = []
    stop = time.monotonic() + seconds

    def client(index):
        count = 0
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.monotonic() < stop:
            count += request_once(connection, index, count)
        connection.close()
        done.append(count)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(done) / (time.monotonic() - started)


def fetch(connection, method, path, body=None):
    """One request on `connection`, sending back the cookie the server set on it before."""
    headers = {"Content-Type": "application/json"} if body is not None else {}
    cookie = getattr(connection, "cookie", None)
    if cookie:
        headers["Cookie"] = cookie
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
    except (http.client.HTTPException, OSError):
        connection.close()
        connection.connect()
        return None, b""
    set_cookie = response.getheader("Set-Cookie")
    if set_cookie:
        connection.cookie = set_cookie.split(";", 1)[0]
    if response.getheader("Connection", "").lower() == "close":
        connection.close()
    return response.status, data


def getter(path):
    def once(connection, _index, _count):
        status, _ = fetch(connection, "GET", path)
        assert status == 200, status
        return 1
    return once


def mover(move_games, clients, database_url):
    """Each client owns every `clients`-th game, so its moves are never stale; it keeps a replayed copy."""
    engine = create_engine(database_url)
    per_client = len(move_games) // clients

    def once(connection, index, count):
        game = move_games[index + clients * (count % per_client)]
        state = game["state"]
        seat = state.to_move[0]
        move = state.legal_moves(seat)[0]
        body = json.dumps({"move": move, "seq": game["seq"]})
        status, data = fetch(connection, "POST", f"/api/seats/{game['tokens'][state.controller(seat)]}/moves", body)
        assert status == 201, (status, data[:200])
        game["seq"] = json.loads(data)["seq"]
        state.apply_move(seat, move)
        if state.awaiting == "deal":
            game["state"] = replay_from(engine, game["id"])   # the service drew the next pack
        return 1
    return once


def replay_from(engine, game_id):
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT data FROM event WHERE game_id = :g ORDER BY seq"), {"g": game_id})
        return replay([row[0] if isinstance(row[0], dict) else json.loads(row[0]) for row in rows])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="time per load, split into rounds")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args(argv)

    with scratch_postgres(SERVER, "cachette_bench") as database_url:
        queue = make_url(database_url).database
        try:
            measure(database_url, queue, args)
        finally:
            redis.Redis.from_url(REDIS).delete(queue)


def measure(database_url, queue, args):
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    table_path, move_games = seed(database_url, base_url)
    with create_engine(database_url).connect() as connection:
        connection.execute(text("ANALYZE"))
        connection.commit()
    env = dict(os.environ, DATABASE_URL=database_url, SECRET_KEY=SECRET, BASE_URL=base_url, REDIS_URL=REDIS,
               CELERY_QUEUE=queue, DEV_MAILBOX="1")
    env.pop("SMTP_HOST", None)
    gunicorn = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-w", "2", "-b", f"127.0.0.1:{port}", "--log-level", "warning",
         "workers.web:create_app()"], cwd=ROOT, env=env)
    try:
        wait_for_server(port)
        loads = {"trivial": getter("/health"), "table": getter(table_path),
                 "moves": mover(move_games, args.clients, database_url)}
        for load in loads.values():   # warm up: first imports, each worker's cache of game states
            run_load(port, 1, args.clients, load)
        rates = {name: [] for name in loads}
        for _ in range(args.rounds):
            for name, load in loads.items():
                rates[name].append(run_load(port, args.seconds / args.rounds, args.clients, load))
        trivial, table, moves_per_second = (sum(rates[name]) / args.rounds for name in loads)
    finally:
        gunicorn.terminate()
        gunicorn.wait(10)
    print(f"gunicorn 2 workers, PostgreSQL, {args.clients} clients, {args.seconds:g} s each in {args.rounds} rounds")
    print(f"trivial view (/health):       {trivial:8.1f} req/s  ratio 1.00")
    print(f"table page, {TABLE_EVENTS}-event game:  {table:8.1f} req/s  ratio {table / trivial:.2f}  (target >= 0.3)")
    print(f"moves across {MOVE_GAMES} games:      {moves_per_second:8.1f} req/s  ratio "
          f"{moves_per_second / trivial:.2f}  (target >= 0.25)")


if __name__ == "__main__":
    main()
