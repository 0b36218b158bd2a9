"""The pages look as they should under the content security policy, in a real browser: the stylesheet
applies, the mailbox's mail frames keep their styles, and the browser reports no refused content."""

import shutil

import pytest
from playwright.sync_api import sync_playwright

from app import create_app
from app.context import database
from app.store.models import Outbox
from app.play import games
from browser_fixtures import CHROMIUM, CHROMIUM_ARGS, free_port, served
from conftest import confirm_address, make_config, text_of

pytestmark = pytest.mark.browser

PAPER = "rgb(251, 248, 241)"       # --paper in static/cachette.css


@pytest.fixture
def site(tmp_path, sqlite_template, dispatched):
    """The app on a werkzeug server in this process, with one game started; yields (base, seat path)."""
    shutil.copy(sqlite_template, tmp_path / "csp.sqlite")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    app = create_app(make_config(tmp_path, f"sqlite:///{tmp_path / 'csp.sqlite'}", base_url=base))
    with app.app_context():
        games.create_game({"game": "quinto", "seats": [{"name": "Ann", "email": "ann@example.org"},
                                                       *[{"robot": "random"}] * 3]})
        confirm_address("ann@example.org")
        with database().reading() as session:
            invite = text_of(session.query(Outbox).filter_by(kind="invite").one())
    table = next(word[len(base):] for word in invite.split() if word.startswith(base + "/s/"))
    with served(app, port):
        yield base, table
    app.extensions["cachette"]["db"].dispose()


def test_pages_keep_their_look_under_the_policy(site, tmp_path):
    base, table = site
    refused = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 900, "height": 1000})
        page.on("console", lambda message: refused.append(message.text)
                if "Content Security Policy" in message.text else None)
        for path in ("/", "/lobby", "/rules/quinto", table):
            page.goto(base + path)
            assert page.evaluate("getComputedStyle(document.body).backgroundColor") == PAPER, path
        assert page.locator(".card").count() > 0
        assert page.evaluate("getComputedStyle(document.querySelector('.card')).borderTopStyle") == "solid"
        page.screenshot(path=str(tmp_path / "table.png"), full_page=True)
        page.goto(base + "/dev/mailbox")
        page.locator("details summary").first.click()
        frame = page.frame_locator("iframe.mail").first
        assert frame.locator("body").evaluate("body => getComputedStyle(body).backgroundColor") == PAPER
        page.screenshot(path=str(tmp_path / "mailbox.png"), full_page=True)
        browser.close()
    assert refused == []
