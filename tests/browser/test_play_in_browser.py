"""A real browser against a real server: start a game with three robots, confirm it from the mail, play a card."""

import os
import subprocess
import sys
import time
import urllib.request

import pytest
from playwright.sync_api import expect, sync_playwright

from browser_fixtures import CHROMIUM, CHROMIUM_ARGS, free_port

pytestmark = pytest.mark.browser

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture
def server(tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = dict(os.environ, PORT=str(port), DATABASE_URL=f"sqlite:///{tmp_path / 'browser.sqlite'}",
               SECRET_KEY="browser-test-key", BASE_URL=base, DEV_MAILBOX="1")
    env.pop("SMTP_HOST", None)
    process = subprocess.Popen([sys.executable, "-m", "workers.run"], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        first_line = process.stdout.readline()
        assert f"{base}/" in first_line, first_line
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(base + "/", timeout=1)
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        process.wait(10)
        process.stdout.close()


def test_start_a_robot_game_follow_the_mail_and_play_a_card(server):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844})   # a phone's screen
        page.goto(server + "/lobby")
        expect(page.get_by_role("radio").first).to_have_id("game_quinto")
        expect(page.locator("#game_quinto")).to_be_checked()
        page.get_by_role("button", name="Choose players and options").click()
        expect(page.locator("h1")).to_have_text("A new game of Quinto")
        page.fill("#seat0_name", "Ann")
        page.fill("#seat0_email", "ann@example.org")
        for seat in (1, 2, 3):
            expect(page.locator(f"#seat{seat}_kind")).to_have_value("strong")
            expect(page.locator(f"#seat{seat}_email")).to_be_hidden()          # a robot has no email
        page.select_option("#seat1_kind", "person")
        expect(page.locator("#seat1_email")).to_be_visible()
        page.select_option("#seat1_kind", "strong")
        expect(page.locator("#seat1_email")).to_be_hidden()
        page.get_by_role("button", name="Start the game").click()
        expect(page.locator("h1")).to_have_text("Your game is set up")
        page.get_by_role("link", name="open the mailbox").click()
        page.locator("article.mail").first.locator("pre a[href*='/confirm/']").first.click()
        expect(page.locator("h1")).to_have_text("Confirm your address")
        page.get_by_role("button", name="Confirm and start").click()              # the game starts: to its table
        expect(page.locator("h1")).to_contain_text("you are Ann")

        card = None
        for _ in range(100):
            cards = page.locator("ul.hand button.card")
            if cards.count():
                card = cards.first.inner_text()
                trick_before = page.locator("#middle").inner_text()
                hand_before = page.locator("ul.hand li").count()
                cards.first.click()
                break
            actions = page.locator("#actions button")
            if actions.count():
                page.get_by_role("button", name="Pass").click()
            else:
                time.sleep(0.2)          # the robots are still thinking in the background
                page.reload()
        assert card, "no card became playable"
        expect(page.locator("h1")).to_contain_text("you are Ann")
        trick_area = " ".join([page.locator("#middle").inner_text(), *page.locator("#last-trick").all_inner_texts()])
        assert card in trick_area and trick_area != trick_before
        assert page.locator("ul.hand li").count() == hand_before - 1
        browser.close()
