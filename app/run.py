"""`make run`: the whole service on embedded defaults (SQLite, the dev mailbox, the filesystem broker).

Listens on 127.0.0.1, port 5000 or $PORT; migrations are applied on start.
A real Celery worker and beat run beside the web process (workers/devserver.py);
Ctrl-C stops all three.
"""

import os

from workers.devserver import background_workers
from workers.web import attach

from . import create_app
from .context import settings
from .migrate import upgrade


def main():
    port = int(os.environ.get("PORT", "5000"))
    app = attach(create_app())
    with app.app_context():
        config = settings()
    upgrade(config.database_url)
    address = f"http://127.0.0.1:{port}/"
    print(f"Cachette is running: open {address}", flush=True)
    if config.dev_mailbox:
        print(f"Mail is not sent; read it at {address}dev/mailbox", flush=True)
    with background_workers(config):
        try:
            app.run(host="127.0.0.1", port=port, threaded=True, use_reloader=False)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
