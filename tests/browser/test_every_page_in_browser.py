"""Every kind of page in a real browser, at desktop and phone sizes: axe-core finds no accessibility violation,
nothing is wider than the screen, and the Nu HTML checker (vnu.jar, which `make test` installs) finds no
error in the HTML as the server sent it.

The pages are those of one site set up once for the module: games frozen at the phases a table goes
through (robots move only when the set-up says), finished games and their replays, the forms, the
rules of every game, the mail and address pages, and the error pages."""

import pytest

from app.context import database, settings
from app.play.links import my_games_token, unsubscribe_token
from app.records import downloads
from app.play import games
from app.social import talk
from app.play.seats import seat_path, seats_of
from browser_fixtures import (ANN, SIZES, anns_turn, axe_violations, browser, nu_checker_errors,  # noqa: F401
                              play_until, screenshot_folder, site, started)
from conftest import confirm_address, confirmation_token
from app.words.present import card_html, move_label, suit_class
from engine import all_games
from engine.cards import pack

pytestmark = pytest.mark.browser

RULES = sorted(all_games())
# The pages not answered 200 OK, and their status.
NOT_OK = {"form-left-empty": 422, "error-bad-seat-link": 403, "error-bad-step": 422, "error-no-such-game": 404,
          "error-no-such-page": 404}


def pasted(record, then=None):
    """A visit to the paste page that replays `record` (and presses the button named `then` on the replay)."""
    def visit(page, base):
        page.goto(base + "/replay")
        page.fill("#record", record)
        with page.expect_navigation() as answer:
            page.get_by_role("button", name="Replay it").click()
        if then:
            with page.expect_navigation() as answer:
                page.get_by_role("button", name=then).click()
        return answer.value
    return visit


def submitted(path, button, fields=()):
    """A visit that opens the form at `path`, fills `fields` ({selector: text}) and presses `button`."""
    def visit(page, base):
        page.goto(base + path)
        for selector, text in dict(fields).items():
            page.fill(selector, text)
        with page.expect_navigation() as answer:
            page.get_by_role("button", name=button).click()
        return answer.value
    return visit


def build_pages(app):
    """{page name: its path, or a visit(page, base) that returns the page's response} for the module's site."""
    client = app.test_client()
    long_game = {"match": "single_game", "target": 1000}    # no side gets there in a deal or two
    doubling_id, doubling = started("quinto", options=long_game)
    play_until(client, doubling_id, doubling, lambda answer: anns_turn(answer, "doubling"))
    trick_id, trick = started("quinto", options=long_game)
    play_until(client, trick_id, trick, lambda answer: anns_turn(answer, "play") and answer["view"]["trick"])
    deal_end_id, deal_end = started("quinto", options=long_game)
    play_until(client, deal_end_id, deal_end, lambda answer: answer["view"]["deal"] == 2 and anns_turn(answer))
    over_id, over = started("quinto", options={"match": "single_game", "target": 50})
    finished = play_until(client, over_id, over, lambda answer: answer["status"] == "over")
    primero_id, primero = started("primero", options={"deals": 1})
    play_until(client, primero_id, primero, anns_turn)
    primero_over_id, primero_over = started("primero", options={"deals": 1})
    primero_finished = play_until(client, primero_over_id, primero_over, lambda answer: answer["status"] == "over")
    thirty_over_id, thirty_over = started("one_and_thirty", options={"deals": 1})
    play_until(client, thirty_over_id, thirty_over, lambda answer: answer["status"] == "over")
    noddy_id, noddy = started("noddy", players=2)
    play_until(client, noddy_id, noddy, lambda answer: anns_turn(answer) and answer["view"]["pile"])
    fishing_id, fishing = started("laugh_and_lie_down", players=5)
    play_until(client, fishing_id, fishing, anns_turn)
    waiting = games.create_game({"game": "sueca", "seats": [{"name": "Bob", "email": "bob@example.org"},
                                                           *[{"robot": "random"}] * 3]})
    with database().reading() as session:
        waiting_table = seat_path(seats_of(session, waiting.id)[0])
    talking = talking_table(client)
    record = downloads.json_lines(downloads.finished_record(over_id))
    keys = settings().signing_keys
    return {
        "home": "/",
        "lobby": "/lobby",
        "form-quinto": "/lobby/quinto",
        "form-primero": "/lobby/primero",
        "form-catch-the-ten-8": "/lobby/catch_the_ten?players=8",
        "form-left-empty": submitted("/lobby/quinto", "Start the game"),
        "started": f"/started/{waiting.id}",
        "table-waiting-for-confirmation": waiting_table,
        "table-doubling": doubling,
        "table-trick": trick,
        "table-deal-end": deal_end,
        "table-game-over": over,
        "table-primero": primero,
        "table-primero-over": primero_over,
        "table-one-and-thirty-over": thirty_over,
        "table-noddy": noddy,
        "table-laugh-and-lie-down": fishing,
        "table-talk": talking,
        "seat-mail-settings": f"{trick}/mail",
        "new-link-ask": f"{trick}/new-link",
        "replay-first": f"{over}/replay?step=1",
        "replay-middle": f"{over}/replay?step={finished['seq'] // 2}",
        "replay-last": f"{over}/replay",
        "replay-primero": f"{primero_over}/replay?step={primero_finished['seq'] // 2}",
        "replay-paste": "/replay",
        "replay-pasted": pasted(record),
        "replay-pasted-next": pasted(record, then="Next »"),
        **{f"rules-{name}": f"/rules/{name}" for name in RULES},
        "my-games-ask": "/my-games",
        "my-games-asked": submitted("/my-games", "Send me the link", {"#email": ANN["email"]}),
        "my-games-list": "/my-games/" + my_games_token(keys, ANN["email"]),
        "mailbox": "/dev/mailbox",
        "confirm": "/confirm/" + confirmation_token("bob@example.org"),
        "confirm-used": "/confirm/" + confirmation_token(ANN["email"]),      # it shows the games it started
        "unsubscribe": "/unsubscribe/" + unsubscribe_token(keys, ANN["email"]),
        "error-bad-seat-link": "/s/not-a-seat-link",
        "error-bad-step": f"{over}/replay?step=first",
        "error-no-such-game": "/rules/no_such_game",
        "error-no-such-page": "/no-such-page",
    }


