"""Add what the workers need: reminder times, seat mail preferences and vacations, mail back-off, heartbeats.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("game") as table:
        table.add_column(sa.Column("remind_at", sa.DateTime(timezone=True)))
        table.create_index("ix_game_remind_at", ["remind_at"])
    with op.batch_alter_table("seat") as table:
        table.add_column(sa.Column("mail_preference", sa.String(16), nullable=False, server_default="each"))
        table.add_column(sa.Column("auto_forced", sa.Boolean, nullable=False, server_default=sa.false()))
        table.add_column(sa.Column("away_until", sa.DateTime(timezone=True)))
        table.add_column(sa.Column("vacation_days_used", sa.Integer, nullable=False, server_default="0"))
    with op.batch_alter_table("outbox") as table:
        table.add_column(sa.Column("next_attempt_at", sa.DateTime(timezone=True)))
        table.create_index("ix_outbox_game_recipient", ["game_id", "recipient"])
    op.create_table(
        "heartbeat",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("beat_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade():
    op.drop_table("heartbeat")
    with op.batch_alter_table("outbox") as table:
        table.drop_index("ix_outbox_game_recipient")
        table.drop_column("next_attempt_at")
    with op.batch_alter_table("seat") as table:
        table.drop_column("vacation_days_used")
        table.drop_column("away_until")
        table.drop_column("auto_forced")
        table.drop_column("mail_preference")
    with op.batch_alter_table("game") as table:
        table.drop_index("ix_game_remind_at")
        table.drop_column("remind_at")
