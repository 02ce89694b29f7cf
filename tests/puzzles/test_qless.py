"""Q-less: shapes against a brute-force referee, parsing, solving checked by an independent
rule checker, rating, checking players' grids, generating rolls of the real dice."""

from __future__ import annotations

import gzip
import itertools
import pickle
import random
import re
from collections import Counter
from importlib import resources

import pytest

from puzzles.core import PuzzleError
from puzzles.lexicon import Tier, lexicon
from puzzles.lexicon.dictionary import _shipped_lexicon
from puzzles.qless import KIND, check, generate, hint, parse, solve
from puzzles.qless.fill import solutions
from puzzles.qless.generate import DICE, roll_dice
from puzzles.qless.puzzle import Roll
from puzzles.qless.rating import day_for
from puzzles.qless.shapes import (
    DATA_FILE,
    decode,
    encode,
    enumerate_shapes,
    gzip_bytes,
    shapes,
    stored_shapes,
)
from puzzles.qless.tree import built_tree, compact, shape_tree
from puzzles.qless.words import roll_words
from puzzles.registry import get_kind
from tests.conftest import corpus_path

# --- an independent referee: brute force, sharing no code with puzzles.qless -------------------


def referee_polyominoes(n: int) -> set[frozenset]:
    """Every connected set of n cells up to translation, grown one neighbour at a time."""
    level = {frozenset({(0, 0)})}
    for _ in range(n - 1):
        grown = set()
        for cells in level:
            for r, c in cells:
                for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if cell not in cells:
                        grown.add(referee_normal(cells | {cell}))
        level = grown
    return level


def referee_normal(cells) -> frozenset:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


def referee_lines(cells) -> list[str]:
    """Each row and each column of the bounding box as a string of '#' and '.'."""
    height = max(r for r, _ in cells) + 1
    width = max(c for _, c in cells) + 1
    rows = ["".join("#" if (r, c) in cells else "." for c in range(width)) for r in range(height)]
    columns = ["".join(row[c] for row in rows) for c in range(width)]
    return rows + columns


def referee_legal(cells) -> bool:
    return all(len(run) != 2 for line in referee_lines(cells) for run in line.split("."))


def referee_shapes(n: int) -> set[frozenset]:
    """Legal shapes up to translation and transpose: one representative each."""
    found = set()
    for cells in referee_polyominoes(n):
        if referee_legal(cells):
            mirror = referee_normal({(c, r) for r, c in cells})
            found.add(min(cells, mirror, key=sorted))
    return found


def referee_problems(roll: str, rows: tuple[str, ...], tier: Tier = Tier.STANDARD) -> list[str]:
    """Everything wrong with a solution grid: letters, connection, and every run a word."""
    cells = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."}
    problems = []
    if Counter(cells.values()) != Counter(roll):
        problems.append("letters differ from the roll")
    start = next(iter(cells))
    reached, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if cell in cells and cell not in reached:
                reached.add(cell)
                stack.append(cell)
    if reached != set(cells):
        problems.append("not connected")
    width = max(len(row) for row in rows)
    padded = [row.ljust(width, ".") for row in rows]
    lines = padded + ["".join(row[c] for row in padded) for c in range(width)]
    for line in lines:
        for run in line.split("."):
            if len(run) == 2 or (len(run) >= 3 and not lexicon().contains(run, tier)):
                problems.append(f"bad run {run!r}")
    return problems


def canonical_grid(rows: tuple[str, ...]) -> tuple[str, ...]:
    """A grid and its mirror across the diagonal are the same solution."""
    width = max(len(row) for row in rows)
    padded = tuple(row.ljust(width, ".") for row in rows)
    mirror = tuple("".join(row[c] for row in padded) for c in range(width))
    return min(padded, mirror)


# --- shapes ----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(3, 10))
def test_enumeration_matches_brute_force_referee(n):
    ours = {frozenset(shape.cells) for shape in enumerate_shapes(n)}
    assert ours == referee_shapes(n)


