"""The new-game form, the replays and the record downloads, used in a real browser as a person would."""

import json
import re

import pytest
from playwright.sync_api import expect

from app.context import database
from app.records import downloads
from app.store.record import load_events
from browser_fixtures import SIZES, anns_turn, browser, play_until, site, started  # noqa: F401
from engine import replay
from engine.cards import display, is_card

pytestmark = pytest.mark.browser


def build(app):
    """A finished game and its record, and a game in the middle of a trick with the cards Ann may not see."""
    client = app.test_client()
    over_id, over = started("quinto", options={"match": "single_game", "target": 50})
    finished = play_until(client, over_id, over, lambda answer: answer["status"] == "over")
    playing_id, playing = started("quinto", options={"match": "single_game", "target": 1000})
    now = play_until(client, playing_id, playing, lambda answer: anns_turn(answer, "play") and answer["view"]["trick"])
    with database().reading() as session:
        state = replay(load_events(session, playing_id, upto=now["seq"]))
    return {"over": over, "events": finished["seq"] + 1,
            "record": downloads.json_lines(downloads.finished_record(over_id)), "playing": playing, "playing_id": playing_id,
            "others_hands": {card for seat in (1, 2, 3) for card in state.view(seat)["hand"]}}


@pytest.fixture(scope="module")
def games_site(tmp_path_factory, sqlite_template):
    with site(tmp_path_factory.mktemp("form-replay-downloads"), sqlite_template, build) as served:
        yield served


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=SIZES["desktop"])
    yield context.new_page()
    context.close()


def press_access_key(page, key):
    """Alt and `key`, as a keyboard sends them. Playwright's own keyboard sends no character while Alt is held,
    and the character is what Chromium's access keys listen for; so the key events go through the DevTools
    protocol, as the browser's input would have them."""
    session = page.context.new_cdp_session(page)
    alt = 1    # the protocol's modifier bit for Alt
    code = {"key": key, "code": f"Key{key.upper()}", "windowsVirtualKeyCode": ord(key.upper()), "modifiers": alt}
    session.send("Input.dispatchKeyEvent", {"type": "rawKeyDown", **code})
    session.send("Input.dispatchKeyEvent", {"type": "char", "text": key, "unmodifiedText": key, **code})
    session.send("Input.dispatchKeyEvent", {"type": "keyUp", **code})
    session.detach()


def seat_fields(page):
    return page.locator("fieldset.seat")


def test_the_form_keeps_what_was_typed_and_shows_only_the_options_that_apply(games_site, page):
    base, _ = games_site
    page.goto(base + "/lobby/catch_the_ten")
    expect(page.locator("#players")).to_have_value("4")
    expect(seat_fields(page)).to_have_count(4)
    expect(page.locator("#option_eight_player_pack")).to_have_count(0)      # eight players only
    page.fill("#seat0_name", "Ann")
    page.fill("#seat0_email", "ann@example.org")
    page.select_option("#seat1_kind", "person")
    page.fill("#seat1_name", "Bob")
    page.fill("#seat1_email", "bob@example.org")
    page.fill("#seat2_name", "Robbie")
    page.select_option("#option_stop_at_41", "true")
    page.select_option("#move_time", "7d")

    page.select_option("#players", "8")
    page.get_by_role("button", name="Show the form for this number").click()
    expect(seat_fields(page)).to_have_count(8)
    expect(page.locator("#option_eight_player_pack")).to_be_visible()
    expect(page.locator("#seat0_name")).to_have_value("Ann")
    expect(page.locator("#seat0_email")).to_have_value("ann@example.org")
    expect(page.locator("#seat1_kind")).to_have_value("person")
    expect(page.locator("#seat1_name")).to_have_value("Bob")
    expect(page.locator("#seat1_email")).to_be_visible()
    expect(page.locator("#seat1_email")).to_have_value("bob@example.org")
    expect(page.locator("#seat2_name")).to_have_value("Robbie")
    expect(page.locator("#seat2_email")).to_be_hidden()                      # still a robot
    expect(page.locator("#option_stop_at_41")).to_have_value("true")
    expect(page.locator("#move_time")).to_have_value("7d")

    page.select_option("#players", "2")
    page.get_by_role("button", name="Show the form for this number").click()
    expect(seat_fields(page)).to_have_count(2)
    expect(page.locator("#option_eight_player_pack")).to_have_count(0)
    expect(page.locator("#seat1_name")).to_have_value("Bob")
    expect(page.locator("#option_stop_at_41")).to_have_value("true")
    expect(page.locator("h1")).to_have_text("A new game of Catch-the-Ten")


