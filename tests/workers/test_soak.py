"""The service as it runs on several machines, soaked briefly: two web processes and two workers on one
PostgreSQL and one Redis play a few games of people and robots; one worker is killed and one web process
restarted midway. No move is lost or applied twice, no mail sent twice, every deadline fires once, and every
game's log replays to its summary row (tests/workers/soak.py; bench/soak.py runs 200 games)."""

import os

import pytest
from sqlalchemy import create_engine, text

from soak import Soak

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

REDIS_URL = os.environ.get("CACHETTE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


@pytest.fixture
def postgres_url(postgres_database):
    engine = create_engine(postgres_database)
    with engine.begin() as connection:
        connection.execute(text("TRUNCATE outbox, event, seat, game, heartbeat, consent RESTART IDENTITY CASCADE"))
    engine.dispose()
    return postgres_database


def test_two_web_processes_and_two_workers_survive_a_kill_and_a_restart_and_lose_or_double_nothing(tmp_path,
                                                                                                  postgres_url):
    soak = Soak(tmp_path, postgres_url, REDIS_URL, games_count=6).start()
    try:
        soak.create_games()

        def faults():
            soak.workers[0].kill()          # the worker with the beat: the other carries on, then it is back
            soak.webs[1].stop()
            soak.webs[1].start()
            soak.workers[0].start()

        soak.play(steps=16, midway=faults)
        soak.settle()
        figures = soak.proofs()
    finally:
        soak.close()
    assert figures["accepted moves"] >= 12 and figures["timeouts"] >= 1, figures
    assert figures["mails"] >= 6, figures
