"""Option bounds as Discord has them: declared on the synced command (min_value, max_value,
min_length, max_length, each on the option types that take it), and values outside them never
sent, because Discord's client will not send them."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from localdiscord import LocalDiscord
from tests.localdiscord import plain_bot


def bounded_bot(log: dict[str, Any]) -> commands.Bot:
    bot = plain_bot(discord.Intents.default())

    @bot.tree.command(description="Numbers and text with bounds")
    async def measure(
        interaction: discord.Interaction,
        seconds: app_commands.Range[float, 1, 8],
        count: app_commands.Range[int, 1, 5] = 1,
        note: app_commands.Range[str, 1, 20] = "",
    ) -> None:
        log["measured"] = (seconds, count, note)
        await interaction.response.send_message("ok", ephemeral=True)

    class Box(discord.ui.Modal, title="A short box"):
        def __init__(self) -> None:
            super().__init__()
            self.text = discord.ui.TextInput(custom_id="text", max_length=10)
            self.add_item(discord.ui.Label(text="Text", component=self.text))

        async def on_submit(self, interaction: discord.Interaction) -> None:
            await interaction.response.send_message(self.text.value, ephemeral=True)

    @bot.tree.command(description="Open a short box")
    async def box(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(Box())

    return bot


async def test_bounds_are_synced_and_values_outside_them_are_never_sent() -> None:
    async with LocalDiscord(heartbeat_interval=0.5) as server:
        log: dict[str, Any] = {}
        bot = bounded_bot(log)
        async with server.run_bot(bot):
            await bot.tree.sync()
            options = {o["name"]: o for o in server.command("measure")["options"]}
            assert (options["seconds"]["min_value"], options["seconds"]["max_value"]) == (1, 8)
            assert (options["count"]["min_value"], options["count"]["max_value"]) == (1, 5)
            assert (options["note"]["min_length"], options["note"]["max_length"]) == (1, 20)

            for bad in ({"seconds": 8.5}, {"seconds": 0.5}, {"seconds": float("nan")}):
                with pytest.raises(ValueError, match="seconds"):
                    await server.send_slash_command("measure", options=bad)
            with pytest.raises(ValueError, match="whole number"):
                await server.send_slash_command("measure", options={"seconds": 2, "count": 2.5})
            with pytest.raises(ValueError, match="count"):
                await server.send_slash_command("measure", options={"seconds": 2, "count": 6})
            with pytest.raises(ValueError, match="1-20 characters"):
                await server.send_slash_command("measure", options={"seconds": 2, "note": "x" * 21})

            handle = await server.send_slash_command(
                "measure", options={"seconds": 8, "count": 5, "note": "x" * 20}
            )
            assert (await handle.reply()).content == "ok"
            assert log["measured"] == (8.0, 5, "x" * 20)

            opened = await server.send_slash_command("box")
            with pytest.raises(ValueError, match="at most 10 characters"):
                await opened.submit_modal({"text": "x" * 11})
            submitted = await opened.submit_modal({"text": "x" * 10})
            assert (await submitted.reply()).content == "x" * 10
        server.assert_no_violations()


@pytest.mark.parametrize(
    ("option", "complaint"),
    [
        ({"type": 3, "max_length": 6001}, "max_length must be 1-6000"),
        ({"type": 3, "min_length": -1}, "min_length must be 0-6000"),
        ({"type": 3, "min_value": 1}, "min_value/max_value are for integer and number"),
        ({"type": 10, "max_length": 5}, "min_length/max_length are for string"),
        ({"type": 4, "min_value": 5, "max_value": 1}, "min_value 5 is above max_value 1"),
    ],
)
async def test_bounds_discord_would_refuse_at_sync_are_refused(option, complaint) -> None:
    async with LocalDiscord(heartbeat_interval=0.5) as server:
        bot = bounded_bot({})
        async with server.run_bot(bot):
            command = {
                "name": "bounded",
                "description": "a command",
                "type": 1,
                "options": [{"name": "value", "description": "a value", **option}],
            }
            with pytest.raises(discord.HTTPException) as raised:
                await bot.http.bulk_upsert_global_commands(bot.application_id, [command])
            assert raised.value.status == 400
            assert complaint in server.violations[0].message
