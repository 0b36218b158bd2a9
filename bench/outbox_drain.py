"""Outbox drain: mails per second delivered to a local SMTP sink by two Celery worker processes,
against a plain smtplib loop sending the same mails from one process over one connection.

The mails are outbox rows of a real game (threading and seat lookups
included) in a fresh PostgreSQL database; the workers take them from a real
Redis broker, claim the rows, send each and mark each sent. Two ways in: a
backlog handed out by the outbox sweep (50 rows a task), and one task per
row (what a commit with a single mail queues). Target: ratio >= 0.5.

    python bench/outbox_drain.py --mails 2000
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from sqlalchemy import create_engine, select, text, update

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app, dispatch  # noqa: E402
from app.config import Config  # noqa: E402
from app.store.scratch_database import scratch_postgres  # noqa: E402
from app.store.models import MAIL_QUEUED, MAIL_SENT, Outbox  # noqa: E402
from app.play import games  # noqa: E402
from app.mail_out.mail import mail_bodies  # noqa: E402
from tests.workers.smtp_sink import free_port  # noqa: E402
from app.mail_out.mailer import SmtpSender, build_message, envelope_sender  # noqa: E402
from app.mail_out.outbox import thread_root  # noqa: E402
from workers.web import attach  # noqa: E402
from tests.conftest import confirmation_token  # noqa: E402

POSTGRES_URL = os.environ.get("CACHETTE_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("CACHETTE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
WORKERS = 2


COPY_MAIL = """
INSERT INTO outbox (message_id, recipient, kind, game_id, seat, seq, subject, context, status, attempts,
                    created_at)
SELECT :message_id, recipient, kind, game_id, seat, seq, subject, context, 'queued', 0,
       created_at - interval '1 hour'
FROM outbox WHERE id = :source
"""


def queue_mails(app, engine, count):
    """`count` outbox rows: copies of a real game's turn mail, each with its own Message-ID."""
    with app.app_context():
        game = games.create_game({"game": "quinto", "seats": [{"name": "Ann", "email": "ann@example.org"},
                                                              *[{"robot": "simple"}] * 3]})
        games.confirm_address(confirmation_token(game.creator_email))     # Ann confirms: her mail may go
    with engine.begin() as connection:
        source = connection.execute(select(Outbox.id).where(Outbox.game_id == game.id,
                                                            Outbox.kind == "invite")).scalar()
        connection.execute(text(COPY_MAIL), [{"message_id": f"<bench{n}.{uuid.uuid4().hex}@localhost>",
                                               "source": source} for n in range(count)])
        connection.execute(update(Outbox).where(Outbox.id == source).values(status=MAIL_SENT))
        return list(connection.execute(select(Outbox.id).where(Outbox.status == MAIL_QUEUED,
                                                               Outbox.kind == "invite")).scalars())


def plain_loop(app, ids):
    """The baseline: render and build each message and send it over one smtplib connection, nothing else."""
    with app.app_context():
        config = app.extensions["cachette"]["config"]
        db = app.extensions["cachette"]["db"]
        with db.reading() as session:
            rows = list(session.execute(select(Outbox).where(Outbox.id.in_(ids))).scalars())
            roots = {row.id: thread_root(session, row) for row in rows}
        sender = SmtpSender(config)
        started = time.perf_counter()
        for row in rows:
            sender.send(build_message(row, mail_bodies(row), config.mail_from, roots[row.id]),
                        envelope_sender(config.mail_from), row.recipient)
        elapsed = time.perf_counter() - started
        sender.close()
    return len(rows) / elapsed


def start_workers(env, folder):
    processes, logs = [], []
    for number in range(WORKERS):
        log = Path(folder) / f"worker{number}.log"
        with log.open("w") as output:
            processes.append(subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "workers.main", "worker", "--pool=solo", "--loglevel=INFO",
                 "--without-gossip", "--without-mingle", "-n", f"drain{number}@%h"],
                cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT))
        logs.append(log)
    deadline = time.monotonic() + 60
    while not all("ready." in log.read_text() for log in logs):
        if time.monotonic() > deadline:
            raise SystemExit("the workers did not start")
        time.sleep(0.1)
    return processes


def worker_drain(app, engine, ids, backlog):
    """Hand the rows to the workers and wait until every one is sent: through the outbox sweep
    (`backlog`), or as one task per row."""
    from workers.tasks import send_mail, sweep_outbox

    with engine.begin() as connection:
        connection.execute(update(Outbox).where(Outbox.id.in_(ids))
                           .values(status=MAIL_QUEUED, sent_at=None, claimed_at=None, attempts=0))
    started = time.perf_counter()
    with app.app_context():
        if backlog:
            sweep_outbox.delay()
        else:
            for outbox_id in ids:
                send_mail.delay([outbox_id])
    while True:
        with engine.connect() as connection:
            sent = connection.execute(text("SELECT count(*) FROM outbox WHERE status = 'sent'")).scalar()
        if sent >= len(ids) + 1:
            break
        time.sleep(0.02)
    return len(ids) / (time.perf_counter() - started)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mails", type=int, default=2000)
    args = parser.parse_args()
    port = free_port()
    sink = subprocess.Popen([sys.executable, "-m", "tests.workers.smtp_sink", str(port)], cwd=ROOT)
    try:
        with scratch_postgres(POSTGRES_URL, "cachette_bench") as url:
            drain(args.mails, url, port)
    finally:
        sink.terminate()
        sink.wait(10)


def drain(mails, url, port):
    queue = f"cachette-bench-{uuid.uuid4().hex[:8]}"
    env = dict(os.environ, DATABASE_URL=url, REDIS_URL=REDIS_URL, CELERY_QUEUE=queue, SMTP_HOST="127.0.0.1",
               SMTP_PORT=str(port), SECRET_KEY="bench", BASE_URL="http://localhost")
    processes = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            app = attach(create_app(Config.from_env(folder, env)))
            dispatch.set_dispatcher(None)
            engine = create_engine(url)
            time.sleep(0.5)
            ids = queue_mails(app, engine, mails)
            baseline = plain_loop(app, ids)
            processes = start_workers(env, folder)
            backlog = worker_drain(app, engine, ids, backlog=True)
            single = worker_drain(app, engine, ids, backlog=False)
            engine.dispose()
            app.extensions["cachette"]["db"].dispose()
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(20)
    print(f"mails: {len(ids)}")
    print(f"plain smtplib loop, 1 process, 1 connection: {baseline:8.1f} mails/s")
    print(f"outbox sweep backlog, {WORKERS} worker processes:  {backlog:8.1f} mails/s   "
          f"ratio {backlog / baseline:.2f} (target >= 0.5)")
    print(f"one task per row, {WORKERS} worker processes:      {single:8.1f} mails/s   "
          f"ratio {single / baseline:.2f}")


if __name__ == "__main__":
    main()
