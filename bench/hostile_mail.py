"""Hostile mail: what hostile mails cost the SMTP receiver of replies, and how long a genuine reply waits for its
answer while they arrive.

The real receiver (`python -m workers.inbound`, its own process) on a fresh
PostgreSQL database and Redis, a game of Ann and three robots. Sent at once,
each over its own SMTP session, `--each` mails of every hostile kind:

- 20,000 tiny MIME parts (about 1 MB) to a well-formed reply address we did not sign, from a stranger;
- the same to Ann's real reply address, from a stranger;
- the same to Ann's real reply address, From Ann (forged);
- 5,000 RCPT commands in one session;
- 10,000 blank lines and `help`, from Ann;

and meanwhile, `--genuine` times one after another, Ann's genuine reply
`help`, timed from connecting to the receiver's 250 (by then the answer is
in the outbox). Before that, each kind is sent alone, one mail after
another, and the receiver's CPU time per mail is read from /proc: a figure
that the machine's other load does not change much, where the times of the
sessions depend on it. Target: every hostile mail costs milliseconds, and
the genuine reply is answered within a second.

    python bench/hostile_mail.py --each 6 --genuine 5
"""

import argparse
import os
import smtplib
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app, dispatch  # noqa: E402
from app.config import Config  # noqa: E402
from app.context import database  # noqa: E402
from app.play.links import reply_token  # noqa: E402
from app.store.models import Game  # noqa: E402
from app.store.scratch_database import scratch_postgres  # noqa: E402
from app.play import games  # noqa: E402
from app.play.seats import seats_of  # noqa: E402
from tests.conftest import confirmation_token  # noqa: E402
from tests.workers.smtp_sink import free_port  # noqa: E402

