"""The table in a real browser: it follows the robots' moves without a reload, looks like a card table
at desktop and phone sizes, and axe-core (tests/browser/vendor/axe.min.js, from the npm package
axe-core) finds no accessibility violation on it."""

import shutil
import time

import pytest
from playwright.sync_api import expect

from app import create_app
from app.context import database
from app.store.models import Game, Outbox
from app.play import games
from app.play.moves import play_robot_turns
from browser_fixtures import (SIZES, axe_violations, browser, free_port, play_until, screenshot_folder,  # noqa: F401
                              served, site, started)
from conftest import confirm_address, make_config, text_of

pytestmark = pytest.mark.browser


@pytest.fixture
def table(tmp_path, sqlite_template, dispatched):
    """The app served from this process with Ann and three robots; robots move only when the test says.
    Yields (app, game id, the table's address)."""
    shutil.copy(sqlite_template, tmp_path / "live.sqlite")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    app = create_app(make_config(tmp_path, f"sqlite:///{tmp_path / 'live.sqlite'}", base_url=base))
    with app.app_context():
        game = games.create_game({"game": "quinto", "seats": [{"name": "Ann", "email": "ann@example.org"},
                                                              *[{"robot": "random"}] * 3]})
        confirm_address("ann@example.org")
        with database().reading() as session:
            invite = text_of(session.query(Outbox).filter_by(kind="invite").one())
    address = next(word for word in invite.split() if word.startswith(base + "/s/"))
    with served(app, port):
        yield app, game.id, address
    app.extensions["cachette"]["db"].dispose()


def game_row(app, game_id):
    with app.app_context(), database().reading() as session:
        return session.get(Game, game_id)


def advance(app, game_id, page):
    """One step of play from outside the page: Ann's first legal move through the API when it is hers,
    then every robot's move the way a worker plays them."""
    with app.app_context():
        row = game_row(app, game_id)
        if row.to_move and row.to_move[0] == 0:
            token = page.url.rsplit("/s/", 1)[1]
            client = app.test_client()
            legal = client.get(f"/api/seats/{token}").json["view"]["legal"]
            client.post(f"/api/seats/{token}/moves", json={"move": legal[0], "seq": row.seq})
        play_robot_turns(game_id)


def open_table(browser, address, size):
    """A page showing the table, marked so that a reload would show (the mark would be gone)."""
    page = browser.new_page(viewport=SIZES[size])
    page.goto(address)
    page.evaluate("window.notReloaded = true")
    return page


def test_a_robots_move_shows_on_the_open_table_without_a_reload(table, browser):
    app, game_id, address = table
    page = open_table(browser, address, "desktop")
    cards_seen_in_the_middle = 0
    for _ in range(12):
        advance(app, game_id, page)
        seq = game_row(app, game_id).seq
        expect(page.locator("#live-part")).to_have_attribute("data-seq", str(seq), timeout=6000)
        expect(page.locator("#announcer")).not_to_be_empty()
        cards_seen_in_the_middle += page.locator("#middle .card").count()
        if cards_seen_in_the_middle:
            break
    assert cards_seen_in_the_middle, "no card reached the middle of the table"
    assert page.evaluate("window.notReloaded") is True
    assert "Robot" in page.locator("#announcer").inner_text() or "Ann" in page.locator("#announcer").inner_text()


