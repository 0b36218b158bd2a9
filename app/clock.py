"""The service's clock: aware UTC datetimes."""

from datetime import UTC, datetime


def utcnow():
    return datetime.now(UTC)
