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


async def test_a_file_over_discords_upload_limit_is_refused_before_any_command() -> None:
    """Discord takes 10 MiB from a member by default, 500 MiB with Nitro
    (https://discord.com/developers/docs/reference#uploading-files): a bigger file is refused
    by the client, so no interaction ever carries it."""
    from localdiscord.attachment_options import NITRO_FILE_BYTES, UploadTooLarge, upload_refusal
    from localdiscord.validation import MAX_FILE_BYTES

    async with LocalDiscord(heartbeat_interval=0.5) as server:
        assert server.upload("edge.png", bytes(MAX_FILE_BYTES)).payload()["size"] == MAX_FILE_BYTES
        with pytest.raises(
            UploadTooLarge, match=r"big\.jpg is 10\.0 MB; Discord takes files up to 10 MB"
        ):
            server.upload("big.jpg", bytes(MAX_FILE_BYTES + 1))
        nitro = server.upload("big.jpg", bytes(MAX_FILE_BYTES + 1), nitro=True)
        assert server.uploaded(nitro.id) is nitro
    assert upload_refusal("film.jpg", NITRO_FILE_BYTES, nitro=True) is None
    assert "film.jpg is 500.0 MB; Discord takes files up to 500 MB" in upload_refusal(
        "film.jpg", NITRO_FILE_BYTES + 1, nitro=True
    )
