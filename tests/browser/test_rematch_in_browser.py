"""A rematch in real browsers: Ann offers it on her table, Bob and Cy accept it each in their own browser
(Bob's table, left open, shows the offer and the start live), and each follows the link to the new game.
The rematch section at each step (offer, answer, seats to fill, started, the series' tally) is checked with
axe-core at phone and desktop sizes and with the Nu HTML checker."""

import pytest
from sqlalchemy import select

from app.context import database
from app.store.models import Rematch
from app.play import games
from app.social import rematches
from app.play.moves import play_robot_turns
from app.play.seats import seat_path, seats_of
from browser_fixtures import (SIZES, browser, nu_checker_errors, pages_checked_by_axe, saved_pages,  # noqa: F401
                              screenshot_folder, site)
from conftest import confirm_address

pytestmark = pytest.mark.browser

TRIO = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"},
        {"name": "Cy", "email": "cy@example.org"}]


def finished_trio(client):
    """A One-and-Thirty of Ann, Bob and Cy (every address confirmed), played to its end: {name: seat path}."""
    created = games.create_game({"game": "one_and_thirty", "seats": TRIO})
    for person in TRIO:
        confirm_address(person["email"])
    while True:
        play_robot_turns(created.id)
        with database().reading() as session:
            paths = {seat.name: seat_path(seat) for seat in seats_of(session, created.id).values()}
        answers = {name: client.get("/api" + path.replace("/s/", "/seats/", 1)).json for name, path in paths.items()}
        if answers["Ann"]["status"] == "over":
            return created.id, paths
        name, answer = next((name, answer) for name, answer in answers.items() if answer["view"]["legal"])
        client.post("/api" + paths[name].replace("/s/", "/seats/", 1) + "/moves",
                    json={"move": answer["view"]["legal"][0], "seq": answer["seq"]})


def build(app):
    client = app.test_client()
    _, paths = finished_trio(client)
    _, declined = finished_trio(client)          # Bob declined: Ann's table offers to fill his seat
    token = {name: path.rsplit("/", 1)[1] for name, path in declined.items()}
    rematches.offer(token["Ann"])
    rematches.answer(token["Bob"], False)
    series_id, series = finished_trio(client)    # a series of two games: its tally shows
    token = {name: path.rsplit("/", 1)[1] for name, path in series.items()}
    rematches.offer(token["Ann"])
    rematches.answer(token["Bob"], True)
    rematches.answer(token["Cy"], True)
    with database().reading() as session:
        new_id = session.execute(select(Rematch.new_game_id).where(Rematch.game_id == series_id)).scalar()
        new_seats = {seat.name: seat_path(seat) for seat in seats_of(session, new_id).values()}
    return {"paths": paths, "fill": declined["Ann"], "started": series["Bob"], "new_game": new_seats["Ann"]}


@pytest.fixture(scope="module")
def rematch_site(tmp_path_factory, sqlite_template):
    with site(tmp_path_factory.mktemp("rematch"), sqlite_template, build) as served:
        yield served


def test_a_rematch_offered_and_accepted_by_two_people_in_their_own_browsers(rematch_site, browser, tmp_path):
    base, built = rematch_site
    paths = built["paths"]
    shots = screenshot_folder(tmp_path)
    ann = browser.new_context(viewport=SIZES["desktop"]).new_page()
    bob = browser.new_context(viewport=SIZES["phone"]).new_page()
    cy = browser.new_context(viewport=SIZES["desktop"]).new_page()
    bob.goto(base + paths["Bob"])                 # Bob's table stays open: it shows the offer when it comes
    ann.goto(base + paths["Ann"])
    ann.get_by_role("button", name="Offer a rematch").click()
    ann.wait_for_selector("text=You offered a rematch.")
    bob.wait_for_selector("text=Ann offers a rematch.", timeout=15000)
    bob.screenshot(path=str(shots / "rematch-offered-phone.png"), full_page=True)
    bob.get_by_role("button", name="Yes, play again").click()
    bob.wait_for_selector("text=Bob (you): accepted")
    cy.goto(base + paths["Cy"])
    cy.get_by_role("button", name="Yes, play again").click()
    cy.wait_for_selector("#rematch-link")
    bob.wait_for_selector("#rematch-link", timeout=15000)          # live, without reloading
    bob.screenshot(path=str(shots / "rematch-started-phone.png"), full_page=True)
    for page, name in ((bob, "Bob"), (cy, "Cy"), (ann, "Ann")):
        if page is ann:
            page.reload()
        page.click("#rematch-link")
        page.wait_for_selector("h1")
        assert f"you are {name}" in page.inner_text("h1")
        assert page.query_selector("#rematch") is None      # the new game goes on
    assert "Games won so far by each player" in page_text(browser, base + built["new_game"])


PAGES = ("fill", "started", "new_game")


@pytest.mark.parametrize("size", SIZES)
def test_axe_finds_no_violation_on_the_rematch_pages(rematch_site, browser, size, tmp_path):
    base, built = rematch_site
    found, too_wide = pages_checked_by_axe(browser, base, {name: built[name] for name in PAGES}, size,
                                           screenshot_folder(tmp_path), "rematch")
    assert "Play without Bob: a robot takes the seat" in page_text(browser, base + built["fill"])
    assert "This series so far, games won by each player" in page_text(browser, base + built["started"])
    assert not found, found
    assert not too_wide, too_wide


def page_text(browser, url):
    page = browser.new_page()
    page.goto(url)
    text = page.inner_text("body")
    page.close()
    return text


def test_the_nu_html_checker_finds_no_error_on_the_rematch_pages(rematch_site, browser, tmp_path):
    base, built = rematch_site
    assert not nu_checker_errors(saved_pages(browser, base, {name: built[name] for name in PAGES}, tmp_path))
