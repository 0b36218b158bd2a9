"""Watching in real browsers: a watcher's page, left open on a phone, shows live what a player says at the table
once that player lets watchers read their messages, from the player's own browser; the watch page is checked
with axe-core at phone and desktop sizes and with the Nu HTML checker."""

import pytest

from app.play import games
from app.social import talk, watching
from app.play.seats import seat_path, seats_of
from app.context import database
from browser_fixtures import (SIZES, browser, nu_checker_errors, pages_checked_by_axe, saved_pages,  # noqa: F401
                              screenshot_folder, site)
from conftest import confirm_address

pytestmark = pytest.mark.browser

PLAYERS = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"},
           {"robot": "simple"}, {"robot": "simple"}]


def build(app):
    """A Quinto of Ann, Bob and two robots, open to watchers, Ann's talk readable by them."""
    created = games.create_game({"game": "quinto", "seats": PLAYERS})
    for person in PLAYERS[:2]:
        confirm_address(person["email"])
    with database().reading() as session:
        paths = {seat.name: seat_path(seat) for seat in seats_of(session, created.id).values()}
    ann = paths["Ann"].rsplit("/", 1)[1]
    watch_url = watching.open_watching(ann)
    talk.let_watchers_read(ann, True)
    talk.say(ann, "Good luck to you all, and welcome, watchers!")
    return {"paths": paths, "watch": "/w/" + watch_url.rsplit("/", 1)[1]}


@pytest.fixture(scope="module")
def watch_site(tmp_path_factory, sqlite_template):
    with site(tmp_path_factory.mktemp("watch"), sqlite_template, build) as served:
        yield served


def test_a_watcher_sees_live_what_a_player_lets_them_read(watch_site, browser, tmp_path):
    base, built = watch_site
    shots = screenshot_folder(tmp_path)
    watcher = browser.new_context(viewport=SIZES["phone"]).new_page()
    bob = browser.new_context(viewport=SIZES["desktop"]).new_page()
    watcher.goto(base + built["watch"])
    assert "Good luck to you all" in watcher.inner_text("#talk")
    bob.goto(base + built["paths"]["Bob"])
    bob.fill("#talk-text", "Hello from Bob")
    bob.get_by_role("button", name="Say it").click()
    bob.wait_for_selector("text=Hello from Bob")
    watcher.wait_for_timeout(3000)                          # the watch page has polled since: nothing of Bob's
    assert "Hello from Bob" not in watcher.inner_text("body")
    bob.get_by_label("Let watchers read my messages").check()
    bob.get_by_role("button", name="Save my choice").click()
    bob.fill("#talk-text", "Now the watchers read me too")
    bob.get_by_role("button", name="Say it").click()
    watcher.wait_for_selector("text=Now the watchers read me too", timeout=15000)    # live, without reloading
    assert "Hello from Bob" in watcher.inner_text("#talk")
    assert "who let watchers read them: Ann, Bob." in watcher.inner_text("body")
    watcher.screenshot(path=str(shots / "watch-talk-phone.png"), full_page=True)


@pytest.mark.parametrize("size", SIZES)
def test_axe_finds_no_violation_on_the_watch_page(watch_site, browser, size, tmp_path):
    base, built = watch_site
    found, too_wide = pages_checked_by_axe(browser, base, {"watch": built["watch"]}, size,
                                           screenshot_folder(tmp_path), "watch")
    assert not found, found
    assert not too_wide


def test_the_nu_html_checker_finds_no_error_on_the_watch_page(watch_site, browser, tmp_path):
    base, built = watch_site
    assert not nu_checker_errors(saved_pages(browser, base, {"watch": built["watch"]}, tmp_path))
