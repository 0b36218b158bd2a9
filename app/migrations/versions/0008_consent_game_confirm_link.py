"""The confirmation link a game waited for, so that the link, once used, shows the games it started.

Revision ID: 0008_consent
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008_consent"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("game") as table:
        table.add_column(sa.Column("confirm_link", sa.Integer()))


def downgrade():
    with op.batch_alter_table("game") as table:
        table.drop_column("confirm_link")
