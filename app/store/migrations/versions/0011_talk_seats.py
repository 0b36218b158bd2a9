"""Table talk, per seat: whether each message is mailed to it, and whose messages it hides.

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("seat") as table:
        table.add_column(sa.Column("talk_mail", sa.Boolean(), nullable=False, server_default=sa.false()))
        table.add_column(sa.Column("talk_hidden", sa.JSON(), nullable=False, server_default="[]"))


def downgrade():
    with op.batch_alter_table("seat") as table:
        table.drop_column("talk_hidden")
        table.drop_column("talk_mail")
