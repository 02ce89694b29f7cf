from __future__ import annotations

import io
import itertools
import pickle
from types import SimpleNamespace

import pytest
from PIL import Image

import renderers
from puzzles.ladder import Ladder, LadderHint, LadderSolution, LongestChain
from renderers import ladder
from renderers.common import SURFACE, WIDTH

PUZZLE = Ladder("cold", "warm")
WORDS = ("cold", "cord", "word", "ward", "warm")
SOLUTION = LadderSolution("cold", "warm", WORDS, 4, 6, "standard")


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def fill_of(image: Image.Image, box) -> tuple[int, int, int]:
    """The colour inside a tile, beside its letter (left of centre, clear of the outline)."""
    left, top, _, bottom = box
    return image.getpixel((round(left + 8), round((top + bottom) / 2)))


def changed_index(before: str, after: str) -> int:
    (index,) = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    return index


def test_each_step_fills_exactly_the_changed_letter():
    image = decode(ladder.draw(PUZZLE, SOLUTION))
    assert image.width == WIDTH and image.mode == "RGB"
    rows = ladder.tile_boxes(PUZZLE, SOLUTION)
    assert len(rows) == len(WORDS)
    for step, (before, after) in enumerate(itertools.pairwise(WORDS), start=1):
        changed = changed_index(before, after)
        for index, box in enumerate(rows[step]):
            expected = ladder.CHANGED if index == changed else SURFACE
            assert fill_of(image, box) == expected, (after, index)
    assert all(fill_of(image, box) == SURFACE for box in rows[0])  # the start word


def test_a_puzzle_with_par_has_empty_rows_to_fill_in():
    image = decode(ladder.draw(Ladder("cold", "warm", par=4)))
    rows = ladder.tile_boxes(Ladder("cold", "warm", par=4))
    assert [len(row) for row in rows] == [4] * 5
    assert all(fill_of(image, box) == SURFACE for row in rows for box in row)
    assert ladder.CHANGED not in {colour for _, colour in image.getcolors(1 << 20)}
    # Without par there is a gap row instead.
    assert [len(row) for row in ladder.tile_boxes(PUZZLE)] == [4, 0, 4]


def test_a_hint_shows_the_next_word_in_its_own_colour():
    given = LadderHint("warm", ("cold", "cord"), "word", 2)
    image = decode(ladder.draw(PUZZLE, given))
    rows = ladder.tile_boxes(PUZZLE, given)
    assert [len(row) for row in rows] == [4, 4, 4, 0, 4]  # progress, next, gap, goal
    assert fill_of(image, rows[1][2]) == ladder.CHANGED  # COLD -> CORD
    assert fill_of(image, rows[2][0]) == ladder.SUGGESTED  # CORD -> WORD
    assert all(fill_of(image, box) == SURFACE for box in rows[4])


def test_a_long_chain_shows_its_ends_and_stays_a_reasonable_size():
    words = tuple(f"{a}{b}" for a in "abcdefghij" for b in "abcdefghij")  # 100 two-letter "words"
    chain = LongestChain("aa", words, False, 100, 100, "standard", 1.0)
    image = decode(ladder.draw(Ladder("aa"), chain))
    rows = ladder.tile_boxes(Ladder("aa"), chain)
    assert len(rows) == ladder.HEAD_ROWS + 1 + ladder.TAIL_ROWS
    assert rows[ladder.HEAD_ROWS] == []
    assert image.height < 1100


def test_no_ladder_and_single_word_puzzles_draw():
    none = LadderSolution("first", "final", (), None, 0, "standard", "FIRST is isolated")
    assert decode(ladder.draw(Ladder("first", "final"), none)).width == WIDTH
    assert decode(ladder.draw(Ladder("cold"))).width == WIDTH


@pytest.mark.parametrize("word", ["ox", "cold", "incomprehensible"[:15]])
def test_any_word_length_fits_inside_the_canvas(word):
    puzzle = Ladder(word, word[::-1])
    for row in ladder.tile_boxes(puzzle):
        for left, _, right, _ in row:
            assert 0 <= left < right <= WIDTH
    assert decode(ladder.draw(puzzle)).width == WIDTH


def test_anything_with_words_draws_like_a_solution():
    plain = SimpleNamespace(words=WORDS)
    assert decode(ladder.draw(PUZZLE, plain)).height == decode(ladder.draw(PUZZLE, SOLUTION)).height


def test_output_is_deterministic_and_dispatched_by_kind_name():
    assert ladder.draw(PUZZLE, SOLUTION) == ladder.draw(PUZZLE, SOLUTION)
    assert renderers.draw("ladder", PUZZLE, SOLUTION) == ladder.draw(PUZZLE, SOLUTION)
    assert pickle.loads(pickle.dumps(ladder.draw)) is ladder.draw


@pytest.mark.parametrize(
    ("language", "status"),
    [
        ("en", "4 steps · 6 shortest ladders"),
        ("fr", "4 étapes · 6 échelles les plus courtes"),
        ("es", "4 pasos · 6 escaleras más cortas"),
        ("nl", "4 stappen · 6 kortste ladders"),
    ],
)
def test_the_status_line_is_in_the_pictures_language(language, status, recorder):
    from puzzles import get_kind

    kind = get_kind("ladder")
    puzzle = kind.parse("cold warm")
    solution = kind.solve(puzzle)
    assert (len(solution.words), solution.ladder_count) == (5, 6), "the status's numbers"
    renderers.draw("ladder", puzzle, solution, language)
    assert status in recorder.texts, recorder.texts
