"""Rematch offers and their answers: a finished game offered again, and the series it makes.

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "rematch",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("game.id"), nullable=False, unique=True),
        sa.Column("series_id", sa.String(32), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("offered_by", sa.Integer(), nullable=False),
        sa.Column("new_game_id", sa.String(32), sa.ForeignKey("game.id"), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_rematch_series_id", "rematch", ["series_id"])
    op.create_index("ix_rematch_new_game_id", "rematch", ["new_game_id"])
    op.create_table(
        "rematch_answer",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("rematch_id", sa.Integer(), sa.ForeignKey("rematch.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("answer", sa.String(8), nullable=False),
        sa.Column("stand_in_name", sa.String(80), nullable=True),
        sa.Column("stand_in_email", sa.String(320), nullable=True),
        sa.Column("stand_in_robot", sa.String(32), nullable=True),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("rematch_id", "seat", name="uq_rematch_answer_seat"),
    )


def downgrade():
    op.drop_table("rematch_answer")
    op.drop_index("ix_rematch_new_game_id", "rematch")
    op.drop_index("ix_rematch_series_id", "rematch")
    op.drop_table("rematch")
