from __future__ import annotations

import json
import pickle
import random

import pytest

from puzzles import PuzzleError, get_kind
from puzzles.codeword import (
    KIND,
    Codeword,
    CodewordHint,
    check,
    generate,
    hint,
    parse,
    parse_letters,
    solve,
)
from puzzles.codeword.deduction import Contradiction, Solver
from puzzles.codeword.generate import MAX_WORD, fewest_starters, lattice
from puzzles.lexicon import Tier, lexicon
from tests.conftest import corpus_path
from tests.puzzles.test_qless import referee_polyominoes_connected

# PUZZLE, ZEBRA, BLAZE with P given; the final word spells ABLE.
SMALL = "1 2 3 3 4 5 / 3 5 6 7 8 / 6 4 8 3 5 / 1=P / final: 8 6 4 5"
# HELLO, WORLD, LOWER with O given: the final word is HOLD or COLD (H is in no other clue).
AMBIGUOUS = "1 2 3 3 4 / 5 4 6 3 7 / 3 4 5 2 6 / 4=O / final: 1 4 3 7"
GRID = """
1 2 3 # 4 5 6
7 # 8 # 9 # 10
11 12 13 # 14 15 16
"""


# --- an independent referee, written from the rules -------------------------------------------


def spell(numbers, key: dict[int, str]) -> str:
    return "".join(key[n] for n in numbers)


def follows_rules(puzzle: Codeword, key: dict[int, str], outsiders=()) -> bool:
    """Different numbers are different letters, starters stand, every clue is a known word."""
    if len(set(key.values())) != len(key):
        return False
    if any(key.get(n) != letter for n, letter in puzzle.starters):
        return False
    return all(
        index in outsiders or lexicon().contains(spell(clue, key), Tier.LARGE)
        for index, clue in enumerate(puzzle.clues)
    )


def newspaper_puzzles() -> list[dict]:
    path = corpus_path("codewords", "clueless_newspaper.json")
    return json.loads(path.read_text())["puzzles"]


def as_text(entry: dict) -> str:
    lines = [" ".join(map(str, clue)) for clue in entry["clues"]]
    lines.append(" ".join(f"{number}={letter}" for number, letter in entry["given"].items()))
    lines.append("final: " + " ".join(map(str, entry["final_word_numbers"])))
    return "\n".join(lines)


# --- the newspaper corpus ---------------------------------------------------------------------


def test_newspaper_puzzles_give_their_final_words():
    for entry in newspaper_puzzles():
        solution = solve(parse(as_text(entry)))
        assert solution.final_word == entry["final_word_answer"].lower(), entry["name"]
        assert follows_rules(solution.puzzle, solution.key, solution.unknown_clues)
        assert set(entry["final_word_numbers"]) <= solution.proven


def test_newspaper_december_is_solved_by_sure_deductions_alone():
    december = next(e for e in newspaper_puzzles() if e["name"] == "December2019")
    solution = solve(parse(as_text(december)))
    assert solution.solved_by_deduction and solution.unique
    assert len(solution.key) == 26 and solution.proven == frozenset(range(1, 27))
    assert all(step.rule != "guess" for step in solution.steps)


def test_a_name_outside_the_word_list_is_named_not_fatal():
    september = next(e for e in newspaper_puzzles() if e["name"] == "September2019")
    solution = solve(parse(as_text(september)))
    assert len(solution.unknown_clues) == 1
    (outsider,) = solution.unknown_clues
    assert not lexicon().contains(solution.words[outsider], Tier.LARGE)
    assert "outside the word list" in solution.text()


def test_a_clue_nothing_crosses_is_not_let_out_as_a_name():
    # A lone word of 30 numbers fits no list; letting it out would leave every number free
    # and call the empty fill unique.
    lone = parse(" ".join(str(n) for n in [*range(1, 27), 1, 2, 3, 4]))
    solution = solve(lone)
    assert solution.no_answer and not solution.unique
    assert solution.unknown_clues == ()
    assert solution.text().splitlines()[1] == "Unsolved."


# --- parsing ----------------------------------------------------------------------------------


def test_parse_clue_lists_starters_and_final():
    puzzle = parse("20 21 4 9\n25 3 3 4\n9=D, 19=a 22 = R\nfinal: 12 2 11")
    assert puzzle.clues == ((20, 21, 4, 9), (25, 3, 3, 4))
    assert puzzle.given == {9: "d", 19: "a", 22: "r"}
    assert puzzle.final == (12, 2, 11)
    assert puzzle.grid == ()


