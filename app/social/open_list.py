"""The list of open games (`/open`, `GET /api/open-games`): what a stranger needs to choose one, nothing private.

Each game says its options, its seats (taken, open, or a robot's: never a person's name or address), its time
per move, whether it is rated, the range of ratings it takes, its creator's handle if they chose one, and when
it expires. The games that need the fewest players to start come first, the newest first among them; `game`
keeps one game's, and a page ends with the cursor of the next.

Indexed reads only: one backward range scan of `ix_open_game_listing` (or `ix_open_game_game_listing`) per
number of seats still open, stopping once the page is full, then the page's games and seats by their keys. The
expiry is not part of the scan (SQLite would then sort every listed game): a game past it is left off the page
it falls in until the sweep ends it.
"""

import re

from sqlalchemy import select

from engine import all_games, find_game, shown

from app.context import database, external_url
from app.clock import utcnow
from app.errors import BadInput, NotFound
from app.mail_out.consent import aware
from app.social.open_seats import is_open, open_game_of
from app.standings.handles import handles_of
from app.store.models import OPEN_LISTED, Game, OpenGame, Seat
from app.words.present import duration_words, moment_words

PAGE = 20
PAGE_MAX = 100
CURSOR = re.compile(r"([0-9]{1,2})\.([0-9]{1,12})")


def most_seats():
    return max(count for game in all_games().values() for count in game.players)


def read_query(args):
    """(game name or None, cursor (seats open, id) or None, page size) from a request's query, or BadInput."""
    name = args.get("game") or None
    if name is not None and name not in all_games():
        raise BadInput(f"unknown game {shown(name)}; choose one of {', '.join(all_games())}", "unknown_game")
    after = args.get("after") or None
    if after is not None:
        cursor = CURSOR.fullmatch(after)
        if cursor is None:
            raise BadInput(f"after must be the `next` of a page, not {shown(after)}", "bad_cursor")
        after = (int(cursor[1]), int(cursor[2]))
    limit = args.get("limit", str(PAGE))
    if not (re.fullmatch(r"[0-9]{1,3}", limit) and 1 <= int(limit) <= PAGE_MAX):
        raise BadInput(f"limit must be a whole number from 1 to {PAGE_MAX}", "bad_limit")
    return name, after, int(limit)


def open_games(name=None, after=None, limit=PAGE):
    """{"games": [entry, ...], "next": the cursor of the next page or None}."""
    now = utcnow()
    with database().reading() as session:
        rows = []
        first = after[0] if after else 1
        for seats_open in range(first, most_seats() + 1):
            query = select(OpenGame).where(OpenGame.state == OPEN_LISTED, OpenGame.seats_open == seats_open)
            if name is not None:
                query = query.where(OpenGame.game == name)
            if after and seats_open == after[0]:
                query = query.where(OpenGame.id < after[1])
            rows += session.execute(query.order_by(OpenGame.id.desc()).limit(limit + 1 - len(rows))).scalars()
            if len(rows) > limit:
                break
        more = len(rows) > limit
        rows = rows[:limit]
        # One past its expiry waits for the next sweep (a minute at most) to be ended: it is not shown meanwhile.
        entries = entries_of(session, [row for row in rows if aware(row.expires_at) > now])
    return {"games": entries, "next": f"{rows[-1].seats_open}.{rows[-1].id}" if more else None}


def open_game(game_id):
    """One listed open game's entry; NotFound for any other id."""
    with database().reading() as session:
        row = open_game_of(session, game_id) if isinstance(game_id, str) and game_id.isprintable() else None
        if row is None or row.state != OPEN_LISTED:
            raise NotFound(f"no open game {shown(game_id)}: it may have started or ended")
        return entries_of(session, [row])[0]


def entries_of(session, rows):
    ids = [row.game_id for row in rows]
    games = {game.id: game for game in session.execute(select(Game).where(Game.id.in_(ids))).scalars()} if ids else {}
    seats = {}
    if ids:
        for seat in session.execute(select(Seat).where(Seat.game_id.in_(ids)).order_by(Seat.game_id, Seat.seat)).scalars():
            seats.setdefault(seat.game_id, []).append(seat)
    handles = handles_of(session, [row.creator_email for row in rows])
    return [entry(row, games[row.game_id], seats[row.game_id], handles.get(row.creator_email)) for row in rows]


def entry(row, game, seats, creator_handle):
    engine_game = find_game(game.game)
    return {
        "id": game.id,
        "game": game.game,
        "title": engine_game.title,
        "players": game.players,
        "options": game.options,
        "options_words": options_words(engine_game, game.players, game.options),
        "seats": [{"seat": seat.seat, "kind": "open" if is_open(seat) else "robot" if seat.robot else "person",
                   "robot": seat.robot} for seat in seats],
        "seats_open": row.seats_open,
        "seats_taken": len(seats) - row.seats_open,
        "move_time": game.move_time,
        "move_time_words": duration_words(game.move_time),
        "timeout_policy": game.timeout_policy,
        "rated": game.rated,
        "rating_range": {"min": row.min_rating, "max": row.max_rating},
        "creator": creator_handle,
        "created_at": aware(row.created_at).replace(microsecond=0).isoformat(),
        "expires_at": aware(row.expires_at).replace(microsecond=0).isoformat(),
        "expires_words": moment_words(aware(row.expires_at)),
        "url": external_url(f"/open/{game.id}"),
        "join_url": external_url(f"/api/open-games/{game.id}/join"),
    }


def options_words(game, players, options):
    """Each option that applies, as `title: value` in words."""
    words = []
    for option in game.options:
        if not option.applies_to(players) or option.name not in options:
            continue
        value = options[option.name]
        label = next((label for choice, label, _ in option.value_words() if choice == value), value) if option.choices \
            else value
        words.append(f"{option.title}: {label}")
    return words
