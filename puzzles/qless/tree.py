"""The shapes as a tree of steps, built at build time into data/tree.bin.

Each shape is filled slot by slot (fill_order): a step writes one word, crossing letters
already written. Shapes that begin with the same words in the same places share those
steps, so the shapes form a tree and a branch's words are placed once for every shape below
it (fill.py walks it). The branches are ranked most likely first: in order of how many of 300
sample rolls of the dice their shapes solved, per shape (data/odds.txt.gz). The tree is
stored compact, in tuples of ints and bytes that load in one call (see compact()).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field
from functools import cache

from puzzles.qless.shapes import Cell, Shape, shapes, stored_odds
from puzzles.stored import encode_parts, part, read_parts

TREE_FILE = "tree.bin"  # the shape trees, compact (see compact())


@dataclass(frozen=True)
class Step:
    """Write one word: its length and the cells it crosses, already written; its other
    letters go to new cells. Cells are numbered in the order they are first written, so
    shapes that start with the same words in the same places share their first steps."""

    length: int
    positions: tuple[int, ...]  # where the word crosses letters already written...
    cells: tuple[int, ...]  # ...and the numbers of those cells


@dataclass(frozen=True)
class Leaf:
    """A shape completed by a step, with its cells in the order the steps write them."""

    shape: Shape
    cells: tuple[Cell, ...]
    odds: int  # sample rolls it solved (see scripts/enumerate_qless_shapes.py --odds)


@dataclass
class Node:
    """A prefix of steps shared by several shapes; the root has no step."""

    step: Step | None = None
    children: dict[Step, Node] = field(default_factory=dict)
    leaves: list[Leaf] = field(default_factory=list)
    size: int = 0  # shapes completed in this subtree
    odds: int = 0  # sample rolls solved, summed over the shapes in this subtree
    ranked: tuple[Node, ...] = ()  # the children, best odds per shape first


def fill_order(shape: Shape) -> tuple[list[Step], list[Cell]]:
    """Longest slot first (fewest candidates), then always the slot crossing most written
    cells, ties to the longer slot, then to the earlier one."""
    number: dict[Cell, int] = {}
    slots = list(enumerate(shape.slots))
    steps = []
    while slots:
        best = max(
            slots,
            key=lambda item: (
                sum(c in number for c in item[1].cells),
                len(item[1].cells),
                -item[0],
            ),
        )
        slots.remove(best)
        cells = best[1].cells
        crossed = [(p, number[c]) for p, c in enumerate(cells) if c in number]
        for c in cells:
            number.setdefault(c, len(number))
        steps.append(Step(len(cells), tuple(p for p, _ in crossed), tuple(c for _, c in crossed)))
    return steps, sorted(number, key=number.__getitem__)


def built_tree(n: int) -> Node:
    """Every stored shape of n cells as a path of steps from the root."""
    root = Node()
    odds = stored_odds(n) or [0] * len(shapes(n))
    for shape, shape_odds in zip(shapes(n), odds, strict=True):
        steps, cells = fill_order(shape)
        node = root
        for step in steps:
            node = node.children.setdefault(step, Node(step))
        node.leaves.append(Leaf(shape, tuple(cells), shape_odds))
    _rank(root)
    return root


def _rank(node: Node) -> None:
    """Order every node's leaves and children by sample rolls solved per shape, best first:
    the search goes through a whole branch before the next, so a branch is worth its
    solutions per shape tried (ties keep the stored order)."""
    for child in node.children.values():
        _rank(child)
    node.leaves.sort(key=lambda leaf: -leaf.odds)
    children = node.children.values()
    node.size = len(node.leaves) + sum(child.size for child in children)
    node.odds = sum(leaf.odds for leaf in node.leaves) + sum(child.odds for child in children)
    node.ranked = tuple(sorted(children, key=lambda child: -child.odds / child.size))


# The tree as the search reads it, in tuples of ints and bytes (what marshal stores, so that
# it loads in one call; building it takes seconds): a branch is
#     (word length, positions crossed, cells crossed, shapes below, leaves, branches below,
#      bits 1 << n of the word lengths n written anywhere below)
# with the branches below in ranked order, and a leaf is
#     (shape cells as bytes of 16 * row + column, where each shape cell's letter was
#      written, the same for the shape's mirror image or None when it is not symmetric)
Branch = tuple[int, bytes, bytes, int, tuple, tuple, int]
CompactLeaf = tuple[bytes, bytes, bytes | None]


def compact(node: Node) -> Branch:
    step = node.step or Step(0, (), ())
    below = tuple(map(compact, node.ranked))
    return (
        step.length,
        bytes(step.positions),
        bytes(step.cells),
        node.size,
        tuple(map(_compact_leaf, node.leaves)),
        below,
        _lengths_below(below),
    )


def _lengths_below(branches: tuple[Branch, ...]) -> int:
    """Bits 1 << n of the lengths n of every word written below: the branches and theirs."""
    found = 0
    for branch in branches:
        found |= 1 << branch[0] | branch[6]
    return found


def _compact_leaf(leaf: Leaf) -> CompactLeaf:
    written = {cell: i for i, cell in enumerate(leaf.cells)}
    shape = leaf.shape
    at = bytes(written[cell] for cell in shape.cells)
    mirror = bytes(written[c, r] for r, c in shape.cells) if shape.symmetric else None
    return bytes(16 * r + c for r, c in shape.cells), at, mirror


def encode_trees(trees: dict[int, Node]) -> bytes:
    """The data file: cells -> that tree, compact."""
    return encode_parts({n: compact(tree) for n, tree in trees.items()})


@cache
def shape_tree(n: int) -> Branch:
    """The tree of the shapes of n cells: from data/ (scripts/enumerate_qless_shapes.py
    writes it), or built when it is not there."""
    stored = read_parts(__package__, TREE_FILE) or {}
    try:
        return part(stored[n])
    except (KeyError, ValueError, EOFError, TypeError, zlib.error):
        return compact(built_tree(n))


@cache
def leaf_shape(cells: bytes) -> Shape:
    """A compact leaf's cells (bytes of 16 * row + column) as the shape."""
    return Shape(tuple(divmod(cell, 16) for cell in cells))
