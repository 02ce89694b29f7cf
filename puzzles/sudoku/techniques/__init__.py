"""The named techniques, one module a family, and the order a person tries them in.

Each technique is a function board -> Step | None: the first place it applies, read in a
fixed order (boxes, rows, columns; values ascending), or None. The logic engine (logic.py)
tries them from the simplest, so a whole solve reads the way a person would solve it. None
of them assumes the puzzle has a single solution, so each step holds for every solution.

    singles    hidden single, naked single
    locked     pointing, claiming (locked candidates)
    subsets    naked and hidden pairs, triples, quads
    fish       X-Wing, Swordfish, Jellyfish
    wings      XY-Wing, XYZ-Wing
    colouring  simple colouring
    chains     X-Chain, XY-Chain, alternating chain
"""

from __future__ import annotations

from collections.abc import Callable

from puzzles.i18n import Message, pgettext
from puzzles.sudoku.board import Board, Step, technique_name
from puzzles.sudoku.techniques.chains import CHAIN_MODES, chain
from puzzles.sudoku.techniques.colouring import simple_colouring
from puzzles.sudoku.techniques.fish import fish
from puzzles.sudoku.techniques.locked import claiming, pointing
from puzzles.sudoku.techniques.singles import hidden_single, naked_single
from puzzles.sudoku.techniques.subsets import hidden_subset, naked_subset
from puzzles.sudoku.techniques.wings import xy_wing, xyz_wing

# From simplest to hardest: the engine tries them in this order, grade.py weighs them.
# Translators: the French and Spanish communities keep the English names of the fish
# (X-Wing, Swordfish, Jellyfish), the wings and the chains.
TECHNIQUE_NAMES: tuple[Message, ...] = (
    pgettext("sudoku technique", "hidden single"),
    pgettext("sudoku technique", "naked single"),
    pgettext("sudoku technique", "pointing"),
    pgettext("sudoku technique", "claiming"),
    pgettext("sudoku technique", "naked pair"),
    pgettext("sudoku technique", "hidden pair"),
    pgettext("sudoku technique", "naked triple"),
    pgettext("sudoku technique", "hidden triple"),
    pgettext("sudoku technique", "X-Wing"),
    pgettext("sudoku technique", "naked quad"),
    pgettext("sudoku technique", "hidden quad"),
    pgettext("sudoku technique", "XY-Wing"),
    pgettext("sudoku technique", "XYZ-Wing"),
    pgettext("sudoku technique", "Swordfish"),
    pgettext("sudoku technique", "simple colouring"),
    pgettext("sudoku technique", "Jellyfish"),
    pgettext("sudoku technique", "X-Chain"),
    pgettext("sudoku technique", "XY-Chain"),
    pgettext("sudoku technique", "alternating chain"),
)
# Their English names, the keys the engine and the grades use.
TECHNIQUES: tuple[str, ...] = tuple(name.id for name in TECHNIQUE_NAMES)

# The finders in TECHNIQUES order (one finder per name).
FINDERS: tuple[Callable[[Board], Step | None], ...] = (
    hidden_single,
    naked_single,
    pointing,
    claiming,
    lambda board: naked_subset(board, 2),
    lambda board: hidden_subset(board, 2),
    lambda board: naked_subset(board, 3),
    lambda board: hidden_subset(board, 3),
    lambda board: fish(board, 2),
    lambda board: naked_subset(board, 4),
    lambda board: hidden_subset(board, 4),
    xy_wing,
    xyz_wing,
    lambda board: fish(board, 3),
    simple_colouring,
    lambda board: fish(board, 4),
    *(lambda board, mode=mode: chain(board, mode) for mode in CHAIN_MODES),
)
assert len(FINDERS) == len(TECHNIQUES), "one finder per technique, in order"


def find_step(board: Board) -> Step | None:
    """The simplest step that applies to the board, or None."""
    for finder in FINDERS:
        step = finder(board)
        if step is not None:
            return step
    return None


__all__ = ["FINDERS", "TECHNIQUES", "TECHNIQUE_NAMES", "find_step", "technique_name"]