@pytest.mark.parametrize("size", SIZES)
def test_the_table_looks_like_a_card_table_and_axe_finds_no_violation(table, browser, size, tmp_path):
    app, game_id, address = table
    # The policy refuses every script not served by the site: let the test's own axe-core in.
    page = browser.new_page(viewport=SIZES[size], bypass_csp=True)
    for _ in range(40):          # on to a trick in progress, with Ann to play
        page.goto(address)
        if page.locator("#middle .card").count() and page.locator("ul.hand button.card").count():
            break
        advance(app, game_id, page)
    felt = page.locator("#felt").bounding_box()
    me, opposite = page.locator("#seat-0").bounding_box(), page.locator("#seat-2").bounding_box()
    left, right = page.locator("#seat-1").bounding_box(), page.locator("#seat-3").bounding_box()
    assert opposite["y"] < left["y"] < me["y"] and left["x"] < opposite["x"] < right["x"]
    assert felt["width"] <= SIZES[size]["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    page.screenshot(path=str(screenshot_folder(tmp_path) / f"table-{size}.png"), full_page=True)
    assert axe_violations(page) == []


def test_the_deals_story_arrives_without_a_reload_and_goes_once_ann_moves_on(table, browser):
    app, game_id, address = table
    page = open_table(browser, address, "phone")
    token = address.rsplit("/s/", 1)[1]
    client = app.test_client()
    for _ in range(60):     # Ann plays 13 cards a deal, the robots between them
        if client.get(f"/api/seats/{token}").json["view"]["deal"] == 2:
            break
        advance(app, game_id, page)
    assert game_row(app, game_id).to_move == [0]      # the robots called in deal 2 up to Ann
    story = page.locator("#deal-story")
    expect(story.locator("summary")).to_have_text("Deal 1 is over: its story", timeout=6000)
    expect(story).to_contain_text("Tricks taken: Ann and Robot 3")
    expect(story).to_contain_text("Cachette")
    assert story.get_attribute("open") is not None
    advance(app, game_id, page)                        # Ann's first move of deal 2
    expect(page.locator("#live-part")).to_have_attribute("data-seq", str(game_row(app, game_id).seq),
                                                         timeout=6000)
    expect(page.locator("#deal-story")).to_have_count(0)
    assert page.evaluate("window.notReloaded") is True


class FakeTime:
    """The page's clock, moved forward by the test in steps; each step waits for the asks it set off to be
    answered, so that the script can set its next timer before time moves on."""

    def __init__(self, page):
        self.page = page
        self.asked = []
        self.answered = 0
        page.on("request", lambda request: self.asked.append(request) if request.url.endswith("/position") else None)
        page.on("requestfinished", lambda request: self.count_answer(request))
        page.on("requestfailed", lambda request: self.count_answer(request))
        page.clock.install()

    def count_answer(self, request):
        if request.url.endswith("/position"):
            self.answered += 1

    def run_for(self, milliseconds, step=500):
        for _ in range(milliseconds // step):
            self.page.clock.run_for(step)
            deadline = time.monotonic() + 10
            while self.answered < len(self.asked) and time.monotonic() < deadline:
                self.page.wait_for_timeout(10)


def test_a_quiet_table_asks_less_and_less_a_hidden_one_not_at_all_and_a_player_brings_it_back(table, browser):
    app, game_id, address = table
    page = browser.new_page(viewport=SIZES["desktop"])
    clock = FakeTime(page)
    asked = clock.asked
    page.goto(address)
    clock.run_for(30_000)                        # the first half minute: every 1.5 s
    early = len(asked)
    assert early >= 15
    clock.run_for(300_000, step=1500)            # five quiet minutes: slowing down to one ask in 30 s
    quiet = len(asked) - early
    assert 8 <= quiet <= 25, quiet
    assert asked[-1].headers.get("if-none-match")   # each ask names the position it knows: 304 when unchanged
    before = len(asked)
    page.mouse.click(5, 5)                       # the player is here again
    clock.run_for(3_000)
    assert len(asked) - before >= 2
    advance(app, game_id, page)                  # and a move still arrives
    seq = game_row(app, game_id).seq
    clock.run_for(2_000)
    expect(page.locator("#live-part")).to_have_attribute("data-seq", str(seq), timeout=6000)
    page.evaluate("""() => {
        Object.defineProperty(document, "hidden", {configurable: true, get: () => true});
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    hidden_from = len(asked)
    clock.run_for(600_000, step=5000)
    assert len(asked) == hidden_from              # a hidden page does not ask
    page.close()

def test_an_open_table_drops_its_time_settings_when_the_game_ends(browser, tmp_path, sqlite_template, dispatched):
    with site(tmp_path, sqlite_template, lambda app: (app, *started("one_and_thirty", options={"deals": 1}))) as (
            base, (app, game_id, path)):
        page = browser.new_page(viewport=SIZES["desktop"])
        page.goto(base + path)
        expect(page.locator("#seat-settings")).to_have_count(1)
        page.evaluate("window.notReloaded = true")
        with app.app_context():
            play_until(app.test_client(), game_id, path, lambda answer: answer["status"] == "over")
        expect(page.locator("#status")).to_contain_text("The game is over", timeout=6000)
        expect(page.locator("#seat-settings")).to_have_count(0)
        expect(page.locator("main")).not_to_contain_text("Time per move")
        assert page.evaluate("window.notReloaded") is True
        page.close()