def test_small_shape_counts_are_the_obvious_ones():
    # 3 and 4 cells: only a straight word (an L or a square has a two-letter run).
    assert [s.picture() for s in enumerate_shapes(3)] == ["###"]
    assert [s.picture() for s in enumerate_shapes(4)] == ["####"]


def test_stored_trees_are_the_trees_the_shapes_give():
    """tree.bin (scripts/enumerate_qless_shapes.py) is the compact built tree: rebuilt here
    for up to 10 cells (12 takes seconds: the script's --check does it), and for 12 it
    holds every shape once."""
    for n in range(3, 11):
        assert shape_tree(n) == compact(built_tree(n)), n

    def leaves(branch):
        yield from (cells for cells, _, _ in branch[4])
        for child in branch[5]:
            yield from leaves(child)

    stored = sorted(leaves(shape_tree(12)))
    assert stored == sorted(bytes(16 * r + c for r, c in s.cells) for s in shapes(12))


def test_stored_file_is_exactly_what_the_script_writes():
    """Regenerating 10+ cells takes too long for the suite (run the script with --check);
    sizes up to 9 are regenerated here, and the bytes must be exactly encode()'s output."""
    raw = resources.files("puzzles.qless").joinpath("data", DATA_FILE).read_bytes()
    stored = decode(gzip.decompress(raw).decode("ascii"))
    assert gzip_bytes(encode({n: list(found) for n, found in stored.items()})) == raw
    for n in range(3, 10):
        assert list(stored[n]) == enumerate_shapes(n)
    assert sorted(stored) == list(range(3, 13))


@pytest.mark.parametrize("n", [10, 11, 12])
def test_stored_large_shapes_are_legal_distinct_and_canonical(n):
    seen = set()
    for shape in shapes(n):
        cells = frozenset(shape.cells)
        assert len(cells) == n and referee_legal(cells)
        assert referee_polyominoes_connected(cells)
        assert cells == referee_normal(cells)
        mirror = referee_normal({(c, r) for r, c in cells})
        assert cells == min(cells, mirror, key=sorted)
        seen.add(cells)
    assert len(seen) == len(shapes(n))


def referee_polyominoes_connected(cells) -> bool:
    start = next(iter(cells))
    reached, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if cell in cells and cell not in reached:
                reached.add(cell)
                stack.append(cell)
    return reached == cells


def test_twelve_cell_shape_count_is_what_the_stated_rules_give():
    """8,363 twelve-cell shapes, confirmed offline by the brute-force referee (505,861
    polyominoes of 12 cells). The write-up's 6,223 is only the length of its published
    list (grids.json in damiensnyder/damiens-arcade-2), which is partial (5,268 of the
    8,363) and deduplicated only up to translation (955 shapes in both orientations)."""
    assert len(stored_shapes()[12]) == 8363


# --- parsing ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["aabcdlmnnptt", "A A B C D L M N N P T T", "ttpnnmldcbaa", " a,a,b,c,d,l,m,n,n,p,t,t "],
)
def test_parse_accepts_letters_in_any_order_case_and_spacing(text):
    roll = parse(text)
    assert roll.letters == "aabcdlmnnptt"
    assert parse(roll.text()) == roll


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "type the letters"),
        ("   ", "type the letters"),
        ("aabcdlmnnpt7", r"'7' is not a letter.*character 12 of"),
        ("aab!dlmnnp?t", r"'!' is not a letter.*character 4 of the letters, and 1 more"),
        ("aabcdlmnnptté", "not a letter"),
        ("ab", "2 letters; I can solve rolls of 3 to 12"),
        ("aabcdlmnnpttx", "13 letters"),
    ],
)
def test_parse_refuses_bad_rolls_with_a_reason_and_example(text, expected):
    with pytest.raises(PuzzleError) as error:
        parse(text)
    assert re.search(expected, error.value.message)
    assert "Example: aabcdlmnnptt" in error.value.message


# --- solving ---------------------------------------------------------------------------------

SAMPLE_ROLLS = ("aabcdlmnnptt", "aabgimrrttvx", "aeeiknorrstt")


