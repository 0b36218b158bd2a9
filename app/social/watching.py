"""Watchers: a game opened to people without a seat, through a signed watch link.

The game's creator makes the link (or any player, when the creator lets them) and can revoke it; making a
new one revokes the old. What a watcher is shown is the engine's watcher view (what every seat sees alike:
played cards, public piles, scores), never a card held or face down.
"""

from dataclasses import dataclass

from engine import find_game

from app.context import database, external_url, settings
from app.play.links import REJECTED, BadLink, read_watch_token, watch_token
from app.store.models import Game
from app.store import snapshots
from app.errors import Forbidden
from app.play.seats import is_creator, open_link, seats_of


@dataclass
class Watched:
    """What a watch link opens: the game, its seat rows, and its state (shared: read it, never change it)."""

    game: Game
    seats: dict
    state: object

    @property
    def view(self):
        return self.state.watcher_view()

    @property
    def title(self):
        return find_game(self.game.game).title


def open_watch(token):
    """The game behind a watch link, with its seats and state; Forbidden (the one message) if the link is
    forged, revoked or closed."""
    with database().reading() as session:
        game = watched_game(session, token)
        return Watched(game, seats_of(session, game.id), snapshots.state_at(session, game.id, game.seq))


def watched_game(session, token):
    """The Game row behind a watch link; Forbidden (the one message) if it is forged, revoked or closed."""
    try:
        game_id, version = read_watch_token(settings().signing_keys, token)
    except BadLink:
        raise Forbidden(REJECTED) from None
    game = session.get(Game, game_id)
    if game is None or not game.watch_open or game.watch_version != version:
        raise Forbidden(REJECTED)
    return game


def watch_position(token):
    """The game's log position and status behind a watch link, for a watch page to poll: one row read."""
    with database().reading() as session:
        game = watched_game(session, token)
        return {"seq": game.seq, "status": game.status}


def may_manage(link):
    """Whether the seat behind `link` (a SeatLink, or a Table) may make and revoke the game's watch links."""
    return is_creator(link.game, link.seats, link.seat) or link.game.watch_by_players


def watch_url(game):
    """The watch page of `game` while its watch link is open, else None."""
    if not game.watch_open:
        return None
    return external_url("/w/" + watch_token(settings().signing_keys, game))


def open_watching(seat_token, by_players=None):
    """Make a new watch link for the seat's game (the old one stops working); the creator may also say whether
    any player may make them (`by_players`). Returns the watch page's URL."""
    with database().writing() as session:
        link = open_link(session, seat_token, lock=True)
        if not may_manage(link):
            raise Forbidden("only the game's creator can open it to watchers", "not_creator")
        game = link.game
        if by_players is not None:
            if not is_creator(game, link.seats, link.seat):
                raise Forbidden("only the game's creator can say who makes watch links", "not_creator")
            game.watch_by_players = bool(by_players)
        game.watch_version += 1
        game.watch_open = True
        session.add(game)
        return watch_url(game)


def close_watching(seat_token):
    """Revoke the game's watch link: watchers are shown the table no more."""
    with database().writing() as session:
        link = open_link(session, seat_token, lock=True)
        if not may_manage(link):
            raise Forbidden("only the game's creator can close it to watchers", "not_creator")
        game = link.game
        if game.watch_open:
            game.watch_version += 1
            game.watch_open = False
            session.add(game)
