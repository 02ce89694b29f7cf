"""End to end: a codeword given as a picture attachment to /solve, against the local Discord
server: read in the worker pool, shown back as read, solved; a grid that is no codeword is
refused privately with what to send instead."""

from __future__ import annotations

import random
import re

import pytest

from localdiscord import LocalDiscord
from puzzles import get_kind
from renderers import draw
from tests.cogs.test_picture_commands import code_blocks
from tests.cogs.test_puzzle_commands import REPLY_TIMEOUT, running_bot, test_config
from tests.readers.pictures import as_jpeg, lined_grid

KIND = get_kind("codeword")
PUZZLE = KIND.generate_with(random.Random(13), "easy", {"grid_size": 13})


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


async def test_a_codeword_screenshot_is_read_shown_and_solved(server, tmp_path):
    key = KIND.solve(PUZZLE).text().splitlines()[1]  # "Key: 1=P 2=C ..."
    picture = server.upload("codeword.jpg", as_jpeg(draw("codeword", PUZZLE), 720, 75))
    async with running_bot(server, test_config(tmp_path, deadline_seconds=20.0)):
        handle = await server.send_slash_command("solve codeword", options={"picture": picture})
        reply = await handle.reply(timeout=REPLY_TIMEOUT)

    assert not reply.ephemeral, reply.content
    assert "What I read from your picture" in reply.content
    read = code_blocks(reply.content)[0]
    assert KIND.parse(read) == PUZZLE  # every cell, black square and starter letter
    assert key.removeprefix("Key: ") in re.sub(r"[*`]", "", reply.content)
    assert len(reply.attachments) == 1 and reply.attachments[0].is_png
    assert "Edit what I read" in str(reply.components)
    server.assert_no_violations()


async def test_a_grid_with_no_black_squares_is_refused_privately(server, tmp_path):
    picture = server.upload("sudoku.png", lined_grid(9))
    async with running_bot(server, test_config(tmp_path, deadline_seconds=20.0)):
        handle = await server.send_slash_command("solve codeword", options={"picture": picture})
        refusal = await handle.reply(timeout=REPLY_TIMEOUT)
    assert refusal.ephemeral
    assert "no black squares, so it is no codeword" in refusal.content
    assert "Traceback" not in refusal.content
    server.assert_no_violations()
