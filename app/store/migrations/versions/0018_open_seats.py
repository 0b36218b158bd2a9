"""Open seats: games listed for strangers to join, their requests to join, and who keeps whom out.

Revision ID: 0018
Revises: 0017
"""

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "open_game",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("game.id"), nullable=False, unique=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("creator_email", sa.String(320), nullable=False),
        sa.Column("seats_open", sa.Integer(), nullable=False),
        sa.Column("min_rating", sa.Integer(), nullable=True),
        sa.Column("max_rating", sa.Integer(), nullable=True),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_open_game_listing", "open_game", ["state", "seats_open", "id"])
    op.create_index("ix_open_game_game_listing", "open_game", ["game", "state", "seats_open", "id"])
    op.create_index("ix_open_game_state_expires_at", "open_game", ["state", "expires_at"])
    op.create_index("ix_open_game_creator_email_state", "open_game", ["creator_email", "state"])
    op.create_table(
        "open_join",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("open_game_id", sa.Integer(), sa.ForeignKey("open_game.id"), nullable=False),
        sa.Column("email", sa.String(320), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("open_game_id", "email", name="uq_open_join_game_email"),
    )
    op.create_index("ix_open_join_email_state", "open_join", ["email", "state"])
    op.create_table(
        "join_block",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("blocker", sa.String(320), nullable=False),
        sa.Column("blocked", sa.String(320), nullable=False),
        sa.Column("handle", sa.String(20), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("blocker", "blocked", name="uq_join_block"),
    )


def downgrade():
    op.drop_table("join_block")
    op.drop_index("ix_open_join_email_state", "open_join")
    op.drop_table("open_join")
    for index in ("ix_open_game_creator_email_state", "ix_open_game_state_expires_at", "ix_open_game_game_listing",
                  "ix_open_game_listing"):
        op.drop_index(index, "open_game")
    op.drop_table("open_game")
