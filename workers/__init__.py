"""Cachette's workers: the Celery application and its tasks.

- `celery_app`: the Celery app wired to Flask, its broker and schedule
- `main`: the instance the `celery` command loads (`celery -A workers.main ...`)
- `dispatcher`: the after-commit hook that queues tasks (app/dispatch.py)
- `tasks`: thin task wrappers over the modules below
- `outbox`, `mailer`: sending the outbox over SMTP, once
- `deadlines`: reminders, timeouts, grace after an outage
- `digests`: the daily digest for seats that asked for one
- `devserver`: `make run`, the web process with a worker and beat beside it
"""
