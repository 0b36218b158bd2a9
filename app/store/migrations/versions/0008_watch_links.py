"""Watch links: a game may be opened to watchers by a signed link that its creator (or any player, as the
creator chose) makes and revokes.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("game") as table:
        table.add_column(sa.Column("watch_version", sa.Integer(), nullable=False, server_default="0"))
        table.add_column(sa.Column("watch_open", sa.Boolean(), nullable=False, server_default=sa.false()))
        table.add_column(sa.Column("watch_by_players", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade():
    with op.batch_alter_table("game") as table:
        table.drop_column("watch_by_players")
        table.drop_column("watch_open")
        table.drop_column("watch_version")
