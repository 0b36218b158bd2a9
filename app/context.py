"""The running service's settings and database, for code outside the views."""

from flask import current_app


def settings():
    return current_app.extensions["cachette"]["config"]


def database():
    return current_app.extensions["cachette"]["db"]


def external_url(path):
    """An absolute link for mails: the configured BASE_URL and a path."""
    return settings().base_url + path


def shared_store(name, in_redis, in_memory):
    """This app's store called `name`: `in_redis(REDIS_URL)`, seen by every process, when REDIS_URL is set, else
    `in_memory()` (development and tests, where the web and the workers share a process). Made once."""
    extensions = current_app.extensions
    if name not in extensions:
        url = settings().redis_url
        extensions[name] = in_redis(url) if url else in_memory()
    return extensions[name]
