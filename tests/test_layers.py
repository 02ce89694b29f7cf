"""The layers of ../shared/DESIGN.md, read from the source: data flows one way, top to bottom.

Each rule names a package and the packages of ours it must never import (at module level or
inside a function), so an upward import fails here before it can form a circle.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"bot", "cogs", "readers", "renderers", "puzzles", "localdiscord", "playground"}
NEVER_IMPORTS = {
    # puzzles/ is pure domain: no Discord, no pixels, no application.
    "puzzles": OURS - {"puzzles"},
    # Pictures in and out know the kinds' text forms and nothing above them.
    "renderers": OURS - {"renderers", "puzzles"},
    "readers": OURS - {"readers", "puzzles"},
    # The application serves the cogs and frontends without knowing them.
    "bot": {"cogs", "localdiscord", "playground"},
    "cogs": {"localdiscord", "playground"},
    # A server the bot talks to, like Discord: it imports nothing of ours.
    "localdiscord": OURS - {"localdiscord"},
}


def imported_packages(path: Path) -> set[str]:
    """The top-level names every import statement in a file reaches for."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def upward_imports(package: str) -> list[str]:
    forbidden = NEVER_IMPORTS[package]
    return [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in sorted((ROOT / package).rglob("*.py"))
        for name in sorted(imported_packages(path) & forbidden)
    ]


@pytest.mark.parametrize("package", sorted(NEVER_IMPORTS))
def test_no_package_imports_a_layer_above_it(package):
    if not (ROOT / package).is_dir():
        pytest.skip(f"{package}/ has no code yet")
    assert upward_imports(package) == []


def test_the_rule_sees_an_import_inside_a_function(tmp_path):
    module = tmp_path / "late.py"
    module.write_text("def presenter():\n    from cogs.daily import play_view\n")
    assert imported_packages(module) == {"cogs"}
