"""Malformed and hostile input for every kind: refused with a message a member can act on,
never a traceback, and never silently read as something else.

Each hole found by fuzzing has its own test here; tests/fuzz searches for more."""

from __future__ import annotations

import asyncio
import math

import pytest

from bot.pool import JobTimeout
from bot.puzzle_service import PuzzleService, Refusal
from puzzles import PuzzleError, all_kinds, get_kind
from puzzles.core import Option, read_number
from puzzles.i18n import render
from tests.fuzz.inprocess import InProcessPool, in_process_service

KINDS = all_kinds()
LONGEST_MESSAGE = 700


def refusal(kind_name: str, text: str) -> str:
    with pytest.raises(PuzzleError) as caught:
        get_kind(kind_name).parse(text)
    message = caught.value.message
    assert len(message) <= LONGEST_MESSAGE
    return message


# --- every parser, the same malformed inputs ----------------------------------------------

MALFORMED = {
    "empty": "",
    "only spaces": "   \n\t  ",
    "a NUL": "\x00",
    "only separators": " / ; , | - ",
    "a combining mark alone": "\u0301",
    "a zero-width space": "\u200b",
    "Unicode digits": "1 ² 3 ٣ ５",
    "a ligature": "ﬆ ﬁ ﬂ",
    "a 5,000-digit number": "9" * 5000,
    "emoji": "🧩🧩🧩",
    "right-to-left text": "\u202eabc def ghi",
}


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
@pytest.mark.parametrize("text", MALFORMED.values(), ids=MALFORMED.keys())
def test_every_parser_refuses_malformed_input_with_a_short_clear_message(kind, text):
    with pytest.raises(PuzzleError) as caught:
        kind.parse(text)
    message = caught.value.message
    assert message.strip() and len(message) <= LONGEST_MESSAGE
    assert "Traceback" not in message


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_every_parser_takes_its_own_example_and_reads_back_its_own_text(kind):
    puzzle = kind.parse(kind.example)
    assert kind.parse(puzzle.text()) == puzzle


# --- Unicode digits and huge numbers -------------------------------------------------------


def test_a_superscript_digit_in_a_codeword_is_refused_by_name():
    message = refusal("codeword", "1 ² 3")
    assert "SUPERSCRIPT TWO" in message and "not a number from 1 to 26" in message


@pytest.mark.parametrize("digit", ["٣", "５", "𝟗", "①"])
def test_other_unicode_digits_in_a_codeword_clue_or_starter_are_refused(digit):
    assert "not a number" in refusal("codeword", f"1 2 {digit}")
    assert "not a number" in refusal("codeword", f"1 2 3\n{digit}=E")


def test_a_unicode_digit_among_a_big_sudokus_numbered_cells_is_refused():
    text = "10 ² " + "0 " * 254
    assert "SUPERSCRIPT TWO" in refusal("sudoku", text)


@pytest.mark.parametrize("kind_name", ["codeword", "sudoku"])
def test_a_number_past_pythons_digit_limit_is_out_of_range_not_a_crash(kind_name):
    huge = "7" * 4400
    text = f"1 2 {huge}" if kind_name == "codeword" else f"{huge} " + "0 " * 255
    message = refusal(kind_name, text)
    assert "4,400-digit" in message or "unknown symbol" in message
    assert len(message) <= LONGEST_MESSAGE


def test_a_huge_highlight_cell_in_a_spelling_puzzle_is_outside_the_grid():
    text = f"phrase: A\nletters: AEILNRSTY\nhighlight: r{'9' * 5000}c1\n" + "." * 81
    assert "outside the 9x9 grid" in refusal("spelling", text)


def test_arabic_indic_digits_do_not_name_a_highlighted_cell():
    text = "phrase: A\nletters: AEILNRSTY\nhighlight: r١c١\n" + "." * 81
    puzzle = get_kind("spelling").parse(text)
    assert puzzle.highlight == ()  # not cell r1c1: only ASCII digits name a cell


def test_read_number_takes_ascii_digits_in_range_only():
    assert read_number("07", 1, 26) == 7
    for token in ["²", "٣", "５", "", "-3", "+3", "3.0", "1" * 5000, "27", "0"]:
        with pytest.raises(PuzzleError):
            read_number(token, 1, 26)


