"""Leaving a game in real browsers: Ann proposes to abandon on her table (asked first, on a page of its own), Bob,
in his own browser with his table left open, sees the proposal come and agrees, and both tables end the game
with no result (on SQLite and PostgreSQL). The pages of leaving (the asking pages, a request to concede, a table of a player who left, the
creator's end of a dead game) are checked with axe-core at phone and desktop sizes and the Nu HTML checker."""

from datetime import timedelta

import pytest

from app import create_app
from app.context import database
from app.store.models import Game
from app.play import games
from app.social import leaving
from app.play.deadlines import enforce_deadline
from app.play.moves import play_robot_turns
from app.play.seats import seat_path, seats_of
from browser_fixtures import (SIZES, browser, free_port, nu_checker_errors, pages_checked_by_axe,  # noqa: F401
                              saved_pages, screenshot_folder, served, site)
from conftest import confirm_address, make_config

pytestmark = pytest.mark.browser

PEOPLE = [{"name": name, "email": f"{name.lower()}@example.org"} for name in ("Ann", "Bob", "Cy", "Di")]


def started(game, seats, options=None):
    """A confirmed game of `seats` (every address confirmed): {name: seat path} and the game id."""
    created = games.create_game({"game": game, "seats": seats, "options": options or {}})
    for person in seats:
        if "email" in person:
            confirm_address(person["email"])
    with database().reading() as session:
        return created.id, {seat.name: seat_path(seat) for seat in seats_of(session, created.id).values()}


def token(path):
    return path.rsplit("/", 1)[1]


def build(app):
    _, quartet = started("quinto", PEOPLE)
    leaving.resign(token(quartet["Bob"]))             # Di is asked to concede for her side
    _, handed = started("one_and_thirty", PEOPLE[:3])
    leaving.hand_over(token(handed["Cy"]))
    # A Quinto to 1,000, which a few turns handed to a robot cannot finish, whatever the deal: Bob misses three
    # deadlines with nobody moving (Ann's own missed deadlines never count towards her ending the game).
    dead_id, dead = started("quinto", [*PEOPLE[:2], *[{"robot": "random"}] * 2], {"target": 1000})
    missed_by_bob = 0
    while missed_by_bob < 3:                          # a robot plays each missed turn
        play_robot_turns(dead_id)
        with database().reading() as session:
            row = session.get(Game, dead_id)
            due, late = row.due_at, row.to_move[0]
        enforce_deadline(dead_id, due + timedelta(seconds=1))
        missed_by_bob += late == 1
        play_robot_turns(dead_id)
    return {"ask_resign": quartet["Ann"] + "/leave/resign", "concede": quartet["Di"],
            "asked": quartet["Bob"], "left": handed["Cy"], "told": handed["Ann"], "dead": dead["Ann"],
            "ask_end": dead["Ann"] + "/leave/end", "ask_abandon": handed["Ann"] + "/leave/abandon",
            "ask_hand_over": handed["Bob"] + "/leave/hand-over"}


@pytest.fixture(scope="module")
def leaving_site(tmp_path_factory, sqlite_template):
    with site(tmp_path_factory.mktemp("leaving"), sqlite_template, build) as served:
        yield served


@pytest.fixture
def pair_site(tmp_path, database_url, dispatched):
    """Ann and Bob's game (and a robot's), served from this process on each database: (base address, their
    tables)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    app = create_app(make_config(tmp_path, database_url, base_url=base))
    with app.app_context():
        _, pair = started("one_and_thirty", [*PEOPLE[:2], {"robot": "random"}])
    with served(app, port):
        yield base, pair
    app.extensions["cachette"]["db"].dispose()


def test_one_proposes_to_abandon_and_the_other_agrees_in_their_own_browser(pair_site, browser, tmp_path):
    base, pair = pair_site
    shots = screenshot_folder(tmp_path)
    ann = browser.new_context(viewport=SIZES["desktop"]).new_page()
    bob = browser.new_context(viewport=SIZES["phone"]).new_page()
    bob.goto(base + pair["Bob"])                      # Bob's table stays open: the proposal comes to it live
    ann.goto(base + pair["Ann"])
    ann.click("text=Propose to abandon the game…")
    assert "if every other player agrees, the game ends with no result" in ann.inner_text("#leave-words")
    ann.screenshot(path=str(shots / "leave-ask-abandon-desktop.png"), full_page=True)
    ann.get_by_role("button", name="Yes, propose to abandon it").click()
    ann.wait_for_selector("text=You proposed to abandon the game")
    bob.wait_for_selector("text=Ann proposes to abandon the game", timeout=15000)
    bob.screenshot(path=str(shots / "leave-proposal-phone.png"), full_page=True)
    bob.get_by_role("button", name="Agree: end the game with no result").click()
    bob.wait_for_selector("text=Abandoned by agreement: no result")
    ann.wait_for_selector("text=Abandoned by agreement: no result", timeout=15000)   # live, without reloading
    ann.screenshot(path=str(shots / "leave-abandoned-desktop.png"), full_page=True)
    assert ann.query_selector("#leaving") is None and ann.query_selector("#hand-0 form") is None
    api = ann.request.get(base + "/api" + pair["Ann"].replace("/s/", "/seats/", 1)).json()
    assert (api["status"], api["result"]) == ("over", {"winners": [], "words": "abandoned by agreement: no result"})


PAGES = ("concede", "asked", "left", "told", "dead", "ask_resign", "ask_end", "ask_abandon", "ask_hand_over")


@pytest.mark.parametrize("size", SIZES)
def test_axe_finds_no_violation_on_the_leaving_pages(leaving_site, browser, size, tmp_path):
    base, built = leaving_site
    found, too_wide = pages_checked_by_axe(browser, base, {name: built[name] for name in PAGES}, size,
                                           screenshot_folder(tmp_path), "leave")
    assert not found, found
    assert not too_wide, too_wide


def test_the_leaving_pages_say_what_happens_in_plain_words(leaving_site, browser):
    base, built = leaving_site
    page = browser.new_page()
    said = {}
    for name in ("concede", "left", "told", "dead", "ask_resign", "ask_end"):
        page.goto(base + built[name])
        said[name] = page.inner_text("main")
    page.close()
    assert "Agree: Ann and Cy win, the game ends" in said["concede"]
    assert "Decline: a robot takes Bob's seat and the game goes on" in said["concede"]
    assert "You handed your seat to a robot" in said["left"] and "Say to the table" not in said["left"]
    assert "Cy handed their seat to a robot" in said["told"]
    assert "End this game…" in said["dead"]
    assert "Resign: you ask Di to agree that your side concedes" not in said["ask_resign"]   # Ann's partner is Cy
    assert "Resign: you ask Cy to agree that your side concedes. If they agree, Bob and Di win" in said["ask_resign"]
    assert "the other players have let 3 deadlines in a row pass without a move of their own" in said["ask_end"]


def test_the_nu_html_checker_finds_no_error_on_the_leaving_pages(leaving_site, browser, tmp_path):
    base, built = leaving_site
    assert not nu_checker_errors(saved_pages(browser, base, {name: built[name] for name in PAGES}, tmp_path))