POSTGRES_URL = os.environ.get("CACHETTE_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("CACHETTE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
DOMAIN = "cachette.test"
ANN = "ann@example.org"
STRANGER = "eve@example.net"


def mail(sender, to, body, content_type="text/plain; charset=utf-8"):
    head = (f"From: {sender}\r\nTo: {to}\r\nSubject: Re: your move\r\nMessage-ID: <{time.monotonic_ns()}"
            f".{threading.get_ident()}@example.net>\r\nMIME-Version: 1.0\r\nContent-Type: {content_type}\r\n\r\n")
    return on_the_wire((head + body).encode())


def on_the_wire(mail_bytes):
    """A mail as DATA sends it: lines ending in CRLF, a leading dot doubled, the end mark."""
    return smtplib.quotedata(mail_bytes.decode("ascii")).encode("ascii") + b"\r\n.\r\n"


def many_parts(sender, to, count=20_000):
    body = "".join("--b\r\nContent-Type: text/plain\r\n\r\nhelp\r\n" for _ in range(count)) + "--b--\r\n"
    return mail(sender, to, body, "multipart/mixed; boundary=b")


def session(port, sender, recipients, data):
    """One SMTP session; (seconds from connecting to the last answer, the last answer's code and text). `data`
    is sent as it is, made ready for DATA by `on_the_wire` (so that the client's work is not timed)."""
    started = time.perf_counter()
    with smtplib.SMTP("127.0.0.1", port, timeout=600) as server:
        server.ehlo()
        server.mail(sender)
        answers = []
        for recipient in recipients:
            answers.append(server.rcpt(recipient))
            if answers[-1][0] == 421:          # the server closed the session
                return time.perf_counter() - started, f"421 {answers[-1][1].decode()[:60]}"
        if any(code == 250 for code, _ in answers) and data is not None:
            server.putcmd("data")
            if server.getreply()[0] == 354:
                server.send(data)
                answers.append(server.getreply())
    code, text = answers[-1]
    return time.perf_counter() - started, f"{code} {text.decode()[:60]}"


def cpu_seconds(pid):
    """A process's CPU time so far (user and system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def set_up(folder, env):
    """A game of Ann and three robots, confirmed; Ann's reply address, and a well-formed one we did not sign."""
    app = create_app(Config.from_env(folder, env))
    dispatch.set_dispatcher(None)
    with app.app_context():
        game = games.create_game({"game": "quinto", "seats": [{"name": "Ann", "email": ANN},
                                                              *[{"robot": "random"}] * 3]})
        games.confirm_address(confirmation_token(ANN))
        with database().reading() as db:
            seat = seats_of(db, game.id)[0]
            seq = db.get(Game, game.id).seq
        keys = app.extensions["cachette"]["config"].signing_keys
        own = f"play+{reply_token(keys, seat, seq)}@{DOMAIN}"
        stranger_key = ["not our key"]
        unsigned = f"play+{reply_token(stranger_key, SimpleNamespace(game_id=game.id, seat=0, link_version=1), seq)}"
        unsigned += f"@{DOMAIN}"
    app.extensions["cachette"]["db"].dispose()
    return own, unsigned


def start_receiver(env, folder):
    port = free_port()
    log = Path(folder) / "inbound.log"
    with log.open("w") as output:
        process = subprocess.Popen([sys.executable, "-m", "workers.inbound"], cwd=ROOT,
                                   env=dict(env, INBOUND_PORT=str(port)), stdout=output, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while "Taking replies" not in log.read_text():
        if time.monotonic() > deadline or process.poll() is not None:
            raise SystemExit("the receiver did not start:\n" + log.read_text())
        time.sleep(0.05)
    return process, port


def run(each, genuine, url):
    env = dict(os.environ, DATABASE_URL=url, REDIS_URL=REDIS_URL, SMTP_HOST="127.0.0.1", SECRET_KEY="bench",
               BASE_URL="http://localhost", INBOUND_DOMAIN=DOMAIN, LIMIT_REPLIES_PER_SEAT="100000 per hour",
               CELERY_QUEUE=f"cachette-bench-{os.getpid()}")
    with tempfile.TemporaryDirectory() as folder:
        own, unsigned = set_up(folder, env)
        kinds = {
            "20,000 parts to an unsigned address, from a stranger": (STRANGER, [unsigned],
                                                                     many_parts(STRANGER, unsigned)),
            "20,000 parts to Ann's address, from a stranger": (STRANGER, [own], many_parts(STRANGER, own)),
            "20,000 parts to Ann's address, From Ann (forged)": (STRANGER, [own], many_parts(ANN, own)),
            "5,000 RCPT commands in one session": (STRANGER, [own] * 5000, None),
            "10,000 blank lines and help, from Ann": (ANN, [own], mail(ANN, own, "\r\n" * 10_000 + "help\r\n")),
        }
        process, port = start_receiver(env, folder)
        alone = {}
        for kind, (sender, recipients, data) in kinds.items():
            before = cpu_seconds(process.pid)
            for _ in range(each):
                session(port, sender, recipients, data)
            alone[kind] = (cpu_seconds(process.pid) - before) / each
        results = {kind: [] for kind in kinds}
        latencies = []

        def hostile(kind):
            results[kind].append(session(port, *kinds[kind]))

        def genuine_replies():
            time.sleep(0.3)         # the hostile sessions are under way
            for _ in range(genuine):
                latencies.append(session(port, ANN, [own], mail(ANN, own, "help\r\n")))

        threads = [threading.Thread(target=hostile, args=(kind,)) for kind in kinds for _ in range(each)]
        threads.append(threading.Thread(target=genuine_replies))
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        total = time.perf_counter() - started
        process.terminate()
        process.wait(20)
    print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"hostile mails, {each} of each kind sent alone one after another: the receiver's CPU time per mail")
    for kind, seconds in alone.items():
        print(f"  {kind:55s} {seconds * 1000:7.1f} ms   answer: {results[kind][0][1]}")
    print(f"the same, {each} of each kind sent at once: all done in {total:.2f} s; each session's time")
    for kind, timings in results.items():
        seconds = [elapsed for elapsed, _ in timings]
        print(f"  {kind:55s} mean {statistics.mean(seconds) * 1000:7.1f} ms, max {max(seconds) * 1000:7.1f} ms")
    seconds = [elapsed for elapsed, _ in latencies]
    print(f"genuine reply `help` from Ann, {genuine} times meanwhile: answered in median "
          f"{statistics.median(seconds) * 1000:.1f} ms, max {max(seconds) * 1000:.1f} ms (target < 1000 ms)   "
          f"answer: {latencies[0][1]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--each", type=int, default=6, help="hostile mails of each kind")
    parser.add_argument("--genuine", type=int, default=5, help="genuine replies sent meanwhile, one after another")
    args = parser.parse_args()
    with scratch_postgres(POSTGRES_URL, "cachette_bench") as url:
        run(args.each, args.genuine, url)


if __name__ == "__main__":
    main()
