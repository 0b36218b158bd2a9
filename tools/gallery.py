"""`make gallery`: every game at each phase, as its players see it, in PNGs to look at.

Each registered game (and each value of an option named `variant`) is
walked at random (tools/positions.py) to the first moment of each phase of
its first deal, the start of its second deal and its end. There the seat to
move (or, once the game is over, the first seat) is shown its table, served
by the app from this process on a scratch SQLite database under
DEV_MAILBOX-like settings, and the mails that position sends it
(tools/previews.py: the turn mail, the deal-end or game-over mail), each at
desktop (1280 px) and phone (390 px) width, by Debian's chromium through
Playwright. Nothing is fetched from the network.

    python -m tools.gallery [--out gallery] [--games quinto maw] [--seed 1]
"""

import argparse
import logging
import re
import secrets
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from app import create_app
from tools.serving import free_port, served
from app.config import Config
from app.store.migrate import upgrade
from engine import all_games

from .positions import new_game, walk
from .previews import seat_mails

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
WIDTHS = {"desktop": 1280, "phone": 390}


def cases(names):
    """(game name, options) for each game asked for (all by default), one per value of an option `variant`."""
    found = []
    for name, game in all_games().items():
        if names and name not in names:
            continue
        variants = next((option.choices for option in game.options if option.name == "variant"), None)
        found += [(name, {"variant": value}) for value in variants] if variants else [(name, {})]
    return found


def slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class Camera:
    """One chromium, two pages per width, each shot a full-page PNG: one page visits the site, the other shows
    mails. A mail is never written into a page of the site, whose content security policy forbids inline
    styles (a mail's only styles)."""

    def __init__(self, browser, folder):
        self.folder = folder
        self.pages = {(size, kind): browser.new_page(viewport={"width": width, "height": 900})
                      for size, width in WIDTHS.items() for kind in ("site", "mail")}
        self.count = 0

    def shoot(self, stem, url=None, html=None):
        for size in WIDTHS:
            if url:
                page = self.pages[size, "site"]
                page.goto(url, wait_until="load")
            else:
                page = self.pages[size, "mail"]
                page.set_content(html, wait_until="load")
            page.screenshot(path=str(self.folder / f"{stem}-{size}.png"), full_page=True)
            self.count += 1


def photograph(app, base, camera, name, options, seed):
    """Every position of one game's walk: the table of the seat it concerns and its mails."""
    game = all_games()[name]
    label = name + "".join(f"-{value}" for value in options.values())
    with app.app_context():
        game_id, tokens = new_game(name, game.players[0], options)
        for number, position in enumerate(walk(game_id, tokens, seed=f"{seed}:{label}", deals=1), start=1):
            seat = position.mover if position.mover is not None else position.state.player_seats()[0]
            stem = f"{label}-{number:02d}-{slug(position.why)}"
            camera.shoot(f"{stem}-table", url=f"{base}/s/{tokens[seat]}")
            for kind, mail in seat_mails(position, seat).items():
                camera.shoot(f"{stem}-mail-{kind.replace('_', '-')}", html=mail["html"])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="gallery", help="the folder for the PNGs (made if missing)")
    parser.add_argument("--games", nargs="*", help="only these games (registry names)")
    parser.add_argument("--seed", default="1", help="the random walks' seed")
    args = parser.parse_args(argv)
    logging.getLogger("werkzeug").setLevel(logging.ERROR)     # a line per request would bury the count
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        url = f"sqlite:///{scratch}/gallery.sqlite"
        upgrade(url)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        app = create_app(Config(instance_path=scratch, database_url=url, secret_key=secrets.token_hex(16),
                                base_url=base, dev_mailbox=True, inbound_domain="localhost"))
        with served(app, port), sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            camera = Camera(browser, folder)
            for name, options in cases(args.games):
                photograph(app, base, camera, name, options, args.seed)
            browser.close()
        app.extensions["cachette"]["db"].dispose()
    print(f"{camera.count} screenshots written to {folder.resolve()}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
