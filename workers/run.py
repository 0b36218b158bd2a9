"""`make run`: the whole service on one machine, with nothing to install.

Listens on 127.0.0.1, port 5000 or $PORT; migrations are applied on start.
Beside the web process: a private Redis (unless REDIS_URL names one), a
real Celery worker and beat, started again if they die (workers/devserver.py),
and the SMTP receiver of replies (workers/inbound.py) on 127.0.0.1, port 2525
or $INBOUND_PORT, so that a mail of the development mailbox can be answered
with any SMTP client.
Ctrl-C or SIGTERM stops them all. `make run` sets DEV_MAILBOX=1 (app/config.py).
"""

import os
import signal
import tempfile
from contextlib import ExitStack

from workers.devserver import background_workers, private_redis
from workers.inbound import start_receiver
from workers.web import attach

from app import create_app
from app.config import stop_on_config_error
from app.context import settings
from app.store.migrate import upgrade


def main():
    port = int(os.environ.get("PORT", "5000"))
    signal.signal(signal.SIGTERM, stop_on_sigterm)
    with ExitStack() as stack:
        scratch = stack.enter_context(tempfile.TemporaryDirectory(prefix="cachette-run-"))
        if not os.environ.get("REDIS_URL"):
            os.environ["REDIS_URL"] = stack.enter_context(private_redis(scratch))   # the workers inherit it
        with stop_on_config_error():
            app = attach(create_app())
        with app.app_context():
            config = settings()
        upgrade(config.database_url)
        address = f"http://127.0.0.1:{port}/"
        print(f"Cachette is running: open {address}", flush=True)
        if config.dev_mailbox:
            print(f"Mail is not sent; read it at {address}dev/mailbox", flush=True)
        print(f"The workers' broker: {config.redis_url}", flush=True)
        if config.inbound_domain:
            try:
                receiver = start_receiver(app, host="127.0.0.1")
            except OSError as error:
                raise SystemExit(f"cachette cannot start: the receiver of replies cannot listen on 127.0.0.1:"
                                 f"{config.inbound_port} ({error}); set INBOUND_PORT to a free port") from None
            stack.callback(receiver.stop)
            print(f"Replies to game mail (play+...@{config.inbound_domain}) are taken by SMTP on "
                  f"127.0.0.1:{config.inbound_port}", flush=True)
        stack.enter_context(background_workers(scratch))
        try:
            app.run(host="127.0.0.1", port=port, threaded=True, use_reloader=False)
        except KeyboardInterrupt:
            pass


def stop_on_sigterm(signum, frame):
    raise SystemExit(0)


if __name__ == "__main__":
    main()
