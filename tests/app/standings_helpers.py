"""Helpers for the standings tests: rated games played to the end, confirmed people, handles."""

import pytest
from sqlalchemy import delete, select

from app.context import database
from app.standings import handles
from app.store.models import Handle, Rating, RatingChange

from app_helpers import play_to_the_end, start, token_for
from conftest import confirm_address


@pytest.fixture(autouse=True)
def no_standings_left(app):
    """No handle or rating from another test, before or after: the PostgreSQL session database is shared."""
    empty_standings()
    yield
    empty_standings()


def empty_standings():
    with database().writing() as session:
        session.execute(delete(Handle))
        session.execute(delete(Rating))


def confirmed(*addresses):
    for address in addresses:
        confirm_address(address)


def give_handle(address, handle):
    with database().writing() as session:
        return handles.set_handle(session, address, handle)


def rated_game_against_robots(client, game="one_and_thirty", robot="random", email="ann@example.org", name="Ann",
                              rated=True):
    """A game of `email` against one robot, confirmed first, created rated, played to its end by first legal
    moves; returns the game's id."""
    row = start([{"name": name, "email": email}, {"robot": robot}], game, rated=rated)
    play_to_the_end(client, row.id, token_for(row.id, 0))
    return row.id


def rating_rows():
    with database().reading() as session:
        return {(row.address, row.game): (row.mu, row.sigma, row.games)
                for row in session.execute(select(Rating)).scalars()}


def changes_of(game_id):
    with database().reading() as session:
        return list(session.execute(select(RatingChange).where(RatingChange.game_id == game_id)).scalars())
