"""How many open tables one machine serves: the production web process under the polls of many open tables.

Starts the `web` process as the Procfile does (gunicorn, gthread workers, `workers.web:create_app()`) on a
fresh PostgreSQL database and the Redis at CACHETTE_TEST_REDIS_URL, seeds `--games` four-person Quinto games
(each person playing in GAMES_EACH of them, as a correspondence player does), and then:

1. Requests per second, closed loop, of a trivial view (/health) and of the position poll of an open table
   (GET /api/seats/<token>/position, every seat of the seeded games in turn), in alternating rounds; the
   target is a poll at least 0.8 of the trivial view.
2. For each count of open tables in `--tables`, for `--seconds`: every table polls as static/table.js does
   (its constants are read from that file), open loop, each at its own phase: a table whose game moves (a
   share `--moving` of them, 5% by default) every INTERVAL_MS, naming its last ETag, and fetching the
   table's moving part when its position moved on; a quiet table every SLOWEST_MS (its settled pace). Every
   game of a moving table gets a move through the API every `--move-every` seconds. A request's latency is
   counted from the moment it was due, so a server that falls behind shows it. Prints p50/p95/p99 of the
   polls and the part fetches, and the largest count whose p95 stayed under one second.

Tables outnumbering the seeded seats share seats (two tabs on one seat cost the server what two seats do: a
poll reads one key). No worker runs: mail and robot turns wait on a queue of the benchmark's own, deleted
afterwards.

    .venv/bin/python bench/live_tables.py [--games 2500] [--tables 2500 5000 10000 15000] [--seconds 40]
"""

import argparse
import asyncio
import http.client
import json
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil
import redis
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app  # noqa: E402
from app.config import Config  # noqa: E402
from app.store.scratch_database import scratch_postgres  # noqa: E402
from web_bench import REDIS, SECRET, SERVER, free_port, run_load  # noqa: E402

CONNECTIONS = 64          # the simulated browsers' connections to the server (keep-alive)
GAMES_EACH = 5            # games each person plays at once (the seeded seats' addresses repeat accordingly)


def table_js_constants():
    """INTERVAL_MS, QUIET_MS, GROWTH and SLOWEST_MS as static/table.js has them."""
    source = (ROOT / "static" / "table.js").read_text(encoding="utf-8")
    return {name: float(value) for name, value in re.findall(r"var ([A-Z_]+) = ([0-9.]+);", source)}


def seed(database_url, base_url, games_count):
    """`games_count` confirmed four-person Quinto games, each {"id", "tokens": {seat: token}}, each person in
    about GAMES_EACH of them."""
    from app.play import games
    from app.play.seats import seat_path, seats_of
    from tests.conftest import confirmation_token

    config = Config(instance_path=str(ROOT / "instance"), database_url=database_url, secret_key=SECRET,
                    base_url=base_url)
    app = create_app(config)
    persons = max(4, games_count * 4 // GAMES_EACH)
    seeded = []
    with app.app_context():
        db = app.extensions["cachette"]["db"]
        for index in range(games_count):
            people = [{"name": f"P{n}", "email": f"player{(index * 4 + n) % persons}@example.org"} for n in range(4)]
            game = games.create_game({"game": "quinto", "seats": people, "options": {"target": 1000}})
            games.confirm_address(confirmation_token(game.creator_email))
            with db.reading() as session:
                tokens = {number: seat_path(seat)[3:] for number, seat in seats_of(session, game.id).items()}
            seeded.append({"id": game.id, "tokens": tokens})
        db.dispose()
    return seeded


class Client:
    """A pool of keep-alive connections speaking just enough HTTP/1.1 for GETs."""

    def __init__(self, port, size):
        self.port, self.size = port, size
        self.idle = asyncio.Queue()

    async def open(self):
        for _ in range(self.size):
            self.idle.put_nowait(await asyncio.open_connection("127.0.0.1", self.port))

    async def get(self, path, headers=None):
        """(status, headers, body); 0 for a status when the server could not be reached. A connection the
        server closed while idle (gunicorn keeps one open 2 s) is opened again, as a browser does."""
        reader, writer = await self.idle.get()
        for attempt in range(2):
            try:
                answer, reusable = await self.exchange(reader, writer, path, headers)
                if not reusable:
                    writer.close()
                    reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
                self.idle.put_nowait((reader, writer))
                return answer
            except (OSError, asyncio.IncompleteReadError):
                writer.close()
                try:
                    reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
                except OSError:
                    break
        self.idle.put_nowait(await asyncio.open_connection("127.0.0.1", self.port))
        return 0, {}, b""

    @staticmethod
    async def exchange(reader, writer, path, headers):
        lines = "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{lines}\r\n".encode())
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        fields = {line.split(":", 1)[0].lower(): line.split(":", 1)[1].strip() for line in head[1:] if ":" in line}
        body = await reader.readexactly(int(fields.get("content-length", 0)))
        reusable = fields.get("connection", "").lower() != "close"
        return (int(head[0].split()[1]), fields, body), reusable

    def close(self):
        while not self.idle.empty():
            self.idle.get_nowait()[1].close()


