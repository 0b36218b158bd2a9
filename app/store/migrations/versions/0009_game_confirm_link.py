"""The confirmation link a game waited for, so that the link, once used, shows the games it started.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("game") as table:
        table.add_column(sa.Column("confirm_link", sa.Integer()))


def downgrade():
    with op.batch_alter_table("game") as table:
        table.drop_column("confirm_link")