def test_a_pasted_record_steps_by_button_and_by_access_key(games_site, page):
    base, built = games_site
    total = len(built["record"].splitlines())               # the log, and the note naming its players
    page.goto(base + "/replay")
    page.fill("#record", built["record"])
    page.get_by_role("button", name="Replay it").click()
    event = page.locator("#event")
    expect(event).to_contain_text(f"Event 1 of {total}:")
    expect(page.get_by_role("button", name="« Previous")).to_have_count(0)
    page.get_by_role("button", name="Next »").click()
    expect(event).to_contain_text(f"Event 2 of {total}:")
    press_access_key(page, "n")                           # the access keys: n for next, p for previous
    expect(event).to_contain_text(f"Event 3 of {total}:")
    press_access_key(page, "p")
    expect(event).to_contain_text(f"Event 2 of {total}:")
    page.get_by_role("button", name="Last").click()
    expect(event).to_contain_text(f"Event {total} of {total}:")
    expect(page.get_by_role("button", name="Next »")).to_have_count(0)
    expect(page.locator("ol.story li[aria-current=step]")).to_have_count(1)
    expect(page.locator("h1")).to_have_text("Replay of Quinto")


def test_a_seat_s_replay_steps_with_the_access_keys(games_site, page):
    base, built = games_site
    total = built["events"]
    page.goto(f"{base}{built['over']}/replay?step=5")
    event = page.locator("#event")
    expect(event).to_contain_text(f"Event 5 of {total}:")
    press_access_key(page, "n")
    expect(page).to_have_url(f"{base}{built['over']}/replay?step=6")
    expect(event).to_contain_text(f"Event 6 of {total}:")
    press_access_key(page, "p")
    expect(event).to_contain_text(f"Event 5 of {total}:")   # a key pressed while the page loads is lost, as
    press_access_key(page, "p")                             # for anyone: the second press waits for the page
    expect(event).to_contain_text(f"Event 4 of {total}:")
    expect(page.locator("a[rel=next]")).to_have_attribute("href", "?step=5")
    expect(page.locator("a[rel=prev]")).to_have_attribute("href", "?step=3")


def test_the_downloads_hold_only_what_the_seat_saw(games_site, page):
    base, built = games_site
    page.goto(base + built["playing"])
    with page.expect_download() as started_download:
        page.get_by_role("link", name="JSON Lines").click()
    download = started_download.value
    assert download.suggested_filename == f"cachette-{built['playing_id']}.jsonl"
    lines = download.path().read_text(encoding="utf-8").splitlines()
    events = [json.loads(line) for line in lines]
    assert events[0]["type"] == "start" and events[0]["game"] == "quinto" and events[0]["seats"] == 4
    view = page.request.get(base + built["playing"].replace("/s/", "/api/seats/", 1)).json()["view"]
    played = {event["move"] for event in events if event["type"] == "move" and event["seat"] == 0
              and is_card(event["move"])}
    [deal] = [event for event in events if event["type"] == "deal"]
    seen_dealt = {card for card in deal["deck"] if card is not None}
    assert seen_dealt == set(view["hand"]) | played        # Ann's twelve cards, nobody else's
    assert not built["others_hands"] & set(re.findall(r'"([^"]*)"', "\n".join(lines)))

    with page.expect_download() as started_download:
        page.get_by_role("link", name="text").click()
    download = started_download.value
    assert download.suggested_filename == f"cachette-{built['playing_id']}.txt"
    text = download.path().read_text(encoding="utf-8")
    assert text.splitlines()[0].startswith("Quinto: the game so far as Ann saw it")
    assert all(display(card) in text for card in view["hand"])
    assert not [card for card in built["others_hands"] if display(card) in text]
