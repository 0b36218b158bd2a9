"""An index on the outbox by (game, seat, status): each move drops its seats' unsent turn mails, and the
(game, recipient) index read every row of a game whose seats share one address.

Revision ID: 0019
Revises: 0018
"""

from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade():
    op.create_index("ix_outbox_game_seat_status", "outbox", ["game_id", "seat", "status"])


def downgrade():
    op.drop_index("ix_outbox_game_seat_status", table_name="outbox")
