"""The house rules of the code, checked: each room of app/ says what it owns and may import, and keeps to it.

- every package of app/ starts with a docstring whose last line is `May import: app.x, app.y`, and its
  modules import no other room of app/ (the shared top of app/, its modules beside the rooms, is open to all);
- nothing in app/ imports workers/ (the workers are processes that call the app, never the other way);
- engine/ imports the standard library alone;
- no module of app/, engine/, workers/ or tools/ is over 400 lines.
"""

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app"
MAX_LINES = 400
ROOMS = sorted(path.parent.name for path in APP.glob("*/__init__.py"))


def modules_under(folder):
    return sorted(path for path in folder.rglob("*.py") if "migrations" not in path.relative_to(ROOT).parts)


def imported_modules(path):
    """The absolute names of the modules a file imports (relative imports resolved)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    names = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            names.append(".".join(base + ([node.module] if node.module else [])))
    return names


def allowed_rooms(room):
    doc = ast.get_docstring(ast.parse((APP / room / "__init__.py").read_text())) or ""
    found = re.search(r"^May import:(.*)$", doc, re.M)
    assert found, f"app/{room}/__init__.py: its docstring must end with a 'May import:' line"
    return {name.strip().removeprefix("app.") for name in found.group(1).split(",") if name.strip()}


@pytest.mark.parametrize("room", ROOMS)
def test_a_room_imports_only_what_its_docstring_allows(room):
    allowed = allowed_rooms(room) | {room}
    unknown = allowed - set(ROOMS)
    assert not unknown, f"app/{room} allows rooms that do not exist: {sorted(unknown)}"
    strays = []
    for path in modules_under(APP / room):
        for name in imported_modules(path):
            parts = name.split(".")
            if parts[0] == "app" and len(parts) > 1 and parts[1] in ROOMS and parts[1] not in allowed:
                strays.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not strays, "\n".join(strays)


def test_nothing_in_app_imports_the_workers():
    strays = [f"{path.relative_to(ROOT)} imports {name}" for path in modules_under(APP)
              for name in imported_modules(path) if name.split(".")[0] == "workers"]
    assert not strays, "\n".join(strays)


def test_the_engine_imports_the_standard_library_alone():
    strays = [f"{path.relative_to(ROOT)} imports {name}" for path in modules_under(ROOT / "engine")
              for name in imported_modules(path)
              if name.split(".")[0] not in sys.stdlib_module_names | {"engine", ""}]
    assert not strays, "\n".join(strays)


def test_no_module_is_over_400_lines():
    long = [f"{path.relative_to(ROOT)}: {count} lines" for folder in ("app", "engine", "workers", "tools")
            for path in modules_under(ROOT / folder)
            if (count := len(path.read_text().splitlines())) > MAX_LINES]
    assert not long, "\n".join(long)
