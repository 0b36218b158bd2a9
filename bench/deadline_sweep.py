"""How long one deadline sweep takes, by the number of games and of due games.

Fills a fresh PostgreSQL database (or SQLite with --sqlite) with games:
`--due` of them overdue (a person's move, with a real log: start, deal,
robot moves) and the rest due later. Times one sweep, which records a
timeout for each overdue person and queues their move for a robot task and
a worker (the robot's own thinking time is bench/robots_decision_time.py's).
A sweep must cost in proportion to the due games, not to all games: compare
the rows.

    python bench/deadline_sweep.py                       # 10,000 and 100,000 games, 1,000 due
    python bench/deadline_sweep.py --sizes 100000 --due 100 1000
"""

import argparse
import os
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from sqlalchemy import create_engine, text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app import create_app  # noqa: E402
from app.config import Config  # noqa: E402
from app.store.scratch_database import scratch_database  # noqa: E402
from app.play import games, moves  # noqa: E402
from app.clock import utcnow  # noqa: E402
from app.play import deadlines  # noqa: E402
from tests.conftest import confirmation_token  # noqa: E402

POSTGRES_URL = os.environ.get("CACHETTE_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
TEMPLATES = 20  # distinct real games whose logs the due games copy


def template_games():
    """Real games (a person and three robots) played up to the person's move."""
    ids = []
    for _ in range(TEMPLATES):
        game = games.create_game({"game": "quinto", "move_time": "24h",
                                  "seats": [{"name": "Ann", "email": "ann@example.org"}, *[{"robot": "simple"}] * 3]})
        games.confirm_address(confirmation_token(game.creator_email))
        moves.play_robot_turns(game.id)
        ids.append(game.id)
    return ids


COPY_GAME = """
INSERT INTO game (id, game, players, options, status, creator_email, move_time, timeout_policy, seq, awaiting,
                  to_move, scores, winner, due_at, remind_at, created_at, confirmed_at, finished_at)
SELECT :new_id, game, players, options, status, creator_email, move_time, timeout_policy, seq, awaiting,
       to_move, scores, winner, :due_at, :remind_at, created_at, confirmed_at, finished_at FROM game WHERE id = :source
"""
COPY_SEATS = """
INSERT INTO seat (game_id, seat, name, email, robot, link_version, mail_preference, auto_forced, vacation_days_used)
SELECT :new_id, seat, name, email, robot, link_version, mail_preference, auto_forced, vacation_days_used
FROM seat WHERE game_id = :source
"""
COPY_EVENTS = """
INSERT INTO event (game_id, seq, data, created_at) SELECT :new_id, seq, data, created_at FROM event WHERE game_id = :source
"""


def fill(engine, sources, total, due, now):
    """`due` overdue copies of the template games (logs and seats too) and `total - due` games due later."""
    later = [{"new_id": f"later{n}", "source": sources[n % len(sources)],
              "due_at": now + timedelta(hours=1 + n % 20), "remind_at": now + timedelta(minutes=30 + n % 600)}
             for n in range(total - due)]
    overdue = [{"new_id": f"due{n}", "source": sources[n % len(sources)],
                "due_at": now - timedelta(minutes=1 + n % 50), "remind_at": None} for n in range(due)]
    with engine.begin() as connection:
        for start in range(0, len(later), 5000):
            connection.execute(text(COPY_GAME), later[start:start + 5000])
        connection.execute(text(COPY_GAME), overdue)
        connection.execute(text(COPY_SEATS), overdue)
        connection.execute(text(COPY_EVENTS), overdue)
        for source in sources:                       # the templates themselves are not part of the count
            for table, column in (("event", "game_id"), ("seat", "game_id"), ("outbox", "game_id"), ("game", "id")):
                connection.execute(text(f"DELETE FROM {table} WHERE {column} = :id"), {"id": source})
    with engine.connect() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("ANALYZE game"))
        return connection.execute(text("SELECT count(*) FROM game")).scalar()


def plan(engine, now):
    query = "SELECT id FROM game WHERE due_at <= :now ORDER BY due_at LIMIT 5000"
    prefix = "EXPLAIN " if engine.dialect.name == "postgresql" else "EXPLAIN QUERY PLAN "
    with engine.connect() as connection:
        rows = connection.execute(text(prefix + query), {"now": now}).all()
    return " / ".join(str(row[-1]).strip() for row in rows)


def measure(use_sqlite, total, due):
    with (tempfile.TemporaryDirectory() as folder,
          scratch_database(use_sqlite, Path(folder), POSTGRES_URL, "cachette_bench") as url):
        app = create_app(Config(instance_path=folder, database_url=url, secret_key="bench", base_url="http://localhost"))
        engine = create_engine(url)
        with app.app_context():
            sources = template_games()
            now = utcnow()
            games_count = fill(engine, sources, total, due, now)
            query_plan = plan(engine, now)
            deadlines.grant_outage_grace(now)           # a recent heartbeat: no outage grace here
            started = time.perf_counter()
            report = deadlines.sweep_deadlines(now + timedelta(seconds=1))
            elapsed = time.perf_counter() - started
        acted = sum(1 for outcome in report.outcomes.values() if outcome == "robot")
        assert acted == due, f"{acted} of {due} due games were handled"
        engine.dispose()
        app.extensions["cachette"]["db"].dispose()
        return games_count, elapsed, query_plan


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000], help="games in the database")
    parser.add_argument("--due", type=int, nargs="+", default=[1_000], help="of which overdue")
    parser.add_argument("--sqlite", action="store_true", help="SQLite instead of PostgreSQL")
    args = parser.parse_args()
    print(f"database: {'SQLite' if args.sqlite else 'PostgreSQL'}")
    print(f"{'games':>9} {'due':>6} {'sweep s':>9} {'ms/due game':>12}")
    for total in args.sizes:
        for due in args.due:
            count, elapsed, query_plan = measure(args.sqlite, total, due)
            print(f"{count:>9,} {due:>6,} {elapsed:>9.2f} {1000 * elapsed / due:>12.2f}", flush=True)
    print(f"plan of the due-games query: {query_plan}")


if __name__ == "__main__":
    main()
