"""Every game, as its players see it: plain words, a label for every move, no prompt to the wrong seat.

Each registered game (and each value of an option named `variant`) is
walked at random (tools/positions.py) to the first moment of each phase of
its first two deals, the start of the second deal, the end of the game and
a couple of positions more, all on SQLite. There the seat to move and a
seat with nothing to do get their table page, the mails that position sends
them (tools/previews.py) and the answers to their replies by mail (`help`,
a card they do not hold); the seat to move also gets its page after an
illegal move. The words meant for people must hold no placeholder, template
leftover, seat number, card in the notation or gendered pronoun; every
legal move must have a button or list entry and words that say what it
does; hints must speak of the variant in play only; nothing may ask a seat
that is not to move to act. A game added to the registry is checked without
editing this file.
"""

import re
import uuid
from html.parser import HTMLParser

import pytest
from sqlalchemy import select

from app.context import database
from app.store.models import Outbox
from app.words.present import card_words
from app.mail_in import replies
from app.mail_out.mail import mail_bodies
from app.play.seats import reply_address, seats_of
from engine import all_games
from engine.cards import display, is_card
from tools.positions import ADDRESS, new_game, phase_of, walk
from tools.previews import seat_mails

from app_helpers import csrf_from

EXTRA_POSITIONS = 2
PLACEHOLDER = re.compile(r"\{\{|\}\}|\{%|%\}|\bNone\b|\bundefined\b|<seat|\b[Ss]eat \d|\bside \d|"
                         r"\b(?:TYPE|VALUE|CARDS?|RANK|SUIT|N)\b")
# A card in the notation (QS, TH, JK) standing alone; `e.g. Q♥ or QH` teaches how to type one and is left out.
NOTATION = re.compile(r"(?<![\w+/=-])(?:[AKQJT2-9][SCDH]|JK)(?![\w])")
TYPING_EXAMPLE = re.compile(r"e\.g\. \S+ or \S+")
PRONOUN = re.compile(r"\b(?:he|she|his|him|her|hers|himself|herself)\b", re.IGNORECASE)
PROMPT = re.compile(r"\b(?:Your move|[Yy]our turn|[Yy]our lead|Choose|Pick|Exchange now|Discard now|Reply with your|"
                    r"You may)\b")


def cases():
    params = []
    for name, game in all_games().items():
        variants = next((option.choices for option in game.options if option.name == "variant"), None)
        for options in ([{"variant": value} for value in variants] if variants else [{}]):
            label = name + "".join(f"-{value}" for value in options.values())
            params.append(pytest.param(name, options, id=label))
    return params