def talking_table(client):
    """Ann's seat path at a table of Ann, Cy and two robots where both talked and Ann removed one message."""
    created = games.create_game({"game": "quinto", "seats": [ANN, {"name": "Cy", "email": "cy@example.org"},
                                                            *[{"robot": "random"}] * 2]})
    confirm_address(ANN["email"])
    with database().reading() as session:
        ann, cy = (seat_path(seat).rsplit("/", 1)[1] for seat in list(seats_of(session, created.id).values())[:2])
    for token, text in ((ann, "Good luck, <b>all</b>!"), (cy, "Thanks, Ann."), (cy, "Something rude")):
        said = client.post(f"/api/seats/{token}/messages", json={"text": text}).json
    talk.remove(ann, said["messages"][-1]["seq"])
    return f"/s/{ann}"


@pytest.fixture(scope="module")
def every_page(tmp_path_factory, sqlite_template):
    """(base address, {page name: path or visit}) of the module's site."""
    with site(tmp_path_factory.mktemp("every-page"), sqlite_template, build_pages) as served_pages:
        yield served_pages


def visit(page, base, target):
    """Open one page; returns the response of its main document."""
    return page.goto(base + target) if isinstance(target, str) else target(page, base)


@pytest.mark.parametrize("size", SIZES)
def test_axe_finds_no_violation_and_nothing_is_wider_than_the_screen(every_page, browser, size, tmp_path):
    base, pages = every_page
    shots = screenshot_folder(tmp_path)
    # The policy refuses every script not served by the site: let the test's own axe-core in.
    context = browser.new_context(viewport=SIZES[size], bypass_csp=True)
    page = context.new_page()
    violations, too_wide, overflowing_cards = {}, {}, {}
    for name, target in pages.items():
        visit(page, base, target)
        page.screenshot(path=str(shots / f"{name}-{size}.png"), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > SIZES[size]["width"]:
            too_wide[name] = width
        cards = page.evaluate("""() => Array.from(document.querySelectorAll('.card'))
            .filter(card => card.scrollWidth > card.clientWidth).map(card => card.textContent)""")
        if cards:
            overflowing_cards[name] = cards
        found = axe_violations(page)
        if found:
            violations[name] = found
    context.close()
    assert not violations, "\n".join(f"{name}: {line}" for name, lines in violations.items() for line in lines)
    assert not too_wide, f"pages wider than the {size} screen: {too_wide}"
    assert not overflowing_cards, f"cards whose label runs over their face: {overflowing_cards}"


def test_the_nu_html_checker_finds_no_error(every_page, browser, tmp_path):
    base, pages = every_page
    page = browser.new_page()
    files, statuses = [], {}
    for name, target in pages.items():
        response = visit(page, base, target)
        statuses[name] = response.status
        files.append(tmp_path / f"{name}.html")
        files[-1].write_bytes(response.body())
    page.close()
    assert statuses == {name: NOT_OK.get(name, 200) for name in pages}
    errors = nu_checker_errors(files)
    assert not errors, "\n".join(errors)


@pytest.mark.parametrize("size", SIZES)
def test_every_card_label_fits_its_face(every_page, browser, size):
    """Every card of the pack, as the table draws it (on the felt, in the hand, playable or not): the pages
    above hold only the cards their deals dealt, so a label too wide for its face would show only sometimes."""
    base, _ = every_page
    faces = "".join(str(card_html(card)) + str(card_html(card, dim=True)) for card in pack(jokers=1))
    buttons = "".join(f'<button class="card {suit_class(card)}">{move_label(card)}</button>' for card in pack(jokers=1))
    page = browser.new_page(viewport=SIZES[size])
    page.goto(base + "/no-such-page")          # the site's stylesheet, on a page of the site
    page.evaluate("""([faces, buttons]) => { document.querySelector('main').innerHTML =
        `<section class="felt"><div class="middle"><div class="spot">${faces}</div></div></section>
         <ul class="hand"><li>${faces}${buttons}</li></ul>`; }""", [faces, buttons])
    overflowing = page.evaluate("""() => Array.from(document.querySelectorAll('.card'))
        .filter(card => card.scrollWidth > card.clientWidth).map(card => card.textContent)""")
    page.close()
    assert not overflowing, f"cards whose label runs over their face: {sorted(set(overflowing))}"
