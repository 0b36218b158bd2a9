"""Fingerprints of the sources that the rules pages must not copy from.

The rules fragments are written in our own words: no run of COPY_RUN words
may come from the seed texts (../shared/seeds/*.txt) or the rules
specifications (../shared/rules/*.md). Those sources are not in the
repository, so their runs are kept in source_runs.txt beside this module as
hashes only (the first 12 hex digits of the SHA-256 of the run's normalised
words joined by spaces), one per line, sorted. The file holds no text of the
sources.

Regenerate it when the sources change, from the repository's root:

    .venv/bin/python -m tests.app.source_runs [SHARED]

SHARED defaults to $CACHETTE_SHARED, else ../shared.
"""

import hashlib
import os
import re
import sys
from pathlib import Path

COPY_RUN = 12
ROOT = Path(__file__).resolve().parents[2]
FINGERPRINTS = Path(__file__).with_name("source_runs.txt")


def words_of(text):
    """The normalised words of `text`: lower case, punctuation dropped."""
    return re.findall(r"\w+", text.lower())


def runs(words):
    """Every run of COPY_RUN consecutive words, as tuples."""
    return {tuple(words[i:i + COPY_RUN]) for i in range(len(words) - COPY_RUN + 1)}


def fingerprint(run):
    """The hash kept for one run of words."""
    return hashlib.sha256(" ".join(run).encode("utf-8")).hexdigest()[:12]


def source_paths(shared):
    return sorted(shared.glob("seeds/*.txt")) + sorted(shared.glob("rules/*.md"))


def fingerprints_of(paths):
    return sorted({fingerprint(run) for path in paths for run in runs(words_of(path.read_text(encoding="utf-8", errors="replace")))})


def load():
    """The committed fingerprints, as a set."""
    return set(FINGERPRINTS.read_text(encoding="ascii").split())


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    shared = Path(argv[0] if argv else os.environ.get("CACHETTE_SHARED", ROOT.parent / "shared"))
    paths = source_paths(shared)
    if not paths:
        print(f"no seed texts or rules files under {shared}", file=sys.stderr)
        return 1
    hashes = fingerprints_of(paths)
    FINGERPRINTS.write_text("".join(f"{value}\n" for value in hashes), encoding="ascii")
    print(f"{len(hashes)} runs from {len(paths)} files written to {FINGERPRINTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
