"""The floor under web_bench's move ratio: a bare Flask app making a move's SQL and nothing else.

web_bench's target for a move (>= 0.25 of the trivial view's requests per
second) is measured here against the least a move can cost on this stack:
a Flask view with no ORM, no rules, no mail and no Redis, running in one
transaction the statements a move runs (lock the game with its seats,
insert the event, update the game, the seats' turn flags and the unsent
mails, insert the turn mail) through SQLAlchemy Core on PostgreSQL, served
by the same gunicorn (2 sync workers), the same clients and the same
harness as web_bench. `--no-wait-for-disk` commits without waiting for the
WAL flush (synchronous_commit off), to show how much of the floor is the disk.

    .venv/bin/python bench/move_floor.py [--seconds 6] [--no-wait-for-disk]
"""

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from sqlalchemy import create_engine, text

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.store.scratch_database import scratch_postgres  # noqa: E402
from bench.web_bench import SERVER, fetch, free_port, getter, run_load, wait_for_server  # noqa: E402

GAMES = 100
SEATS = 4
TABLES = (
    "CREATE TABLE floor_game (id int PRIMARY KEY, seq int NOT NULL, scores json)",
    "CREATE TABLE floor_seat (game_id int, seat int, email text, to_move bool, PRIMARY KEY (game_id, seat))",
    "CREATE TABLE floor_event (game_id int, seq int, data json, PRIMARY KEY (game_id, seq))",
    "CREATE TABLE floor_outbox (id serial PRIMARY KEY, game_id int, seat int, status text, context json)",
    "CREATE INDEX ON floor_outbox (game_id, seat, status)",
)
LOCK = text("SELECT g.seq, s.seat, s.email FROM floor_game g JOIN floor_seat s ON s.game_id = g.id "
            "WHERE g.id = :game FOR UPDATE OF g")
WRITES = (
    text("INSERT INTO floor_event (game_id, seq, data) VALUES (:game, :seq, :event)"),
    text("UPDATE floor_game SET seq = :seq, scores = :scores WHERE id = :game"),
    text("UPDATE floor_seat SET to_move = (seat = :next) WHERE game_id = :game"),
    text("UPDATE floor_outbox SET status = 'dropped' WHERE game_id = :game AND seat IN (:mover, :next) "
         "AND status = 'queued'"),
    text("INSERT INTO floor_outbox (game_id, seat, status, context) VALUES (:game, :next, 'queued', :mail) "
         "RETURNING id"),
)


def floor_app():
    """The bare app gunicorn serves: /health, and POST /move/<game> with a move's statements."""
    from flask import Flask, jsonify, request

    engine = create_engine(os.environ["DATABASE_URL"])
    wait_for_disk = os.environ.get("FLOOR_WAIT_FOR_DISK") == "1"
    app = Flask(__name__)

    @app.get("/health")
    def health():
        return "ok"

    @app.post("/move/<int:game>")
    def move(game):
        card = request.get_json()["move"]
        with engine.begin() as connection:
            if not wait_for_disk:
                connection.execute(text("SET LOCAL synchronous_commit = off"))
            seq = connection.execute(LOCK, {"game": game}).all()[0].seq + 1
            values = {"game": game, "seq": seq, "mover": seq % SEATS, "next": (seq + 1) % SEATS,
                      "event": json.dumps({"type": "move", "seat": seq % SEATS, "move": card}),
                      "scores": json.dumps([0, 0]), "mail": json.dumps({"hand": ["AS"] * 13})}
            for statement in WRITES:
                connection.execute(statement, values)
        return jsonify(seq=seq), 201

    return app


def seed(database_url):
    with create_engine(database_url).begin() as connection:
        for statement in TABLES:
            connection.execute(text(statement))
        connection.execute(text("INSERT INTO floor_game SELECT n, 0, '[]' FROM generate_series(0, :last) n"),
                           {"last": GAMES - 1})
        connection.execute(text("INSERT INTO floor_seat SELECT g, s, 'bench@example.org', false "
                                "FROM generate_series(0, :last) g, generate_series(0, :seats) s"),
                           {"last": GAMES - 1, "seats": SEATS - 1})


def mover(clients):
    def once(connection, index, count):
        status, data = fetch(connection, "POST", f"/move/{(index + clients * count) % GAMES}", json.dumps({"move": "AS"}))
        assert status == 201, (status, data[:200])
        return 1
    return once


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="time per load, split into rounds")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--no-wait-for-disk", action="store_true", help="commit with synchronous_commit off")
    args = parser.parse_args(argv)
    with scratch_postgres(SERVER, "cachette_floor") as database_url:
        seed(database_url)
        port = free_port()
        env = dict(os.environ, DATABASE_URL=database_url, FLOOR_WAIT_FOR_DISK="0" if args.no_wait_for_disk else "1")
        gunicorn = subprocess.Popen([sys.executable, "-m", "gunicorn", "-w", "2", "-b", f"127.0.0.1:{port}",
                                     "--log-level", "warning", "bench.move_floor:floor_app()"], cwd=ROOT, env=env)
        try:
            wait_for_server(port)
            loads = {"trivial": getter("/health"), "move": mover(args.clients)}
            for load in loads.values():
                run_load(port, 1, args.clients, load)
            rates = {name: [] for name in loads}
            for _ in range(args.rounds):
                for name, load in loads.items():
                    rates[name].append(run_load(port, args.seconds / args.rounds, args.clients, load))
        finally:
            gunicorn.terminate()
            gunicorn.wait(10)
    trivial, move = (sum(rates[name]) / args.rounds for name in loads)
    disk = "without waiting for the disk" if args.no_wait_for_disk else "waiting for the disk at commit"
    print(f"bare Flask + SQLAlchemy Core, gunicorn 2 workers, PostgreSQL, {args.clients} clients: "
          f"a move's statements, {disk}")
    print(f"trivial view (/health): {trivial:8.1f} req/s  ratio 1.00")
    print(f"floor move:             {move:8.1f} req/s  ratio {move / trivial:.2f}")


if __name__ == "__main__":
    main()
