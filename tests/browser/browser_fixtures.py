"""What the browser tests share: Debian's chromium, the app served from the test's own process, axe-core.

Test modules import these by name: a conftest.py here would shadow tests/conftest.py, which the tests import
as `conftest` (as tests/workers/worker_fixtures.py explains)."""

import json
import os
import shutil
import subprocess
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from app import create_app
from app.play import games
from app.play.moves import play_robot_turns
from app.play.seats import seat_path
from tools.serving import free_port, served  # noqa: F401  (the browser tests import them from here)
from conftest import confirm_address, make_config

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"     # from the npm package axe-core
ROOT = Path(__file__).resolve().parents[2]
VNU = ROOT / ".tools" / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"    # the Makefile's `vnu`
SIZES = {"desktop": {"width": 1200, "height": 900}, "phone": {"width": 390, "height": 844}}
ANN = {"name": "Ann", "email": "ann@example.org"}


@contextmanager
def site(folder, sqlite_template, build):
    """The app served from this process on a copy of the migrated database in `folder`, robots moving only
    when a test says; `build(app)` sets up what the tests need (in an app context). Yields (base address,
    what `build` returned)."""
    shutil.copy(sqlite_template, folder / "site.sqlite")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    app = create_app(make_config(folder, f"sqlite:///{folder / 'site.sqlite'}", base_url=base))
    try:
        with app.app_context():
            built = build(app)
        with served(app, port):
            yield base, built
    finally:
        app.extensions["cachette"]["db"].dispose()


def started(game, players=4, **extra):
    """A game of Ann's with random robots in the other seats, confirmed; returns (game id, Ann's seat path)."""
    created = games.create_game({"game": game, "seats": [ANN, *[{"robot": "random"}] * (players - 1)], **extra})
    _, (creator,) = confirm_address(ANN["email"])
    return created.id, seat_path(creator)


def play_until(client, game_id, path, reached):
    """Robots play their moves and Ann (behind the seat `path`) her first legal one, through the API, until
    `reached(answer)` holds for the API's answer about her seat (status, seq, view); returns that answer."""
    api = "/api" + path.replace("/s/", "/seats/", 1)
    for _ in range(1000):
        play_robot_turns(game_id)
        answer = client.get(api).json
        if reached(answer):
            return answer
        assert answer["view"]["legal"], f"{game_id} stopped before the wanted point: {answer['status']}"
        client.post(api + "/moves", json={"move": answer["view"]["legal"][0], "seq": answer["seq"]})
    raise AssertionError(f"{game_id} never reached the wanted point")


def anns_turn(answer, phase=None):
    """Whether Ann has a move to make (in the game's `phase`, if given)."""
    view = answer["view"]
    return bool(view["legal"]) and (phase is None or view.get("phase") == phase)


@pytest.fixture(scope="module")
def browser():
    """One chromium for a whole test module (a launch takes a second or two); each test opens its own pages."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def screenshot_folder(tmp_path):
    """Where screenshots go: CACHETTE_SCREENSHOTS when set (to look at them afterwards), else the test's own folder."""
    folder = Path(os.environ.get("CACHETTE_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def axe_violations(page):
    """axe-core's violations on the page as shown, one line each: the rule, its help and the elements.
    The page's context must bypass the content security policy, which refuses every script not served by the site."""
    page.add_script_tag(path=str(AXE))
    return page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']})).violations.map(
        v => v.id + ' (' + v.help + '): ' + v.nodes.map(n => n.target.join(' ')).join(', '))""")


def pages_checked_by_axe(browser, base, paths, size, shots, prefix):
    """({name: axe-core's violations}, [names of pages wider than the screen]) for the pages at `paths` ({name:
    path}) shown at `size`, each photographed into `shots` as `<prefix>-<name>-<size>.png`."""
    context = browser.new_context(viewport=SIZES[size], bypass_csp=True)
    page = context.new_page()
    found, too_wide = {}, []
    for name, path in paths.items():
        page.goto(base + path)
        page.screenshot(path=str(shots / f"{prefix}-{name.replace('_', '-')}-{size}.png"), full_page=True)
        if page.evaluate("document.documentElement.scrollWidth") > SIZES[size]["width"]:
            too_wide.append(name)
        if violations := axe_violations(page):
            found[name] = violations
    context.close()
    return found, too_wide


def nu_checker_errors(files):
    """The Nu HTML checker's errors in the HTML `files`, one line each, in one run (its JVM takes seconds)."""
    assert VNU.is_file(), f"{VNU} is missing: `make test` installs it (the Makefile's `vnu` step)"
    assert shutil.which("java"), "no java for the Nu HTML checker: `make test` installs it (the Makefile's `vnu` step)"
    checked = subprocess.run(["java", "-jar", str(VNU), "--errors-only", "--format", "json", "--stdout",
                              *map(str, files)], capture_output=True, text=True, timeout=300)
    assert checked.stdout.startswith("{"), checked.stderr
    return [f"{Path(message.get('url', '')).stem} line {message.get('lastLine')}: {message['message']} "
            f"[{' '.join(message.get('extract', '').split())}]" for message in json.loads(checked.stdout)["messages"]]


def saved_pages(browser, base, paths, folder):
    """The pages at `paths` ({name: path}) as served, saved in `folder` as `<name>.html`: their files."""
    page = browser.new_page()
    files = []
    for name, path in paths.items():
        files.append(folder / f"{name}.html")
        files[-1].write_bytes(page.goto(base + path).body())
    page.close()
    return files
