"""One module per game; importing this package registers them all."""

from . import quinto  # noqa: F401
