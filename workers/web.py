"""The web process's link to the workers: its Celery app and the after-commit dispatcher.

`gunicorn 'workers.web:create_app()'` serves the site with work going to the
workers; `make run` (workers/run.py) attaches the same way.
"""

import app

from workers.celery_app import celery_init_app
from workers.dispatcher import install


def attach(flask_app):
    """Give `flask_app` its Celery app and make its committed work go to the Celery tasks."""
    celery_init_app(flask_app)
    install(flask_app)
    return flask_app


def create_app():
    return attach(app.create_app())
