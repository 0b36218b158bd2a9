"""Alembic's environment: migrations run online against `sqlalchemy.url`."""

from alembic import context
from sqlalchemy import create_engine, pool

from app.store import models  # noqa: F401  (registers the tables on the metadata)
from sqlmodel import SQLModel

config = context.config
target_metadata = SQLModel.metadata


def run_migrations_online():
    engine = create_engine(config.get_main_option("sqlalchemy.url"), poolclass=pool.NullPool)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=connection.dialect.name == "sqlite")
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run_migrations_online()
