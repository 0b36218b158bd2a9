"""Cachette's processes other than the web app's own code: entry points and their wiring, nothing of the work.

The work itself (sending mail, collecting replies, deadlines) lives in app/; these modules start it. They may
import app/; nothing in app/ imports them (tests/test_architecture.py).

- `inbound`: the SMTP receiver of replies (`python -m workers.inbound`)
- `run`: `make run`, the whole service on one machine
- `redis_transport`: kombu's Redis transport with one publishing client per connection pool

- `celery_app`: the Celery app wired to Flask, its broker and beat schedule
- `main`: the instance the `celery` command loads (`celery -A workers.main ...`)
- `web`: the web process's side: `attach(app)`, and the WSGI factory `create_app()`
- `gunicorn_conf`: gunicorn's settings file, which checks the settings before any worker starts
- `dispatcher`: the after-commit hook that queues tasks (app/dispatch.py)
- `tasks`: thin task wrappers over the app (`app.play.deadlines`, `app.mail_out.digests`, `app.mail_out.outbox`,
  `app.mail_in.imap_poll`)
- `devserver`: the private Redis, worker and beat that `make run` starts beside the web process
"""
