"""Serving an app from this process on a free loopback port: for the gallery and the browser tests."""

import socket
import threading
from contextlib import contextmanager

from werkzeug.serving import make_server


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def served(app, port):
    """`app` on a threaded werkzeug server on loopback `port`, for as long as the block runs."""
    server = make_server("127.0.0.1", port, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield
    finally:
        server.shutdown()
        thread.join()
