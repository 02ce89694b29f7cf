"""Every puzzle picture is bounded and readable on a phone.

Discord shows a picture about PHONE_WIDTH px wide on a phone; every text in every
picture must then be at least READABLE_PX tall in ink: the height of its digits and
capitals, measured on the bundled font (issue 29: codeword clue numbers had a 10 px
font, but a digit's ink is about 0.73 of that, 7.3 px). The drawing calls are recorded
(the Canvas text methods, wrapped), so the test sees every size and weight used, and
the texts drawn.
"""

from __future__ import annotations

import io
import random
from pathlib import Path
from types import SimpleNamespace

import pytest
from PIL import Image, ImageFont

import renderers
from puzzles import all_kinds, get_kind
from renderers import MAX_HEIGHT, MAX_WIDTH, MIN_TEXT_PX, PHONE_WIDTH
from tests import long_cryptograms

READABLE_PX = 10  # the ink height every text has at least, shown PHONE_WIDTH px wide
# Every picture is drawn in each language: French, Spanish and Dutch labels are longer than
# English.
LANGUAGES = ["en", "fr", "es", "nl"]
FONT_DIR = Path(renderers.__file__).parent / "fonts"


def ink_height(size: int, bold: bool) -> int:
    """Height of the ink of a digit or a capital, the smaller, in the bundled DejaVu Sans
    at `size` (measured here with Pillow, apart from the renderers' own helpers)."""
    face = ImageFont.truetype(str(FONT_DIR / f"DejaVuSans{'-Bold' if bold else ''}.ttf"), size)
    heights = []
    for glyph in "0H":
        _, top, _, bottom = face.getbbox(glyph, anchor="ls")
        heights.append(bottom - top)
    return min(heights)


def smallest_ink_on_a_phone(recorded) -> float:
    """The smallest ink height of any recorded text, in px, shown PHONE_WIDTH px wide."""
    return min(
        ink_height(size, bold) * PHONE_WIDTH / width
        for (size, width), bold in zip(recorded.sizes, recorded.bolds, strict=True)
    )


def picture(kind_name: str, puzzle, shown=None, language: str = "en") -> Image.Image:
    image = Image.open(io.BytesIO(renderers.draw(kind_name, puzzle, shown, language)))
    image.load()
    return image


def assert_bounded_and_readable(image: Image.Image, recorded, what: str) -> None:
    assert image.width <= MAX_WIDTH and image.height <= MAX_HEIGHT, (what, image.size)
    assert recorded.sizes, what
    assert not recorded.unrecorded, (what, "text drawn past the recorder", recorded.unrecorded)
    smallest = smallest_ink_on_a_phone(recorded)
    assert smallest >= READABLE_PX, (what, smallest)
    spilt = [
        text
        for text, (left, right, width) in zip(recorded.texts, recorded.spans, strict=True)
        if left < -0.5 or right > width + 0.5
    ]
    assert not spilt, (what, "text past the picture's edges", spilt)


def pictures_of(kind_name: str):
    """The example puzzle alone, solved, and with a hint from scratch."""
    kind = get_kind(kind_name)
    puzzle = kind.parse(kind.example)
    yield "puzzle", puzzle, None
    yield "solution", puzzle, kind.solve(puzzle)
    if kind.hint is not None:
        hint = kind.hint(puzzle, "")
        yield "hint", puzzle, None if isinstance(hint, str) else hint


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind_name", [kind.name for kind in all_kinds()])
def test_every_example_picture_is_readable_on_a_phone(kind_name, language, recorder):
    for what, puzzle, shown in pictures_of(kind_name):
        recorder.clear()
        assert_bounded_and_readable(
            picture(kind_name, puzzle, shown, language), recorder, f"{kind_name} {what}"
        )


# --- long inputs: every kind, at the size limits of its input ---------------------------------


def codeword_grid(columns: int, rows: int) -> str:
    """A typed codeword grid: black squares in a lattice, numbers 1-26 round the others."""
    lines = []
    for r in range(rows):
        cells = [
            "#" if r % 2 and c % 2 else str((r * columns + c) % 26 + 1) for c in range(columns)
        ]
        lines.append(" ".join(cells))
    return "\n".join(lines)