@pytest.mark.parametrize("letters", SAMPLE_ROLLS)
def test_solutions_obey_the_rules_and_are_distinct(letters):
    roll = parse(letters)
    grids = []
    for found in itertools.islice(solutions(roll, Tier.STANDARD), 100):
        rows = found.rows()
        assert referee_problems(letters, rows) == []
        grids.append(canonical_grid(rows))
    assert grids and len(set(grids)) == len(grids)


def test_every_solution_of_a_small_roll_is_found():
    """Six letters: the referee tries every arrangement of the letters on every shape."""
    letters = "adeert"
    referee = set()
    for cells in referee_shapes(len(letters)):
        order = sorted(cells)
        for arrangement in set(itertools.permutations(letters)):
            rows_of = dict(zip(order, arrangement, strict=True))
            height = max(r for r, _ in order) + 1
            width = max(c for _, c in order) + 1
            rows = tuple(
                "".join(rows_of.get((r, c), ".") for c in range(width)) for r in range(height)
            )
            if not referee_problems(letters, rows, Tier.COMMON):
                referee.add(canonical_grid(rows))
    ours = [canonical_grid(found.rows()) for found in solutions(Roll(letters), Tier.COMMON)]
    assert len(ours) == len(set(ours))
    assert set(ours) == referee
    assert any(grid[1:] for grid in referee)  # some solutions cross two words


def test_solve_reports_a_checked_grid_count_and_rating():
    roll = parse("aabcdlmnnptt")
    solution = solve(roll, tier="common", max_solutions=50)
    assert referee_problems(roll.letters, solution.rows, Tier.COMMON) == []
    assert solution.all_common
    assert solution.solution_count == 50 and solution.count_is_capped
    assert solution.day == day_for(solution.shapes_to_ten, solution.solution_count)
    assert check(roll, "\n".join(solution.rows)).solved
    text = solution.text()
    assert "at least 50 solutions" in text and solution.day in text


def test_solve_counts_every_solution_below_the_cap():
    roll = parse("aabcdlmnnptt")
    everything = list(solutions(roll, Tier.COMMON))
    solution = solve(roll, tier="common", max_solutions=len(everything) + 1)
    assert solution.solution_count == len(everything) and not solution.count_is_capped


def test_a_one_off_command_answers_as_a_bot_worker_does():
    # A fresh process reads the roll's words from the word list's text and only their
    # frequencies from the frequency file; a worker has every word set and the whole table.
    one_off = _shipped_lexicon.__wrapped__("en")  # the shipped lexicon, nothing read yet
    worker = lexicon().load_all()
    roll = parse("aabcdlmnnptt")
    assert not one_off.has_word_set(Tier.STANDARD)
    assert solve(roll, dictionary=one_off) == solve(roll, dictionary=worker)
    words = {word for found in solutions(roll, Tier.STANDARD, worker) for word in found.words()}
    assert one_off.zipfs(words | {"zzzx"}) == {w: worker.zipf(w) for w in words | {"zzzx"}}
    assert one_off._zipf_table is None  # the whole table was never read


def test_a_one_off_command_finds_a_rolls_words_as_a_worker_does():
    # A fresh process reads each tier's text; its first and last words are the edge cases.
    worker = lexicon().load_all()
    one_off = _shipped_lexicon.__wrapped__("en")
    for tier in Tier:
        text = worker.text(tier)
        first, last = text[: text.index("\n")], text[text.rindex("\n") + 1 :]
        for letters in ("aabcdlmnnptt", "aabcdghijprz", first + "etaoin", last + "etaoin"):
            letters = parse(letters[:12]).letters  # sorted, as a roll's are
            found = roll_words(letters, one_off, tier)
            assert found == roll_words(letters, worker, tier)
            assert first in found or not set(first) <= set(letters)
    assert not one_off.has_word_set(Tier.STANDARD)


