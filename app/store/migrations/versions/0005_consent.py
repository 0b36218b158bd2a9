"""Add the address book of consent, and the indexes that find an address's held mail and waiting games.

Addresses are kept lower-cased from now on (app.play.spec.clean_email),
so existing seats, games and unsent mail are brought in line. A creator who
once confirmed a game with other players from their mailbox (confirmed after
it was created) has shown they own the address: it starts confirmed. Every
other address is unconfirmed until its owner confirms it.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "consent",
        sa.Column("address", sa.String(320), primary_key=True),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("links_issued", sa.Integer, nullable=False),
        sa.Column("links_spent", sa.Integer, nullable=False),
        sa.Column("confirm_sent_at", sa.DateTime(timezone=True)),
        sa.Column("confirmed_at", sa.DateTime(timezone=True)),
        sa.Column("suppressed_at", sa.DateTime(timezone=True)),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.execute("UPDATE seat SET email = lower(email) WHERE email IS NOT NULL")
    op.execute("UPDATE game SET creator_email = lower(creator_email)")
    op.execute("UPDATE outbox SET recipient = lower(recipient) WHERE status IN ('queued', 'claimed', 'held')")
    op.execute("INSERT INTO consent (address, state, links_issued, links_spent, confirmed_at, created_at) "
               "SELECT creator_email, 'confirmed', 0, 0, min(confirmed_at), min(confirmed_at) FROM game "
               "WHERE confirmed_at > created_at GROUP BY creator_email")
    with op.batch_alter_table("game") as table:
        table.create_index("ix_game_creator_email_status", ["creator_email", "status"])
    with op.batch_alter_table("outbox") as table:
        table.create_index("ix_outbox_recipient_status", ["recipient", "status"])


def downgrade():
    # The older schema sends to any address: mail held for a confirmation is given up, and said so.
    op.execute("UPDATE outbox SET status = 'failed', last_error = 'held for a confirmation before a schema "
               "downgrade' WHERE status = 'unconfirmed'")
    with op.batch_alter_table("outbox") as table:
        table.drop_index("ix_outbox_recipient_status")
    with op.batch_alter_table("game") as table:
        table.drop_index("ix_game_creator_email_status")
    op.drop_table("consent")
