"""Index the outbox by (game, recipient, id), so finding a mail thread's first message reads one entry.

Revision ID: 0003
Revises: 0002
"""

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("outbox") as table:
        table.drop_index("ix_outbox_game_recipient")
        table.create_index("ix_outbox_game_recipient_id", ["game_id", "recipient", "id"])


def downgrade():
    with op.batch_alter_table("outbox") as table:
        table.drop_index("ix_outbox_game_recipient_id")
        table.create_index("ix_outbox_game_recipient", ["game_id", "recipient"])