def test_a_one_off_frequency_look_up_agrees_with_the_whole_table():
    # The one-off look-up reads the frequency file's lines itself: a line's first word, its
    # last word and a word that is a prefix or suffix of another must come out as the table.
    worker = lexicon().load_all()
    table = worker._zipf_table
    by_value: dict[float, list[str]] = {}
    for word, value in table.items():
        by_value.setdefault(value, []).append(word)
    ends = {words[0] for words in by_value.values()} | {w[-1] for w in by_value.values()}
    picked = random.Random(7).sample(sorted(table), 300)
    for wanted in (ends, set(picked), {"the", "then", "there", "ther"}, {"zzzx", "qqq"}):
        one_off = _shipped_lexicon.__wrapped__("en")
        assert one_off.zipfs(wanted) == {word: worker.zipf(word) for word in wanted}
        assert one_off._zipf_table is None


@pytest.mark.parametrize("letters", ["aabcdlmnnptt", "aabgimrrttvx", "ceghllnptuwx"])
def test_reading_every_solution_at_once_changes_nothing(letters):
    roll = parse(letters)
    lazily = list(solutions(roll, Tier.STANDARD))
    words = sorted({word for found in lazily for word in found.words()})
    assert list(solutions(roll, Tier.STANDARD, reading_all=True)) == lazily
    assert lazily
    # the roll's words given by the caller: only they are used
    assert list(solutions(roll, Tier.STANDARD, words=words)) == lazily
    assert list(solutions(roll, Tier.STANDARD, words=words[1:])) != lazily


def test_standard_tier_prefers_an_all_common_answer():
    roll = parse("aabgimrrttvx")
    solution = solve(roll, tier="standard", max_solutions=20)
    has_common = next(solutions(roll, Tier.COMMON), None) is not None
    assert solution.all_common == has_common
    assert all(lexicon().contains(w, Tier.COMMON) for w in solution.words) == has_common


def test_large_tier_reaches_rare_words():
    # Every answer needs a Z word: the standard list has only ZEN, the large one CUZ, ZEP...
    roll = parse("ccelmnprrtuz")
    standard = solve(roll, tier="standard", max_solutions=1000).solution_count
    large = list(solutions(roll, Tier.LARGE))
    assert 0 < standard < len(large)
    rare = [
        found
        for found in large
        if any(not lexicon().contains(word, Tier.STANDARD) for word in found.words())
    ]
    assert rare and referee_problems(roll.letters, rare[0].rows(), Tier.LARGE) == []


def test_unsolvable_roll_says_so():
    solution = solve(parse("qqqzzzxxxjjj"))
    assert solution.rows == () and solution.solution_count == 0 and solution.day is None
    assert "No solution" in solution.text()


@pytest.fixture(scope="module")
def daily_rolls() -> list[tuple[str, str]]:
    lines = corpus_path("qless", "daily_rolls.tsv").read_text().splitlines()[1:]
    return [tuple(line.split("\t")) for line in lines if line.strip()]


def test_published_rolls_are_solved_with_checked_grids(daily_rolls):
    sample = random.Random(6).sample(daily_rolls, 6)
    for _day, letters in sample:
        found = next(solutions(parse(letters), Tier.STANDARD), None)
        assert found is not None, letters
        assert referee_problems(letters, found.rows()) == []


def test_the_hardest_published_roll_is_solved_with_standard_words(daily_rolls):
    # Every answer to this Saturday roll needs a Z word; "zen" is the everyday one, which SCOWL
    # files as the name Zen, so the lexicon's standard additions carry it.
    assert ("saturday", "ccelmnprrtuz") in daily_rolls
    found = next(solutions(parse("ccelmnprrtuz"), Tier.STANDARD), None)
    assert found is not None
    assert referee_problems("ccelmnprrtuz", found.rows()) == []


# --- rating ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shapes_to_ten", "count", "day"),
    [
        (1, 10, "too easy"),
        (9, 50, "too easy"),
        (10, 50, "monday"),
        (20, 50, "monday"),
        (21, 50, "tuesday"),
        (150, 50, "tuesday"),
        (151, 50, "wednesday"),
        (600, 50, "wednesday"),
        (601, 50, "thursday"),
        (None, 9, "saturday"),
        (None, 1, "sunday"),
        (None, 0, None),
    ],
)
def test_rating_follows_the_write_up_scale(shapes_to_ten, count, day):
    assert day_for(shapes_to_ten, count) == day


