"""Rendered table pages kept in this process, each under a key made of everything the page shows.

A table page is a function of the game's log up to its position (the log never changes below it), the game's
and its seats' rows, the reader's session (the CSRF token its forms carry), what is read per request
(standings, the next game waiting) and the time its words are relative to (to the minute). Every change a
table shows is one of those: whatever else a table shows (talk, leaving, rematches) is noted in the log, which
moves the position on, as open tables need it to be for their poll (app.live.positions). So a page whose key
is unchanged is the page a new rendering would give, and a reload or a return to the table costs the reads
of the key, not the rendering.

Kept per process, as the replayed states are (app.store.snapshots); the least recently used goes first.
"""

import threading
from collections import OrderedDict

from sqlalchemy import inspect

PAGES_KEPT = 256         # about 50 KB each: some 13 MB a web process


class RenderedPages:
    def __init__(self, size=PAGES_KEPT):
        self.size = size
        self.pages = OrderedDict()
        self.lock = threading.Lock()

    def page(self, key, render):
        """The page kept under `key`, or `render()`'s, kept under it."""
        with self.lock:
            page = self.pages.get(key)
            if page is not None:
                self.pages.move_to_end(key)
                return page
        page = render()
        with self.lock:
            self.pages[key] = page
            if len(self.pages) > self.size:
                self.pages.popitem(last=False)
        return page

    def clear(self):
        with self.lock:
            self.pages.clear()


def row_values(row):
    """The loaded column values of a database row, in a stable order (a part of a page's key)."""
    return sorted((name, value) for name, value in inspect(row).dict.items() if not name.startswith("_"))