def long_cases():
    """(kind, what, puzzle, shown, texts that must all be drawn) at the limits of each kind."""
    from puzzles.cryptogram.puzzle import LETTERS
    from puzzles.ladder.puzzle import Ladder
    from puzzles.ladder.rules import LadderHint
    from puzzles.qless.rules import QlessHint
    from puzzles.spelling.puzzle import SpellingPuzzle
    from tests.renderers.test_sudoku import puzzle_of, solved_grid

    rng = random.Random(5)
    box = get_kind("letterboxed").parse("abc def ghi jkl mno pqr stu vwx")
    attempt = SimpleNamespace(words=tuple("abcdefghijklmnopqrstuvwx"[i::5] * 3 for i in range(20)))
    yield "letterboxed", "8 sides, 20 words", box, attempt, [w.upper() for w in attempt.words]
    six = get_kind("letterboxed").parse("abcdef ghijkl mnopqr stuvwx")
    yield "letterboxed", "6 letters a side", six, None, list("ABCDEFGHIJKLMNOPQRSTUVWX")

    roll = get_kind("qless").parse("aabcdlmnnptt")
    wide = SimpleNamespace(rows=("abcdefghijkl", "a.........b."), words=("abcdefghijkl",) * 3)
    yield "qless", "12 across", roll, wide, list("ABCDEFGHIJKL")
    yield "qless", "hint on a grid", roll, QlessHint(("abcdefghijk", "l.........."), "band"), ["B"]

    long_words = Ladder("abcdefghijklmno", "abcdefghijklmnp", par=30)
    progress = tuple(f"{chr(97 + i % 26)}bcdefghijklmno" for i in range(100))
    yield "ladder", "15 letters", long_words, None, list("ABCDEFGHIJKLMNO")
    hint = LadderHint("zzzzzzzzzzzzzzz", progress, "zbcdefghijklmno", 40)
    yield "ladder", "100-word ladder so far", long_words, hint, ["1", "99"]
    chain = SimpleNamespace(
        words=tuple(f"{chr(97 + i % 26)}{chr(97 + i // 26)}t" for i in range(400))
    )
    yield "ladder", "400-word chain", Ladder("cat"), chain, ["A"]

    for size in (12, 16):
        solved = solved_grid(size)
        puzzle = puzzle_of(solved)
        from puzzles.sudoku.rules import hint as sudoku_hint

        yield "sudoku", f"{size}x{size} solved", puzzle, solved, []
        yield "sudoku", f"{size}x{size} hint", puzzle, sudoku_hint(puzzle), []
    letters = solved_grid(16, "ABCDEFGHIJKLMNOP")
    phrase = "A phrase long enough to wrap over more than one line of the heading " * 2
    spelling = SpellingPuzzle(puzzle_of(letters), phrase, tuple(range(0, 256, 7)))
    yield "spelling", "16x16, long phrase", spelling, None, [" ".join("ABCDEFGHIJKLMNOP")[:5]]

    crypto = get_kind("cryptogram")
    words = " ".join(
        "".join(rng.choice(LETTERS) for _ in range(rng.randint(1, 9))) + rng.choice(["", ",", "'S"])
        for _ in range(400)
    )[:1500]  # the input limit: a tall picture holds it (issue 29)
    # Punctuation is printed in the cipher row and in the answer row.
    printed = words.replace(" ", "").replace(",", ",,").replace("'", "''")
    yield "cryptogram", "1,500 characters", crypto.parse(words), None, [printed]
    english = crypto.parse(long_cryptograms.english(1500))
    yield "cryptogram", "1,500 characters of English", english, None, english.ciphertext.split()[:2]
    run = "".join(rng.choice(LETTERS) for _ in range(1500))
    yield "cryptogram", "1,500-letter patristocrat", crypto.parse(run), None, [run]

    codeword = get_kind("codeword")
    widest = codeword.parse(codeword_grid(20, 20))
    yield "codeword", "20x20 grid", widest, None, [str(n) for n in range(1, 27)]
    clues = "\n".join(" ".join(str(rng.randint(1, 26)) for _ in range(7)) for _ in range(80))
    yield "codeword", "80 clues", codeword.parse(clues), None, [str(n) for n in range(1, 27)]


def drawn_text(texts: list[str]) -> str:
    return "".join(texts)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("case", list(long_cases()), ids=lambda case: f"{case[0]}: {case[1]}")
def test_long_inputs_are_drawn_whole_within_the_bounds_and_readable(case, language, recorder):
    kind_name, what, puzzle, shown, must_show = case
    assert renderers.too_big(kind_name, puzzle) is None, what
    image = picture(kind_name, puzzle, shown, language)
    assert_bounded_and_readable(image, recorder, f"{kind_name} {what}")
    drawn = drawn_text(recorder.texts)
    for text in must_show:
        assert text in drawn or text in recorder.texts, (what, text)


@pytest.mark.parametrize(
    ("kind_name", "text"),
    [
        ("codeword", codeword_grid(25, 25)),
        ("codeword", "\n".join("1 2 3 4 5 6 7" for _ in range(300))),
        ("codeword", " ".join(str(n % 26 + 1) for n in range(30))),
        ("cryptogram", "ABCDEFGHIJKLMNOPQRSTUVWXY " * 150),
        ("cryptogram", long_cryptograms.LONG_WORDS),
    ],
    ids=["25 columns", "300 clues", "30-number clue", "3,900 characters", "long words"],
)
def test_what_cannot_be_drawn_readably_is_said_before_drawing(kind_name, text):
    kind = get_kind(kind_name)
    reason = renderers.too_big(kind_name, kind.parse(text))
    assert reason and ("too" in reason), reason


