"""Keep a mail's template context in the outbox and render it when the mail is sent.

Rows queued before this revision keep their rendered bodies (and no
context); rows queued after it have a context and no bodies.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("outbox") as table:
        table.add_column(sa.Column("context", sa.JSON))
        table.alter_column("text_body", existing_type=sa.Text, nullable=True)
        table.alter_column("html_body", existing_type=sa.Text, nullable=True)


def downgrade():
    # The older schema cannot render a context: such mails not yet sent are given up, and said so.
    op.execute("UPDATE outbox SET status = 'failed', last_error = 'not rendered before a schema downgrade' "
               "WHERE text_body IS NULL AND status NOT IN ('sent', 'digested', 'suppressed')")
    op.execute("UPDATE outbox SET text_body = '', html_body = '' WHERE text_body IS NULL")
    with op.batch_alter_table("outbox") as table:
        table.alter_column("html_body", existing_type=sa.Text, nullable=False)
        table.alter_column("text_body", existing_type=sa.Text, nullable=False)
        table.drop_column("context")