def test_parse_grid_makes_every_run_of_two_or_more_a_clue():
    puzzle = parse(GRID)
    # Across runs of 3 in rows 1 and 3; down runs of 3 in columns 1, 3, 5 and 7.
    assert puzzle.clues == (
        (1, 2, 3),
        (4, 5, 6),
        (11, 12, 13),
        (14, 15, 16),
        (1, 7, 11),
        (3, 8, 13),
        (4, 9, 14),
        (6, 10, 16),
    )
    assert str(puzzle.clue_name(0)) == "r1c1 across"
    assert str(puzzle.clue_name(4)) == "r1c1 down"


def test_grid_accepts_dots_and_marks_without_spaces():
    assert parse("1 2 3/4 . 5/6 7 8").grid == parse("1 2 3/4#5/6 7 8").grid


@pytest.mark.parametrize("text", [SMALL, GRID + "\n1=C\nfinal: 1 2 3"])
def test_text_reads_back_and_pickles(text):
    puzzle = parse(text)
    assert parse(puzzle.text()) == puzzle
    assert pickle.loads(pickle.dumps(puzzle)) == puzzle


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1 2 27\n3 4 5", ["27", "outside 1..26", "line 1"]),
        ("1 2 0", ["0", "outside 1..26"]),
        ("1 2 x3", ["'x3'", "not a number", "line 1"]),
        ("1 2 3\n4 # 5 6\n7 8 9", ["row 2 has 4 cells", "row 1 has 3"]),
        ("1 2 # 30\n3 4 # 5", ["30", "outside 1..26", "r1c4"]),
        ("1 2 3\n12=E 12=S", ["12", "both E and S"]),
        ("1 2 3\n12=E\n4=E", ["E", "both 4 and 12"]),
        ("1 2 3\n12=EE", ["one letter", "12=EE"]),
        ("1 2 3\n40=E", ["40", "outside 1..26"]),
        ("1 2 3\n12=E banana", ["banana"]),
        ("7\n1 2 3", ["at least two numbers", "line 1"]),
        ("", ["type the clues"]),
        ("12=E\nfinal: 1 2", ["no clues"]),
        ("1 2 3\nfinal:", ["final line has no numbers"]),
        ("1 2 3\nfinal: 1 99", ["99", "final line"]),
        ("1 # 2\n# 3 #", ["no run of two or more"]),
        ("\n".join([" ".join(["1"] * 25 + ["#"])] * 26), ["26 x 26", "largest"]),
    ],
)
def test_malformed_input_says_what_and_where(text, words):
    with pytest.raises(PuzzleError) as error:
        parse(text)
    for word in words:
        assert word in error.value.message
    assert error.value.example


# --- solving ----------------------------------------------------------------------------------


def test_small_puzzle_is_unique_and_follows_the_rules():
    solution = solve(parse(SMALL))
    assert solution.unique
    assert solution.final_word == "able"
    assert follows_rules(solution.puzzle, solution.key)
    assert " ".join(solution.words) == "puzzle zebra blaze"


def test_a_final_word_that_depends_on_a_guess_is_not_reported():
    solution = solve(parse(AMBIGUOUS))
    assert solution.final_word is None
    assert {"hold", "cold"} <= set(solution.final_options)
    assert 1 not in solution.proven  # the H/C number
    assert not solution.unique
    assert "not certain" in solution.text()
    # Letters in every fill are still proven (O is given; L by HELLO, WORLD and LOWER alike).
    assert solution.key[3] == "l" and 3 in solution.proven


def test_deduction_log_reads_like_the_write_up():
    solution = solve(parse(SMALL))
    lines = [step.text() for step in solution.steps]
    assert lines[0] == "Starter letters: 1 = P"
    assert any("can only be" in line for line in lines)
    # Every logged assignment agrees with the final key.
    for step in solution.steps:
        for n, letter in step.assignments:
            assert solution.key[n] == letter


def test_forced_tier_is_respected_and_auto_prefers_common_words():
    puzzle = parse(SMALL)
    assert solve(puzzle, tier="standard").tier == "standard"
    assert solve(puzzle).tier == "common"


def test_contradictory_letters_are_caught():
    puzzle = parse(SMALL)
    solver = Solver(puzzle, "common", lexicon(), deadline=float("inf"))
    state = solver.start({6: "q", 7: "x"})  # B and R in the solution: no word has ZEQXA
    with pytest.raises(Contradiction):
        solver.propagate(state)