@pytest.mark.parametrize("kind_name", [kind.name for kind in all_kinds()])
def test_every_example_fits(kind_name):
    kind = get_kind(kind_name)
    assert renderers.too_big(kind_name, kind.parse(kind.example)) is None


# --- issue 29: what a picture shows -----------------------------------------------------------

NO_ANSWER = {
    "letterboxed": ("qxz jvk wyf ghm", "No solution"),
    "qless": ("qqqqxxxxzzzj", "No solution"),
    "ladder": ("aloof xylyl", "no ladder"),
    "sudoku": ("12....3...4.....", "No solution"),
    "codeword": ("1 1 1 1 1\n2 3 2 3 2 3 2", "no fill found"),
}


@pytest.mark.parametrize("kind_name", sorted(NO_ANSWER))
def test_a_puzzle_with_no_answer_is_drawn_saying_so(kind_name, recorder):
    from puzzles.core import has_no_answer

    text, said = NO_ANSWER[kind_name]
    kind = get_kind(kind_name)
    puzzle = kind.parse(text)
    solution = kind.solve(puzzle)
    assert has_no_answer(solution), solution.text()
    recorder.clear()
    image = picture(kind_name, puzzle, solution)
    assert any(said in drawn for drawn in recorder.texts), recorder.texts
    assert_bounded_and_readable(image, recorder, f"{kind_name} with no answer")


def test_only_the_kinds_that_can_have_no_answer_say_so_of_their_examples():
    from puzzles.core import has_no_answer

    for kind in all_kinds():
        assert not has_no_answer(kind.solve(kind.parse(kind.example))), kind.name


def generated_pictures():
    """A generated puzzle of every kind and difficulty (the codeword's 13x13 among them)."""
    for kind in all_kinds():
        for difficulty in (*kind.difficulties, None)[:3]:
            puzzle = kind.generate(random.Random(3), difficulty)
            yield kind.name, f"generated {difficulty}", puzzle, None
            yield kind.name, f"generated {difficulty}, solved", puzzle, kind.solve(puzzle)


@pytest.mark.parametrize(
    "case", list(generated_pictures()), ids=lambda case: f"{case[0]} {case[1]}"
)
def test_every_generated_picture_is_readable_on_a_phone(case, recorder):
    kind_name, what, puzzle, shown = case
    assert_bounded_and_readable(picture(kind_name, puzzle, shown), recorder, f"{kind_name} {what}")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind_name", [kind.name for kind in all_kinds() if kind.hint])
def test_a_hint_on_a_generated_puzzle_is_readable_on_a_phone(kind_name, language, recorder):
    """The hint a member gets on a daily or /generate puzzle (the daily's Hint button)."""
    kind = get_kind(kind_name)
    puzzle = kind.generate(random.Random(3), None)
    hint = kind.hint(puzzle, "")
    recorder.clear()
    image = picture(kind_name, puzzle, None if isinstance(hint, str) else hint, language)
    assert_bounded_and_readable(image, recorder, f"{kind_name} hint")


