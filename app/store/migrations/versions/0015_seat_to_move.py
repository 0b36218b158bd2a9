"""Whether a seat's person is to move, on the seat row, so that the next game waiting is one indexed query.

Revision ID: 0015
Revises: 0014
"""

import json

import sqlalchemy as sa
from alembic import op

from engine import find_game

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("seat") as table:
        table.add_column(sa.Column("to_move", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_index("ix_seat_email_to_move", "seat", ["email", "to_move"])
    connection = op.get_bind()
    games = connection.execute(sa.text("SELECT id, game, players, options, to_move FROM game WHERE status IN "
                                       "('active', 'paused')")).all()
    for game_id, name, players, options, to_move in games:
        controllers = find_game(name).seating(players, loaded(options)).controllers
        for seat in {controllers[acting] for acting in loaded(to_move)}:
            connection.execute(sa.text("UPDATE seat SET to_move = :yes WHERE game_id = :game_id AND seat = :seat"),
                               {"yes": True, "game_id": game_id, "seat": seat})


def loaded(value):
    """A JSON column's value: SQLite hands back its text."""
    return json.loads(value) if isinstance(value, str) else value


def downgrade():
    op.drop_index("ix_seat_email_to_move", "seat")
    with op.batch_alter_table("seat") as table:
        table.drop_column("to_move")
