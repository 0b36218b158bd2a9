"""Replies by mail taken, by seat and Message-ID, so that a mail delivered twice is acted on once.

Revision ID: 0016
Revises: 0015
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "reply_taken",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("message_id", sa.String(256), nullable=False),
        sa.Column("what", sa.String(16), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.Column("taken_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "seat", "message_id", name="uq_reply_taken"),
    )


def downgrade():
    op.drop_table("reply_taken")
