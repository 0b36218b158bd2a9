"""The replay tool's command line contract (DESIGN.md), run as outsiders run it."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "quinto"


def run_replay(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-S", "-m", "engine", "replay", *args],
        cwd=ROOT, input=stdin, capture_output=True, text=True, check=False,
    )


def test_runs_without_site_packages_and_prints_the_summary():
    result = run_replay(str(GOLDEN / "rubber_defaults.jsonl"))
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert list(summary) == ["game", "over", "winner", "scores", "deal", "to_move", "awaiting", "legal"]


def test_reads_standard_input_and_prints_a_seat_view():
    record = (GOLDEN / "doubling_round_in_progress.jsonl").read_text()
    result = run_replay("-", "--seat", "1", stdin=record)
    assert result.returncode == 0, result.stderr
    view = json.loads(result.stdout)
    assert view["seat"] == 1 and view["legal"] == ["pass"]
    assert view["hands"][0] is None and len(view["hand"]) == 12


def lines_with(extra):
    record = (GOLDEN / "doubling_round_in_progress.jsonl").read_text().splitlines()
    return "\n".join(record + [extra]) + "\n"


@pytest.mark.parametrize(("extra", "message"), [
    ('{"type": "move", "seat": 1, "move": "double"}', "line 5: seat 1 cannot double: the deal is already redoubled"),
    ('{"type": "move", "seat": 2, "move": "pass"}', "line 5: seat 2 cannot move now: awaiting a move from seat 1"),
    ('{"type": "move", "seat": 1, "move": "5Z"}', "line 5: not a card: '5Z'"),
    ('{"type": "move", "seat": 9, "move": "pass"}', "line 5: seat must be a number from 0 to 3, not 9"),
    ('{"type": "deal", "deck": []}', "line 5: a deal is not expected now: awaiting a move from seat 1"),
    ('{"type": "shuffle"}', "line 5: unknown event type 'shuffle'"),
    ('{"type": "move", "seat": 1', "line 5: not valid JSON"),
])
def test_a_bad_event_stops_with_one_line_and_status_1(extra, message):
    result = run_replay("-", stdin=lines_with(extra))
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1


@pytest.mark.parametrize(("record", "message"), [
    ('{"type": "start", "game": "quinto", "seats": ' + "9" * 5000 + "}\n",
     "line 1: a number in it has too many digits"),
    ('{"type": "start", "game": "quinto", "seats": 4, "dealer": ' + "1" * 4301 + "}\n",
     "line 1: a number in it has too many digits"),
    ("[" * 50_000 + "]" * 50_000 + "\n", "line 1: not valid JSON: nested too deeply"),
    ('{"type": "start", "game": "quinto", "seats": 4, "dealer": ' + "1" * 4000 + "}\n",
     "line 1: dealer must be a seat from 0 to 3, not 1111"),
])
def test_a_hostile_line_stops_with_one_short_line_and_status_1(record, message):
    result = run_replay("-", stdin=record)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1 and len(result.stderr) < 200


def test_notes_and_other_spellings_are_accepted():
    result = run_replay("-", stdin=lines_with('{"type": "note", "kind": "timeout", "seat": 1}'))
    assert result.returncode == 0 and json.loads(result.stdout)["legal"] == ["pass"]


def test_a_missing_file_is_one_clear_line():
    result = run_replay("/nonexistent/record.jsonl")
    assert result.returncode == 1 and "cannot read /nonexistent/record.jsonl" in result.stderr


def test_the_cachette_console_script_is_the_replay_tool(capsys):
    """pyproject's `cachette` script names the same entry point: `cachette replay FILE` prints the summary."""
    import importlib
    import tomllib

    target = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]["cachette"]
    module, function = target.split(":")
    entry = getattr(importlib.import_module(module), function)
    assert entry(["replay", str(GOLDEN / "rubber_defaults.jsonl")]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(run_replay(str(GOLDEN / "rubber_defaults.jsonl")).stdout)
