"""End to end: a Letter Boxed given as a picture to /solve and /check, read in the worker
pool, shown back as read with its doubted letters shaded, and solved, against the local
Discord server."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image, ImageDraw

from localdiscord import LocalDiscord
from puzzles import get_kind
from readers import letterboxed
from renderers import draw
from renderers.common import SURFACE
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


def with_letter_half_hidden(png: bytes, letter: str) -> bytes:
    """Our picture with the lower part of one letter painted over, as a glare hides it:
    too little is left to be sure of it."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    layout = layout_board(BOARD)
    x, y = layout.labels[letter]
    reach = 0.6 * layout.letter_size
    ImageDraw.Draw(image).rectangle((x - reach, y - 0.1 * reach, x + reach, y + reach), SURFACE)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def shaded(png: bytes, letter: str) -> bool:
    """Whether the letter stands on the shade of a letter to check (judged under its ink)."""
    layout = layout_board(BOARD)
    x, y = layout.labels[letter]
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


async def test_a_letter_in_doubt_is_shaded_named_and_solved_once_confirmed(server, tmp_path):
    hidden = with_letter_half_hidden(draw("letterboxed", BOARD), "r")
    assert 1 in letterboxed.read(hidden).unsure, "the picture must leave the R in doubt"
    picture = server.upload("letterboxed.png", hidden)
    async with running_bot(server, test_config(tmp_path, deadline_seconds=10.0)):
        handle = await server.send_slash_command("solve letterboxed", options={"picture": picture})
        shown = await handle.reply(timeout=REPLY_TIMEOUT)
        assert "(2nd on the top side)" in shown.content, shown.content
        assert "letter" in shown.content and "shaded" in shown.content
        assert "BLOWHARD" not in shown.content  # asked first, not solved at once
        drawn = shown.attachments[0].data
        assert shaded(drawn, "r") and not shaded(drawn, "v")

        edit = await server.click_button(shown, label="Edit what I read")
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
