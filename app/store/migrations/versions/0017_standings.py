"""Standings: a person's public handle, their rating per game, each game's rating changes, and rated games.

`rating_change` has one row per (game, address): inserting a game's rows is the guard that rates it exactly
once, however many workers or retries reach its end.

Revision ID: 0017
Revises: 0016
"""

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("game") as table:
        table.add_column(sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "handle",
        sa.Column("address", sa.String(320), primary_key=True),
        sa.Column("handle", sa.String(20), nullable=False),
        sa.Column("handle_key", sa.String(20), nullable=False),
        sa.Column("chosen_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("handle_key", name="uq_handle_key"),
    )
    op.create_table(
        "rating",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("address", sa.String(320), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("shown", sa.Integer(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("rated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("address", "game", name="uq_rating_address_game"),
    )
    op.create_index("ix_rating_game_shown", "rating", ["game", "shown"])
    op.create_table(
        "rating_change",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("address", sa.String(320), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("weight", sa.Float(), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu_after", sa.Float(), nullable=False),
        sa.Column("sigma_after", sa.Float(), nullable=False),
        sa.Column("shown_before", sa.Integer(), nullable=False),
        sa.Column("shown_after", sa.Integer(), nullable=False),
        sa.Column("rated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "address", name="uq_rating_change_game_address"),
    )
    op.create_index("ix_rating_change_address_game_rated_at", "rating_change", ["address", "game", "rated_at"])


def downgrade():
    op.drop_index("ix_rating_change_address_game_rated_at", "rating_change")
    op.drop_table("rating_change")
    op.drop_index("ix_rating_game_shown", "rating")
    op.drop_table("rating")
    op.drop_table("handle")
    with op.batch_alter_table("game") as table:
        table.drop_column("rated")
