"""Letter Boxed pictures read back: our own pictures of boxes of 3 to 8 sides (as drawn and
as a phone shares them), NYT-like screenshots, and pictures with no box in them."""

from __future__ import annotations

import io
import random
from types import SimpleNamespace

import numpy as np
import pytest
from PIL import Image, ImageDraw

from puzzles import get_kind
from puzzles.letterboxed.puzzle import Board, parse
from readers import letterboxed
from readers.classifier import LETTERS
from readers.picture import PictureError, open_grey
from readers.reading import Reading
from renderers.common import BACKGROUND
from renderers.letterboxed import DOT_RADIUS, draw, layout_board
from tests.readers.letterboxed_pictures import (
    CORPUS,
    in_discord,
    nyt_boards,
    nyt_like,
    nyt_like_style,
    random_board,
)
from tests.readers.pictures import as_jpeg, encoded, lined_grid

needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpora is absent")

# (sides, letters a side): NYT's square, and the other boxes puzzles.letterboxed allows.
SHAPES = [(4, 3), (3, 3), (3, 4), (5, 2), (5, 5), (6, 3), (7, 2), (8, 2), (4, 6)]


def found_counts(data: bytes) -> list[int]:
    return [len(side) for side in letterboxed.find_box(open_grey(data)).sides]


def refusal(data: bytes) -> str:
    with pytest.raises(PictureError) as caught:
        letterboxed.read(data)
    return caught.value.message


# --- finding the box and its letters -------------------------------------------------------


@needs_corpus
@pytest.mark.parametrize(("sides", "per_side"), SHAPES)
def test_every_letter_of_our_picture_is_found_beside_its_side(sides, per_side):
    board = random_board(random.Random(sides * 10 + per_side), sides, per_side)
    png = draw(board)
    expected = [len(side) for side in board.sides]
    assert found_counts(png) == expected
    assert found_counts(as_jpeg(png, 540, 70)) == expected


@needs_corpus
@pytest.mark.parametrize("dark", [True, False])
def test_our_picture_in_a_screenshot_of_discord_is_found(dark):
    for sides, per_side in [(4, 3), (6, 3), (3, 2)]:
        board = random_board(random.Random(sides), sides, per_side)
        assert found_counts(in_discord(draw(board), dark)) == [per_side] * sides


@needs_corpus
def test_sides_of_different_lengths_are_found():
    board = random_board(random.Random(7), 4, (3, 1, 4, 2))
    assert found_counts(as_jpeg(draw(board), 720, 75)) == [3, 1, 4, 2]


@needs_corpus
def test_every_letter_of_a_nyt_like_screenshot_is_found():
    rng = random.Random(1)
    for board in nyt_boards()[:4]:
        assert found_counts(nyt_like(board, nyt_like_style(rng, board))) == [3, 3, 3, 3]


@pytest.mark.parametrize("as_shared", [False, True])
def test_the_bots_answer_with_its_words_drawn_across_the_box_is_found(as_shared):
    board = parse("vro wal eth bdi")
    png = draw(board, get_kind("letterboxed").solve(board))
    assert found_counts(as_jpeg(png, 540, 70) if as_shared else png) == [3, 3, 3, 3]


# Answers whose words cut the box's inside into pieces that a box's letters seemed to stand
# round: read as boxes of other shapes before letters_line_up.
CUT_APART = [
    ("for ydw vst lmg", ("vow", "wolfs", "smog", "got", "told", "dry")),
    ("slp kya ibu qxo", ("axis", "soapy", "yolks", "squab")),
    ("me rg kv ti lh", ("mike", "evil", "lighter")),
    ("otwk cuid hyvg", ("yuk", "kiwi", "itch", "hod", "dog", "guv")),
    # Big boxes whose words hide a letter or a corner: read short of a letter before
    # evenly_spaced.
    ("tsi hrv gln auz myj fbo edx cwp", ("flyweight", "taxicabs", "spermatozoa", "adjuvant")),
    ("nha ogv wif crz jdb mtl sex ypk", ("javelins", "sixfold", "drawbacks", "sympathizing")),
    ("rhae bdyk wsot iclx gfzn vjuq", ("folkways", "subjective", "exurb", "burqa", "anthologized")),
]


@pytest.mark.parametrize(("text", "words"), CUT_APART)
def test_a_piece_of_the_box_cut_off_by_words_is_never_read_as_a_box(text, words):
    """When the box cannot be found whole the picture is refused: its letters are never
    read round a piece of it."""
    board = parse(text)
    png = draw(board, SimpleNamespace(words=words))
    for data in (png, as_jpeg(png, 540, 70)):
        try:
            counts = found_counts(data)
        except PictureError:
            continue
        assert counts == [len(side) for side in board.sides]


def test_the_top_side_comes_first_then_clockwise():
    square = np.array([[10.0, 90.0], [90.0, 90.0], [90.0, 10.0], [10.0, 10.0]])
    assert letterboxed.typing_order(square).tolist() == [[10, 10], [90, 10], [90, 90], [10, 90]]
    triangle = np.array([[50.0, 90.0], [10.0, 10.0], [90.0, 10.0]])
    assert letterboxed.typing_order(triangle).tolist() == [[10, 10], [90, 10], [50, 90]]


def mark_at(x: float, y: float, label: int, size: int = 30) -> letterboxed.Mark:
    return letterboxed.Mark(round(x - size / 2), round(y - size / 2), size, size, label)