def co_op_boards():
    """A co-op board of every kind played together: half filled with the newest letter
    marked and a message, and solved."""
    from bot.coop.fill import co_op_kinds, rules_for

    for kind_name in co_op_kinds():
        kind, rules = get_kind(kind_name), rules_for(kind_name)
        puzzle = kind.generate(random.Random(3), None)
        cells = rules.cells(puzzle)
        fill = {cell: "E" for cell in cells[: len(cells) // 2]}
        said = "Alice wrote E in the first half of the squares; 13 squares to go."
        yield kind_name, "half filled", puzzle, rules.drawn(fill, tuple(fill)[:1], said)
        full = dict.fromkeys(cells, "E")
        yield kind_name, "solved", puzzle, rules.drawn(full, (), "Solved together.")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("case", list(co_op_boards()), ids=lambda case: f"{case[0]} {case[1]}")
def test_every_co_op_board_is_readable_on_a_phone(case, language, recorder):
    kind_name, what, puzzle, drawn = case
    image = picture(kind_name, puzzle, drawn, language)
    assert_bounded_and_readable(image, recorder, f"co-op {kind_name} {what}")
    first_word = drawn.message.split()[0]
    assert any(text.startswith(first_word) for text in recorder.texts), recorder.texts


@pytest.mark.parametrize("size", [4, 9, 16])
def test_a_sudoku_read_from_a_picture_is_drawn_readably_with_its_doubted_cells(size, recorder):
    """What a sudoku sent as a picture is answered with first: the grid as read (a solved
    grid with every third cell blank), the cells the reader doubts shaded."""
    from readers.reading import Shaded
    from tests.renderers.test_sudoku import puzzle_of, solved_grid

    read = puzzle_of(solved_grid(size))
    image = picture("sudoku", Shaded(read, (0, 5, size * size - 1)))
    assert_bounded_and_readable(image, recorder, f"{size}x{size} sudoku as read")


@pytest.mark.parametrize("kind_name", ["codeword", "letterboxed"])
def test_a_puzzle_read_from_a_picture_is_drawn_readably_with_its_doubted_places(
    kind_name, recorder
):
    """Each reader's own drawing of what it read (its as_drawn), two places doubted."""
    import importlib

    from bot.jobs import READERS
    from readers.reading import Reading

    text = get_kind(kind_name).example
    reading = Reading(kind_name, text, unsure=(0, 2), size=len(text.splitlines()[0].split()))
    drawn = importlib.import_module(READERS[kind_name]).as_drawn(reading)
    image = picture(kind_name, *drawn)
    assert_bounded_and_readable(image, recorder, f"{kind_name} as read")


def board_and_card_pictures():
    """The leaderboard and stats cards as the bot draws them: full, wide, empty."""
    from renderers.leaderboard import LeaderboardView, draw_leaderboard
    from renderers.stats import draw_stats
    from tests.renderers.test_leaderboard import LONG_NAME, board, row
    from tests.renderers.test_stats import month, view

    wide = dict(solved=365, played=365, score="36,500", best_time="1:23:45", streak=365)
    rows = tuple(row(rank, f"{LONG_NAME} {rank}", **wide) for rank in [*range(1, 31), 250])
    long_title = "All puzzles: " + "A server with a very long name indeed " * 3
    footer = "Points: 100 for a solve, less 10 a wrong try and 20 a hint. " * 2
    yield "leaderboard", lambda language: draw_leaderboard(board(12, language=language))
    yield (
        "leaderboard, wide values",
        lambda language: draw_leaderboard(
            LeaderboardView(
                long_title, "All time", rows, footer, highlight_rank=250, language=language
            )
        ),
    )
    yield "leaderboard, empty", lambda language: draw_leaderboard(board(0, language=language))
    days = month(["solved", "failed", "missed"] * 10, [95.0 + 13 * i for i in range(30)])
    yield "stats", lambda language: draw_stats(view(days, language=language))
    not_started = month(["not started"] * 5 + ["solved"] * 25)
    yield (
        "stats, days not started",
        lambda language: draw_stats(view(not_started, language=language)),
    )
    yield "stats, no days", lambda language: draw_stats(view(language=language))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("case", list(board_and_card_pictures()), ids=lambda case: case[0])
def test_the_leaderboard_and_stats_cards_are_readable_on_a_phone(case, language, recorder):
    what, draw = case
    image = Image.open(io.BytesIO(draw(language)))
    assert_bounded_and_readable(image, recorder, what)


def test_text_drawn_past_a_canvas_text_method_is_caught(recorder):
    """The recorder sees every text only if every text goes through Canvas.text or
    text_centred: one drawn straight onto the pixels is reported, not missed."""
    import renderers.common as common

    canvas = common.Canvas(200, 100, scale=1)
    canvas.text((10, 50), "Seen", 30)
    common.paste_text(canvas._draw, (10, 90), "Unseen", common.font(12), common.INK)
    assert recorder.texts == ["Seen"] and recorder.unrecorded == ["Unseen"]


def test_the_renderers_size_their_smallest_text_for_ten_px_of_ink_on_a_phone():
    # issue 29: codeword clue numbers were a 20 px font on an 800 px picture: 10 px on a
    # phone as a font size, but only 7 px of ink
    from renderers import min_font_size

    assert MIN_TEXT_PX == READABLE_PX
    for bold in (True, False):
        size = min_font_size(800, bold)
        assert ink_height(size, bold) * PHONE_WIDTH / 800 >= READABLE_PX
        assert ink_height(size - 1, bold) * PHONE_WIDTH / 800 < READABLE_PX


def test_a_13x13_codeword_number_has_ten_px_of_ink_on_a_phone(recorder):
    """The issue's own case: the numbers in the corners of a generated 13x13 grid."""
    kind = get_kind("codeword")
    puzzle = kind.generate(random.Random(3), None)
    assert puzzle.grid and len(puzzle.grid) == 13, "the daily codeword is 13x13"
    image = picture("codeword", puzzle)
    drawn = zip(recorder.sizes, recorder.bolds, recorder.texts, strict=True)
    numbers = [(size, bold) for (size, _), bold, text in drawn if text.isdigit()]
    assert len(numbers) >= 26, "every number of the key, and those of the grid"
    ink = min(ink_height(size, bold) * PHONE_WIDTH / image.width for size, bold in numbers)
    assert ink >= READABLE_PX, ink
