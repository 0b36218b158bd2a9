"""The rules pages: each game's fragment under templates/rules/.

A fragment is well-formed HTML that the site layout includes, it explains
every option the engine declares for its game, and it is written in our own
words: no run of twelve words is taken from the seed texts or the rules
specifications. Those sources live outside the repository; their runs are
checked against the hashes in source_runs.txt (see source_runs.py for how
to regenerate it).
"""

import functools
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from engine import all_games
from tests.app.source_runs import fingerprint, load, runs, words_of

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
GAMES = tuple(all_games())
VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
SUIT_CLASSES = {"♠": "suit-s", "♣": "suit-c", "♦": "suit-d", "♥": "suit-h"}
CARD_TEXT = re.compile(r"(?:10|[2-9AKQJ])[♠♣♦♥]")
BARE_CARD = re.compile(r"(?<![\w♠♣♦♥])(?:10|[2-9AKQJ])[♠♣♦♥]")


class Fragment(HTMLParser):
    """One parsed fragment: its structure, its problems, and its words."""

    def __init__(self, source):
        super().__init__(convert_charrefs=True)
        self.problems = []
        self.open = []
        self.card_depths = []     # depths of the card spans now open
        self.elements = []        # top-level element names, in order
        self.cards = []           # [classes, text] of each card span
        self.code = set()         # texts of <code> elements
        self.tables = []          # for each table: whether it has a caption
        self.text = []
        self.loose_text = []      # text outside card spans
        self.feed(source)
        self.close()
        if self.open:
            self.problems.append(f"unclosed: {', '.join(self.open)}")

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "style" in attributes or tag in ("script", "style"):
            self.problems.append(f"inline style or script in <{tag}>")
        if not self.open:
            self.elements.append(tag)
        if tag == "table":
            self.tables.append(False)
        if tag == "caption" and self.open and self.open[-1] == "table":
            self.tables[-1] = True
        if tag in VOID_TAGS:
            return
        self.open.append(tag)
        if tag == "span" and "card" in (attributes.get("class") or "").split():
            self.cards.append([attributes["class"].split(), ""])
            self.card_depths.append(len(self.open))

    def handle_startendtag(self, tag, attrs):
        if tag not in VOID_TAGS:
            self.problems.append(f"self-closed <{tag}/>")
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        if tag in VOID_TAGS:
            return
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.open[-1] if self.open else 'nothing'}")
            return
        if self.card_depths and self.card_depths[-1] == len(self.open):
            self.card_depths.pop()
        self.open.pop()

    def handle_data(self, data):
        self.text.append(data)
        if self.in_card():
            self.cards[-1][1] += data
        else:
            self.loose_text.append(data)
        if "code" in self.open:
            self.code.add(data.strip())
        if not self.open and data.strip():
            self.problems.append(f"text outside any element: {data.strip()[:40]!r}")

    def in_card(self):
        return bool(self.card_depths)

    def words(self):
        return words_of(" ".join(self.text))


def source_of(game):
    return (TEMPLATES / "rules" / f"{game}.html").read_text(encoding="utf-8")


@functools.cache
def fragment_of(game):
    return Fragment(source_of(game))


@pytest.fixture(scope="module")
def source_runs():
    """The hashes of every run of words in the sources."""
    return load()


def copied_runs(page, hashes):
    return sorted(" ".join(run) for run in runs(page.words()) if fingerprint(run) in hashes)


@pytest.mark.parametrize("game", GAMES)
def test_fragment_is_well_formed_html(game):
    assert fragment_of(game).problems == []


@pytest.mark.parametrize("game", GAMES)
def test_fragment_opens_with_a_title_and_a_summary(game):
    fragment = fragment_of(game)
    assert fragment.elements[:2] == ["h1", "p"]
    assert fragment.elements.count("h1") == 1
    assert "h2" in fragment.elements


@pytest.mark.parametrize("game", GAMES)
def test_fragment_is_content_for_the_layout(game):
    source = source_of(game)
    assert "{%" not in source and "{{" not in source
    environment = Environment(loader=FileSystemLoader(TEMPLATES), undefined=StrictUndefined, autoescape=True)
    rendered = environment.get_template(f"rules/{game}.html").render()
    assert rendered.strip() == source.strip()


@pytest.mark.parametrize("game", GAMES)
def test_cards_are_marked_with_their_suit(game):
    fragment = fragment_of(game)
    assert fragment.cards, "a rules page shows some cards"
    for classes, text in fragment.cards:
        assert CARD_TEXT.fullmatch(text), f"card span holds {text!r}"
        suit_classes = [name for name in classes if name.startswith("suit-")]
        assert suit_classes == [SUIT_CLASSES[text[-1]]], f"{text} has classes {classes}"
    loose = BARE_CARD.findall(" ".join(fragment.loose_text))
    assert loose == [], f"cards outside a card span: {loose}"


@pytest.mark.parametrize("game", GAMES)
def test_tables_have_captions(game):
    assert all(fragment_of(game).tables), "every table needs a caption"


@pytest.mark.parametrize("game", GAMES)
def test_every_engine_option_is_explained(game):
    registered = all_games()
    assert game in registered, f"{game} is not registered in the engine"
    fragment = fragment_of(game)
    text = " ".join(" ".join(fragment.text).split())
    for option in registered[game].options:
        assert option.title in text, f"option {option.title} is not explained"
        for _, label, _ in option.value_words():
            assert label in text, f"value {label} of option {option.title} is not explained"


@pytest.mark.parametrize("game", GAMES)
def test_no_run_of_words_is_copied_from_the_sources(source_runs, game):
    copied = copied_runs(fragment_of(game), source_runs)
    assert not copied, "words taken from the sources: " + "; ".join(map(repr, copied))


def test_the_fingerprints_are_hashes_of_runs():
    hashes = load()
    assert len(hashes) > 1000
    assert all(re.fullmatch(r"[0-9a-f]{12}", value) for value in hashes)


def test_the_copy_check_finds_a_copied_sentence():
    sample = "One two, three four five six seven eight nine ten eleven twelve thirteen."
    hashes = {fingerprint(run) for run in runs(words_of(sample))}
    page = Fragment(f"<h1>T</h1><p>Here: {sample.upper()}</p>")
    assert copied_runs(page, hashes) == [
        "one two three four five six seven eight nine ten eleven twelve",
        "two three four five six seven eight nine ten eleven twelve thirteen",
    ]
    assert copied_runs(Fragment("<h1>T</h1><p>Here: one two three.</p>"), hashes) == []


def test_the_parser_reports_bad_markup():
    assert Fragment("<h1>T</h1><p>open <em>wrong</p></em>").problems
    assert Fragment('<h1 style="color: red">T</h1>').problems
    assert Fragment("<h1>T</h1><script>x()</script>").problems
    assert Fragment("<h1>T</h1><p>unclosed").problems


def test_the_stylesheet_colours_every_suit_class():
    style = (ROOT / "static" / "cachette.css").read_text(encoding="utf-8")
    for name in SUIT_CLASSES.values():
        assert re.search(rf"\.{name}\b[^{{]*\{{[^}}]*color:", style), f"no colour for .{name}"
