"""End to end: a Letter Boxed given as a picture to /solve and /check, read in the worker
pool, shown back as read with its doubted letters shaded, and solved, against the local
Discord server."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from localdiscord import LocalDiscord
from puzzles import get_kind
from readers import letterboxed
from renderers import draw
from renderers.letterboxed import layout_board
from renderers.sudoku import HIGHLIGHT_FILL
from tests.cogs.test_puzzle_commands import REPLY_TIMEOUT, running_bot, test_config


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


KIND = get_kind("letterboxed")
BOARD = KIND.parse(KIND.example)  # VRO WAL ETH BDI


def code_blocks(content: str) -> list[str]:
    return re.findall(r"```\n(.*?)\n```", content, re.DOTALL)


def labels_of(message) -> list[str]:
    return re.findall(r"'label': '([^']+)'", str(message.components))


def with_letter_copied(png: bytes, source: str, target: str) -> bytes:
    """Our picture with one letter drawn over another's place (a misprint): the box then
    shows a letter twice, which no box does, so the reader doubts both places."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    layout = layout_board(BOARD)
    reach = round(0.6 * layout.letter_size)

    def around(letter: str) -> tuple[int, int, int, int]:
        x, y = (round(v) for v in layout.labels[letter])
        return x - reach, y - reach, x + reach, y + reach

    image.paste(image.crop(around(source)), around(target))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def shaded(png: bytes, read: str, position: int) -> bool:
    """Whether the letter at `position` of the box as read stands on the shade of a letter
    to check (judged under its ink)."""
    board = KIND.parse(read)
    layout = layout_board(board)
    x, y = layout.labels[board.letters[position]]
    pixel = Image.open(io.BytesIO(png)).convert("RGB").getpixel((x, y + 0.45 * layout.letter_size))
    return pixel == HIGHLIGHT_FILL


async def test_our_picture_of_a_box_is_read_shown_and_solved(server, tmp_path):
    picture = server.upload("letterboxed.png", draw("letterboxed", BOARD))
    async with running_bot(server, test_config(tmp_path, deadline_seconds=10.0)):
        handle = await server.send_slash_command("solve letterboxed", options={"picture": picture})
        reply = await handle.reply(timeout=REPLY_TIMEOUT)

    assert not reply.ephemeral, reply.content
    read, answer = code_blocks(reply.content)[:2]
    assert "What I read from your picture" in reply.content
    assert read == "VRO WAL ETH BDI"
    assert "BLOWHARD DERIVATIVE" in answer
    assert len(reply.attachments) == 1 and reply.attachments[0].is_png
    assert labels_of(reply) == ["Edit what I read"]
    server.assert_no_violations()


async def test_letters_in_doubt_are_shaded_named_never_solved_and_corrected_in_the_box(
    server, tmp_path
):
    misprint = with_letter_copied(draw("letterboxed", BOARD), "o", "r")  # V O O on top
    assert letterboxed.read(misprint).unsure == (1, 2), "the reader must doubt both O's"
    picture = server.upload("letterboxed.png", misprint)
    async with running_bot(server, test_config(tmp_path, deadline_seconds=10.0)):
        handle = await server.send_slash_command("solve letterboxed", options={"picture": picture})
        shown = await handle.reply(timeout=REPLY_TIMEOUT)
        read = code_blocks(shown.content)[0]
        # The O read twice: one of the two places took its next likeliest letter (a Q), and
        # that box has no solution, so only the box to correct it is offered.
        assert "That cannot be your puzzle" in shown.content, shown.content
        names = f"{read[1]} (2nd on the top side), {read[2]} (3rd on the top side)"
        assert f"The shaded letters look wrong: {names}" in shown.content
        assert "BLOWHARD" not in shown.content
        assert labels_of(shown) == ["Edit what I read"]
        drawn = shown.attachments[0].data
        assert shaded(drawn, read, 1) and shaded(drawn, read, 2) and not shaded(drawn, read, 0)

        edit = await server.click_button(shown, label="Edit what I read")
        modal = await edit.wait_for_modal()
        (box,) = modal["components"]
        assert box["component"]["value"] == read
        submitted = await edit.submit_modal({"puzzle": "vro wal eth bdi"})
        solved = await submitted.reply(timeout=REPLY_TIMEOUT)
    assert "BLOWHARD DERIVATIVE" in solved.content
    server.assert_no_violations()


async def test_check_reads_the_box_and_judges_the_answer_privately(server, tmp_path):
    picture = server.upload("letterboxed.png", draw("letterboxed", BOARD))
    async with running_bot(server, test_config(tmp_path, deadline_seconds=10.0)):
        handle = await server.send_slash_command(
            "check letterboxed", options={"picture": picture, "answer": "blowhard derivative"}
        )
        checked = await handle.reply(timeout=REPLY_TIMEOUT)
    assert checked.ephemeral
    assert code_blocks(checked.content)[0] == "VRO WAL ETH BDI"
    assert "solved" in checked.content.lower(), checked.content
    server.assert_no_violations()


async def test_a_picture_with_no_box_is_refused_privately_saying_what_to_send(server, tmp_path):
    blank = io.BytesIO()
    Image.new("RGB", (600, 900), (252, 113, 107)).save(blank, "PNG")
    picture = server.upload("blank.png", blank.getvalue())
    async with running_bot(server, test_config(tmp_path, deadline_seconds=10.0)):
        handle = await server.send_slash_command("solve letterboxed", options={"picture": picture})
        refusal = await handle.reply(timeout=REPLY_TIMEOUT)
    assert refusal.ephemeral
    assert "could not find a Letter Boxed box" in refusal.content
    assert "NYT" in refusal.content  # what to send instead
    server.assert_no_violations()


async def test_neither_text_nor_picture_opens_the_box_to_type_it(server, tmp_path):
    async with running_bot(server, test_config(tmp_path)):
        handle = await server.send_slash_command("solve letterboxed", options={})
        modal = await handle.wait_for_modal()
        (box,) = modal["components"]
        submitted = await handle.submit_modal({"puzzle": "vro wal eth bdi"})
        solved = await submitted.reply(timeout=REPLY_TIMEOUT)
    assert box["component"]["custom_id"] == "puzzle"
    assert "BLOWHARD DERIVATIVE" in solved.content
    server.assert_no_violations()


async def test_text_and_a_picture_together_are_refused_privately(server, tmp_path):
    picture = server.upload("letterboxed.png", draw("letterboxed", BOARD))
    async with running_bot(server, test_config(tmp_path)):
        handle = await server.send_slash_command(
            "solve letterboxed", options={"picture": picture, "puzzle": KIND.example}
        )
        refusal = await handle.reply(timeout=REPLY_TIMEOUT)
    assert refusal.ephemeral
    assert "one way" in refusal.content and "photo of the puzzle" in refusal.content
    server.assert_no_violations()
