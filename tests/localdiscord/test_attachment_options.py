"""Attachment options as Discord sends them: the option's value is the attachment's id, the
attachment itself is in resolved.attachments, and its URL serves the member's file, so
discord.py's Attachment gives the bot its size, type, name and bytes."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from localdiscord import LocalDiscord
from tests.localdiscord import plain_bot


def attaching_bot(log: dict[str, Any]):
    bot = plain_bot(discord.Intents.default())

    @bot.tree.command(description="Take a file")
    async def take(interaction: discord.Interaction, file: discord.Attachment) -> None:
        log["seen"] = (file.filename, file.size, file.content_type, await file.read())
        log["raw"] = interaction.data
        await interaction.response.send_message("ok", ephemeral=True)

    return bot


async def test_an_attachment_option_reaches_the_bot_with_its_bytes() -> None:
    async with LocalDiscord(heartbeat_interval=0.5) as server:
        log: dict[str, Any] = {}
        bot = attaching_bot(log)
        async with server.run_bot(bot):
            await bot.tree.sync()
            (declared,) = server.command("take")["options"]
            assert declared["type"] == 11  # ATTACHMENT
            upload = server.upload("grid.png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 100)
            handle = await server.send_slash_command("take", options={"file": upload})
            await handle.reply()

            with pytest.raises(ValueError, match="takes a file"):
                await server.send_slash_command("take", options={"file": "grid.png"})

    assert log["seen"] == ("grid.png", 108, "image/png", upload.data)
    (option,) = log["raw"]["options"]
    assert option == {"name": "file", "type": 11, "value": str(upload.id)}
    resolved = log["raw"]["resolved"]["attachments"][str(upload.id)]
    assert resolved["url"].startswith(server.url) and resolved["ephemeral"] is True
    server.assert_no_violations()
