"""A player's public profile, by handle: their ratings per game with the uncertainty, games finished, each
game's rating history, and their recent finished games in which every person at the table has a handle (so
that nobody without one is shown). Never an address, nor the name a game's creator wrote for a seat."""

from engine import find_game
from sqlalchemy import func, select

from app.errors import NotFound
from app.standings.handles import address_of_handle, handles_of
from app.standings.ratings import ratings_of, shown
from app.store.models import STATUS_OVER, Game, Handle, RatingChange, Seat

HISTORY = 60            # the latest rating changes drawn per game
RECENT = 10             # recent games listed
RECENT_LOOKED_AT = 40   # finished games looked at to find them (those with a person without a handle are left out)


def profile(session, handle, now):
    """The profile of `handle` (any case) as a dict; NotFound for a handle nobody holds."""
    address = address_of_handle(session, handle)
    if address is None:
        raise NotFound("nobody has that handle")
    ratings = []
    for name, row in ratings_of(session, address).items():
        seen = shown(row, now)
        ratings.append({"game": name, "title": find_game(name).title, **seen.as_json(),
                        "history": history(session, address, name)})
    ratings.sort(key=lambda entry: (-entry["games"], entry["title"]))
    finished = session.scalar(select(func.count()).select_from(Seat).join(Game, Game.id == Seat.game_id)
                              .where(Seat.email == address, Game.status == STATUS_OVER))
    return {"handle": session.get(Handle, address).handle, "ratings": ratings, "games_finished": finished,
            "recent_games": recent_games(session, address)}


def history(session, address, game_name):
    """[{"game_id", "at", "before", "after"}] of a person's latest rating changes in a game, oldest first."""
    rows = session.execute(select(RatingChange).where(RatingChange.address == address,
                                                      RatingChange.game == game_name)
                           .order_by(RatingChange.rated_at.desc(), RatingChange.id.desc()).limit(HISTORY)).scalars()
    return [{"game_id": row.game_id, "at": row.rated_at.isoformat(), "before": row.shown_before,
             "after": row.shown_after} for row in reversed(list(rows))]


def recent_games(session, address):
    """The person's latest finished games whose every person has a handle: each with its players by handle (or
    robot level), how the person did, and their rating change if it was rated."""
    rows = session.execute(select(Game, Seat.seat).join(Seat, Seat.game_id == Game.id)
                           .where(Seat.email == address, Game.status == STATUS_OVER)
                           .order_by(Game.finished_at.desc()).limit(RECENT_LOOKED_AT)).all()
    if not rows:
        return []
    game_ids = [game.id for game, _ in rows]
    seats = session.execute(select(Seat).where(Seat.game_id.in_(game_ids)).order_by(Seat.seat)).scalars().all()
    handles = handles_of(session, [seat.email for seat in seats])
    changes = {row.game_id: row for row in session.execute(
        select(RatingChange).where(RatingChange.address == address, RatingChange.game_id.in_(game_ids))).scalars()}
    recent = []
    for game, number in rows:
        at_table = [seat for seat in seats if seat.game_id == game.id]
        if any(seat.email and seat.email not in handles for seat in at_table):
            continue
        change = changes.get(game.id)
        recent.append({"id": game.id, "game": game.game, "title": find_game(game.game).title,
                       "finished_at": game.finished_at.isoformat() if game.finished_at else None,
                       "players": [{"seat": seat.seat, "handle": handles.get(seat.email),
                                    "robot": None if seat.email else seat.robot} for seat in at_table],
                       "result": standing_words(game, number),
                       "rating": {"before": change.shown_before, "after": change.shown_after} if change else None})
        if len(recent) == RECENT:
            break
    return recent


def standing_words(game, seat):
    """How the seat did: `won`, `shared first place`, `did not win`, or `no result`."""
    if not game.winners:
        return "no result"
    side = find_game(game.game).seating(game.players, game.options).sides[seat]
    if side not in game.winners:
        return "did not win"
    return "won" if len(game.winners) == 1 else "shared first place"
