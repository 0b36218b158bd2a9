"""The service as it runs on several machines, soaked briefly: two web processes and two workers on one
PostgreSQL and one Redis play a few games of people and robots; one worker is killed and one web process
restarted midway. No move is lost or applied twice, no mail sent twice (but the one a killed worker may have
handed to the server and not marked sent: sent again with its same Message-ID), every deadline fires once,
and every game's log replays to its summary row; replies delivered twice play once, talk is told once, and each
rated game is rated once (tests/workers/soak.py; bench/soak.py runs 200 games)."""

import pytest

from soak import Soak
from test_end_to_end import REDIS_URL, postgres_url  # noqa: F401  (a fixture)

pytestmark = [pytest.mark.slow, pytest.mark.postgres]


def test_two_web_processes_and_two_workers_survive_a_kill_and_a_restart_and_lose_or_double_nothing(tmp_path,
                                                                                                  postgres_url):
    soak = Soak(tmp_path, postgres_url, REDIS_URL, games_count=6).start()
    try:
        soak.create_games()
        soak.play(steps=16, midway=soak.faults)
        soak.settle()
        figures = soak.proofs()
    finally:
        soak.close()
    assert figures["accepted moves"] >= 12 and figures["timeouts"] >= 1, figures
    assert figures["mails"] >= 6 and figures["replies"] >= 3 and figures["rated"] >= 1 and figures["said"] >= 6, figures
