"""What a game shows of its players' standings: each person's handle and rating in the game, for those with a
handle, and, once a rated game is over, each person's rating before and after it.

At their own table people see the rating change of everyone at it; anywhere public (`public_standings`) only
those who chose a handle are named, by their handle.
"""

from sqlalchemy import select

from app.standings.handles import handles_of
from app.standings.ratings import ratings_at_table, shown
from app.store.models import RatingChange


def table_standings(session, game, seats, public=False, handles=None):
    """{player seat: {"handle", "rating", "provisional", "before", "after"}} of a game's persons; `public`: only
    those with a handle. A key without a value is None (no handle, never rated, not rated in this game).
    `handles`: their {address: handle}, when read with the seats already."""
    emails = [seat.email for seat in seats.values() if seat.email]
    handles = handles_of(session, emails) if handles is None else handles
    ratings = ratings_at_table(session, handles, game.game)      # a rating is shown beside a handle alone
    changes = {row.address: row for row in session.execute(
        select(RatingChange).where(RatingChange.game_id == game.id)).scalars()} if game.rated else {}
    standings = {}
    for number, seat in seats.items():
        if not seat.email or (public and seat.email not in handles):
            continue
        handle = handles.get(seat.email)
        rating = shown(ratings[seat.email]) if handle and seat.email in ratings else None
        change = changes.get(seat.email)
        standings[number] = {"handle": handle, "rating": rating.rating if rating else None,
                             "provisional": rating.provisional if rating else None,
                             "before": change.shown_before if change else None,
                             "after": change.shown_after if change else None}
    return standings


def rating_changes_of(session, email):
    """{game id: (shown rating before, after)} of every rated game of an address."""
    rows = session.execute(select(RatingChange.game_id, RatingChange.shown_before, RatingChange.shown_after)
                           .where(RatingChange.address == email)).all()
    return {game_id: (before, after) for game_id, before, after in rows}


def standings_json(session, game, seats, public=False):
    """A game's `ratings` in the JSON API: whether it is rated and, per person (`public`: per person with a
    handle), their handle, rating now, and, once a rated game is over, their rating before and after it."""
    return {"rated": game.rated,
            "players": [{"seat": number, **standing}
                        for number, standing in sorted(table_standings(session, game, seats, public).items())]}
