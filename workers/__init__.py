"""Cachette's workers: the Celery application and its tasks.

- `celery_app`: the Celery app wired to Flask, its broker and beat schedule
- `main`: the instance the `celery` command loads (`celery -A workers.main ...`)
- `web`: the web process's side: `attach(app)`, and the WSGI factory `create_app()`
- `dispatcher`: the after-commit hook that queues tasks (app/dispatch.py)
- `tasks`: thin task wrappers over the modules below
- `outbox`, `mailer`: sending the outbox over SMTP, once
- `deadlines`, `notices`: reminders, timeouts, grace after an outage, and their mails
- `digests`: the daily digest for seats that asked for one
- `devserver`: the worker and beat that `make run` starts beside the web process
"""
