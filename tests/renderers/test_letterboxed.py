from __future__ import annotations

import dataclasses
import io
import itertools
import pickle
from types import SimpleNamespace

import pytest
from PIL import Image, ImageChops

import renderers
from puzzles.letterboxed.puzzle import parse
from puzzles.letterboxed.rules import LetterBoxedHint
from renderers import letterboxed
from renderers.common import PATH_COLOURS, SURFACE, WIDTH, ink_size, path_colour
from renderers.sudoku import HIGHLIGHT_FILL

BOARD = parse("vro wal eth bdi")
# A valid two-word answer for VRO WAL ETH BDI: no two letters in a row share a side.
WORDS = ("howbeit", "travailed")
SOLUTION = SimpleNamespace(words=WORDS)


DOT_REACH = round(letterboxed.DOT_RADIUS + letterboxed.DOT_OUTLINE + 2)


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def midpoint(a, b):
    return round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2)


def colour_count(image: Image.Image, colour) -> int:
    return sum(count for count, c in image.getcolors(maxcolors=1 << 20) if c == colour)


def test_words_are_valid_for_the_board():
    for word in WORDS:
        assert all(letter in BOARD.side_of for letter in word)
        for a, b in itertools.pairwise(word):
            assert BOARD.side_of[a] != BOARD.side_of[b], (word, a, b)
    assert set("".join(WORDS)) == set(BOARD.letters)


def test_plain_board_decodes_with_expected_size_and_mode():
    image = decode(letterboxed.draw(BOARD))
    assert image.mode == "RGB"
    assert image.width == WIDTH == 800
    assert 600 <= image.height <= 1000
    # No path colour anywhere on a plain board.
    assert all(colour_count(image, colour) == 0 for colour in PATH_COLOURS)


def test_solution_differs_from_the_plain_board():
    plain = decode(letterboxed.draw(BOARD))
    solved = decode(letterboxed.draw(BOARD, SOLUTION))
    assert solved.width == plain.width
    assert solved.height > plain.height  # the word list goes under the box
    box = (0, 0, plain.width, plain.height - 60)
    assert ImageChops.difference(plain.crop(box), solved.crop(box)).getbbox() is not None


def test_each_word_is_a_path_in_its_own_colour():
    image = decode(letterboxed.draw(BOARD, SOLUTION))
    dots = letterboxed.dot_positions(BOARD)
    for index, word in enumerate(WORDS):
        colour = path_colour(index)
        # The middle of the word's first step is drawn in the word's colour.
        assert image.getpixel(midpoint(dots[word[0]], dots[word[1]])) == colour
        assert colour_count(image, colour) > 2000


def test_used_dots_are_filled_and_unused_dots_stay_plain():
    attempt = ["howbeit"]
    image = decode(letterboxed.draw_words(BOARD, attempt))
    dots = letterboxed.dot_positions(BOARD)
    for letter, (x, y) in dots.items():
        expected = path_colour(0) if letter in "howbeit" else SURFACE
        assert image.getpixel((round(x), round(y))) == expected, letter
    assert colour_count(image, path_colour(1)) == 0


def test_draw_words_draws_exactly_the_given_words():
    partial = decode(letterboxed.draw_words(BOARD, ["howbeit"]))
    full = decode(letterboxed.draw_words(BOARD, WORDS))
    assert colour_count(partial, path_colour(1)) == 0
    assert colour_count(full, path_colour(1)) > 0
    assert letterboxed.draw_words(BOARD, WORDS) == letterboxed.draw(BOARD, SOLUTION)
    assert letterboxed.draw_words(BOARD, ["HowBeit"]) == letterboxed.draw_words(BOARD, ["howbeit"])
    assert letterboxed.draw_words(BOARD, []) == letterboxed.draw(BOARD)


def on_hint_ring(dot):
    """A point in the middle of the hint ring's stroke, inside the box (T and H are on
    the bottom side, so straight up from their dots)."""
    middle = letterboxed.HINT_RING_RADIUS - letterboxed.HINT_RING_WIDTH / 2
    return round(dot[0]), round(dot[1] - middle)


def test_a_hint_shows_the_words_so_far_and_rings_where_the_next_word_starts():
    given = LetterBoxedHint(words=("howbeit",), next_word="travailed", finish=1)
    image = decode(letterboxed.draw(BOARD, given))
    dots = letterboxed.dot_positions(BOARD)
    # The player's word is drawn as its path...
    assert image.getpixel(midpoint(dots["h"], dots["o"])) == path_colour(0)
    # ...and the letter the hinted word starts on has a wide ring in the next colour,
    assert image.getpixel(on_hint_ring(dots["t"])) == path_colour(1)
    # but the hinted word is not given away as a path.
    assert image.getpixel(midpoint(dots["t"], dots["r"])) != path_colour(1)
    plain_attempt = decode(letterboxed.draw_words(BOARD, ["howbeit"]))
    assert ImageChops.difference(image.crop((0, 0, WIDTH, plain_attempt.height)), plain_attempt)


def test_a_hint_from_the_start_rings_its_first_letter_on_the_bare_box():
    given = LetterBoxedHint(words=(), next_word="howbeit", finish=2)
    image = decode(letterboxed.draw(BOARD, given))
    assert image.getpixel(on_hint_ring(letterboxed.dot_positions(BOARD)["h"])) == path_colour(0)


def test_attempts_that_break_the_rules_still_draw():
    # U and Z are not on the board; V-O and E-T are steps along one side.
    image = decode(letterboxed.draw_words(BOARD, ["zoo", "vouch", "eth"]))
    assert image.width == WIDTH
    assert colour_count(image, path_colour(2)) > 0


