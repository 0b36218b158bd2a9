"""Counting a command's instructions with valgrind's callgrind: a figure the host's load cannot move."""

import re
import subprocess
import tempfile
from pathlib import Path


def instructions(command, cwd, only_inside=None):
    """The instructions callgrind counts running `command` (a list) in `cwd`: all of them, or only inside
    calls of the C function `only_inside`. Stops with the run's error when it fails."""
    with tempfile.TemporaryDirectory() as scratch:
        options = [f"--callgrind-out-file={Path(scratch) / 'callgrind.out'}"]
        if only_inside:
            options.append(f"--toggle-collect={only_inside}")
        run = subprocess.run(["valgrind", "--tool=callgrind", *options, *command], cwd=cwd, capture_output=True,
                             text=True)
    collected = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or collected is None:
        raise SystemExit(f"the counted run failed:\n{run.stderr[-2000:]}")
    return int(collected.group(1))
