"""Instructions per move submission, counted by valgrind (callgrind): a figure the host's load cannot move.

Request rates on a shared two-core host drift by a third within a minute,
so a change of a few per cent to the move path hides in web_bench's noise.
Here the production web app (`workers.web:create_app()`, PostgreSQL, Redis)
takes moves in one process through Flask's test client, under callgrind,
twice: with a few moves and with many more. The difference, divided by the
extra moves, is the cost of one move in a steady stream of moves (start-up,
seeding and the warm-up rounds of moves cancel out). It
includes the test client's own work, which gunicorn does not do, and not the
PostgreSQL server's.

    .venv/bin/python bench/move_instructions.py [--few 20] [--many 120]
"""

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

import redis
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.store.scratch_database import scratch_postgres  # noqa: E402
from bench.callgrind import instructions  # noqa: E402
from bench.web_bench import REDIS, SECRET, SERVER, replay_from, seed  # noqa: E402

BASE_URL = "http://127.0.0.1:5000"
GAMES = 20
# Rounds of moves before the counted ones: every seat has moved, so the process has checked its link and
# cached its game's state, as in a steady stream of moves (web_bench's moves load).
WARM_UP_ROUNDS = 4


def play(moves, database_url, games_file):
    """Warm-up rounds of moves in the seeded games, then `moves` more round them (run under callgrind by `count`)."""
    os.environ.update(DATABASE_URL=database_url, SECRET_KEY=SECRET, BASE_URL=BASE_URL, REDIS_URL=REDIS,
                      CELERY_QUEUE=make_url(database_url).database, DEV_MAILBOX="1")
    os.environ.pop("SMTP_HOST", None)
    from workers.web import create_app

    client = create_app().test_client()
    engine = create_engine(database_url)
    games = json.loads(Path(games_file).read_text())
    for game in games:
        game["state"] = replay_from(engine, game["id"])
    for number in range(WARM_UP_ROUNDS * len(games) + moves):
        game = games[number % len(games)]
        state = game["state"]
        seat = state.to_move[0]
        move = state.legal_moves(seat)[0]
        answer = client.post(f"/api/seats/{game['tokens'][str(state.controller(seat))]}/moves",
                             json={"move": move, "seq": game["seq"]})
        assert answer.status_code == 201, answer.data[:200]
        game["seq"] = answer.get_json()["seq"]
        state.apply_move(seat, move)
        if state.awaiting == "deal":
            game["state"] = replay_from(engine, game["id"])   # the service drew the next pack


def count(moves):
    """Instructions callgrind counts for a fresh database, seeded, and `moves` moves."""
    with scratch_postgres(SERVER, "cachette_count") as database_url, tempfile.TemporaryDirectory() as scratch:
        _, move_games = seed(database_url, BASE_URL, move_games=GAMES)
        games_file = Path(scratch) / "games.json"
        games_file.write_text(json.dumps([{"id": game["id"], "seq": game["seq"], "tokens": game["tokens"]}
                                          for game in move_games]))
        try:
            return instructions([sys.executable, __file__, "--play", str(moves), database_url, str(games_file)], ROOT)
        finally:
            redis.Redis.from_url(REDIS).delete(make_url(database_url).database)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--few", type=int, default=20, help="moves in the first run")
    parser.add_argument("--many", type=int, default=120, help="moves in the second run")
    parser.add_argument("--play", nargs=3, metavar=("MOVES", "DATABASE_URL", "GAMES_FILE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play:
        play(int(args.play[0]), args.play[1], args.play[2])
        return
    if not 0 < args.few < args.many:
        parser.error("--many must be larger than --few, and both above 0")
    few, many = count(args.few), count(args.many)
    print(f"callgrind, in-process test client, PostgreSQL: {args.few} moves {few:,} instructions, "
          f"{args.many} moves {many:,}")
    print(f"instructions per move: {(many - few) / (args.many - args.few):,.0f}")


if __name__ == "__main__":
    main()
