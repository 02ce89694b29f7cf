"""Print pip constraints that pin every dependency to the lowest version pyproject.toml allows.

`make test-floors` installs the project with these and runs the tests, so a floor such as
`discord.py>=2.4` is a version the code was tested with, not a guess. Each requirement of
[project] dependencies and the `test` extra must have a `>=` floor naming a real release.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

REQUIREMENT = re.compile(
    r"^\s*(?P<name>[A-Za-z0-9._-]+)\s*(?P<specs>[^;]*?)\s*(?:;(?P<marker>.*))?$"
)


def floor_constraints(pyproject: dict) -> list[str]:
    project = pyproject["project"]
    requirements = [*project["dependencies"], *project["optional-dependencies"]["test"]]
    lines = []
    for requirement in requirements:
        match = REQUIREMENT.match(requirement)
        floors = re.findall(r">=\s*([0-9][0-9A-Za-z.]*)", match["specs"] if match else "")
        if not floors:
            sys.exit(f"floors: {requirement!r} has no '>=' floor; give it one in pyproject.toml")
        marker = f"; {match['marker'].strip()}" if match["marker"] else ""
        lines.append(f"{match['name']}=={floors[0]}{marker}")
    return lines


if __name__ == "__main__":
    path = Path(__file__).resolve().parent.parent / "pyproject.toml"
    print("\n".join(floor_constraints(tomllib.loads(path.read_text()))))