# --- letters that only look like A-Z -------------------------------------------------------


def test_a_ligature_is_not_read_as_two_letters_of_a_letter_sudoku():
    text = "letters: AEILNRSTY\nﬆ" + "." * 80
    assert "LATIN SMALL LIGATURE ST" in refusal("spelling", text)


def test_a_ligature_in_an_answer_grid_is_not_a_symbol():
    kind = get_kind("spelling")
    puzzle = kind.parse("letters: AEILNRSTY\n" + "." * 81)
    with pytest.raises(PuzzleError, match="unknown symbol"):
        kind.check(puzzle, "ﬆ" + "A" * 80)


def test_a_two_digit_token_too_big_for_a_12x12_is_not_read_as_its_first_digit():
    # '23' once read as '2' because it was found inside the alphabet '123456789ABC'.
    text = "23 " + "0 " * 143
    assert "unknown symbol '23'" in refusal("sudoku", text)


@pytest.mark.parametrize(
    ("kind_name", "text"),
    [
        ("ladder", "\u212aing ring"),  # the Kelvin sign lower-cases to k
        ("letterboxed", "vro wal eth bd\u212a"),
        ("qless", "aabcdlmnnpt\u212a"),
        ("cryptogram", "ABC DEF ﬆ"),
        ("cryptogram", "ABC DEF ſ"),  # the long s upper-cases to S
        ("codeword", "1 2 3\n1=\u212a"),
    ],
)
def test_letters_that_case_fold_into_a_z_are_refused_by_name(kind_name, text):
    message = refusal(kind_name, text)
    assert any(name in message for name in ("KELVIN SIGN", "LIGATURE", "LONG S"))


def test_a_cryptogram_answer_does_not_count_a_ligature_as_two_letters():
    kind = get_kind("cryptogram")
    puzzle = kind.parse("AB CD")
    verdict = kind.check(puzzle, "ﬆ ST")
    assert "2 letters" in verdict.text() and not verdict.solved


# --- options: finite, bounded, named -------------------------------------------------------


def numeric_options() -> list[tuple[str, Option]]:
    return [
        (kind.name, option)
        for kind in KINDS
        for option in (*kind.solve_options, *kind.generate_options)
        if option.type in (int, float)
    ]


@pytest.mark.parametrize(
    ("kind_name", "option"), numeric_options(), ids=lambda value: getattr(value, "name", value)
)
@pytest.mark.parametrize(
    "value",
    [math.nan, math.inf, -math.inf, "nan", "inf", "-inf", "", " ", "٣", 10**5000, "1" * 5000, -1],
    ids=[
        "nan",
        "inf",
        "-inf",
        "'nan'",
        "'inf'",
        "'-inf'",
        "empty",
        "space",
        "arabic",
        "huge",
        "huge text",
        "negative",
    ],
)
def test_every_numeric_option_refuses_non_finite_and_out_of_range_values(kind_name, option, value):
    with pytest.raises(PuzzleError) as caught:
        option.coerce(value)
    assert option.name in caught.value.message
    assert len(caught.value.message) <= LONGEST_MESSAGE


def test_the_ladders_seconds_refuse_nan_before_any_search():
    # `--longest --seconds nan` once searched for minutes; the refusal comes before any search
    # (longest is left off here so that a regression fails at once instead of searching).
    kind = get_kind("ladder")
    with pytest.raises(PuzzleError, match="seconds must be a number from 1 to 8, not 'nan'"):
        kind.solve_with(kind.parse("cat"), {"seconds": "nan"})


def test_every_numeric_option_declares_a_finite_range_and_free_text_a_length():
    for kind in KINDS:
        for option in (*kind.solve_options, *kind.generate_options):
            if option.type in (int, float):
                assert math.isfinite(option.minimum) and math.isfinite(option.maximum)
                assert option.minimum <= (option.default or option.minimum) <= option.maximum
            if option.type is str and not option.choices:
                assert option.max_length and option.max_length <= kind.max_input_chars
    with pytest.raises(TypeError):
        Option("count", int, 1, "a number with no range")


def test_qless_offers_no_max_solutions_past_what_fits_the_deadline():
    option = next(o for o in get_kind("qless").solve_options if o.name == "max_solutions")
    assert option.maximum <= 100_000  # bench/fuzz.py times the maximum against the deadline
    with pytest.raises(PuzzleError, match="at most"):
        option.coerce(1_000_000)


