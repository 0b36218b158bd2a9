"""A tie in real browsers, on SQLite and PostgreSQL: Ann and Bob end a One-and-Thirty game 20 to 20. Bob makes
the last move at his table; both tables (Ann's without a reload), the game-over mail in the development mailbox
and "My games" all say the same thing, "Ann and Bob shared first place", and none says that nobody won."""

import random

import pytest
from playwright.sync_api import expect

from app import create_app
from app.context import database
from app.store.models import Game
from app.play import games, moves
from app.store import record, snapshots
from app.play.mygames import list_path
from app.play.seats import seat_path, seats_of
from browser_fixtures import SIZES, browser, free_port, served  # noqa: F401  (fixtures)
from conftest import confirm_address, make_config

pytestmark = pytest.mark.browser
WORDS = "Ann and Bob shared first place"


class SamePack:
    """Deals every deal from the same seeded shuffle: the hands change places with the dealer, so two players
    who always stick each win the deal the other loses and end level."""

    def __call__(self):
        return self

    def shuffle(self, deck):
        random.Random(1).shuffle(deck)


def play_to_the_last_move(game_id):
    """Both always stick, up to the move that ends the game; returns the seat to make it."""
    while True:
        with database().reading() as session:
            game = session.get(Game, game_id)
            state = snapshots.state_at(session, game_id, game.seq)
            seats = seats_of(session, game_id)
        seat = state.to_move[0]
        move = "stick" if "stick" in state.read_legal(seat) else sorted(state.read_legal(seat))[0]
        after = state.clone()
        after.apply_move(seat, move)
        if after.over:
            return seats[seat], move
        moves.submit_move(seat_path(seats[seat])[3:], move, game.seq)


@pytest.fixture
def tied(tmp_path, database_url, dispatched, monkeypatch):
    """Ann and Bob's game one move from a tie, served from this process: (base address, Ann's and Bob's tables,
    the seat to make the last move and its move)."""
    monkeypatch.setattr(record.secrets, "SystemRandom", SamePack())
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    app = create_app(make_config(tmp_path, database_url, base_url=base))
    with app.app_context():
        created = games.create_game({"game": "one_and_thirty", "seats": [
            {"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]})
        confirm_address("ann@example.org")
        last, move = play_to_the_last_move(created.id)
        with database().reading() as session:
            tables = {seat.name: base + seat_path(seat) for seat in seats_of(session, created.id).values()}
        my_games = base + list_path("ann@example.org")
    with served(app, port):
        yield base, tables, last.name, move, my_games
    app.extensions["cachette"]["db"].dispose()


def test_a_tie_reads_the_same_on_both_tables_in_the_mail_and_in_my_games(tied, browser):
    base, tables, last, move, my_games = tied
    pages = {}
    for name, size in (("Ann", "desktop"), ("Bob", "phone")):
        pages[name] = browser.new_context(viewport=SIZES[size]).new_page()
        pages[name].goto(tables[name])
    pages["Ann"].evaluate("window.notReloaded = true")
    mover = pages[last]
    mover.locator(f'button[name="move"][value="{move}"]').click()
    for name, page in pages.items():
        expect(page.locator("#status")).to_contain_text(f"The game is over. {WORDS}.", timeout=8000)
        assert "nobody" not in page.locator("#status").inner_text().lower()
    if last != "Ann":
        assert pages["Ann"].evaluate("window.notReloaded") is True        # the tie arrived at her open table
    mailbox = pages["Ann"]
    mailbox.goto(base + "/dev/mailbox")
    expect(mailbox.locator("main")).to_contain_text(f"is over: {WORDS}.")
    mailbox.goto(my_games)
    expect(mailbox.locator("main")).to_contain_text(WORDS)
    for page in pages.values():
        page.context.close()
