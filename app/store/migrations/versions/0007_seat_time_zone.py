"""A seat's time zone, in which its deadlines are told (none: UTC, said so).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("seat") as table:
        table.add_column(sa.Column("time_zone", sa.String(64)))


def downgrade():
    with op.batch_alter_table("seat") as table:
        table.drop_column("time_zone")
