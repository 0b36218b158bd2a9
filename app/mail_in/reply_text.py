"""Reading a reply: its own text (no quote, no signature), its first line, and the move that line names;
its lines starting `say ` are table talk.

The reply's own text is cut from what the mail program added with
mail-parser-reply (its "On ... wrote:" and "From: ... Sent:" headers in many
languages, signatures, "Sent from my phone"); lines still marked as quoted
(`>`) are dropped too. The parser's work grows with the square of the
lines (10,000 blank lines took a minute), so it is given the top of the
text only (`bounded`): the move is on its first line. An HTML-only reply is
turned into text first with lxml (libxml2's parser: its work grows with the
page, where the standard library's HTMLParser took seconds over a few
kilobytes of unclosed tags), its blockquotes marked as quoted. Nothing here
writes or knows a game.
"""

import io
import re
from email.message import EmailMessage

from lxml import etree
from mailparser_reply import EmailReplyParser

from engine.cards import JOKER, SUIT_NAMES, SUIT_SYMBOLS

from app.social.talk import LONGEST_MESSAGE

# Languages whose "On ... wrote:" lines are recognised, besides English.
REPLY_LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "sv", "pl"]
LONGEST_LINE = 200      # a first line longer than this is not a move
# What of a reply's text the reply parser reads: a run of blank lines counts as one. A line is read whole up to
# a `say` line of the talk's own limit, and one character more, so that a longer one is refused as too long.
PARSED_LINES, PARSED_CHARS = 60, 6000
PARSED_LINE_CHARS = len("say ") + LONGEST_MESSAGE + 1
RANK_WORDS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "knave": "J", "ten": "T", "nine": "9", "eight": "8",
              "seven": "7", "six": "6", "five": "5", "four": "4", "three": "3", "two": "2", "deuce": "2", "10": "T"}
SUIT_WORDS = {**{name: suit for suit, name in SUIT_NAMES.items()},
              **{name[:-1]: suit for suit, name in SUIT_NAMES.items()},
              **{symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}, "♤": "S", "♧": "C", "♢": "D", "♡": "H",
              **{suit.lower(): suit for suit in SUIT_NAMES}}
LEADING_WORDS = ("i'll play", "i will play", "i play", "play", "lead", "the")
SAID = re.compile(r"^say\s+(?P<text>\S.*)$", re.IGNORECASE)   # a line of talk, not a move
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


def bounded(text):
    """The top of a reply's text, as the reply parser reads it: runs of blank lines collapsed to one, lines cut
    at PARSED_LINE_CHARS, at most PARSED_LINES lines and PARSED_CHARS characters."""
    kept, size = [], 0
    for line in io.StringIO(text, newline=None):        # "\r\n" and "\r" end lines too
        line = line.rstrip("\n")[:PARSED_LINE_CHARS]
        if not line.strip() and kept and not kept[-1].strip():
            continue
        kept.append(line)
        size += len(line) + 1
        if len(kept) >= PARSED_LINES or size >= PARSED_CHARS:
            break
    return "\n".join(kept)[:PARSED_CHARS]


def own_lines(text):
    """The lines of a reply's own text: what mail-parser-reply keeps of its first fragment, quotes dropped."""
    fragments = PARSER.read(bounded(text)).replies
    body = fragments[0].body if fragments else ""
    return [line.strip() for line in body.splitlines() if not line.lstrip().startswith(">")]


def first_line(text):
    """The first non-empty line of a reply's own text ("" if it has none)."""
    return next((line for line in own_lines(text) if line), "")[:LONGEST_LINE]


def talk_and_move(text):
    """(talk, move line) of a reply's own text: the lines starting `say ` are talk, their words joined ("" if
    none); the first other non-empty line is the move line, as `first_line` reads it ("" if none). So a
    message is never read as a move, nor a move as a message."""
    said, line = [], ""
    for own in own_lines(text):
        found = SAID.match(own)
        if found:
            said.append(found["text"])
        elif own and not line:
            line = own[:LONGEST_LINE]
    return " ".join(said), line


def move_words(line):
    """The move a first line names, in the notation (`TH`, `pass`), or the line's words as they are.

    Plain forms are read: `ten of hearts`, `10 hearts`, `Q of spades`, `k s`, `play 10h`, `joker` or `jk`, a full
    stop at the end.
    """
    words = " ".join(line.lower().replace("’", "'").split()).rstrip(".!")
    for leading in LEADING_WORDS:
        if words.startswith(leading + " "):
            words = words[len(leading) + 1:].strip()
    if words in ("joker", JOKER.lower()):      # its name, or its notation typed in any case
        return JOKER
    phrase = CARD_PHRASE.match(words)
    if phrase and phrase["suit"] in SUIT_WORDS:
        rank = RANK_WORDS.get(phrase["rank"], phrase["rank"].upper())
        if len(rank) == 1:
            return rank + SUIT_WORDS[phrase["suit"]]
    return words


# Block elements end a line; what is never shown is left out.
HTML_BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "table", "blockquote", "hr", "pre"}
HTML_HIDDEN = ("head", "script", "style", "title", "template")
# What of an HTML reply is read: its first characters, and its first elements (a few thousand; the reply's own
# text comes first), so that it costs a few tens of milliseconds at most.
HTML_READ_CHARS, HTML_READ_ELEMENTS = 128 * 1024, 5000
HTML_PARSER = etree.HTMLParser(encoding="utf-8", remove_comments=True, remove_pis=True, no_network=True)


def html_text(html):
    """The top of an HTML reply as text (at most PARSED_LINES lines): a line for each block, blockquoted lines
    marked with `>`, what is never shown left out."""
    html = html[:HTML_READ_CHARS]
    root = etree.fromstring(html.encode("utf-8", "replace"), HTML_PARSER) if html.strip() else None
    if root is None:
        return ""
    etree.strip_elements(root, *HTML_HIDDEN, with_tail=False)
    lines, current, quoted = [], [], 0

    def end_line():
        line = " ".join("".join(current).split())
        if line:
            lines.append("> " * quoted + line)
        current.clear()

    for step, (event, element) in enumerate(etree.iterwalk(root, events=("start", "end"))):
        tag = element.tag.lower() if isinstance(element.tag, str) else ""
        if tag in HTML_BLOCKS:
            end_line()
        if event == "start":
            quoted += tag == "blockquote"
            current.append(element.text or "")
        else:
            quoted -= tag == "blockquote"
            current.append(element.tail or "")
        if len(lines) >= PARSED_LINES or step >= 2 * HTML_READ_ELEMENTS:
            break
    end_line()
    return "\n".join(lines)
