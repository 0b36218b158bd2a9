"""Reading a mail at a reply address with bounded work (app.mail_in.reply_mail, app.mail_in.reply_text): the
header alone first, long fields left unread, a mail of a huge header or MIME field refused, the text the reply
parser reads bounded, and HTML that makes the standard library's parser slow or fail read quickly.

A hostile mail through the real receiver is in tests/workers/test_inbound.py; a reply's fate at the service in
tests/app/test_replies.py.
"""

import pytest

from app.mail_in.reply_mail import Unreadable, head_of, whole
from app.mail_in.reply_text import PARSED_CHARS, PARSED_LINE_CHARS, PARSED_LINES, bounded, first_line, html_text

ANN = "ann@example.org"


def test_a_long_header_field_is_left_unread_and_a_huge_header_or_mime_field_is_refused():
    long_field = b"References: " + b" ".join(b"<%d@example.org>" % number for number in range(400)) + b"\r\n"
    mail = b"From: Ann <ann@example.org>\r\n" + long_field + b"Subject: Re\r\n\r\nQS\r\n"
    head = head_of(mail)
    assert head["From"].addresses[0].addr_spec == ANN and head["References"] is None and head["Subject"] == "Re"
    with pytest.raises(Unreadable, match="header is over"):
        head_of(b"From: ann@example.org\r\n" + b"X-Pad: padding\r\n" * 6000 + b"\r\nQS")
    with pytest.raises(Unreadable, match="Content field"):
        whole(b"From: ann@example.org\r\nContent-Type: text/plain; " + b"a=b; " * 1000 + b"\r\n\r\nQS")
    assert first_line(whole(mail).get_content()) == "QS"


def test_a_reply_is_bounded_before_the_reply_parser_reads_it():
    text = "\r\n" * 10_000 + "help\n" + "\n \n\t\n" * 500 + "\n".join(f"line {number} " + "x" * 1000
                                                                         for number in range(10_000))
    kept = bounded(text)
    lines = kept.split("\n")
    assert lines[:3] == ["", "help", ""] and lines[3].startswith("line 0 x")
    assert len(lines) <= PARSED_LINES and len(kept) <= PARSED_CHARS and max(map(len, lines)) <= PARSED_LINE_CHARS
    assert first_line(text) == "help"


@pytest.mark.parametrize("junk", ["<![" * 2000, "<a " * 5000, "<!--" * 5000, "<p>" * 100_000])
def test_html_that_breaks_or_stalls_the_standard_librarys_parser_is_read(junk):
    assert html_text("<p>QS</p>" + junk) == "QS"
    assert html_text(junk + "<p>QS</p>") in ("QS", "")      # an unclosed comment hides the rest, as in a browser


def test_an_html_reply_is_read_from_its_top():
    lines = html_text("<p>QS</p>" + "<p>x</p>" * 100_000).split("\n")
    assert lines[0] == "QS" and len(lines) <= PARSED_LINES
