"""The leaderboard of a game: people with a handle, at least MIN_GAMES rated games and one in the last
ACTIVE_DAYS, by shown rating; the robots apart, as the fixed anchors they are.

One indexed query: the rating rows of the game in shown order (index `ix_rating_game_shown`), each joined to
its handle by the handle's key, stopping at the first TOP that qualify.
"""

from datetime import timedelta

from sqlalchemy import select

from app.standings.anchors import anchor_ratings, anchor_uncertainties
from app.standings.ratings import shown
from app.store.models import Handle, Rating

MIN_GAMES = 5
ACTIVE_DAYS = 90
TOP = 100


def leaderboard(session, game_name, now, top=TOP):
    """[{"rank", "handle", "rating", "uncertainty", "provisional", "games"}] of a game, best first."""
    rows = session.execute(
        select(Handle.handle, Rating).join(Handle, Handle.address == Rating.address)
        .where(Rating.game == game_name, Rating.games >= MIN_GAMES, Rating.rated_at >= now - timedelta(days=ACTIVE_DAYS))
        .order_by(Rating.shown.desc(), Rating.id).limit(top)).all()
    board = []
    for rank, (handle, row) in enumerate(rows, 1):
        seen = shown(row, now)
        board.append({"rank": rank, "handle": handle, "rating": seen.rating, "uncertainty": seen.uncertainty,
                      "provisional": seen.provisional, "games": seen.games})
    return board


def anchors(game_name):
    """[{"robot", "rating", "uncertainty"}] of a game's robot levels, strongest first: fixed, never moving; the
    uncertainty is how surely the robots' games measured the rating (0: the anchor level, fixed by definition)."""
    ratings = anchor_ratings(game_name)
    uncertainties = anchor_uncertainties(game_name)
    return [{"robot": level, "rating": round(rating), "uncertainty": round(uncertainties[level])}
            for level, rating in sorted(ratings.items(), key=lambda item: -item[1])]
