"""Table talk on the watch page: whether a seat's person lets watchers read their messages.

Revision ID: 0014
Revises: 0013
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("seat") as table:
        table.add_column(sa.Column("talk_watched", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade():
    with op.batch_alter_table("seat") as table:
        table.drop_column("talk_watched")
