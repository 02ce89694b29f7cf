"""End to end: a French member of a French server gives /solve codeword a screenshot of a
Spanish codeword (27 numbers, Ñ), against the local Discord server. The picture says the
puzzle is Spanish, so it is read, judged and solved as Spanish although the server's word
language is French, and the reply is in French."""

from __future__ import annotations

import pytest

from localdiscord import LocalDiscord
from puzzles import get_kind
from puzzles.codeword.puzzle import parse
from puzzles.i18n import _, render
from renderers import draw
from tests.cogs.test_picture_commands import code_blocks
from tests.cogs.test_puzzle_commands import REPLY_TIMEOUT, running_bot, test_config
from tests.readers.pictures import as_jpeg
from tests.readers.test_codeword_spanish import spanish_codeword

KIND = get_kind("codeword")


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


async def test_a_french_member_solves_a_spanish_codeword_picture(server, tmp_path):
    puzzle = spanish_codeword(11)
    key = KIND.solve(puzzle).text().splitlines()[1].removeprefix("Key: ")
    member = server.add_user("joueuse")
    member.locale = "fr"
    picture = server.upload("mots-codes.jpg", as_jpeg(draw("codeword", puzzle), 720, 75))
    async with running_bot(server, test_config(tmp_path, deadline_seconds=20.0)):
        chosen = await server.send_slash_command(
            "puzzle-settings language", options={"language": "fr"}, user=server.owner
        )
        await chosen.reply(timeout=REPLY_TIMEOUT)
        handle = await server.send_slash_command(
            "solve codeword", options={"picture": picture}, user=member
        )
        reply = await handle.reply(timeout=REPLY_TIMEOUT)

    assert not reply.ephemeral, reply.content
    assert render(_("What I read from your picture:"), "fr") in reply.content
    read = code_blocks(reply.content)[0]
    assert "Ñ" in read
    assert parse(read, "es") == puzzle  # every cell and starter, Ñ included
    assert "ñ" in key.lower() and key in reply.content.replace("*", "").replace("`", "")
    assert len(reply.attachments) == 1 and reply.attachments[0].is_png
    server.assert_no_violations()
