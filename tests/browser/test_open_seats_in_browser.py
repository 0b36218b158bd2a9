"""Open seats in real browsers: Ann's One-and-Thirty for three has two open seats. Bob, a stranger on a phone, finds
it on /open, asks for a seat, is told to check his mail, and takes the seat by confirming his address; Cy, in a
browser that confirmed her address, takes the last seat at once and lands at her table of the started game. The
new pages are checked with axe-core at phone and desktop sizes and with the Nu HTML checker."""

import json

import pytest
from sqlalchemy import create_engine, text

from app.context import settings
from app.play import games
from app.play.links import CONFIRMED_COOKIE, browser_token
from app.play.seats import seat_path, seats_of
from app.context import database
from browser_fixtures import (SIZES, browser, nu_checker_errors, pages_checked_by_axe, saved_pages,  # noqa: F401
                              screenshot_folder, site)
from conftest import confirm_address, confirmation_token

pytestmark = pytest.mark.browser

ANN = {"name": "Ann", "email": "ann@example.org"}


def build(app):
    created = games.create_game({"game": "one_and_thirty", "seats": [ANN, {"open": True}, {"open": True}],
                                 "min_rating": 1200, "open_days": 5})
    games.confirm_address(confirmation_token(ANN["email"]))
    confirm_address("cy@example.org")
    with database().reading() as session:
        ann = seat_path(seats_of(session, created.id)[0])
    return {"game_id": created.id, "ann": ann, "cy_cookie": browser_token(settings().signing_keys, "cy@example.org")}


@pytest.fixture(scope="module")
def open_site(tmp_path_factory, sqlite_template):
    folder = tmp_path_factory.mktemp("open")
    with site(folder, sqlite_template, build) as (base, built):
        yield base, built | {"database": f"sqlite:///{folder / 'site.sqlite'}"}


def confirmation_link(database_url, address):
    """The newest confirmation link mailed to `address`, read from the served site's outbox."""
    engine = create_engine(database_url)
    with engine.connect() as connection:
        context = connection.execute(text("SELECT context FROM outbox WHERE recipient = :address AND kind = 'confirm' "
                                          "ORDER BY id DESC LIMIT 1"), {"address": address}).scalar()
    engine.dispose()
    context = json.loads(context) if isinstance(context, str) else context
    return context["confirm_url"]


def test_a_stranger_confirms_and_takes_a_seat_and_a_confirmed_browser_takes_the_last(open_site, browser, tmp_path):
    base, built = open_site
    shots = screenshot_folder(tmp_path)
    bob = browser.new_context(viewport=SIZES["phone"]).new_page()
    bob.goto(base + "/")
    bob.get_by_role("link", name="Join a game with new people").click()
    bob.get_by_role("link", name="Take a seat in this game of One-and-Thirty").click()
    bob.get_by_label("Your name at the table").fill("Bob")
    bob.get_by_label("Your email address (never shown to anyone)").fill("bob@example.org")
    bob.get_by_role("button", name="Take the seat").click()
    bob.wait_for_selector("text=Check your mail")
    bob.screenshot(path=str(shots / "open-asked-phone.png"), full_page=True)
    bob.goto(confirmation_link(built["database"], "bob@example.org").replace("http://localhost", base))
    bob.get_by_role("button", name="Confirm my address").click()
    bob.wait_for_selector("text=waiting for players to take its open seats")
    assert "Score" not in bob.inner_text("main") and "Last move" not in bob.inner_text("main")   # nothing played yet
    bob.screenshot(path=str(shots / "open-bob-confirmed-phone.png"), full_page=True)

    cy_context = browser.new_context(viewport=SIZES["desktop"])
    cy_context.add_cookies([{"name": CONFIRMED_COOKIE, "value": built["cy_cookie"], "url": base}])
    cy = cy_context.new_page()
    cy.goto(base + "/open")
    assert "1 open, 2 taken" in cy.inner_text("main")
    cy.get_by_role("link", name="Take a seat in this game of One-and-Thirty").click()
    cy.get_by_label("Your name at the table").fill("Cy")
    cy.get_by_label("Your email address (never shown to anyone)").fill("cy@example.org")
    cy.get_by_role("button", name="Take the seat").click()
    cy.wait_for_selector("h1")
    assert "you are Cy" in cy.inner_text("h1")                       # her table: the game has started
    cy.screenshot(path=str(shots / "open-cy-table-desktop.png"), full_page=True)
    cy.goto(base + "/open")
    assert "No game has an open seat just now" in cy.inner_text("main")


def listed_site_pages(built):
    return {"open": "/open", "open_game": f"/open/{built['game_id']}", "blocks": built["ann"] + "/blocks",
            "new_game": "/lobby/one_and_thirty"}


@pytest.fixture(scope="module")
def listed_site(tmp_path_factory, sqlite_template):
    """A site of its own whose open game stays listed (the other test fills it)."""
    with site(tmp_path_factory.mktemp("listed"), sqlite_template, build) as served:
        yield served


@pytest.mark.parametrize("size", SIZES)
def test_axe_finds_no_violation_on_the_open_seat_pages(listed_site, browser, size, tmp_path):
    base, built = listed_site
    found, too_wide = pages_checked_by_axe(browser, base, listed_site_pages(built), size, screenshot_folder(tmp_path),
                                           "open")
    assert not found, found
    assert not too_wide, too_wide


def test_the_nu_html_checker_finds_no_error_on_the_open_seat_pages(listed_site, browser, tmp_path):
    base, built = listed_site
    files = saved_pages(browser, base, listed_site_pages(built), tmp_path)
    page = browser.new_page()                     # the answer to the form, which no GET shows
    page.goto(base + f"/open/{built['game_id']}")
    page.get_by_label("Your name at the table").fill("Di")
    page.get_by_label("Your email address (never shown to anyone)").fill("di@example.org")
    page.get_by_role("button", name="Take the seat").click()
    page.wait_for_selector("text=Check your mail")
    files.append(tmp_path / "asked.html")
    files[-1].write_text(page.content())
    page.close()
    assert not nu_checker_errors(files)