def test_output_is_deterministic():
    assert letterboxed.draw(BOARD, SOLUTION) == letterboxed.draw(BOARD, SOLUTION)


def test_par_line_appears_when_par_is_known():
    with_par = dataclasses.replace(BOARD, par=2)
    assert letterboxed.draw(with_par) != letterboxed.draw(BOARD)
    assert decode(letterboxed.draw(with_par)).height > decode(letterboxed.draw(BOARD)).height


def test_long_word_lists_wrap_inside_the_width():
    few = decode(letterboxed.draw_words(BOARD, WORDS))
    many = decode(letterboxed.draw_words(BOARD, [*WORDS, "dab", "bow", "wit", "tab", "bot", "ore"]))
    assert many.width == few.width == WIDTH
    assert many.height >= few.height + 50


def test_square_has_the_first_side_on_top_then_clockwise():
    dots = letterboxed.dot_positions(BOARD)
    top, right, bottom, left = ([dots[letter] for letter in side] for side in BOARD.sides)
    assert len({round(y) for _, y in top}) == 1
    assert max(y for _, y in top) < min(y for _, y in right + left)
    assert min(x for x, _ in right) > max(x for x, _ in top + bottom)
    assert min(y for _, y in bottom) > max(y for _, y in right + left)
    assert max(x for x, _ in left) < min(x for x, _ in top + bottom)
    # Letters read left to right, and top to bottom on upright sides.
    assert [x for x, _ in top] == sorted(x for x, _ in top)
    assert [y for _, y in right] == sorted(y for _, y in right)


SHAPES = [
    "abc def ghi",
    "vro wal eth bdi",
    "ab cde fg hijk lm",
    "abc def ghi jkl mno pqr",
    "abcdef ghijkl mnopqr stuvwx",
    "abcd efg hijk lmn opqr stu vwx yz",
    "a b c",
]


@pytest.mark.parametrize("text", SHAPES)
def test_any_shape_draws_with_letters_inside_the_canvas_and_apart(text):
    board = parse(text)
    words = ["".join(side[0] for side in board.sides)]
    image = decode(letterboxed.draw_words(board, words))
    assert image.width == WIDTH
    assert image.mode == "RGB"
    layout = letterboxed.layout_board(board)
    assert set(layout.dots) == set(board.letters)
    boxes = []
    for letter, (x, y) in layout.labels.items():
        w, h = ink_size(letter.upper(), layout.letter_size)
        box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
        assert box[0] >= 0 and box[2] <= image.width, letter
        assert box[1] >= 0 and box[3] <= layout.bottom <= image.height, letter
        boxes.append((letter, box))
    for (a, box_a), (b, box_b) in itertools.combinations(boxes, 2):
        apart = (
            box_a[2] <= box_b[0]
            or box_b[2] <= box_a[0]
            or box_a[3] <= box_b[1]
            or box_b[3] <= box_a[1]
        )
        assert apart, (a, b)
    assert colour_count(image, path_colour(0)) > 0


def test_letters_are_large_on_a_standard_box():
    assert letterboxed.layout_board(BOARD).letter_size >= 60


def test_dispatch_by_kind_name():
    assert renderers.draw("letterboxed", BOARD, SOLUTION) == letterboxed.draw(BOARD, SOLUTION)
    assert renderers.draw("letterboxed", BOARD) == letterboxed.draw(BOARD)


@pytest.mark.parametrize("name", ["nosuchkind", "common", "letterboxed.x", "../etc", ""])
def test_dispatch_of_an_unknown_kind_raises_lookup_error(name):
    with pytest.raises(LookupError, match="no renderer"):
        renderers.draw(name, BOARD)


def test_draw_is_picklable_for_the_worker_pool():
    assert pickle.loads(pickle.dumps(letterboxed.draw)) is letterboxed.draw


def test_letters_read_in_doubt_stand_on_a_shaded_box():
    board = parse("vro wal eth bdi")
    layout = letterboxed.layout_board(board)
    read = SimpleNamespace(board=board, highlight=(1, 11))  # R and I, as a reader doubts them
    image = decode(letterboxed.draw(read))
    plain = decode(letterboxed.draw(board))

    def shaded(letter: str) -> bool:
        x, y = layout.labels[letter]
        beside = (round(x), round(y + 0.45 * layout.letter_size))  # under the letter's ink
        return image.getpixel(beside) == HIGHLIGHT_FILL

    assert shaded("r") and shaded("i")
    assert not any(shaded(letter) for letter in "vowaletheb d".replace(" ", ""))
    assert colour_count(plain, HIGHLIGHT_FILL) == 0
    assert colour_count(image, HIGHLIGHT_FILL) > layout.letter_size**2
    dot = layout.dots["i"]  # the narrowest letter's shade stays clear of its dot
    assert image.getpixel((round(dot[0]) - DOT_REACH, round(dot[1]))) != HIGHLIGHT_FILL


@pytest.mark.parametrize(
    ("language", "status"),
    [
        ("en", "2 words · par 3 · 7 letters left"),
        ("fr", "2 mots · par 3 · 7 lettres restantes"),
        ("es", "2 palabras · par 3 · quedan 7 letras"),
        ("nl", "2 woorden · par 3 · nog 7 letters over"),
    ],
)
def test_the_status_line_under_an_attempt_is_in_the_pictures_language(language, status, recorder):
    board = dataclasses.replace(parse("vro wal eth bdi"), par=3)
    letterboxed.draw_words(board, ["wet", "tab"], language=language)  # 5 of the 12 letters
    assert status in recorder.texts, recorder.texts
