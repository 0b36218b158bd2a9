"""The WSGI entry point for production servers: `gunicorn app.wsgi:app` (settings from the environment)."""

from . import create_app

app = create_app()
