"""New seats are mailed about their turn only when they are not at their table.

Seats already playing keep the preference they have: one still at the old
default may have chosen it.

Revision ID: 0006
Revises: 0005
"""

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("seat") as table:
        table.alter_column("mail_preference", server_default="away")


def downgrade():
    with op.batch_alter_table("seat") as table:
        table.alter_column("mail_preference", server_default="each")
