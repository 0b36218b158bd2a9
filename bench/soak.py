"""The soak of tests/workers/test_soak.py at full size: 200 games of people and robots across two web processes
and two workers on PostgreSQL and Redis, one worker killed and one web process restarted midway; prints the
figures and whether every proof held (no move lost or applied twice, no mail sent twice, every deadline fired
once, every log replays to its summary row).

    .venv/bin/python bench/soak.py [--games 200] [--steps 30]

Uses a fresh database on the server at CACHETTE_TEST_POSTGRES_URL and the Redis at CACHETTE_TEST_REDIS_URL.
"""

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "workers")]

from app.store.scratch_database import scratch_postgres  # noqa: E402
from soak import Soak  # noqa: E402
from web_bench import REDIS, SERVER  # noqa: E402


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games played at once (200)")
    parser.add_argument("--steps", type=int, default=30, help="rounds in which Ann moves in every game (30)")
    args = parser.parse_args(argv)
    with scratch_postgres(SERVER, "cachette_soak") as database_url, tempfile.TemporaryDirectory() as folder:
        soak = Soak(Path(folder), database_url, REDIS, args.games).start()
        try:
            started = time.monotonic()
            soak.create_games()
            print(f"{args.games} games created in {time.monotonic() - started:.0f} s", flush=True)

            def faults():
                print("midway: killing a worker, restarting a web process", flush=True)
                soak.faults()

            started = time.monotonic()
            soak.play(args.steps, midway=faults)
            soak.settle(timeout=600)
            played = time.monotonic() - started
            figures = soak.proofs()
        finally:
            soak.close()
    print(f"played and settled in {played:.0f} s ({soak.requests} requests): "
          + ", ".join(f"{name} {value}" for name, value in figures.items()))
    print("every proof held: no move lost or applied twice, no mail sent twice, every deadline fired once, "
          "every log replays to its summary row")


if __name__ == "__main__":
    main()
