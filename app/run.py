"""`make run`: the whole service on embedded defaults (SQLite, the dev mailbox, robots in threads).

Listens on 127.0.0.1, port 5000 or $PORT; migrations are applied on start.
"""

import os

from . import create_app, dispatch
from .context import settings
from .migrate import upgrade


def main():
    port = int(os.environ.get("PORT", "5000"))
    app = create_app()
    with app.app_context():
        config = settings()
    upgrade(config.database_url)
    dispatch.set_dispatcher(dispatch.RobotThreads(app))
    address = f"http://127.0.0.1:{port}/"
    print(f"Cachette is running: open {address}", flush=True)
    if config.dev_mailbox:
        print(f"Mail is not sent; read it at {address}dev/mailbox", flush=True)
    app.run(host="127.0.0.1", port=port, threaded=True, use_reloader=False)


if __name__ == "__main__":
    main()