class TimingOutPool(InProcessPool):
    async def run(self, function, *args, deadline=None):
        raise JobTimeout(10)


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_the_deadline_refusal_suggests_only_the_kinds_own_options(kind):
    service = PuzzleService(TimingOutPool(), limits=None, database=None)  # type: ignore[arg-type]
    with pytest.raises(Refusal) as caught:
        asyncio.run(service.solve(kind, kind.parse(kind.example), {}))
    message = str(caught.value)
    assert "longer than 10 s" in message
    every_option = {o.name for k in KINDS for o in k.solve_options if o.type is not bool}
    own = {o.name for o in kind.solve_options}
    for name in every_option - own:
        assert name not in message, f"{kind.name}'s refusal suggests {name}"
    for option in kind.solve_options:
        if option.faster:
            assert render(option.faster) in message


# --- every text a member gives has a size limit --------------------------------------------


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
@pytest.mark.parametrize("field", ["answer", "progress"])
def test_an_oversized_answer_or_progress_is_refused_before_any_work(kind, field):
    service = in_process_service()
    puzzle = kind.parse(kind.example)
    text = "a " * kind.input_limit(field)
    work = (
        service.check(kind, puzzle, text) if field == "answer" else service.hint(kind, puzzle, text)
    )
    with pytest.raises(PuzzleError, match=f"{field} is [0-9,]+ characters; the most I accept"):
        asyncio.run(work)
    assert service.pool.jobs_run == 0


@pytest.mark.parametrize("kind_name", ["cryptogram", "spelling"])
def test_an_oversized_generate_text_is_refused_before_any_work(kind_name):
    kind = get_kind(kind_name)
    service = in_process_service()
    text = "Happy birthday! " * 375  # the 6,000 characters that once made a broken message
    with pytest.raises(PuzzleError, match="text is 6,000 characters; the most I accept is"):
        asyncio.run(service.generate(kind, 1, None, {"text": text}))
    assert service.pool.jobs_run == 0


def test_generate_text_and_the_cli_share_the_options_limit():
    kind = get_kind("cryptogram")
    with pytest.raises(PuzzleError, match="text is 600 characters"):
        kind.generate_with(__import__("random").Random(1), None, {"text": "x" * 600})


def test_a_long_ladder_answer_fits_the_answer_limit():
    # Twenty five-letter words: past the 80 characters a ladder puzzle may have.
    chain = " ".join(["slate"] * 20)
    kind = get_kind("ladder")
    assert len(chain) > kind.max_input_chars
    kind.check_input_size(chain, what="answer")


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_a_5000_letter_word_is_refused_by_the_size_check_or_the_parser(kind):
    text = "a" * 5000
    with pytest.raises(PuzzleError, match="characters; the most I accept"):
        kind.check_input_size(text)
    if kind.name != "cryptogram":  # a cryptogram may run its letters together
        refusal(kind.name, text)


@pytest.mark.parametrize("mark", ["\u202e", "\u200b", "\x00", "\u0301", "\ufeff"])
def test_a_cryptogram_refuses_invisible_characters_that_would_reorder_or_hide_its_text(mark):
    assert "cipher letters are A-Z only" in refusal("cryptogram", f"ABC {mark}DEF GHI")


@pytest.mark.parametrize(
    "text", ["AA:HINT\u2028:A=A", "XYZ QRS\nhint\n: X=T", "ABC DEF\nA=\nB", "ABC hints\n:"]
)
def test_a_cryptogram_reads_the_same_from_its_own_one_line_text(text):
    # Found by fuzzing: joining the lines made a hints marker that only the re-parse saw.
    kind = get_kind("cryptogram")
    try:
        puzzle = kind.parse(text)
    except PuzzleError:
        return
    assert kind.parse(puzzle.text()) == puzzle


def test_a_command_can_size_check_all_its_texts_at_once_each_against_its_own_limit():
    kind = get_kind("ladder")
    service = in_process_service()
    service.check_sizes(kind, puzzle="cold warm", answer=" ".join(["slate"] * 20), progress=None)
    with pytest.raises(PuzzleError, match="Word Ladder progress is 600 characters"):
        service.check_sizes(kind, puzzle="cold warm", progress="x" * 600)
