"""Time per request with Redis fine, paused (SIGSTOP) and silent (a listener that never answers).

The production web process (gunicorn as the Procfile starts it, 3 processes of 8 threads) and the SMTP
receiver, on a fresh PostgreSQL database, with 30 open tables polling every 0.2 s: a move, a talk message,
a new link, the table page, the home page and a reply by mail, each timed once, and every poll meanwhile.

    .venv/bin/python bench/hung_redis.py

Uses a fresh database on the server at CACHETTE_TEST_POSTGRES_URL (dropped afterwards) and redis-servers of
its own on free loopback ports.
"""

import os
import signal
import statistics
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "tests", ROOT / "tests" / "workers"):
    sys.path.insert(0, str(folder))

from app import create_app, dispatch  # noqa: E402
from app.config import Config  # noqa: E402
from app.store.scratch_database import scratch_postgres  # noqa: E402
from workers.inbound import start_receiver  # noqa: E402
from workers.web import attach  # noqa: E402

from live import RedisServer, WebProcess  # noqa: E402
from smtp_sink import free_port  # noqa: E402
from test_hung_redis import PEOPLE, POLLERS, SilentRedis, Web, json_of, reply_by_mail  # noqa: E402
from worker_helpers import csrf_from, start_confirmed, token_for  # noqa: E402

SERVER = os.environ.get("CACHETTE_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def measure(mode, database_url, folder):
    server = silent = None
    if mode == "silent":
        silent = SilentRedis()
        url = silent.url
    else:
        server = RedisServer(free_port(), folder).start()
        url = server.url
    port, inbound_port = free_port(), free_port()
    env = dict(os.environ, DATABASE_URL=database_url, REDIS_URL=url, CELERY_QUEUE=f"bench-{uuid.uuid4().hex[:8]}",
               SECRET_KEY="bench-secret", BASE_URL="http://localhost", INBOUND_DOMAIN="cachette.test",
               INBOUND_PORT=str(inbound_port), SMTP_HOST="127.0.0.1", SMTP_PORT=str(free_port()),
               LIMIT_TALK_PER_SEAT="1000 per hour", LIMIT_LINKS_PER_CLIENT="1000 per hour",
               LIMIT_LINKS_PER_ADDRESS="1000 per hour")
    application = attach(create_app(Config.from_env(str(folder), env)))
    web = WebProcess(env, folder, port, workers=3).start()
    receiver = start_receiver(application, host="127.0.0.1", port=inbound_port)
    stop, polls = threading.Event(), []
    try:
        with application.app_context():
            game = start_confirmed(PEOPLE)
            tokens = [token_for(game.id, seat) for seat in range(4)]
        browser = Web(port)
        for token in tokens * 2:
            browser.ask("GET", f"/s/{token}")
            browser.ask("GET", f"/api/seats/{token}/position")
        if mode == "paused":
            os.kill(server.process.pid, signal.SIGSTOP)

        def poll_table(token):
            while not stop.is_set():
                polls.append(Web(port).ask("GET", f"/api/seats/{token}/position")[1])
                time.sleep(0.2)

        pollers = [threading.Thread(target=poll_table, args=(tokens[n % 4],)) for n in range(POLLERS)]
        for poller in pollers:
            poller.start()
        time.sleep(2)
        times = {}
        mover = next(token for token in tokens if json_of(browser, token)["view"]["legal"])
        seat = json_of(browser, mover)
        times["move"] = browser.json("POST", f"/api/seats/{mover}/moves",
                                     {"move": seat["view"]["legal"][0], "seq": seat["seq"]})[1]
        times["talk"] = browser.json("POST", f"/api/seats/{mover}/messages", {"text": "Hello all"})[1]
        status, times["table"], page = browser.ask("GET", f"/s/{tokens[0]}")
        times["home"] = browser.ask("GET", "/")[1]
        times["reply"] = reply_by_mail(application, browser, tokens, inbound_port)
        status, times["new link"], _ = browser.form(f"/s/{tokens[0]}/new-link",
                                                    {"csrf_token": csrf_from(page), "replace": "yes"})
        stop.set()
        for poller in pollers:
            poller.join(60)
        words = "  ".join(f"{name} {seconds * 1000:6.0f} ms" for name, seconds in times.items())
        print(f"Redis {mode:6}: {words}  (new link answered {status})")
        print(f"              {len(polls)} polls: median {statistics.median(polls) * 1000:.0f} ms, "
              f"slowest {max(polls) * 1000:.0f} ms")
    finally:
        stop.set()
        receiver.stop()
        web.stop()
        dispatch.set_dispatcher(None)
        application.extensions["cachette"]["db"].dispose()
        if server is not None:
            os.kill(server.process.pid, signal.SIGCONT)
            server.stop()
        if silent is not None:
            silent.close()


def main():
    for mode in ("fine", "paused", "silent"):
        with scratch_postgres(SERVER, "cachette_bench") as database_url, tempfile.TemporaryDirectory() as folder:
            measure(mode, database_url, Path(folder))


if __name__ == "__main__":
    main()
