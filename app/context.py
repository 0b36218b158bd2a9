"""The running service's settings and database, for code outside the views."""

from flask import current_app


def settings():
    return current_app.extensions["cachette"]["config"]


def database():
    return current_app.extensions["cachette"]["db"]


def external_url(path):
    """An absolute link for mails: the configured BASE_URL and a path."""
    return settings().base_url + path
