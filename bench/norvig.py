"""The baseline: Peter Norvig's constraint propagation and search, as in his essay.

Written for this benchmark from the essay's description, keeping its representation and
its two rules so the comparison is fair: squares are names like 'A1', values are strings
of possible digits held in a dict, and search copies the dict at each guess.

1. If a square has only one possible value, eliminate that value from its peers.
2. If a unit has only one possible place for a value, put the value there.

Search then tries the digits of the square with the fewest possibilities, depth first,
and stops at the first solution.
"""

from __future__ import annotations

DIGITS = "123456789"
ROWS = "ABCDEFGHI"
COLS = DIGITS


def cross(letters: str, numbers: str) -> list[str]:
    return [a + b for a in letters for b in numbers]


SQUARES = cross(ROWS, COLS)
UNIT_LIST = (
    [cross(ROWS, c) for c in COLS]
    + [cross(r, COLS) for r in ROWS]
    + [cross(rs, cs) for rs in ("ABC", "DEF", "GHI") for cs in ("123", "456", "789")]
)
UNITS = {s: [u for u in UNIT_LIST if s in u] for s in SQUARES}
PEERS = {s: {peer for unit in UNITS[s] for peer in unit} - {s} for s in SQUARES}


def parse_grid(grid: str) -> dict[str, str] | None:
    """Every square may hold any digit; then assign the givens (None on a contradiction)."""
    values = dict.fromkeys(SQUARES, DIGITS)
    for square, digit in grid_values(grid).items():
        if digit in DIGITS and not assign(values, square, digit):
            return None
    return values


def grid_values(grid: str) -> dict[str, str]:
    chars = [c for c in grid if c in DIGITS or c in "0."]
    assert len(chars) == 81
    return dict(zip(SQUARES, chars, strict=True))


def assign(values: dict[str, str], square: str, digit: str) -> dict[str, str] | None:
    """Eliminate every other value from the square and propagate."""
    others = values[square].replace(digit, "")
    if all(eliminate(values, square, other) for other in others):
        return values
    return None


def eliminate(values: dict[str, str], square: str, digit: str) -> dict[str, str] | None:
    if digit not in values[square]:
        return values  # already eliminated
    values[square] = values[square].replace(digit, "")
    remaining = values[square]
    if not remaining:
        return None  # contradiction: removed the last value
    # (1) a square reduced to one value: eliminate that value from its peers.
    if len(remaining) == 1:
        only = remaining
        if not all(eliminate(values, peer, only) for peer in PEERS[square]):
            return None
    # (2) a unit reduced to one place for this value: put it there.
    for unit in UNITS[square]:
        places = [s for s in unit if digit in values[s]]
        if not places:
            return None  # contradiction: no place for this value
        if len(places) == 1 and not assign(values, places[0], digit):
            return None
    return values


def search(values: dict[str, str] | None) -> dict[str, str] | None:
    """Depth-first search and propagation; the first solution found, or None."""
    if values is None:
        return None
    if all(len(values[s]) == 1 for s in SQUARES):
        return values
    _, square = min((len(values[s]), s) for s in SQUARES if len(values[s]) > 1)
    for digit in values[square]:
        result = search(assign(values.copy(), square, digit))
        if result:
            return result
    return None


def solve(grid: str) -> str | None:
    """81 characters in, the 81-character solution out (None when there is none)."""
    values = search(parse_grid(grid))
    if values is None:
        return None
    return "".join(values[s] for s in SQUARES)
