"""Reading a reply: its own text (no quote, no signature), its first line, and the move that line names.

The reply's own text is cut from what the mail program added with
mail-parser-reply (its "On ... wrote:" and "From: ... Sent:" headers in many
languages, signatures, "Sent from my phone"); lines still marked as quoted
(`>`) are dropped too. An HTML-only reply is turned into text first, its
blockquotes marked as quoted. Nothing here writes or knows a game.
"""

import re
from email.message import EmailMessage
from html.parser import HTMLParser

from mailparser_reply import EmailReplyParser

from engine.cards import JOKER, SUIT_NAMES, SUIT_SYMBOLS

# Languages whose "On ... wrote:" lines are recognised, besides English.
REPLY_LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "sv", "pl"]
LONGEST_LINE = 200      # a first line longer than this is not a move
RANK_WORDS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "knave": "J", "ten": "T", "nine": "9", "eight": "8",
              "seven": "7", "six": "6", "five": "5", "four": "4", "three": "3", "two": "2", "deuce": "2", "10": "T"}
SUIT_WORDS = {**{name: suit for suit, name in SUIT_NAMES.items()},
              **{name[:-1]: suit for suit, name in SUIT_NAMES.items()},
              **{symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}, "♤": "S", "♧": "C", "♢": "D", "♡": "H",
              **{suit.lower(): suit for suit in SUIT_NAMES}}
LEADING_WORDS = ("i'll play", "i will play", "i play", "play", "lead", "the")
CARD_PHRASE = re.compile(r"^(?P<rank>\S+?)\s*(?:of\s+)?(?P<suit>[a-z]+|[♠♣♦♥♤♧♢♡])$")
PARSER = EmailReplyParser(languages=REPLY_LANGUAGES)


def message_text(message):
    """The text a person wrote in `message` (an `email.message.EmailMessage`): its first plain text part that
    is not an attachment, else its HTML part turned into text; "" when it has neither."""
    part = message.get_body(("plain",))
    if part is not None:
        return decoded(part)
    part = message.get_body(("html",))
    return html_text(decoded(part)) if part is not None else ""


def decoded(part: EmailMessage):
    """A text part's content; a charset Python does not know is read as Latin-1 rather than refused."""
    try:
        return part.get_content()
    except (LookupError, UnicodeError):
        payload = part.get_payload(decode=True) or b""
        return payload.decode("latin-1")


def own_lines(text):
    """The lines of a reply's own text: what mail-parser-reply keeps of its first fragment, quotes dropped."""
    fragments = PARSER.read(text.replace("\r\n", "\n")).replies
    body = fragments[0].body if fragments else ""
    return [line.strip() for line in body.splitlines() if not line.lstrip().startswith(">")]


def first_line(text):
    """The first non-empty line of a reply's own text ("" if it has none)."""
    return next((line for line in own_lines(text) if line), "")[:LONGEST_LINE]


def move_words(line):
    """The move a first line names, in the notation (`TH`, `pass`), or the line's words as they are.

    Plain forms are read: `ten of hearts`, `10 hearts`, `Q of spades`, `k s`, `play 10h`, a full stop at the end.
    """
    words = " ".join(line.lower().replace("’", "'").split()).rstrip(".!")
    for leading in LEADING_WORDS:
        if words.startswith(leading + " "):
            words = words[len(leading) + 1:].strip()
    if words == "joker":
        return JOKER
    phrase = CARD_PHRASE.match(words)
    if phrase and phrase["suit"] in SUIT_WORDS:
        rank = RANK_WORDS.get(phrase["rank"], phrase["rank"].upper())
        if len(rank) == 1:
            return rank + SUIT_WORDS[phrase["suit"]]
    return words


class TextOfHtml(HTMLParser):
    """HTML to text for reading a reply: block elements end lines, blockquotes are quoted with `>`,
    and what is never shown (head, script, style) is left out."""

    BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "table", "blockquote", "hr", "pre"}
    HIDDEN = {"head", "script", "style", "title", "template"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lines, self.current, self.quoted, self.hidden = [], [], 0, 0

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN:
            self.hidden += 1
        elif tag in self.BLOCKS:
            self.end_line()
        if tag == "blockquote":
            self.quoted += 1

    def handle_endtag(self, tag):
        if tag in self.HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in self.BLOCKS:
            self.end_line()
        if tag == "blockquote":
            self.quoted = max(0, self.quoted - 1)

    def handle_data(self, data):
        if not self.hidden:
            self.current.append(data)

    def end_line(self):
        line = " ".join("".join(self.current).split())
        if line:
            self.lines.append("> " * self.quoted + line)
        self.current = []


def html_text(html):
    reader = TextOfHtml()
    reader.feed(html)
    reader.close()
    reader.end_line()
    return "\n".join(reader.lines)
