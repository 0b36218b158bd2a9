"""Create games, seats, the event log and the mail outbox.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "game",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("creator_email", sa.String(320), nullable=False),
        sa.Column("move_time", sa.Integer, nullable=False),
        sa.Column("timeout_policy", sa.String(16), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("awaiting", sa.String(16)),
        sa.Column("to_move", sa.JSON, nullable=False),
        sa.Column("scores", sa.JSON, nullable=False),
        sa.Column("winner", sa.Integer),
        sa.Column("due_at", sa.DateTime(timezone=True)),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("confirmed_at", sa.DateTime(timezone=True)),
        sa.Column("finished_at", sa.DateTime(timezone=True)),
    )
    op.create_index("ix_game_due_at", "game", ["due_at"])
    op.create_table(
        "seat",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("email", sa.String(320)),
        sa.Column("robot", sa.String(32)),
        sa.Column("link_version", sa.Integer, nullable=False),
        sa.UniqueConstraint("game_id", "seat", name="uq_seat_game_seat"),
    )
    op.create_index("ix_seat_email", "seat", ["email"])
    op.create_table(
        "event",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "seq", name="uq_event_game_seq"),
    )
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("message_id", sa.String(200), nullable=False, unique=True),
        sa.Column("recipient", sa.String(320), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("game.id")),
        sa.Column("seat", sa.Integer),
        sa.Column("seq", sa.Integer),
        sa.Column("subject", sa.String(300), nullable=False),
        sa.Column("text_body", sa.Text, nullable=False),
        sa.Column("html_body", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("claimed_at", sa.DateTime(timezone=True)),
        sa.Column("sent_at", sa.DateTime(timezone=True)),
        sa.Column("last_error", sa.Text),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_outbox_status", "outbox", ["status"])


def downgrade():
    op.drop_table("outbox")
    op.drop_table("event")
    op.drop_table("seat")
    op.drop_table("game")
