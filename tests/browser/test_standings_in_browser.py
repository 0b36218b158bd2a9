"""Standings in real browsers: Ann, who has played rated One-and-Thirty against the robots, chooses a public
name at her table, finds herself on the leaderboard with the robots' anchors apart, and opens her profile with
its rating chart. The new pages are checked with axe-core at phone and desktop sizes and with the Nu checker."""

from datetime import timedelta

import pytest

from app.clock import utcnow
from app.context import database, settings
from app.play import games
from app.play.links import my_games_token
from app.play.moves import play_robot_turns
from app.play.seats import seat_path, seats_of
from app.standings.ratings import mu_of
from app.store.models import Handle, Rating
from browser_fixtures import (SIZES, browser, nu_checker_errors, pages_checked_by_axe, saved_pages,  # noqa: F401
                              screenshot_folder, site)
from conftest import confirm_address, confirmation_token

pytestmark = pytest.mark.browser

ANN = {"name": "Ann", "email": "ann@example.org"}
RATED_GAMES = 6
OTHERS = 12       # people with handles already on the leaderboard


def build(app):
    confirm_address(ANN["email"])
    client = app.test_client()
    paths = []
    for number in range(RATED_GAMES):
        created = games.create_game({"game": "one_and_thirty", "rated": True,
                                     "seats": [ANN, {"robot": ("random", "simple", "strong")[number % 3]}]})
        games.confirm_address(confirmation_token(ANN["email"]))
        with database().reading() as session:
            path = seat_path(seats_of(session, created.id)[0])
        paths.append(path)
        api = "/api" + path.replace("/s/", "/seats/", 1)
        while True:
            play_robot_turns(created.id)
            answer = client.get(api).json
            if answer["status"] == "over":
                break
            client.post(api + "/moves", json={"move": answer["view"]["legal"][0], "seq": answer["seq"]})
    now = utcnow()
    with database().writing() as session:
        for number in range(OTHERS):
            address = f"player{number}@example.org"
            session.add(Handle(address=address, handle=f"Player-{number}", handle_key=f"player-{number}", chosen_at=now))
            shown = 1350 + 25 * number
            session.add(Rating(address=address, game="one_and_thirty", mu=mu_of(shown), sigma=3.0 + number % 4,
                               shown=shown, games=5 + number, rated_at=now - timedelta(days=number)))
    return {"table": paths[-1], "my_games": f"/my-games/{my_games_token(settings().signing_keys, ANN['email'])}"}


@pytest.fixture(scope="module")
def standings_site(tmp_path_factory, sqlite_template):
    with site(tmp_path_factory.mktemp("standings"), sqlite_template, build) as served:
        yield served


def test_ann_chooses_a_public_name_and_finds_herself_on_the_leaderboard(standings_site, browser, tmp_path):
    base, built = standings_site
    shots = screenshot_folder(tmp_path)
    ann = browser.new_context(viewport=SIZES["phone"]).new_page()
    ann.goto(base + built["table"])
    assert "This rated game moved the ratings: Ann " in ann.inner_text("#ratings")
    ann.get_by_label("Public name").fill("Ann_Q")
    ann.get_by_role("button", name="Use this name").click()
    ann.wait_for_selector("text=Your public name is")
    assert "Ann_Q · rated" in ann.inner_text("#live")
    ann.screenshot(path=str(shots / "standings-table-phone.png"), full_page=True)
    ann.get_by_role("link", name="Ann_Q").first.click()
    ann.wait_for_selector("h1:text('Ann_Q')")
    assert ann.locator("svg.rating-chart").count() == 1
    assert f"{RATED_GAMES} rated games" in ann.inner_text("main")
    ann.screenshot(path=str(shots / "standings-profile-phone.png"), full_page=True)
    ann.get_by_role("link", name="One-and-Thirty").first.click()
    ann.wait_for_selector("h1:text('One-and-Thirty ratings')")
    board = ann.inner_text("table")
    assert "Ann_Q" in board and "Player-11" in board and "Robot (strong)" in ann.inner_text("main")
    ann.screenshot(path=str(shots / "standings-leaderboard-phone.png"), full_page=True)
    ann.goto(base + built["table"])
    ann.get_by_role("button", name="Remove my public name").click()
    ann.wait_for_selector("text=A public name puts you on leaderboards")
    ann.goto(base + "/ratings/one_and_thirty")
    assert "Ann_Q" not in ann.inner_text("main")


def site_pages(built):
    return {"ratings": "/ratings", "leaderboard": "/ratings/one_and_thirty", "profile": "/players/Player-11",
            "table": built["table"], "my_games": built["my_games"], "lobby": "/lobby/one_and_thirty"}


@pytest.mark.parametrize("size", SIZES)
def test_axe_finds_no_violation_on_the_standings_pages(standings_site, browser, size, tmp_path):
    base, built = standings_site
    found, too_wide = pages_checked_by_axe(browser, base, site_pages(built), size, screenshot_folder(tmp_path),
                                           "standings")
    assert not found, found
    assert not too_wide, too_wide


def test_the_nu_html_checker_finds_no_error_on_the_standings_pages(standings_site, browser, tmp_path):
    base, built = standings_site
    assert not nu_checker_errors(saved_pages(browser, base, site_pages(built), tmp_path))
