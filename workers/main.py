"""The Celery instance the `celery` command loads: `celery -A workers.main worker` (or `beat`).

It builds the Flask app from the environment (app.config) and installs the
Celery dispatcher, so that work a task commits (a robot's move causing mail)
is queued like work a web request commits.
"""

from app import create_app

from .celery_app import celery_init_app
from .dispatcher import install

flask_app = create_app()
celery = celery_init_app(flask_app)
install(flask_app)
