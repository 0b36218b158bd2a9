"""The Celery instance the `celery` command loads: `celery -A workers.main worker` (or `beat`).

It builds the Flask app from the environment (app.config) and attaches it
like the web process, so that work a task commits (a robot's move causing
mail) is queued like work a web request commits. Settings it cannot start
with end the process with one line (app.config).
"""

from app.config import stop_on_config_error

from workers.web import create_app

with stop_on_config_error():
    flask_app = create_app()
celery = flask_app.extensions["celery"]