def test_solution_pickles():
    solution = solve(parse(SMALL))
    assert pickle.loads(pickle.dumps(solution)) == solution


# --- check and hint ---------------------------------------------------------------------------


def test_check_accepts_the_right_letters_and_the_final_word():
    puzzle = parse(SMALL)
    key = solve(puzzle).key
    answer = " ".join(f"{n}={letter.upper()}" for n, letter in key.items())
    assert check(puzzle, answer).solved
    assert check(puzzle, "able").solved
    assert check(puzzle, "ABLE").solved


def test_check_lists_every_rule_broken():
    puzzle = parse(SMALL)
    verdict = check(puzzle, "1=B 2=U 3=Z 4=L 5=E 6=B")
    text = verdict.text()
    assert not verdict.solved
    assert "starter letter P, not B" in text
    assert "B is given to numbers 1 and 6" in text
    assert "no letter yet for numbers 7 and 8" in text


def test_check_flags_clues_that_spell_no_word():
    puzzle = parse(SMALL)
    verdict = check(puzzle, "1=P 2=U 3=Z 4=L 5=E 6=Q 7=R 8=A")
    assert not verdict.solved
    assert any("spells ZEQRA" in str(problem) for problem in verdict.problems)


def test_check_flags_partial_clues_no_word_fits():
    puzzle = parse(SMALL)
    verdict = check(puzzle, "2=X 3=Q")  # PXQQ..: no word starts that way
    assert "no word fits clue 1 as PXQQ.." in map(str, verdict.problems)
    assert "no word fits" not in check(puzzle, "2=U 3=Z").text()


def test_check_final_word_wrong_or_wrong_length():
    puzzle = parse(SMALL)
    assert not check(puzzle, "bale").solved
    assert "4 letters" in check(puzzle, "ab").text()
    assert not check(parse("1 2 3 4 5 / 3 5 6 7 8"), "able").solved  # no final word


def test_check_refuses_unreadable_letters():
    with pytest.raises(PuzzleError):
        check(parse(SMALL), "1=PP")


def test_hint_is_the_next_sure_deduction():
    puzzle = parse(SMALL)
    key = solve(puzzle).key
    first = hint(puzzle, "")
    assert isinstance(first, CodewordHint)
    assert first.new and all(dict(first.letters)[n] == key[n] for n in first.new)
    # Play the hint's letters and ask again: the next hint settles other numbers.
    progress = " ".join(f"{n}={letter}" for n, letter in first.letters)
    second = hint(puzzle, progress)
    assert set(second.new).isdisjoint(first.new)


def test_hint_points_at_a_wrong_letter():
    puzzle = parse(SMALL)
    wrong = "2=A"  # U in the solution
    result = hint(puzzle, wrong)
    assert result.new == (2,)
    assert "Number 2 is not A" in result.text()


def test_hint_refuses_letters_that_break_the_rules():
    assert "Fix your letters first" in str(hint(parse(SMALL), "2=P"))


def test_parse_letters_reads_any_separators():
    assert parse_letters("1=a, 2 = B\n3:c") == {1: "a", 2: "b", 3: "c"}


# --- generating -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def generated() -> Codeword:
    return generate(random.Random(3), "hard", grid_size=11)


def test_generated_grid_is_symmetric_uses_every_letter_and_solves_by_deduction(generated):
    grid = generated.grid
    size = len(grid)
    assert all(len(row) == size for row in grid)
    assert all(
        bool(grid[r][c]) == bool(grid[size - 1 - r][size - 1 - c])
        for r in range(size)
        for c in range(size)
    )
    assert generated.uses_whole_alphabet
    solution = solve(generated)
    assert solution.solved_by_deduction and solution.tier == "common"
    assert follows_rules(generated, solution.key)
    assert len(set(solution.key.values())) == 26


def runs(line) -> list[int]:
    """Lengths of the runs of white (non-zero) cells along a line."""
    lengths, current = [], 0
    for cell in [*line, 0]:
        if cell:
            current += 1
        elif current:
            lengths.append(current)
            current = 0
    return lengths


def run_length_at(line, index) -> int:
    """Length of the run of white cells through line[index]."""
    start = index
    while start > 0 and line[start - 1]:
        start -= 1
    end = index
    while end + 1 < len(line) and line[end + 1]:
        end += 1
    return end - start + 1


