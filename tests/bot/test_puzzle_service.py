"""The service's checks before any work: what it refuses at once, doing no work for it."""

from __future__ import annotations

import asyncio

import pytest

from puzzles import PuzzleError, get_kind
from tests.fuzz.inprocess import in_process_service
from tests.long_cryptograms import LONG_WORDS

LONG_CLUE = " ".join(str(n % 26 + 1) for n in range(30))


@pytest.mark.parametrize(
    ("kind_name", "text", "reason"),
    [
        ("cryptogram", LONG_WORDS, "a cryptogram of 1,187 characters is too long"),
        ("codeword", LONG_CLUE, "a clue of 30 numbers is too long"),
    ],
)
def test_a_puzzle_too_big_to_draw_readably_is_solved_and_answered_in_text_alone(
    kind_name, text, reason
):
    """Issue 29: refused on main; the member gets the answer, and one line saying why there
    is no picture."""
    kind = get_kind(kind_name)
    assert len(text) <= kind.input_limit("puzzle")
    service = in_process_service()
    # asyncio.run waits for the parse's thread to end: no thread outlives the test
    puzzle = asyncio.run(service.parse(kind, text))
    result = asyncio.run(service.solve(kind, puzzle, {}))
    assert result.png is None
    assert str(result.no_picture) == f"No picture: {reason} to draw readably."
    in_french = asyncio.run(service.solve(kind, puzzle, {}, language="fr"))
    assert in_french.no_picture.startswith("Pas d'image\u00a0: ")
    assert result.text == kind.solve(puzzle).text()


@pytest.mark.parametrize(
    ("kind_name", "difficulty", "options", "complaint"),
    [
        ("sudoku", "hard", {"size": 4}, "a 4x4 sudoku comes only easy, not hard"),
        ("sudoku", None, {"size": 6, "symmetric": True}, None),
        ("sudoku", "beyond-logic", {"size": 6}, "a 6x6 sudoku comes only easy, medium, expert"),
        ("codeword", None, {"grid_size": 12}, "grid_size must be odd, not 12"),
        ("codeword", "easy", {"grid_size": 11}, None),
        ("ladder", None, {"steps": 99}, "steps must be at most"),
        ("cryptogram", None, {"text": "x" * 501}, "the most I accept is 500"),
    ],
)
def test_a_generate_request_that_can_never_be_made_is_refused_before_any_work(
    kind_name, difficulty, options, complaint
):
    service = in_process_service()
    kind = get_kind(kind_name)
    if complaint is None:
        service.check_generate(kind, difficulty, options)
    else:
        with pytest.raises(PuzzleError, match=complaint):
            service.check_generate(kind, difficulty, options)
    assert service.pool.jobs_run == 0


def test_an_oversized_picture_gets_one_message_before_and_after_its_download():
    """Discord's attachment size (checked before the download) and the file's bytes (checked
    by the reader) are refused in the same words: one place says it."""
    from readers.picture import MAX_BYTES, PictureError, open_grey

    size = MAX_BYTES + 3 * 2**20
    with pytest.raises(PictureError) as before:
        in_process_service().check_picture(size, "image/png")
    with pytest.raises(PictureError) as after:
        open_grey(b"\x89PNG\r\n\x1a\n" + bytes(size - 8))
    assert before.value.message == after.value.message
    assert "23.0 MB" in before.value.message and "up to 20 MB" in before.value.message
    assert before.value.example == after.value.example