# --- checking a player's grid ------------------------------------------------------------------

GOOD = ".P.M\n.L.ACT\nBAND\n.N\n.T"


@pytest.mark.parametrize(
    "grid", [GOOD, GOOD.replace(".", " "), "```\n  " + GOOD.replace("\n", "\n  ") + "\n```"]
)
def test_check_accepts_a_correct_grid_typed_with_dots_spaces_or_a_code_block(grid):
    verdict = check(parse("aabcdlmnnptt"), grid)
    assert verdict.solved, verdict.text()
    assert "PLANT" in str(verdict.summary)


def test_check_lists_every_broken_rule():
    # BA is a two-letter word, XQZ is no word, T sits apart, and the letters are wrong.
    grid = "BA\n\nXQZ\n\n...T"
    verdict = check(parse("aabcdlmnnptt"), grid)
    assert not verdict.solved
    text = "\n".join(map(str, verdict.problems))
    assert "BA (across from r1c1) is a two-letter word" in text
    assert "XQZ (across from r3c1) is not in the word list" in text
    assert "3 separate pieces" in text
    assert "not placed: A, C, D, L, M, N, N, P, T" in text
    assert "does not have (or not so many): Q, X, Z" in text


def test_check_empty_grid():
    verdict = check(parse("aabcdlmnnptt"), "\n . . \n")
    assert not verdict.solved and tuple(map(str, verdict.problems)) == ("the grid is empty",)


@pytest.mark.parametrize(("grid", "where"), [("AB3", "row 1, column 3"), ("ABC\nD#F", "row 2")])
def test_check_refuses_strange_characters_with_where(grid, where):
    with pytest.raises(PuzzleError) as error:
        check(parse("aabcdlmnnptt"), grid)
    assert where in error.value.message and "not a letter" in error.value.message


def test_check_refuses_huge_grids():
    with pytest.raises(PuzzleError, match="at most 30"):
        check(parse("aabcdlmnnptt"), "A" + "." * 40 + "B")


# --- generating ---------------------------------------------------------------------------------


def is_a_roll_of_the_dice(letters: str) -> bool:
    """Each letter from a different die (a matching from letters to dice)."""
    dice_for = [[d for d, faces in enumerate(DICE) if ch in faces] for ch in letters]
    taken: dict[int, int] = {}

    def place(i: int, seen: set[int]) -> bool:
        for die in dice_for[i]:
            if die not in seen:
                seen.add(die)
                if die not in taken or place(taken[die], seen):
                    taken[die] = i
                    return True
        return False

    return all(place(i, set()) for i in range(len(letters)))


def test_dice_rolls_use_one_face_of_each_die():
    rng = random.Random(1)
    for _ in range(20):
        assert is_a_roll_of_the_dice(roll_dice(rng).letters)
    assert not is_a_roll_of_the_dice("aaaaaaaaaaaa")


def test_generate_is_deterministic_rated_and_solvable_in_common_words():
    roll = generate(random.Random(3), "tuesday")
    assert roll == generate(random.Random(3), "tuesday")
    assert roll.day == "tuesday" and is_a_roll_of_the_dice(roll.letters)
    found = next(solutions(roll, Tier.COMMON))
    assert referee_problems(roll.letters, found.rows(), Tier.COMMON) == []


def test_generate_refuses_unknown_days():
    with pytest.raises(PuzzleError, match="difficulty must be one of monday, tuesday"):
        KIND.generate_with(random.Random(1), "someday")
    with pytest.raises(PuzzleError, match="choose a weekday"):
        generate(random.Random(1), "someday")


# --- the kind --------------------------------------------------------------------------------


def test_kind_is_registered_with_options_and_weekdays():
    kind = get_kind("Q-less")
    assert kind is KIND and kind.multiline_input
    assert kind.difficulties[0] == "monday" and kind.difficulties[-1] == "sunday"
    solution = kind.solve_with(kind.parse(kind.example), {"tier": "common", "max_solutions": 12})
    assert solution.solution_count == 12
    assert pickle.loads(pickle.dumps(solution)) == solution  # solves run in worker processes
    with pytest.raises(PuzzleError, match="tier must be one of"):
        kind.solve_with(kind.parse(kind.example), {"tier": "huge"})


