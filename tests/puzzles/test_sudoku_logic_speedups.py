"""The logic engine's speed-ups leave every step as it was.

Two of them skip searches without looking: chains, colouring and wings skip a search that
found nothing before while no new link has appeared since (Board.unless_fruitless), and,
given a known solution, a chain search looks only at starts in the solution until one of
them concludes (chains._concluding). Each is checked against the plain way on real
puzzles: the whole solve with and without the solution, and the starts whose chains
conclude, one by one (test_sudoku_logic_state.py checks every step against a fresh board
that keeps nothing, with and without the solution). Two more go by other roads to the same
answer: subsets and fish find the first group of every size in one walk, and placing a
value updates the kept places in bulk; each is checked against the plain way.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from puzzles.sudoku.board import Board
from puzzles.sudoku.grid import Grid
from puzzles.sudoku.logic import solve_by_logic
from puzzles.sudoku.puzzle import parse
from puzzles.sudoku.solver import solutions
from puzzles.sudoku.techniques import chains
from puzzles.sudoku.techniques.subsets import LARGEST, first_confined
from tests.conftest import corpus_path

CHAINS = {"X-Chain", "XY-Chain", "alternating chain"}


def sample(*path: str, every: int, count: int) -> list[str]:
    lines = corpus_path("sudoku", *path).read_text().splitlines()
    puzzles = [line.split(":")[0].split()[0] for line in lines if line and line[0] != "#"]
    return puzzles[::every][:count]


VARIED = [
    *sample("easy50.txt", every=10, count=3),
    *sample("top95.txt", every=7, count=12),
    *sample("hardest.txt", every=2, count=5),
    *sample("magictour_top1465.txt", every=97, count=12),
    *sample("forum_hardest_1106.txt", every=151, count=6),
    *sample("17_clue.txt", every=4001, count=6),
    *sample("solution_counts.txt", every=5, count=10),
    *(
        puzzle
        for tier in ("medium", "hard", "hard1", "hard2", "diabolical")
        for puzzle in sample(
            "sudoku_exchange", f"{tier}_puzzle_and_solution.txt", every=61, count=6
        )
    ),
]


def test_a_known_solution_changes_no_step_of_a_varied_sample():
    chain_steps = stuck = compared = 0
    for text in VARIED:
        grid = parse(text)
        found = solutions(grid, 2)
        if len(found) != 1:
            continue
        plain = solve_by_logic(grid)
        assert solve_by_logic(grid, found[0]) == plain, text
        compared += 1
        chain_steps += sum(step.technique in CHAINS for step in plain.steps)
        stuck += not plain.solved
    # The sample exercises what the shortcuts skip: chains that conclude, and solves that
    # run every technique until none applies.
    assert compared >= 60
    assert chain_steps >= 50
    assert stuck >= 10


def test_any_completion_of_a_grid_with_several_gives_the_same_steps():
    """Every step holds in every solution, so any completion may guide the search."""
    several = [text for text in sample("solution_counts.txt", every=1, count=400)]
    tried = 0
    for text in several:
        grid = parse(text)
        found = solutions(grid, 2)
        if len(found) < 2:
            continue
        plain = solve_by_logic(grid)
        assert solve_by_logic(grid, found[0]) == plain == solve_by_logic(grid, found[1])
        tried += 1
        if tried == 5:
            break
    assert tried == 5


@pytest.mark.parametrize("mode", ["XY-Chain", "alternating chain"])
def test_the_starts_that_conclude_are_the_same_with_the_solution(mode):
    """Not only the first: the very list of starts whose chains conclude."""
    compared = concluded = 0
    texts = [
        *sample("sudoku_exchange", "diabolical_puzzle_and_solution.txt", every=83, count=5),
        *sample("magictour_top1465.txt", every=293, count=4),
    ]
    for text in texts:
        grid = parse(text)
        solution = solutions(grid, 1)[0]
        board = Board(grid)
        for number, step in enumerate(solve_by_logic(grid).steps):
            if number % 4 == 0:
                known = Board(board.to_grid(), board.cands, solution=solution)
                strong, weak = chains._chain_links(known, mode)
                starts = sorted(strong)
                plain = list(chains._concluding(starts, chains._Reach(strong, weak, weak), None))
                reach = chains._Reach(strong, weak, weak)
                assert list(chains._concluding(starts, reach, known.solution)) == plain
                compared += 1
                concluded += bool(plain)
            board.apply(step)
    assert concluded >= 10
    assert compared - concluded >= 10


def _swap_cells(grid: Grid, first: int, second: int) -> Grid:
    """The grid with two cells swapped (not checked: parse would refuse a wrong grid)."""
    cells = list(grid.cells)
    cells[first], cells[second] = cells[second], cells[first]
    return grid.with_cells(tuple(cells))


def test_a_grid_that_does_not_complete_the_puzzle_is_refused():
    text = sample("top95.txt", every=1, count=1)[0]
    grid = parse(text)
    answer = solutions(grid, 1)[0]
    values = answer.cells
    given = next(cell for cell, ch in enumerate(text) if ch != ".")
    other = next(cell for cell in range(81) if values[cell] != values[given])
    with pytest.raises(ValueError, match="changes the given at r"):
        solve_by_logic(grid, _swap_cells(answer, given, other))
    # Two empty cells of a row swapped, each value still a candidate in the other's cell:
    # the row is whole, but a column or box holds a value twice.
    cands = Board(grid).cands
    swapped = next(
        _swap_cells(answer, a, b)
        for a in range(81)
        for b in range(a + 1, a // 9 * 9 + 9)
        if text[a] == text[b] == "."
        and values[a] != values[b]
        and cands[a] >> (values[b] - 1) & 1
        and cands[b] >> (values[a] - 1) & 1
    )
    with pytest.raises(ValueError, match=r"does not hold every value once in (column|box)"):
        solve_by_logic(grid, swapped)
    # Candidates narrowed (a player's pencil marks) so that the solution's value is gone.
    empty = text.index(".")
    narrowed = [*cands]
    narrowed[empty] &= ~(1 << (values[empty] - 1))
    with pytest.raises(ValueError, match="is ruled out"):
        Board(grid, narrowed, solution=answer)
    with pytest.raises(ValueError, match="empty cell"):
        solve_by_logic(grid, grid)
    with pytest.raises(ValueError, match="shape"):
        solve_by_logic(grid, parse("1234341221434321"))


def test_a_search_that_found_nothing_is_skipped_only_while_no_link_is_new():
    board = Board(parse(sample("top95.txt", every=1, count=1)[0]))
    calls = []

    def finder():
        calls.append(1)
        return None

    links = frozenset({(1, 2), (3, 4)})
    assert board.unless_fruitless("here", links, finder) is None
    assert board.unless_fruitless("here", frozenset({(1, 2)}), finder) is None
    assert len(calls) == 1  # fewer links: nothing to find, not asked again
    assert board.unless_fruitless("elsewhere", frozenset({(1, 2)}), finder) is None
    assert board.unless_fruitless("here", links | {(5, 6)}, finder) is None
    assert len(calls) == 3  # another place, and a new link: asked


def _first_confined_plainly(masks, acts):
    """first_confined the plain way: each size apart, every combination in order."""
    firsts = [None] * (LARGEST + 1)
    for size in range(2, LARGEST + 1):
        for group in combinations(masks, size):
            union = 0
            for _key, mask in group:
                union |= mask
            keys = tuple(key for key, _mask in group)
            if union.bit_count() == size and acts(keys, union):
                firsts[size] = (keys, union)
                break
    return firsts


def test_one_walk_finds_the_first_confined_group_of_every_size():
    """Subsets and fish look for pairs, triples and quads in one walk (first_confined):
    the first group of each size that acts must be the one a search of that size alone
    finds, on random masks of 2 to 4 bits among few values (so that groups are common),
    with an `acts` that turns many of them down."""
    rng = random.Random(16)
    found = 0
    for _trial in range(3000):
        values = rng.randint(4, 9)
        count = rng.randint(2, 9)
        masks = []
        for key in range(count):
            bits = rng.sample(range(values), rng.randint(2, min(4, values)))
            masks.append((key, sum(1 << b for b in bits)))
        veto = rng.randint(0, 2)

        def acts(keys, union, veto=veto):
            return (sum(keys) + union) % 3 != veto

        expected = _first_confined_plainly(masks, acts)
        assert first_confined(masks, acts) == expected, masks
        found += sum(first is not None for first in expected)
    assert found > 1000  # groups of every size were met, not only "none"


@pytest.mark.parametrize("text", VARIED[::4])
def test_places_kept_up_to_date_match_places_worked_out_afresh(text):
    """Placing a value updates each unit's places per value in bulk (Board.place): after
    every step they must be those a fresh board works out from the candidates, and every
    value with a single place in a unit must be among the hidden singles to look at."""
    grid = parse(text)
    board = Board(grid)
    for step in solve_by_logic(grid).steps:
        board.apply(step)
        fresh = Board(board.to_grid(), board.cands)
        assert fresh.cands == board.cands
        assert board.places() == fresh.places()
        waiting = set(board._singles)
        for unit, spots in enumerate(board.places()):
            for value, mask in enumerate(spots):
                if mask and not mask & (mask - 1):
                    assert (unit, value) in waiting