def test_letters_are_taken_by_their_side_in_typing_order():
    square = letterboxed.typing_order(np.array([[100.0, 100], [500, 100], [500, 500], [100, 500]]))
    marks = [
        mark_at(200, 50, 1),  # top: left to right
        mark_at(400, 50, 2),
        mark_at(550, 380, 4),  # right: top to bottom
        mark_at(550, 220, 3),
        mark_at(380, 550, 6),  # bottom: left to right too
        mark_at(220, 550, 5),
        mark_at(50, 300, 7),  # left: top to bottom
        mark_at(300, 10, 8, size=40),  # a title further out than the top row: no letter
        mark_at(300, 580, 9, size=8),  # a speck under the bottom row: no letter
    ]
    sides = letterboxed.marks_by_side(square, marks)
    assert [[m.label for m in side] for side in sides] == [[1, 2], [3, 4], [5, 6], [7]]


def test_a_slanted_side_is_read_left_to_right():
    pentagon = letterboxed.typing_order(
        np.array([[200.0, 100], [400, 100], [480, 330], [300, 480], [120, 330]])
    )
    lower_left = [mark_at(214, 461, 2), mark_at(154, 411, 1)]  # outside (120, 330)-(300, 480)
    sides = letterboxed.marks_by_side(pentagon, lower_left)
    assert [[m.label for m in side] for side in sides] == [[], [], [], [1, 2], []]


def test_the_glyphs_are_cut_as_the_classifier_reads_cells():
    box = letterboxed.find_box(open_grey(draw(parse("vro wal eth bdi"))))
    assert box.glyphs.shape == (12, 28, 28)
    assert box.glyphs.dtype == np.float32
    for glyph in box.glyphs:
        rows = np.flatnonzero(glyph.max(axis=1) > 0.5)
        height = (rows[-1] - rows[0] + 1) / 28
        assert abs(height - letterboxed.LETTER_SHARE) < 0.08  # a letter as tall as a digit
        assert glyph[0].max() < 0.1 and glyph[-1].max() < 0.1  # nothing of its neighbours


# --- one letter for each position -----------------------------------------------------------


def chances_for(*rows: dict[str, float]) -> np.ndarray:
    chances = np.full((len(rows), 26), 1e-4)
    for row, given in zip(chances, rows, strict=True):
        for letter, p in given.items():
            row[LETTERS.index(letter)] = p
    return chances / chances.sum(axis=1, keepdims=True)


def test_sure_letters_are_read_as_they_are():
    letters, unsure = letterboxed.distinct_letters(chances_for({"V": 0.99}, {"R": 0.98}))
    assert (letters, unsure) == (["V", "R"], ())


def test_an_unsure_letter_is_marked():
    letters, unsure = letterboxed.distinct_letters(chances_for({"O": 0.6, "Q": 0.4}, {"R": 0.99}))
    assert (letters, unsure) == (["O", "R"], (0,))


def test_a_letter_read_twice_goes_to_the_surer_and_both_are_marked():
    letters, unsure = letterboxed.distinct_letters(
        chances_for({"O": 0.97, "Q": 0.02}, {"O": 0.95, "C": 0.04}, {"E": 0.99})
    )
    assert letters == ["O", "C", "E"]  # the other position takes its next likeliest letter
    assert unsure == (0, 1)


# --- pictures with no box ---------------------------------------------------------------------


def test_a_blank_picture_has_no_box():
    message = refusal(encoded(Image.new("RGB", (600, 900), (250, 168, 160))))
    assert "could not find a Letter Boxed box" in message


def test_a_sudoku_grid_is_no_box():
    assert "could not find a Letter Boxed box" in refusal(lined_grid(9))


def test_a_box_without_letters_is_refused_saying_so():
    image = Image.new("RGB", (700, 700), (252, 113, 107))
    ImageDraw.Draw(image).rectangle((150, 150, 550, 550), (255, 255, 255), (20, 20, 20), 8)
    assert "could not find a Letter Boxed box" in refusal(encoded(image))


def test_a_box_with_letters_on_some_sides_only_says_which_are_missing():
    board = Board(("vro", "wal", "eth", "bdi"))
    image = Image.open(io.BytesIO(draw(board))).convert("RGB")
    right_of_the_dots = max(x for x, _ in layout_board(board).corners) + DOT_RADIUS + 4
    ImageDraw.Draw(image).rectangle(
        (right_of_the_dots, 0, image.width, image.height), fill=BACKGROUND
    )
    message = refusal(encoded(image))
    assert "no letters beside 1 of its 4 sides" in message


def test_a_letter_in_doubt_is_named_where_the_member_finds_it():
    square = Reading("letterboxed", "VRO WAL ETH BDI", (1, 11), 4)
    assert letterboxed.place_name(square, 1) == "R (2nd on the top side)"
    assert letterboxed.place_name(square, 11) == "I (3rd on the left side)"
    triangle = Reading("letterboxed", "VRO WAL ETH", (), 3)
    assert letterboxed.place_name(triangle, 6) == "E (1st on side 3)"


def test_a_letter_hidden_from_the_picture_is_said_missing_not_read_past():
    """A letter painted out (a finger, a sticker) leaves a side a letter short: the picture
    is refused saying so, never read as a box without it."""
    board = parse("vro wal eth bdi")
    image = Image.open(io.BytesIO(draw(board))).convert("RGB")
    layout = layout_board(board)
    x, y = layout.labels["r"]  # the middle of the top side: V and O stay evenly apart
    reach = 0.6 * layout.letter_size
    ImageDraw.Draw(image).rectangle((x - reach, y - reach, x + reach, y + reach), BACKGROUND)
    assert "a letter seems to be missing" in refusal(encoded(image))