def test_odds_file_has_one_count_per_twelve_cell_shape():
    from puzzles.qless.shapes import stored_odds

    raw = resources.files("puzzles.qless").joinpath("data", "odds.txt.gz").read_bytes()
    sample = int(gzip.decompress(raw).split()[0])
    odds = stored_odds(12)
    assert odds is not None and len(odds) == len(shapes(12))
    assert all(0 <= count <= sample for count in odds) and max(odds) > 0


# --- the command line --------------------------------------------------------------------------


def test_cli_solves_checks_and_generates(capsys, tmp_path):
    from bot.cli import main

    picture = tmp_path / "grid.png"
    code = main(["solve", "qless", "A A B C D L M N N P T T", "--tier", "common", "--image",
                 str(picture), "--max-solutions", "20"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0 and "at least 20 solutions with common words" in out
    assert picture.read_bytes().startswith(b"\x89PNG")

    answer = tmp_path / "answer.txt"
    answer.write_text(GOOD)
    assert main(["check", "qless", "aabcdlmnnptt", "--answer-file", str(answer)]) == 0
    assert "Solved with 4 words" in capsys.readouterr().out

    assert main(["generate", "qless", "--day", "monday", "--seed", "5"]) == 0
    assert "Q-less (seed 5):" in capsys.readouterr().out

    assert main(["solve", "qless", "aabcdlmnnpt?"]) != 0
    assert "not a letter" in capsys.readouterr().err


# --- hints -------------------------------------------------------------------------------------


def test_hint_names_a_common_word_of_a_solution_not_yet_played():
    roll = parse("aabcdlmnnptt")
    first = hint(roll, "")
    assert first.rows == ()
    found = re.search(r"Try a (\d+)-letter word starting with ([A-Z])", first.text())
    assert found
    length, letter = int(found[1]), found[2].lower()
    words = [w for w in lexicon().words(Tier.COMMON) if len(w) == length and w[0] == letter]
    assert any(not Counter(w) - roll.counts for w in words)  # a word the roll can make
    assert str(hint(roll, GOOD)) == "You have already solved it!"
    partial = hint(roll, ".P\n.L\nBAND")
    assert partial.rows == (".p..", ".l..", "band") and partial.word not in ("band", "pl")
    with pytest.raises(PuzzleError):
        hint(roll, "BA%D")


# Issue 29: a daily answer was FOGGY HOC FOB HOC GYM. These real daily rolls were answered with a
# word twice (FEW FEW, TOM TOM, ICE ICE, CHI CHI) though other answers use each word once.
@pytest.mark.parametrize(
    "letters", ["aeeffgjmppsw", "afjkmoorrttx", "bcceehhijosw", "cghhiilmoprz"]
)
@pytest.mark.parametrize("tier", ["common", "standard"])
def test_the_answer_shown_uses_no_word_twice(letters, tier):
    roll = Roll(letters)
    solution = solve(roll, tier=tier)
    assert solution.words and len(set(solution.words)) == len(solution.words), solution.text()
    assert check(roll, "\n".join(solution.rows)).solved


@pytest.mark.parametrize("answer", ["plant cab dam", "PLANT, CAB, DAM", "band; cat"])
def test_a_list_of_words_is_refused_with_the_grid_form(answer):
    # issue 29: it said "letters placed that the roll does not have..."
    with pytest.raises(PuzzleError) as error:
        check(Roll("aabcdlmnnptt"), answer)
    message = error.value.message
    assert "list of words" in message and "grid" in message and "roll does not have" not in message
    assert "Example: .P.M / .L.ACT / BAND / .N / .T" in message


def test_the_grid_example_itself_is_an_answer_rows_split_by_slashes():
    assert check(Roll("aabcdlmnnptt"), ".P.M / .L.ACT / BAND / .N / .T").solved
