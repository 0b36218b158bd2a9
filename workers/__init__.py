"""Cachette's workers: the Celery application and its tasks.

- `celery_app`: the Celery app wired to Flask, its broker and beat schedule
- `main`: the instance the `celery` command loads (`celery -A workers.main ...`)
- `web`: the web process's side: `attach(app)`, and the WSGI factory `create_app()`
- `gunicorn_conf`: gunicorn's settings file, which checks the settings before any worker starts
- `dispatcher`: the after-commit hook that queues tasks (app/dispatch.py)
- `tasks`: thin task wrappers over the service (`app.services.deadlines`, `app.services.digests`) and the modules below
- `outbox`, `mailer`: sending the outbox over SMTP, once
- `devserver`: the private Redis, worker and beat that `make run` starts beside the web process
"""
