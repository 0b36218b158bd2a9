"""Leaving a game: how a seat's person left, how a game ended outside its rules, and questions to the table.

Revision ID: 0013
Revises: 0012
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("seat", sa.Column("left", sa.String(16), nullable=True))
    op.add_column("game", sa.Column("ending", sa.JSON(), nullable=True))
    op.create_table(
        "leave_request",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("agreed", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_leave_request_game_id", "leave_request", ["game_id"])


def downgrade():
    op.drop_index("ix_leave_request_game_id", "leave_request")
    op.drop_table("leave_request")
    with op.batch_alter_table("game") as table:
        table.drop_column("ending")
    with op.batch_alter_table("seat") as table:
        table.drop_column("left")
