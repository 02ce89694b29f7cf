"""End to end: a puzzle given as a picture attachment to /solve, /hint and /check, read in
the worker pool, shown back as read, corrected in a text box, against the local Discord
server (attachment options as Discord sends them)."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image, ImageDraw

from localdiscord import LocalDiscord
from puzzles import get_kind
from puzzles.sudoku.grid import Grid, cell_name
from puzzles.sudoku.puzzle import BOX_SHAPES, DIGITS
from readers import sudoku
from readers.picture import MAX_BYTES
from renderers import draw
from renderers.sudoku import HIGHLIGHT_FILL
from tests.cogs.test_puzzle_commands import REPLY_TIMEOUT, running_bot, test_config


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


KIND = get_kind("sudoku")
PUZZLE = KIND.parse(KIND.example)


def screenshot(grid: Grid) -> bytes:
    """The grid as our own renderer draws it: a screenshot of the bot's picture."""
    return draw("sudoku", grid)


def with_values(grid: Grid, changes: dict[int, int]) -> Grid:
    cells = list(grid.cells)
    for cell, value in changes.items():
        cells[cell] = value
    box_rows, box_cols = BOX_SHAPES[grid.size]
    return Grid(box_rows, box_cols, tuple(cells), DIGITS[grid.size])


def with_cell_half_rubbed_out(png: bytes, cell: int, size: int = 9) -> bytes:
    """The picture with most of one cell's digit painted over, as a fold or a glare hides
    it: only its top is left, too little to be sure of."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    pad = 32  # the renderer's margin round the grid
    side = (image.width - 2 * pad) / size
    left, top = pad + (cell % size) * side, pad + (cell // size) * side
    ImageDraw.Draw(image).rectangle(
        [left + 4, top + 4 + side * 0.3, left + side - 4, top + side - 4], fill="white"
    )
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def shaded(png: bytes, cell: int, size: int = 9) -> bool:
    """Whether the cell is shaded as a cell to check, judged near its corner (off its digit)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    side = (image.width - 2 * 32) / size
    corner = (32 + (cell % size) * side + 8, 32 + (cell // size) * side + 8)
    return image.getpixel((round(corner[0]), round(corner[1]))) == HIGHLIGHT_FILL


def code_blocks(content: str) -> list[str]:
    return re.findall(r"```\n(.*?)\n```", content, re.DOTALL)


def first_row_solved() -> str:
    solution = KIND.solve(PUZZLE).solution
    return "".join(DIGITS[9][v - 1] for v in solution.cells[:9])


async def test_a_screenshot_is_read_shown_and_solved(server, tmp_path):
    picture = server.upload("sudoku.png", screenshot(PUZZLE))
    async with running_bot(server, test_config(tmp_path, deadline_seconds=10.0)):
        handle = await server.send_slash_command("solve sudoku", options={"picture": picture})
        assert (await handle.initial_response()).callback_type == 5  # deferred: reading
        reply = await handle.reply(timeout=REPLY_TIMEOUT)

    assert not reply.ephemeral, reply.content
    read, answer = code_blocks(reply.content)[:2]
    assert "What I read from your picture" in reply.content
    assert KIND.parse(read).cells == PUZZLE.cells  # every cell read, given or empty
    assert first_row_solved() in re.sub(r"[^0-9\n]", "", answer).splitlines()
    assert len(reply.attachments) == 1 and reply.attachments[0].is_png
    assert "Edit what I read" in str(reply.components)
    server.assert_no_violations()


async def test_a_misread_puzzle_is_never_solved_and_the_edit_box_solves_the_correction(
    server, tmp_path
):
    # r1c3 holds the 5 that r1c1 already holds: what the reader sees can be no sudoku.
    first = PUZZLE.cells[0]
    assert first and PUZZLE.cells[2] == 0
    misread = with_values(PUZZLE, {2: first})
    picture = server.upload("photo.png", screenshot(misread))
    async with running_bot(server, test_config(tmp_path, deadline_seconds=10.0)):
        handle = await server.send_slash_command("solve sudoku", options={"picture": picture})
        shown = await handle.reply(timeout=REPLY_TIMEOUT)
        assert "cannot be your puzzle" in shown.content and "r1c3" in shown.content
        assert first_row_solved() not in shown.content  # no solution of the misread puzzle
        labels = re.findall(r"'label': '([^']+)'", str(shown.components))
        assert labels == ["Edit what I read"], labels  # no Solve: it cannot be solved
        drawn = shown.attachments[0].data  # what was read, drawn, the doubted cells shaded
        assert shaded(drawn, 0) and shaded(drawn, 2) and not shaded(drawn, 1)

        edit = await server.click_button(shown, label="Edit what I read")
        modal = await edit.wait_for_modal()
        (box,) = modal["components"]
        assert box["component"]["value"] == code_blocks(shown.content)[0]  # what was read
        submitted = await edit.submit_modal({"puzzle": PUZZLE.text()})
        solved = await submitted.reply(timeout=REPLY_TIMEOUT)
    assert first_row_solved() in re.sub(r"[^0-9\n]", "", solved.content).splitlines()
    server.assert_no_violations()


def a_cell_left_in_doubt() -> tuple[str, bytes]:
    """A given cell half rubbed out that the reader reads right but doubts, alone: which
    digit's top is too little to be sure of (and not mistaken for another) depends on the
    classifier, so the givens are tried in turn."""
    for cell, value in enumerate(PUZZLE.cells):
        if value:
            rubbed_out = with_cell_half_rubbed_out(screenshot(PUZZLE), cell)
            reading = sudoku.read(rubbed_out)
            if reading.unsure == (cell,) and reading.text == PUZZLE.text():
                return cell_name(cell, 9), rubbed_out
    pytest.fail("no half rubbed-out given is read right and doubted alone")


async def test_an_unsure_cell_is_shown_to_confirm_and_solve_solves_it_as_read(server, tmp_path):
    doubted, rubbed_out = a_cell_left_in_doubt()
    picture = server.upload("photo.png", rubbed_out)
    async with running_bot(server, test_config(tmp_path, deadline_seconds=10.0)):
        handle = await server.send_slash_command("solve sudoku", options={"picture": picture})
        shown = await handle.reply(timeout=REPLY_TIMEOUT)
        assert f"I'm not sure of 1 cell, shaded: {doubted}" in shown.content, shown.content
        assert first_row_solved() not in shown.content  # asked first, not solved at once
        labels = re.findall(r"'label': '([^']+)'", str(shown.components))
        assert labels == ["Solve", "Edit what I read"], labels
        read = code_blocks(shown.content)[0]

        confirmed = await server.click_button(shown, label="Solve")
        solved = await confirmed.reply(timeout=REPLY_TIMEOUT)
    solution = KIND.solve(KIND.parse(read)).solution
    assert solution is not None and solution.cells == KIND.solve(PUZZLE).solution.cells
    assert first_row_solved() in re.sub(r"[^0-9\n]", "", solved.content).splitlines()
    assert solved.attachments and not solved.ephemeral
    server.assert_no_violations()


async def test_a_reading_with_several_solutions_asks_for_a_correction(server, tmp_path):
    givens = [cell for cell, value in enumerate(PUZZLE.cells) if value][:12]
    sparse = with_values(PUZZLE, dict.fromkeys(givens, 0))  # digits the reader "missed"
    picture = server.upload("sparse.png", screenshot(sparse))
    async with running_bot(server, test_config(tmp_path, deadline_seconds=10.0)):
        handle = await server.send_slash_command("hint sudoku", options={"picture": picture})
        shown = await handle.reply(timeout=REPLY_TIMEOUT)
    assert shown.ephemeral  # a hint is the member's own
    assert "several solutions" in shown.content
    labels = re.findall(r"'label': '([^']+)'", str(shown.components))
    assert labels == ["Edit what I read"], labels  # no Hint: it cannot be the puzzle
    server.assert_no_violations()


async def test_text_and_a_picture_together_are_refused_privately(server, tmp_path):
    picture = server.upload("sudoku.png", screenshot(PUZZLE))
    async with running_bot(server, test_config(tmp_path)):
        handle = await server.send_slash_command(
            "solve sudoku", options={"picture": picture, "puzzle": KIND.example}
        )
        refusal = await handle.reply(timeout=REPLY_TIMEOUT)
    assert refusal.ephemeral
    assert "one way" in refusal.content and "not both" in refusal.content
    server.assert_no_violations()


async def test_a_file_that_is_no_picture_and_one_too_large_are_refused_clearly(server, tmp_path):
    text_file = server.upload("notes.txt", b"5 3 . . 7 . . . .\n" * 9)
    disguised = server.upload("grid.png", b"this is not a picture at all")
    huge = server.upload("huge.png", b"\x89PNG\r\n\x1a\n" + bytes(MAX_BYTES))
    async with running_bot(server, test_config(tmp_path, deadline_seconds=10.0)):
        replies = []
        for picture in (text_file, disguised, huge):
            handle = await server.send_slash_command("solve sudoku", options={"picture": picture})
            replies.append(await handle.reply(timeout=REPLY_TIMEOUT))
    not_a_picture, damaged, too_large = replies
    assert all(reply.ephemeral for reply in replies)
    assert "not a picture" in not_a_picture.content and "text/plain" in not_a_picture.content
    assert "not a picture I can open" in damaged.content and "PNG" in damaged.content
    assert "pictures up to 20 MB can be read" in too_large.content
    fetched = [request.path for request in server.requests]
    assert not any(str(huge.id) in path for path in fetched)  # refused before downloading
    assert any(str(disguised.id) in path for path in fetched)  # (downloads are recorded)
    assert all("Traceback" not in reply.content for reply in replies)
    server.assert_no_violations()


async def test_hint_and_check_answer_a_sure_reading_privately_with_what_was_read(server, tmp_path):
    solution = KIND.solve(PUZZLE).solution
    answer = "\n".join(
        "".join(DIGITS[9][v - 1] for v in solution.cells[row * 9 : row * 9 + 9]) for row in range(9)
    )
    async with running_bot(server, test_config(tmp_path, deadline_seconds=10.0)):
        replies = []
        for command, options in (("hint", {}), ("check", {"answer": answer})):
            picture = server.upload("sudoku.png", screenshot(PUZZLE))
            handle = await server.send_slash_command(
                f"{command} sudoku", options={"picture": picture, **options}
            )
            replies.append(await handle.reply(timeout=REPLY_TIMEOUT))
    hinted, checked = replies
    assert all(reply.ephemeral for reply in replies)
    for reply in replies:
        assert KIND.parse(code_blocks(reply.content)[0]).cells == PUZZLE.cells
        assert "Edit what I read" in str(reply.components)
    assert "hint" in hinted.content.lower() and hinted.attachments
    assert "solved" in checked.content.lower(), checked.content
    server.assert_no_violations()


SPELLING = get_kind("spelling")
SPELLING_PUZZLE = SPELLING.parse(SPELLING.example)


def spelling_rows(grid: Grid) -> list[str]:
    return ["".join(grid.symbol(v) for v in row) for row in grid.rows()]


def letters_only(block: str) -> list[str]:
    return [row for row in re.sub(r"[^A-Z\n]", "", block).splitlines() if row]


async def test_a_spelling_screenshot_is_read_and_solved(server, tmp_path):
    """Our own Sudoku Spelling picture, as a phone shares it: every letter read, solved."""
    jpeg = io.BytesIO()
    Image.open(io.BytesIO(draw("spelling", SPELLING_PUZZLE))).convert("RGB").save(
        jpeg, "JPEG", quality=80
    )
    picture = server.upload("spelling.jpg", jpeg.getvalue())
    async with running_bot(server, test_config(tmp_path, deadline_seconds=10.0)):
        handle = await server.send_slash_command("solve spelling", options={"picture": picture})
        reply = await handle.reply(timeout=REPLY_TIMEOUT)

    assert "What I read from your picture" in reply.content, reply.content
    read, answer = code_blocks(reply.content)[:2]
    assert spelling_rows(SPELLING.parse(read).grid) == spelling_rows(SPELLING_PUZZLE.grid)
    solved = SPELLING.solve(SPELLING_PUZZLE).solution
    assert spelling_rows(solved)[0] in letters_only(answer)
    assert "Edit what I read" in str(reply.components)
    server.assert_no_violations()


async def test_a_misread_spelling_is_shown_with_its_doubted_cells_shaded(server, tmp_path):
    """A letter repeated in a row (as a misread makes it): shown, both cells shaded, the
    puzzle not solved."""
    grid = SPELLING_PUZZLE.grid
    first = grid.cells[0]
    blank = next(c for c in range(1, 9) if grid.cells[c] == 0)
    cells = list(grid.cells)
    cells[blank] = first
    misread = SPELLING_PUZZLE.__class__(grid.with_cells(tuple(cells)))
    picture = server.upload("spelling.png", draw("spelling", misread))
    async with running_bot(server, test_config(tmp_path, deadline_seconds=10.0)):
        handle = await server.send_slash_command("solve spelling", options={"picture": picture})
        shown = await handle.reply(timeout=REPLY_TIMEOUT)
    assert "cannot be your puzzle" in shown.content, shown.content
    assert f"r1c{blank + 1}" in shown.content
    drawn = Image.open(io.BytesIO(shown.attachments[0].data)).convert("RGB")
    assert shaded_on_spelling(drawn, 0) and shaded_on_spelling(drawn, blank)
    assert not shaded_on_spelling(drawn, 9)
    server.assert_no_violations()


def shaded_on_spelling(image: Image.Image, cell: int, size: int = 9) -> bool:
    """Whether the cell is shaded in a spelling picture, whose grid sits below its heading:
    judged near the cell's corner, off its letter."""
    pad = 32
    side = (image.width - 2 * pad) / size
    top = image.height - pad - size * side
    corner = (pad + (cell % size) * side + 8, top + (cell // size) * side + 8)
    return image.getpixel((round(corner[0]), round(corner[1]))) == HIGHLIGHT_FILL
