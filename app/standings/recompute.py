"""Replay every rated game from the logs, in the order the games ended, and arrive at the ratings again.

`python -m app.standings.recompute [DATABASE_URL]` forgets every rating and rating change and rates each
finished rated game anew from its log and seats, through the very path that rated it when it ended
(app.standings.rating_updates), in one transaction: the ratings are the old ones or the new ones, never half.
It prints how many games were rated and how many people hold a rating. Run it after a change to the rating
settings, or to check that the ratings agree with the logs.
"""

import sys

from sqlalchemy import delete, func, select

from engine import replay

from app.play.seats import seats_of
from app.standings.rating_updates import rate_finished_game
from app.store.models import STATUS_OVER, Game, Rating, RatingChange
from app.store.record import load_events


def recompute(session):
    """Rate every finished rated game again from nothing, in the order they ended; (games rated, people rated)."""
    session.execute(delete(RatingChange))
    session.execute(delete(Rating))
    games = session.execute(select(Game).where(Game.rated.is_(True), Game.status == STATUS_OVER)
                            .order_by(Game.finished_at, Game.id)).scalars().all()
    rated = 0
    for game in games:
        events = load_events(session, game.id)
        if rate_finished_game(session, game, replay(events), seats_of(session, game.id), events):
            rated += 1
    return rated, session.scalar(select(func.count()).select_from(Rating))


def main(argv=None):
    from app.config import database_url_from_env
    from app.store.db import Database

    argv = sys.argv[1:] if argv is None else argv
    url = argv[0] if argv else database_url_from_env("instance")
    database = Database(url)
    try:
        with database.writing() as session:
            games, people = recompute(session)
    finally:
        database.dispose()
    print(f"rated {games} games again from their logs: {people} ratings")


if __name__ == "__main__":
    main()
