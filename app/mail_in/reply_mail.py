"""Reading a mail that arrived at a reply address, with work bounded by what it may cost: its head first,
its body only once the head has shown a reply that may move.

The standard library's `email` package parses every part and every header
field it is asked for, and its work grows faster than the mail: 20,000 tiny
MIME parts take seconds, and so does one header field of a few hundred
kilobytes. So the head (the bytes up to the first blank line) is read alone,
and a mail is refused for its form (`Unreadable`), before its body is
parsed, when it has:

- a head over HEAD_MAX_BYTES;
- more than MAX_CONTAINERS multipart or message parts (so nothing nests
  deeper), or more than MAX_PARTS + MAX_CONTAINERS lines starting with `--`
  (every MIME part starts with one, its boundary, and every multipart ends
  with one): more than MAX_PARTS parts;
- a `Content-*` field over FIELD_MAX characters anywhere (the parser reads
  each part's).

Other head fields over FIELD_MAX are left unread (a long `References` or
`DKIM-Signature` is no reason to refuse a reply). Nothing here writes or
knows a game.
"""

import re
from email import policy
from email.parser import BytesHeaderParser, BytesParser

HEAD_MAX_BYTES = 64 * 1024
FIELD_MAX = 2000
MAX_PARTS = 100
MAX_CONTAINERS = 8

HEAD_END = re.compile(rb"\r?\n\r?\n")
CONTAINER = re.compile(rb"^content-type:\s*(?:multipart|message)/", re.IGNORECASE | re.MULTILINE)
MIME_FIELD = re.compile(rb"^content-[!-9;-~]*:[^\n]*(?:\n[ \t][^\n]*)*", re.IGNORECASE | re.MULTILINE)

HEAD_TOO_BIG = f"its header is over {HEAD_MAX_BYTES} bytes"
TOO_MANY_PARTS = f"it has more than {MAX_PARTS} MIME parts"
TOO_DEEP = f"it has more than {MAX_CONTAINERS} multipart or message parts"
FIELD_TOO_LONG = f"a Content field of it is over {FIELD_MAX} characters"


class Unreadable(Exception):
    """A mail refused for its form before its body is read; the message says why, in a few words."""


def head_of(raw):
    """The header block of `raw` (bytes) as an `EmailMessage` without a body; fields over FIELD_MAX are left
    out. Unreadable when the header block is over HEAD_MAX_BYTES."""
    end = HEAD_END.search(raw, 0, HEAD_MAX_BYTES + 4)
    head = raw[:end.start()] if end else raw
    if len(head) > HEAD_MAX_BYTES:
        raise Unreadable(HEAD_TOO_BIG)
    message = BytesHeaderParser(policy=policy.default).parsebytes(head + b"\r\n\r\n")
    for name in {name for name, value in message.raw_items() if len(value) > FIELD_MAX}:
        del message[name]
    return message


def whole(raw):
    """The whole mail parsed, once its form is checked; Unreadable if it has too many parts, nests too deep,
    or has a MIME field too long to parse."""
    if len(CONTAINER.findall(raw)) > MAX_CONTAINERS:
        raise Unreadable(TOO_DEEP)
    if raw.count(b"\n--") > MAX_PARTS + MAX_CONTAINERS:     # a part's boundary, or a multipart's last
        raise Unreadable(TOO_MANY_PARTS)
    if any(len(field) > FIELD_MAX for field in MIME_FIELD.findall(raw)):
        raise Unreadable(FIELD_TOO_LONG)
    return BytesParser(policy=policy.default).parsebytes(raw)
