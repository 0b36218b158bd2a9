"""gunicorn's settings file for the `web` process (the Procfile passes `--config python:workers.gunicorn_conf`).

Its hook checks the settings in gunicorn's master before any worker starts:
a production start with a setting missing stops at once with one line,
rather than with a traceback from every worker.
"""

from app import INSTANCE_PATH
from app.config import Config, stop_on_config_error


def on_starting(server):
    with stop_on_config_error():
        Config.from_env(str(INSTANCE_PATH))
