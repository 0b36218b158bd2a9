"""Settings fail closed: a production start needs its secrets and its mail server, development is asked
for (DEV_MAILBOX=1), and processes starting together agree on one whole development key."""

import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app import create_app
from app.config import Config, ConfigError

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {"SECRET_KEY": "a-production-key", "SMTP_HOST": "smtp.example.org", "REDIS_URL": "redis://127.0.0.1:1/0"}
START_WAIT = 60
ROUNDS, PROCESSES = 20, 8


def procfile():
    lines = (ROOT / "Procfile").read_text().splitlines()
    return dict(line.split(": ", 1) for line in lines if line.strip())


def start_from_procfile(name, tmp_path, **settings):
    """Run one Procfile process as a platform would, with only `settings` among Cachette's variables;
    returns (exit status, stderr) once it exits."""
    env = {name: value for name, value in os.environ.items()
           if name not in ("SECRET_KEY", "SMTP_HOST", "REDIS_URL", "DEV_MAILBOX", "DATABASE_URL")}
    env.update(settings, PORT="0", DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite'}",
               PATH=f"{Path(sys.executable).parent}:{env['PATH']}")
    process = subprocess.run(["bash", "-c", "exec " + procfile()[name]], cwd=ROOT, env=env, capture_output=True,
                             text=True, timeout=START_WAIT)
    return process.returncode, process.stderr


@pytest.mark.parametrize("name", ["web", "worker", "beat"])
def test_a_production_start_without_a_secret_key_exits_with_one_line(tmp_path, name):
    status, stderr = start_from_procfile(name, tmp_path, SMTP_HOST="smtp.example.org", REDIS_URL="redis://x:1/0")
    assert status != 0
    assert "Traceback" not in stderr
    assert stderr.strip().splitlines()[-1] == "cachette cannot start: SECRET_KEY must be set " \
                                               "(DEV_MAILBOX=1 is for development only)"


@pytest.mark.parametrize("settings, named", [
    ({**PRODUCTION, "SECRET_KEY": ""}, "SECRET_KEY"),
    ({**PRODUCTION, "SECRET_KEY": "  "}, "SECRET_KEY"),
    ({"SECRET_KEY": "k", "REDIS_URL": "redis://x:1/0"}, "SMTP_HOST"),
    ({"SECRET_KEY": "k", "SMTP_HOST": "smtp.example.org"}, "REDIS_URL"),
])
def test_the_web_process_refuses_an_empty_key_or_a_missing_mail_server_or_broker(tmp_path, settings, named):
    status, stderr = start_from_procfile("web", tmp_path, **settings)
    assert status != 0 and "Traceback" not in stderr
    assert stderr.strip().splitlines()[-1] == f"cachette cannot start: {named} must be set " \
                                               "(DEV_MAILBOX=1 is for development only)"


def test_production_settings_have_no_mailbox_and_no_key_file(tmp_path):
    config = Config.from_env(str(tmp_path), PRODUCTION)
    assert config.dev_mailbox is False and config.secret_key == "a-production-key"
    assert not (tmp_path / "secret_key").exists()


def test_without_dev_mailbox_a_missing_smtp_host_is_refused_not_taken_for_development(tmp_path):
    with pytest.raises(ConfigError, match="SMTP_HOST must be set"):
        Config.from_env(str(tmp_path), {key: value for key, value in PRODUCTION.items() if key != "SMTP_HOST"})


def test_the_mailbox_is_on_only_when_asked_for(tmp_path, database_url):
    for settings, mailbox in (({**PRODUCTION}, 404), ({**PRODUCTION, "DEV_MAILBOX": "1"}, 200),
                              ({"DEV_MAILBOX": "1"}, 200)):
        application = create_app(Config.from_env(str(tmp_path), {**settings, "DATABASE_URL": database_url}))
        client = application.test_client()
        assert client.get("/dev/mailbox").status_code == mailbox
        assert client.get("/dev/mailbox.json").status_code == mailbox
        assert (b'href="/dev/mailbox"' in client.get("/").data) == (mailbox == 200)
        application.extensions["cachette"]["db"].dispose()


def test_development_without_a_key_keeps_one_in_the_instance_folder(tmp_path):
    first = Config.from_env(str(tmp_path), {"DEV_MAILBOX": "1", "SECRET_KEY": ""})
    again = Config.from_env(str(tmp_path), {"DEV_MAILBOX": "1"})
    assert len(first.secret_key) >= 32 and again.secret_key == first.secret_key
    assert (tmp_path / "secret_key").read_text() == first.secret_key
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600
    assert [path.name for path in tmp_path.iterdir()] == ["secret_key"]     # no temporary file left behind


def test_an_empty_key_file_is_refused_not_used(tmp_path):
    (tmp_path / "secret_key").write_text("")
    with pytest.raises(ConfigError, match="is empty: delete it"):
        Config.from_env(str(tmp_path), {"DEV_MAILBOX": "1"})


def read_key_at_once(folder, barrier, keys):
    barrier.wait()
    try:
        keys.put(Config.from_env(folder, {"DEV_MAILBOX": "1"}).secret_key)
    except ConfigError as error:
        keys.put(f"refused: {error}")


def test_processes_starting_together_all_get_the_same_whole_key(tmp_path):
    """Each round, processes released at once look for the key file in a fresh folder."""
    context = multiprocessing.get_context("fork")
    for round_number in range(ROUNDS):
        folder = tmp_path / str(round_number)
        folder.mkdir()
        barrier, keys = context.Barrier(PROCESSES), context.Queue()
        processes = [context.Process(target=read_key_at_once, args=(str(folder), barrier, keys))
                     for _ in range(PROCESSES)]
        for process in processes:
            process.start()
        got = [keys.get(timeout=START_WAIT) for _ in processes]
        for process in processes:
            process.join(START_WAIT)
        assert len(set(got)) == 1 and len(got[0]) >= 32, f"round {round_number}: {got}"
        assert got[0] == (folder / "secret_key").read_text()
