"""`make run`'s own stack (the Makefile's recipe): its private Redis, a worker and beat watched and started
again when they die, forty games with robots played to their end at once, and everything stopped on SIGTERM.

The person seat of each game is played by this test through the JSON API;
the worker plays the three robots. The worker and beat are killed once midway.
"""

import http.cookiejar
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from live import wait_until
from smtp_sink import free_port

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
GAMES = 40
SHORT_GAME = {"target": 150, "match": "single_game"}
PLAY_WAIT = 15 * 60
MOVES_BEFORE_THE_KILL = 200


def run_recipe():
    """The Makefile's `run` recipe, with this interpreter for $(PY): (its variables, its command)."""
    makefile = (ROOT / "Makefile").read_text()
    words = shlex.split(re.search(r"^run:.*\n\t(.+)$", makefile, re.MULTILINE).group(1))
    variables = dict(word.split("=", 1) for word in words if "=" in word and not word.startswith("-"))
    command = [word.replace("$(PY)", sys.executable) for word in words if word.split("=", 1)[0] not in variables]
    return variables, command


class MakeRun:
    """`make run` in a process of its own, its terminal kept line by line."""

    def __init__(self, tmp_path):
        port = free_port()
        self.base = f"http://127.0.0.1:{port}"
        env = {name: value for name, value in os.environ.items() if name not in ("REDIS_URL", "SMTP_HOST")}
        variables, command = run_recipe()
        # Robot turns lost with the killed worker are found by the deadline sweep: every second here, and
        # without the grace for an outage (sweeps missing for three intervals) that restarting it would grant.
        env.update(variables, PORT=str(port), INBOUND_PORT=str(free_port()), DATABASE_URL=f"sqlite:///{tmp_path / 'run.sqlite'}",
                   SECRET_KEY="make-run-key", BASE_URL=self.base, SWEEP_INTERVAL="1", ROBOT_TURN_TIME="3",
                   OUTAGE_GRACE="0", LIMIT_GAMES_PER_CLIENT="100 per hour", LIMIT_GAMES_PER_ADDRESS="100 per day")
        self.process = subprocess.Popen(command, cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT)
        self.lines = []
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()
        wait_until(lambda: self.answers("/"), 60, f"make run did not start: {self.terminal()}")

    def read(self):
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def terminal(self):
        return "\n".join(line for line in self.lines if "GET /" not in line and "POST /" not in line)

    def pids(self, name):
        """The pids the terminal said `name` ran under, in order."""
        return [int(match.group(1)) for line in list(self.lines)
                for match in [re.search(rf"\b{name} running \(pid (\d+)\)", line)] if match]

    def answers(self, path):
        try:
            with urllib.request.urlopen(self.base + path, timeout=5) as answer:
                return answer.status == 200
        except OSError:
            return False

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def descendants(self):
        """The pids of the processes `make run` started (its Redis, worker and beat), and theirs."""
        parents = {}
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError):
                continue
        found, frontier = [], [self.process.pid]
        while frontier:
            children = [pid for pid, parent in parents.items() if parent in frontier]
            found += children
            frontier = children
        return found

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(60)
        self.reader.join(10)
        self.process.stdout.close()


@pytest.fixture
def make_run(tmp_path):
    stack = MakeRun(tmp_path)
    yield stack
    if stack.process.poll() is None:
        stack.stop()


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"


class Table:
    """One game's person seat, played through the API by the first legal move whenever it is its turn."""

    def __init__(self, stack, game_id, token):
        self.stack, self.game_id, self.token = stack, game_id, token
        self.over = False
        self.moves = 0

    def step(self):
        """Look at the seat once and move if it is its turn; returns whether it moved."""
        status, seat = self.stack.call("GET", f"/api/seats/{self.token}")
        assert status == 200, seat
        if seat["status"] == "over":
            self.over = True
            return False
        if not seat["view"]["legal"]:
            return False
        status, answer = self.stack.call("POST", f"/api/seats/{self.token}/moves",
                                         {"move": seat["view"]["legal"][0], "seq": seat["seq"]})
        assert status in (201, 409), answer                 # 409: a robot's move came first; look again
        self.moves += status == 201
        return status == 201


def confirm(link):
    """Press the button of a mailed confirmation link, as its owner would (the form needs the session cookie)."""
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    with browser.open(link, timeout=60) as page:
        token = re.search(r'name="csrf_token" value="([^"]+)"', page.read().decode()).group(1)
    with browser.open(link, data=urllib.parse.urlencode({"csrf_token": token}).encode(), timeout=60) as answer:
        assert answer.status == 200


def start_games(stack):
    ids = []
    for number in range(GAMES):
        status, game = stack.call("POST", "/api/games", {
            "game": "quinto", "options": SHORT_GAME, "move_time": "1h",
            "seats": [{"name": "Ann", "email": f"ann{number}@example.org"}, *[{"robot": "random"}] * 3]})
        assert status == 201, game
        ids.append(game["id"])
    status, mailbox = stack.call("GET", "/dev/mailbox.json")
    for mail in mailbox["mails"]:
        if mail["kind"] == "confirm":
            confirm(re.search(r"http://\S+/confirm/\S+", mail["text"]).group(0))
    status, mailbox = stack.call("GET", "/dev/mailbox.json")
    invites = {mail["game_id"]: mail["text"] for mail in mailbox["mails"] if mail["kind"] == "invite"}
    return [Table(stack, game_id, re.search(r"/s/(\S+)", invites[game_id]).group(1)) for game_id in ids]


def test_forty_robot_games_play_to_their_end_while_the_worker_and_beat_are_killed_and_started_again(make_run):
    (first_worker,), (first_beat,) = make_run.pids("worker"), make_run.pids("beat")
    assert "The workers' broker: redis://127.0.0.1:" in make_run.terminal()
    assert "are taken by SMTP on 127.0.0.1:" in make_run.terminal()
    tables = start_games(make_run)
    killed = False
    deadline = time.monotonic() + PLAY_WAIT
    with ThreadPoolExecutor(8) as pool:
        while not all(table.over for table in tables):
            assert time.monotonic() < deadline, [(table.game_id, table.moves) for table in tables if not table.over]
            moved = list(pool.map(Table.step, [table for table in tables if not table.over]))
            if not killed and sum(table.moves for table in tables) >= MOVES_BEFORE_THE_KILL:
                os.kill(first_worker, signal.SIGKILL)
                os.kill(first_beat, signal.SIGKILL)
                killed = True
            if not any(moved):
                time.sleep(0.2)
    assert killed
    # The games may end before the supervisor, which looks twice a second, has noticed the deaths.
    for name, pid in (("worker", first_worker), ("beat", first_beat)):
        said = f"the {name} (pid {pid}) died with exit status -9; starting it again"
        wait_until(lambda: said in "\n".join(make_run.lines), 60, f"nobody said: {said}\n{make_run.terminal()}")
    for name in ("worker", "beat"):
        wait_until(lambda: len(make_run.pids(name)) == 2, 60, f"the {name} was not started again")
        assert alive(make_run.pids(name)[1])
    for table in tables:
        status, summary = make_run.call("GET", f"/api/games/{table.game_id}")
        assert status == 200 and summary["status"] == "over" and table.moves > 0
    started = make_run.descendants()
    assert len(started) >= 5                                    # Redis, the worker and its pool of two, beat
    make_run.stop()
    assert make_run.process.returncode == 0
    assert not any(alive(pid) for pid in started)
    assert "Unrecoverable error" not in make_run.terminal()