def newspaper_look_problems(white) -> list[str]:
    """What keeps a grid (truthy = white) from looking like a newspaper codeword's."""
    size = len(white)
    columns = [[white[r][c] for r in range(size)] for c in range(size)]
    problems = []
    if any(
        bool(white[r][c]) != bool(white[size - 1 - r][size - 1 - c])
        for r in range(size)
        for c in range(size)
    ):
        problems.append("not symmetric under a half turn")
    if any(
        not (white[r][c] or white[r + 1][c] or white[r][c + 1] or white[r + 1][c + 1])
        for r in range(size - 1)
        for c in range(size - 1)
    ):
        problems.append("a 2x2 block of black squares")
    if any(not row_or_column or not any(row_or_column) for row_or_column in [*white, *columns]):
        problems.append("a whole row or column black")
    if any(not 3 <= n <= MAX_WORD for line in [*white, *columns] for n in runs(line) if n > 1):
        problems.append("a word shorter than 3 or longer than MAX_WORD")
    whites = [(r, c) for r in range(size) for c in range(size) if white[r][c]]
    checked = [
        (r, c)
        for r, c in whites
        if run_length_at(white[r], c) >= 3 and run_length_at(columns[c], r) >= 3
    ]
    if len(checked) < 0.7 * len(whites):
        problems.append(f"only {len(checked)} of {len(whites)} white cells are checked")
    blacks = size * size - len(whites)
    if blacks > 0.36 * size * size:
        problems.append(f"{blacks} black squares")
    return problems


@pytest.mark.parametrize("size", [11, 13, 15])
def test_grids_look_like_a_newspaper_codeword(size):
    for seed in range(40):
        white = lattice(size, random.Random(seed))
        assert newspaper_look_problems(white) == [], (size, seed)
        assert referee_connected(white), (size, seed)


def referee_connected(white) -> bool:
    cells = {(r, c) for r, row in enumerate(white) for c, cell in enumerate(row) if cell}
    return referee_polyominoes_connected(cells)


def test_generated_puzzles_have_the_newspaper_look():
    for seed in range(4):
        puzzle = generate(random.Random(seed), "hard", grid_size=13)
        assert newspaper_look_problems(puzzle.grid) == [], seed


def test_the_newspaper_look_test_catches_the_old_blocked_lattice():
    old = [[not (r % 2 and c % 2) for c in range(11)] for r in range(11)]
    old[3] = [False] * 11  # a dead row, as the old cuts made
    old[7] = [False] * 11
    assert newspaper_look_problems(old)


def test_generated_grid_needs_no_guess_even_with_the_standard_word_list(generated):
    assert solve(generated, tier="standard").solved_by_deduction


def test_fewest_starters_are_enough_and_all_needed():
    solved = parse(SMALL)
    key = solve(solved).key
    bare = Codeword(solved.clues, (), solved.final)
    starters = fewest_starters(bare, key, lexicon())
    assert starters  # PUZZLE / ZEBRA / BLAZE alone leave choices open

    def with_starters(numbers) -> Codeword:
        return Codeword(bare.clues, tuple((n, key[n]) for n in sorted(numbers)), bare.final)

    assert solve(with_starters(starters), tier="standard").solved_by_deduction
    for n in starters:  # leaving any one out, sure deductions no longer finish it
        fewer = with_starters(set(starters) - {n})
        assert not solve(fewer, tier="standard").solved_by_deduction


def test_generate_is_deterministic_and_reads_back(generated):
    again = generate(random.Random(3), "hard", grid_size=11)
    assert again == generated
    assert parse(generated.text()) == generated


def test_easier_levels_give_more_starters(generated):
    easy = generate(random.Random(3), "easy", grid_size=11)
    assert easy.grid == generated.grid
    assert len(easy.starters) == len(generated.starters) + 4


def test_generate_refuses_bad_options():
    with pytest.raises(PuzzleError):
        generate(random.Random(1), "fiendish")
    with pytest.raises(PuzzleError):
        generate(random.Random(1), None, grid_size=12)


# --- the kind ---------------------------------------------------------------------------------


def test_kind_is_registered_under_its_aliases():
    for name in ("codeword", "Clueless", "code-words", "Crack the Code"):
        assert get_kind(name) is KIND
    assert KIND.multiline_input
    assert solve(KIND.parse(KIND.example)).final_word == "able"
