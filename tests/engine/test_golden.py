"""Golden records: every tests/golden/<game>/<name>.jsonl replays to <name>.summary.json.

The records go through the replay tool's own entry point, so they hold the
command line contract of DESIGN.md as well as the rules.
"""

import json
from pathlib import Path

import pytest

from engine.cli import main

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
RECORDS = sorted(GOLDEN.glob("*/*.jsonl"))


@pytest.mark.parametrize("record", RECORDS, ids=[f"{path.parent.name}/{path.stem}" for path in RECORDS])
def test_golden_record_replays_to_its_summary(record, capsys):
    expected = json.loads(record.with_suffix(".summary.json").read_text(encoding="utf-8"))
    assert main(["replay", str(record)]) == 0
    assert json.loads(capsys.readouterr().out) == expected
