"""The replay door's cost: POST /replay with records at and past its bounds, in this process (Flask's test
client, SQLite in a temporary folder), each timed over a few rounds and printed with the page's size.

    .venv/bin/python bench/replay_door.py [--rounds 3]

The issue's record (a finished game plus 32,000 note lines, 523 KB) took 17.8 s and made a 2.5 MB page
before the bounds; now it is refused. A chatty game's own record (5,000 messages, the talk's bound) is
taken back.
"""

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app  # noqa: E402
from app.config import Config  # noqa: E402
from app.store.migrate import upgrade  # noqa: E402

FINISHED = (ROOT / "tests" / "golden" / "alouette" / "full_game_4.jsonl").read_text()
NOTE = '{"type": "note", "kind": "timeout", "seat": 0}\n'
TALK = '{"type": "note", "kind": "talk", "seat": 1, "text": "' + "a chatty table's longest message " * 15 + '"}\n'
CASES = [
    ("a finished game (630 events), first step", FINISHED, "1"),
    ("the same, last step", FINISHED, "630"),
    ("plus 1,000 notes (the bound), last step", FINISHED + NOTE * 1000, "1630"),
    ("plus 5,000 messages of 500 characters, last step", FINISHED + TALK * 5_000, "5630"),
    ("plus 32,000 notes (523 KB): refused", FINISHED + NOTE * 32_000, "1"),
    ("50,000 [ then 50,000 ]: refused", "[" * 50_000 + "]" * 50_000, "1"),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/bench.sqlite"
        upgrade(url)
        app = create_app(Config(instance_path=folder, database_url=url, secret_key="bench", dev_mailbox=True,
                                limit_replays_per_client="100000 per hour"))
        with app.app_context():
            client = app.test_client()
            token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/replay").get_data(as_text=True))[1]
            print(f"{'record':48} {'status':>6} {'best s':>8} {'page KB':>8}")
            for label, record, step in CASES:
                times = []
                for _ in range(args.rounds):
                    started = time.perf_counter()
                    answer = client.post("/replay", data={"csrf_token": token, "record": record, "step": step})
                    times.append(time.perf_counter() - started)
                print(f"{label:48} {answer.status_code:>6} {min(times):>8.3f} {len(answer.data) / 1024:>8.0f}")
        app.extensions["cachette"]["db"].dispose()


if __name__ == "__main__":
    main()