async def open_table(client, token, interval, moving, stop, polls, parts, errors):
    """One open table: poll every `interval` seconds from a random phase; a moving one follows its game."""
    tag, seq = None, None
    due = time.monotonic() + random.uniform(0, interval)
    while due < stop:
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        status, fields, body = await client.get(f"/api/seats/{token}/position",
                                                {"If-None-Match": tag} if tag else None)
        polls.append(time.monotonic() - due)
        if status == 200:
            tag = fields.get("etag")
            now = json.loads(body)["seq"]
            if moving and seq is not None and now != seq:
                started = time.monotonic()
                part, _, _ = await client.get(f"/s/{token}/table?since={seq}")
                parts.append(time.monotonic() - started)
                errors[0] += part != 200
            seq = now
        elif status != 304:
            errors[0] += 1
        due += interval


def mover(port, games, every, stop_event, made):
    """Moves each of `games` through the API about once in `every` seconds, as their players would; appends
    each move's status to `made`."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(method, path, body=None):
        connection.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"null")

    pause = every / max(1, len(games))
    while not stop_event.is_set():
        for game in games:
            if stop_event.wait(pause):
                return
            _, seen = call("GET", f"/api/seats/{game['tokens'][0]}")
            acting = seen["view"]["to_move"][0]
            _, view = call("GET", f"/api/seats/{game['tokens'][acting]}")
            move = view["view"]["legal"][0]
            status, _ = call("POST", f"/api/seats/{game['tokens'][acting]}/moves",
                             json.dumps({"move": move, "seq": view["seq"]}))
            made.append(status)


def cpu_seconds(server):
    """CPU seconds used so far by the web processes, this load generator, PostgreSQL and Redis."""
    def used(processes):
        total = 0.0
        for process in processes:
            try:
                times = process.cpu_times()
            except psutil.Error:
                continue
            total += times.user + times.system
        return total
    web = psutil.Process(server.pid)
    others = list(psutil.process_iter(["name"]))
    return {"web": used([web, *web.children(recursive=True)]), "load generator": used([psutil.Process()]),
            "postgres": used(p for p in others if (p.info["name"] or "").startswith("postgres")),
            "redis": used(p for p in others if (p.info["name"] or "").startswith("redis"))}


def quantile(values, share):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def open_tables(port, games, count, args, pace):
    """Latencies of polls and part fetches with `count` open tables for `args.seconds`."""
    tokens = [token for game in games for token in game["tokens"].values()]
    moving_count = round(count * args.moving)
    moving_games = games[:max(1, moving_count // 4)]
    moving_tokens = [token for game in moving_games for token in game["tokens"].values()]
    quiet_tokens = [token for game in games[len(moving_games):] for token in game["tokens"].values()] or tokens
    polls, parts, errors, made = [], [], [0], []
    stop_moving = threading.Event()
    moves = threading.Thread(target=mover, args=(port, moving_games, args.move_every, stop_moving, made))

    async def run():
        client = Client(port, CONNECTIONS)
        await client.open()
        stop = time.monotonic() + args.seconds
        tables = [open_table(client, moving_tokens[n % len(moving_tokens)], pace["INTERVAL_MS"] / 1000, True,
                             stop, polls, parts, errors) for n in range(moving_count)]
        tables += [open_table(client, quiet_tokens[n % len(quiet_tokens)], pace["SLOWEST_MS"] / 1000, False,
                              stop, polls, parts, errors) for n in range(count - moving_count)]
        await asyncio.gather(*tables)
        client.close()

    moves.start()
    try:
        asyncio.run(run())
    finally:
        stop_moving.set()
        moves.join()
    return polls, parts, errors[0] + sum(status != 201 for status in made), len(made)


def start_web(database_url, queue, port, base_url):
    """The Procfile's web process, on this benchmark's database and queue."""
    env = dict(os.environ, DATABASE_URL=database_url, SECRET_KEY=SECRET, BASE_URL=base_url, REDIS_URL=REDIS,
               CELERY_QUEUE=queue, SMTP_HOST="127.0.0.1", SMTP_PORT="1")
    env.pop("DEV_MAILBOX", None)
    procfile = (ROOT / "Procfile").read_text(encoding="utf-8")
    web = next(line for line in procfile.splitlines() if line.startswith("web:"))[len("web:"):].split()
    web = [sys.executable, "-m", "gunicorn", *[word.replace("0.0.0.0:${PORT:-5000}", f"127.0.0.1:{port}")
                                               .strip("'") for word in web[1:]], "--log-level", "warning"]
    server = subprocess.Popen(web, cwd=ROOT, env=env)
    deadline = time.monotonic() + 30
    while True:
        try:
            http.client.HTTPConnection("127.0.0.1", port, timeout=1).request("GET", "/health")
            return server
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("gunicorn did not start")
            time.sleep(0.2)


def poller(games):
    """A closed-loop load of position polls, every seat of `games` in turn."""
    tokens = [token for game in games for token in game["tokens"].values()]

    def once(connection, index, count):
        connection.request("GET", f"/api/seats/{tokens[(index * 7919 + count) % len(tokens)]}/position")
        response = connection.getresponse()
        response.read()
        assert response.status == 200, response.status
        return 1
    return once


def trivial(connection, _index, _count):
    connection.request("GET", "/health")
    response = connection.getresponse()
    response.read()
    assert response.status == 200, response.status
    return 1


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2500, help="four-person games seeded (default 2500)")
    parser.add_argument("--tables", type=int, nargs="+", default=[2500, 5000, 10000, 15000],
                        help="counts of open tables to try (default 2500 5000 10000 15000)")
    parser.add_argument("--seconds", type=float, default=40.0, help="time each count runs (default 40)")
    parser.add_argument("--moving", type=float, default=0.05, help="share of tables whose game moves (0.05)")
    parser.add_argument("--move-every", type=float, default=20.0, help="seconds between a moving game's moves (20)")
    parser.add_argument("--rate-seconds", type=float, default=8.0, help="time of each closed-loop rate (8)")
    args = parser.parse_args(argv)
    pace = table_js_constants()
    with scratch_postgres(SERVER, "cachette_tables") as database_url:
        queue = make_url(database_url).database
        try:
            measure(database_url, queue, args, pace)
        finally:
            redis.Redis.from_url(REDIS).delete(queue)
            store = redis.Redis.from_url(REDIS)
            for name in store.scan_iter(f"{queue}-*"):
                store.delete(name)


def measure(database_url, queue, args, pace):
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    started = time.monotonic()
    games = seed(database_url, base_url, args.games)
    print(f"seeded {len(games)} games ({4 * len(games)} seats) in {time.monotonic() - started:.0f} s", flush=True)
    server = start_web(database_url, queue, port, base_url)
    try:
        load = poller(games)
        for once in (trivial, load):
            run_load(port, 1, 8, once)   # warm up every worker
        rates = {"trivial": [], "position": []}
        for _ in range(4):
            rates["trivial"].append(run_load(port, args.rate_seconds / 4, 8, trivial))
            rates["position"].append(run_load(port, args.rate_seconds / 4, 8, load))
        trivial_rate, poll_rate = (statistics.mean(rates[name]) for name in ("trivial", "position"))
        print(f"closed loop, 8 clients: trivial view {trivial_rate:.0f} req/s, position poll {poll_rate:.0f} req/s, "
              f"ratio {poll_rate / trivial_rate:.2f} (target >= 0.8)", flush=True)
        print(f"table.js: every {pace['INTERVAL_MS'] / 1000:g} s while moving, settling at one poll in "
              f"{pace['SLOWEST_MS'] / 1000:g} s when quiet; {args.moving:.0%} of tables moving, a move each "
              f"{args.move_every:g} s per moving game", flush=True)
        served = 0
        for count in args.tables:
            before, started = cpu_seconds(server), time.monotonic()
            polls, parts, errors, moves = open_tables(port, games, count, args, pace)
            elapsed = time.monotonic() - started
            spent = {name: seconds - before[name] for name, seconds in cpu_seconds(server).items()}
            p95 = quantile(polls, 0.95)
            print(f"{count:6d} open tables: {len(polls) / args.seconds:6.0f} polls/s  poll p50 "
                  f"{quantile(polls, 0.5) * 1000:6.1f} ms  p95 {p95 * 1000:7.1f} ms  p99 "
                  f"{quantile(polls, 0.99) * 1000:7.1f} ms  | {len(parts)} part fetches p95 "
                  f"{quantile(parts, 0.95) * 1000:7.1f} ms | {moves} moves | errors {errors}", flush=True)
            print("       cores busy: " + ", ".join(f"{name} {seconds / elapsed:.2f}" for name, seconds in spent.items())
                  + f" (the machine has {psutil.cpu_count()})", flush=True)
            if p95 < 1.0 and not errors:
                served = count
        print(f"served with poll p95 under 1 s: {served} open tables")
    finally:
        server.terminate()
        server.wait(20)


if __name__ == "__main__":
    main()
