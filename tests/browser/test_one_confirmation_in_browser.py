"""One confirmation for three games, in a real browser at phone size: a new address sets up three games from the
lobby, gets one confirmation mail, whose link starts all three; the link, opened again, shows them with their tables;
this browser's next game starts at once, and another browser is still asked."""

import re

import pytest

from browser_fixtures import SIZES, browser, screenshot_folder, site  # noqa: F401

pytestmark = pytest.mark.browser
ADDRESS = "new@example.org"


def set_up_from_the_lobby(page, base, game):
    page.goto(f"{base}/lobby/{game}")
    page.fill("#seat0_name", "Ann")
    page.fill("#seat0_email", ADDRESS)
    with page.expect_navigation():
        page.get_by_role("button", name="Start the game").click()


def confirmations(page, base):
    mails = page.request.get(f"{base}/dev/mailbox.json").json()["mails"]
    return [mail for mail in mails if mail["kind"] == "confirm" and mail["to"] == ADDRESS]


def test_one_confirmation_starts_three_games_and_its_link_then_leads_to_their_tables(
        browser, tmp_path, sqlite_template, dispatched):
    shots = screenshot_folder(tmp_path)
    with site(tmp_path, sqlite_template, lambda app: None) as (base, _):
        here = browser.new_context(viewport=SIZES["phone"])
        page = here.new_page()
        for game in ("quinto", "sueca", "primero"):
            set_up_from_the_lobby(page, base, game)
            assert page.get_by_role("heading", level=1).inner_text() == "Your game is set up"
        [mail] = confirmations(page, base)
        link = re.search(r"http://\S+/confirm/\S+", mail["text"])[0]
        page.goto(link)
        assert "the 3 games you set up" in page.inner_text("main")
        with page.expect_navigation():
            page.get_by_role("button", name="Confirm and start").click()
        assert "/my-games/" in page.url
        cards = page.locator(".game-card")
        assert cards.count() == 3 and page.get_by_role("link", name=re.compile("^Open the table of")).count() == 3
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES["phone"]["width"]
        page.screenshot(path=str(shots / "my-games-after-one-confirmation-phone.png"), full_page=True)

        page.goto(link)                                       # the link again: no error, the games and their tables
        assert page.get_by_role("heading", level=1).inner_text() == "Your address is confirmed"
        tables = page.locator('main a[href^="/s/"]')
        assert tables.count() == 3
        with page.expect_navigation() as opened:
            tables.nth(1).click()
        assert opened.value.status == 200 and page.get_by_role("heading", level=1).inner_text().startswith("Sueca")

        set_up_from_the_lobby(page, base, "quinto")           # this browser is remembered: no mail, the table
        assert "/s/" in page.url and page.get_by_role("heading", level=1).inner_text().startswith("Quinto")
        assert len(confirmations(page, base)) == 1
        here.close()

        elsewhere = browser.new_context(viewport=SIZES["desktop"])
        other = elsewhere.new_page()
        set_up_from_the_lobby(other, base, "quinto")
        assert other.get_by_role("heading", level=1).inner_text() == "Your game is set up"
        assert len(confirmations(other, base)) == 2
        elsewhere.close()
