"""The query plan and time of the next game waiting (app.social.next_game) on PostgreSQL, with many games.

    PYTHONPATH=. python bench/next_game_plan.py [postgresql+psycopg://postgres@127.0.0.1:5432/test] [games] [spread]

Writes `games` four-seat games (each person in a few, one address in 1 of 100), ANALYZEs, and prints the plan
of the one query and the median time of `next_game` for the busiest address.
"""

import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta

from sqlalchemy import create_engine, insert, text
from sqlalchemy.orm import Session

from app.store.models import Game, Seat
from app.store.scratch_database import scratch_postgres
from app.social import next_game as next_game_module


SPREAD = int(sys.argv[3]) if len(sys.argv) > 3 else 100     # one game in SPREAD has the busy address


def fill(url, games):
    engine = create_engine(url)
    now = datetime.now(UTC)
    rows, seats = [], []
    for number in range(games):
        game_id = f"g{number}"
        rows.append({"id": game_id, "game": "quinto", "players": 4, "options": {}, "status": "active" if number % 5 else "over",
                     "creator_email": "busy@example.org", "move_time": 86400, "timeout_policy": "robot", "seq": 3,
                     "to_move": [number // 7 % 4], "scores": [0, 0], "due_at": now + timedelta(minutes=random.randrange(9999)),
                     "created_at": now, "watch_version": 0, "watch_open": False, "watch_by_players": False})
        people = ["busy@example.org" if number % SPREAD == 1 else f"p{random.randrange(games)}@example.org"] + \
                 [f"p{random.randrange(games)}@example.org" for _ in range(3)]
        seats += [{"game_id": game_id, "seat": seat, "name": f"P{seat}", "email": email, "link_version": 1,
                   "mail_preference": "away", "auto_forced": False, "vacation_days_used": 0,
                   "to_move": seat == number // 7 % 4}
                  for seat, email in enumerate(people)]
    with engine.begin() as connection:
        connection.execute(insert(Game.__table__), rows)
        connection.execute(insert(Seat.__table__), seats)
        connection.execute(text("ANALYZE"))
    return engine


def main():
    server = sys.argv[1] if len(sys.argv) > 1 else "postgresql+psycopg://postgres@127.0.0.1:5432/test"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    with scratch_postgres(server, "bench_next_game") as url:
        engine = fill(url, games)
        query = next_game_module.WAITING.params(email="busy@example.org", game_id="g0")
        with engine.connect() as connection:
            compiled = query.compile(engine, compile_kwargs={"literal_binds": True})
            for line in connection.execute(text(f"EXPLAIN ANALYZE {compiled}")).scalars():
                print(line)
        times = []
        with Session(engine) as session:
            for _ in range(30):
                started = time.perf_counter()
                session.execute(query).all()
                times.append(time.perf_counter() - started)
        print(f"{games} games, {games // SPREAD} of busy@example.org: the query's median {statistics.median(times) * 1000:.1f} ms")
        engine.dispose()


if __name__ == "__main__":
    main()
