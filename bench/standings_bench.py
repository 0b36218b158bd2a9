"""The leaderboard's time at 100,000 rated people: the query, and the page and its JSON through the app.

Fills a fresh PostgreSQL database (or SQLite with --sqlite) with `--people` rated people of Quinto, each with
a handle, ratings spread round 1500, 1 to 60 games, their last one up to 180 days ago (so that some are too
few or too old to be listed), plus a rating in another game for a fifth of them. Then times, `--runs` times
each, the leaderboard query (app.standings.leaderboard) and GET /ratings/quinto and GET /api/ratings/quinto,
and prints the median and the 95th percentile, and the query's plan. The target is under 50 ms.

    python bench/standings_bench.py                   # PostgreSQL, 100,000 people
    python bench/standings_bench.py --sqlite --people 100000
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from sqlalchemy import create_engine, insert, text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app import create_app  # noqa: E402
from app.clock import utcnow  # noqa: E402
from app.config import Config  # noqa: E402
from app.context import database  # noqa: E402
from app.standings.leaderboard import leaderboard  # noqa: E402
from app.standings.ratings import mu_of  # noqa: E402
from app.store.models import Handle, Rating  # noqa: E402
from app.store.scratch_database import scratch_database  # noqa: E402

POSTGRES_URL = os.environ.get("CACHETTE_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
BATCH = 10_000


def fill(engine, people, now):
    """`people` handles and Quinto ratings, a fifth of them rated in Sueca too."""
    chance = random.Random(1)
    handles, ratings = [], []
    for number in range(people):
        address = f"p{number}@example.org"
        handles.append({"address": address, "handle": f"Player_{number}", "handle_key": f"player_{number}",
                        "chosen_at": now})
        for game in ("quinto",) + (("sueca",) if number % 5 == 0 else ()):
            shown = round(chance.gauss(1500, 200))
            ratings.append({"address": address, "game": game, "mu": mu_of(shown), "sigma": chance.uniform(1.5, 8.3),
                            "shown": shown, "games": chance.randint(1, 60),
                            "rated_at": now - timedelta(days=chance.uniform(0, 180))})
    with engine.begin() as connection:
        for start in range(0, len(handles), BATCH):
            connection.execute(insert(Handle), handles[start:start + BATCH])
        for start in range(0, len(ratings), BATCH):
            connection.execute(insert(Rating), ratings[start:start + BATCH])
    with engine.begin() as connection:          # committed: statistics gathered in a transaction rolled back are lost
        for table in ("handle", "rating"):
            connection.execute(text(f"ANALYZE {table}"))
        return connection.execute(text("SELECT count(*) FROM rating")).scalar()


def query_plan(engine, now):
    query = ("SELECT handle.handle, rating.* FROM rating JOIN handle ON handle.address = rating.address "
             "WHERE rating.game = 'quinto' AND rating.games >= 5 AND rating.rated_at >= :since "
             "ORDER BY rating.shown DESC, rating.id LIMIT 100")
    prefix = "EXPLAIN ANALYZE " if engine.dialect.name == "postgresql" else "EXPLAIN QUERY PLAN "
    with engine.connect() as connection:
        rows = connection.execute(text(prefix + query), {"since": now - timedelta(days=90)}).all()
    return "\n  ".join(str(row[-1]).rstrip() for row in rows)


def timed(runs, work):
    """Milliseconds of each of `runs` calls of `work` (after one untimed call, which warms the caches)."""
    work()
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(1000 * (time.perf_counter() - started))
    return times


def figures(name, times):
    ordered = sorted(times)
    p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)]
    print(f"{name:<28} {statistics.median(ordered):>8.2f} {p95:>8.2f} {ordered[0]:>8.2f}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--sqlite", action="store_true", help="SQLite instead of PostgreSQL")
    args = parser.parse_args()
    with (tempfile.TemporaryDirectory() as folder,
          scratch_database(args.sqlite, Path(folder), POSTGRES_URL, "cachette_standings_bench") as url):
        app = create_app(Config(instance_path=folder, database_url=url, secret_key="bench",
                                base_url="http://localhost"))
        engine = create_engine(url)
        now = utcnow()
        started = time.perf_counter()
        rows = fill(engine, args.people, now)
        print(f"database: {'SQLite' if args.sqlite else 'PostgreSQL'}; {args.people:,} people with a handle, "
              f"{rows:,} ratings, seeded in {time.perf_counter() - started:.0f} s")
        client = app.test_client()
        with app.app_context():
            def query():
                with database().reading() as session:
                    board = leaderboard(session, "quinto", utcnow())
                assert len(board) == 100
            print(f"{'ms (runs: ' + str(args.runs) + ')':<28} {'median':>8} {'p95':>8} {'min':>8}")
            figures("leaderboard query", timed(args.runs, query))
        for path in ("/api/ratings/quinto", "/ratings/quinto"):
            def page(path=path):
                answer = client.get(path)
                assert answer.status_code == 200
            figures(f"GET {path}", timed(args.runs, page))
        print(f"plan:\n  {query_plan(engine, now)}")
        engine.dispose()
        app.extensions["cachette"]["db"].dispose()


if __name__ == "__main__":
    main()
