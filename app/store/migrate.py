"""Apply the Alembic migrations (app/store/migrations) to a database.

`python -m app.store.migrate [DATABASE_URL]` upgrades to the newest schema; the
service also calls `upgrade` on start.
"""

import sys
from pathlib import Path

from alembic import command
from alembic.config import Config as AlembicConfig

MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config(database_url):
    config = AlembicConfig()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", database_url.replace("%", "%%"))
    return config


def upgrade(database_url, revision="head"):
    command.upgrade(alembic_config(database_url), revision)


def main(argv=None):
    from app.config import database_url_from_env

    argv = sys.argv[1:] if argv is None else argv
    url = argv[0] if argv else database_url_from_env("instance")
    upgrade(url)
    print(f"migrated {url.split('@')[-1]}")


if __name__ == "__main__":
    main()
