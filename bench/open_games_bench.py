"""How long the list of open games takes to answer (`GET /api/open-games`), by the number of open games listed.

Fills a fresh PostgreSQL database (or SQLite with --sqlite) with open games copied from a few real ones set up
through the service (Quinto for four, One-and-Thirty for two, Sueca for four: their game, seat and open_game
rows), with one to three seats still open, and as many games already started or expired beside them. Then asks
the API, through the application, for the first page, one game's first page, and a page far down (by its
cursor), each many times, and prints the median and the slowest answer in milliseconds, and the plan of the
list's query. The target is under 50 ms at 10,000 open games.

    python bench/open_games_bench.py                      # 10,000 open games, PostgreSQL
    python bench/open_games_bench.py --sizes 1000 10000 100000 --sqlite
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import create_engine, text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app import create_app  # noqa: E402
from app.config import Config  # noqa: E402
from app.context import database  # noqa: E402
from app.play import games  # noqa: E402
from app.standings.handles import set_handle  # noqa: E402
from app.store.scratch_database import scratch_database  # noqa: E402
from tests.conftest import confirmation_token  # noqa: E402

POSTGRES_URL = os.environ.get("CACHETTE_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
ANN = {"name": "Ann", "email": "ann@example.org"}
OPEN = {"open": True}
TEMPLATES = [("quinto", [ANN, OPEN, OPEN, OPEN]), ("one_and_thirty", [ANN, OPEN]), ("sueca", [ANN, OPEN, OPEN, OPEN])]
RUNS = 50

COPY_GAME = """
INSERT INTO game (id, game, players, options, status, creator_email, move_time, timeout_policy, seq, awaiting,
                  to_move, scores, winner, due_at, remind_at, created_at, confirmed_at, finished_at, rated)
SELECT :new_id, game, players, options, status, creator_email, move_time, timeout_policy, seq, awaiting,
       to_move, scores, winner, due_at, remind_at, created_at, confirmed_at, finished_at, rated FROM game WHERE id = :source
"""
COPY_SEATS = """
INSERT INTO seat (game_id, seat, name, email, robot, link_version, mail_preference, auto_forced, vacation_days_used)
SELECT :new_id, seat, name, email, robot, link_version, mail_preference, auto_forced, vacation_days_used
FROM seat WHERE game_id = :source
"""
COPY_OPEN = """
INSERT INTO open_game (game_id, game, creator_email, seats_open, min_rating, max_rating, state, expires_at, created_at)
SELECT :new_id, game, creator_email, :seats_open, min_rating, max_rating, :state, expires_at, created_at
FROM open_game WHERE game_id = :source
"""


def template_games():
    """Real open games set up and confirmed by Ann, who has a handle: {game id: (game name, open seats)}."""
    sources = {}
    for name, seats in TEMPLATES:
        created = games.create_game({"game": name, "seats": seats})
        games.confirm_address(confirmation_token("ann@example.org"))
        sources[created.id] = (name, sum(seat is OPEN for seat in seats))
    with database().writing() as session:
        set_handle(session, "ann@example.org", "ann")
    return sources


def fill(engine, sources, total):
    """`total` listed copies of the templates, and as many more started or expired (which the list passes over)."""
    ids = list(sources)
    rows = []
    for n in range(2 * total):
        source = ids[n % len(ids)]
        state = "listed" if n < total else ("started" if n % 2 else "expired")
        rows.append({"new_id": f"open{n}", "source": source, "state": state,
                     "seats_open": 1 + n % sources[source][1]})
    with engine.begin() as connection:
        for start in range(0, len(rows), 5000):
            batch = rows[start:start + 5000]
            connection.execute(text(COPY_GAME), batch)
            connection.execute(text(COPY_SEATS), batch)
            connection.execute(text(COPY_OPEN), batch)
    with engine.connect() as connection:
        if engine.dialect.name == "postgresql":
            for table in ("game", "seat", "open_game"):
                connection.execute(text(f"ANALYZE {table}"))
        return connection.execute(text("SELECT count(*) FROM open_game WHERE state = 'listed'")).scalar()


def plan(engine):
    query = "SELECT id FROM open_game WHERE state = 'listed' AND seats_open = 1 ORDER BY id DESC LIMIT 21"
    prefix = "EXPLAIN " if engine.dialect.name == "postgresql" else "EXPLAIN QUERY PLAN "
    with engine.connect() as connection:
        rows = connection.execute(text(prefix + query)).all()
    return " / ".join(str(row[-1]).strip() for row in rows)


def timed(client, path):
    """(median ms, slowest ms) of RUNS answers to GET `path`, after one to warm up; each must be a 200."""
    assert client.get(path).status_code == 200
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        answer = client.get(path)
        times.append(1000 * (time.perf_counter() - started))
        assert answer.status_code == 200 and answer.get_json()["games"], path
    return statistics.median(times), max(times)


def measure(use_sqlite, total):
    with (tempfile.TemporaryDirectory() as folder,
          scratch_database(use_sqlite, Path(folder), POSTGRES_URL, "cachette_bench") as url):
        app = create_app(Config(instance_path=folder, database_url=url, secret_key="bench", base_url="http://localhost"))
        engine = create_engine(url)
        with app.app_context():
            listed = fill(engine, template_games(), total)
            client = app.test_client()
            far = client.get(f"/api/open-games?limit=100&after=2.{total // 2}").get_json()["next"]
            figures = {"first page": timed(client, "/api/open-games"),
                       "one game's first page": timed(client, "/api/open-games?game=sueca"),
                       "a page far down": timed(client, f"/api/open-games?after={far}")}
        query_plan = plan(engine)
        engine.dispose()
        app.extensions["cachette"]["db"].dispose()
        return listed, figures, query_plan


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000], help="open games listed")
    parser.add_argument("--sqlite", action="store_true", help="SQLite instead of PostgreSQL")
    args = parser.parse_args()
    print(f"database: {'SQLite' if args.sqlite else 'PostgreSQL'}; {RUNS} answers of 20 games each")
    print(f"{'listed':>8} {'request':<24} {'median ms':>10} {'slowest ms':>11}")
    for total in args.sizes:
        listed, figures, query_plan = measure(args.sqlite, total)
        for what, (median, slowest) in figures.items():
            print(f"{listed:>8,} {what:<24} {median:>10.2f} {slowest:>11.2f}", flush=True)
    print(f"plan of a list query: {query_plan}")


if __name__ == "__main__":
    main()
