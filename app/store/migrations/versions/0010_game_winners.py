"""A finished game's winning sides: several when they share first place, none when nobody won.

`winner` holds one side or nothing, so a tie read as "nobody won" wherever the row alone was read ("My
games", the API). Finished games get their winners from their logs, replayed once here.

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

from engine import EngineError, replay

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

GAMES = sa.table("game", sa.column("id", sa.String), sa.column("status", sa.String),
                 sa.column("winner", sa.Integer), sa.column("winners", sa.JSON))
EVENTS = sa.table("event", sa.column("game_id", sa.String), sa.column("seq", sa.Integer),
                  sa.column("data", sa.JSON))


def upgrade():
    with op.batch_alter_table("game") as table:
        table.add_column(sa.Column("winners", sa.JSON))
    connection = op.get_bind()
    finished = connection.execute(sa.select(GAMES.c.id, GAMES.c.winner).where(GAMES.c.status == "over")).all()
    for game_id, winner in finished:
        connection.execute(sa.update(GAMES).where(GAMES.c.id == game_id)
                           .values(winners=logged_winners(connection, game_id, winner)))


def logged_winners(connection, game_id, winner):
    """The winning sides its log names; the one `winner` kept if the log no longer replays."""
    events = connection.execute(sa.select(EVENTS.c.data).where(EVENTS.c.game_id == game_id)
                                .order_by(EVENTS.c.seq)).scalars().all()
    try:
        result = replay(events).result()
    except EngineError:
        result = None
    if result is None:
        return [] if winner is None else [winner]
    return list(result.sides)


def downgrade():
    with op.batch_alter_table("game") as table:
        table.drop_column("winners")