class PeopleText(HTMLParser):
    """What a page says to people: its text, and the words of its aria-labels, titles and alternatives."""

    HIDDEN = {"script", "style", "head", "title"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self.hidden = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN:
            self.hidden += 1
        self.parts += [value for name, value in attrs if name in ("aria-label", "title", "alt") and value]

    def handle_endtag(self, tag):
        if tag in self.HIDDEN:
            self.hidden = max(0, self.hidden - 1)

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def people_text(html):
    reader = PeopleText()
    reader.feed(html)
    return " ".join(" ".join(reader.parts).split())


LINK = re.compile(r"https?://\S+")


def word_problems(text):
    """What is wrong with words meant for people."""
    text = TYPING_EXAMPLE.sub(" ", LINK.sub(" ", text))
    found = []
    for pattern, what in ((PLACEHOLDER, "placeholder or engine word"), (NOTATION, "card in the notation"),
                          (PRONOUN, "gendered pronoun")):
        for match in pattern.finditer(text):
            found.append(f"{what} {match.group(0)!r} in …{text[max(0, match.start() - 50):match.end() + 30]}…")
    return found


class Check:
    """The problems found in one game, each saying where."""

    def __init__(self, client, name, options):
        self.client, self.name, self.options = client, name, options
        self.problems, self.seen = [], set()
        self.looked = 0

    def note(self, where, problems):
        """Keep each problem once: the same words on every page of a position are one problem."""
        for problem in problems:
            key = problem.split(" in …")[0][:80]
            if key not in self.seen:
                self.seen.add(key)
                self.problems.append(f"{self.name}{self.options or ''} {where}: {problem}")

    def position(self, position):
        state = position.state
        for seat, role in ((position.mover, "to move"), (position.bystander, "not to move")):
            if seat is None:
                continue
            where = f"[{position.why}] {'seat to move' if role == 'to move' else 'bystander'}"
            page = self.client.get(f"/s/{position.tokens[seat]}").get_data(as_text=True)
            words = people_text(live_part(page))
            self.note(f"{where} table", word_problems(words))
            for kind, mail in seat_mails(position, seat).items():
                self.note(f"{where} {kind} mail", word_problems(mail["subject"] + " " + mail["text"]))
                self.note(f"{where} {kind} mail html", word_problems(people_text(mail["html"])))
            if state.over:
                continue
            for line in ("help", card_words(stray_card(state, seat))):
                answer = self.reply(position, seat, line)
                self.note(f"{where} answer to {line!r}", word_problems(answer))
                if role == "not to move" and PROMPT.search(answer):
                    self.note(f"{where} answer to {line!r}", [f"asks to act in …{answer[:300]}"])
            if role == "to move":
                self.note(where, self.moves_problems(position, seat, page))
                self.note(f"{where} refused move page", word_problems(people_text(live_part(
                    self.illegal_move_page(position, seat, page)))))
            else:
                if 'name="move"' in live_part(page) or PROMPT.search(words):
                    found = PROMPT.search(words)
                    self.note(where, [f"a prompt to act: {found.group(0) if found else 'a move form'}"])
        self.looked += 1

    def moves_problems(self, position, seat, page):
        """Every legal move has a control on the page and words that say what it does, in plain words."""
        state = position.state
        acting = state.to_move[0]
        problems = []
        phase = phase_of(state)
        for move in state.read_legal(acting):
            if f'value="{move}"' not in page:
                problems.append(f"no button or list entry for the legal move {move!r}")
            words = state.action_words(acting, move)
            if not words or not words.strip():
                problems.append(f"no words for the move {move!r}")
                continue
            problems += [f"the words {words!r} for {move!r}: {problem}" for problem in word_problems(words)]
            cards = [part for part in str(move).split() if is_card(part)]
            if any(re.search(rf"(?<!\w){card}(?!\w)", words, re.IGNORECASE) for card in cards):
                problems.append(f"the words {words!r} for {move!r} show a card in the notation")
            if " " in str(move) and words.lower() == str(move).lower():
                problems.append(f"the words {words!r} for {move!r} are the notation itself")
            if is_card(move) and phase not in ("play", "cards") and words == f"Play {display(move)}":
                problems.append(f"a card in the {phase} is announced {words!r}, as if played")
        hints = state.hints()
        hint_text = " ".join(f"{verb}: {hint}" for verb, hint in hints.items())
        problems += [f"hints: {problem}" for problem in word_problems(hint_text)]
        for option in type(state).options:
            for value in option.choices or ():
                if isinstance(value, str) and value != state.opts.get(option.name) and len(value) > 3:
                    if re.search(rf"\b{re.escape(value.replace('_', ' ').capitalize())}\b", hint_text):
                        problems.append(f"hints speak of {option.name} {value!r}, not in play: {hint_text}")
        return problems

    def illegal_move_page(self, position, seat, page):
        answer = self.client.post(f"/s/{position.tokens[seat]}/move",
                                  data={"csrf_token": csrf_from(page), "seq": str(position.seq),
                                        "move": stray_card(position.state, seat)})
        assert answer.status_code == 422, answer.status_code
        return answer.get_data(as_text=True)

    def reply(self, position, seat, line):
        """The text and HTML of the service's answer to a reply by mail that says `line`."""
        with database().reading() as session:
            row = seats_of(session, position.game_id)[seat]
            to = reply_address(row, position.seq)
        raw = (f"From: {ADDRESS}\r\nTo: {to}\r\nSubject: Re: the game\r\nMessage-ID: <{uuid.uuid4().hex}@example.org>"
               f"\r\n\r\n{line}\r\n").encode()
        replies.receive(raw, envelope_sender=ADDRESS, recipients=[to])
        with database().reading() as session:
            mail = session.execute(select(Outbox).where(Outbox.kind == replies.ANSWER)
                                   .order_by(Outbox.id.desc()).limit(1)).scalar_one()
        text, html = mail_bodies(mail)
        return mail.subject + " " + text + " " + people_text(html)


def stray_card(state, seat):
    """A card of the pack that `seat` may not play now (one it does not hold, if any)."""
    view = state.view(seat)
    unplayable = set(view["legal"]) | set(view.get("hand") or [])
    return next(card for card in state.full_pack() if card not in unplayable)


def live_part(page):
    """The table's moving part: what changes with the position (the page's frame names no game)."""
    start = page.find('<div id="live-part"')
    return page[start:] if start >= 0 else page


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("name", "options"), cases())
def test_every_game_tells_its_players_in_plain_words(client, name, options):
    game = all_games()[name]
    game_id, tokens = new_game(name, game.players[0], options)
    check = Check(client, name, options)
    for position in walk(game_id, tokens, seed=f"{name}{options}", extra=EXTRA_POSITIONS):
        check.position(position)
    assert check.looked >= 2
    assert not check.problems, "\n".join(check.problems[:40]) + f"\n({len(check.problems)} problems)"
