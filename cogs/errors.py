"""The one place that decides what a member sees when a command fails.

PuzzleError and Refusal are the member's to fix (bad input, cooldown, busy, too slow):
they get the message, privately. Anything else is our bug: logged with its traceback
under a short id, and the member gets an apology quoting that id.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import Refusal, new_error_id
from puzzles import PuzzleError

log = logging.getLogger(__name__)


def message_for(error: Exception) -> tuple[str, str | None]:
    """(what the member reads, the error id when it was our fault)."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, PuzzleError):
        return discord.utils.escape_mentions(error.message), None
    if isinstance(error, Refusal):
        return str(error), None
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Slow down: try again in {error.retry_after:.0f} s.", None
    if isinstance(error, app_commands.CheckFailure):
        return "That command is not for you here.", None
    error_id = new_error_id()
    worker_traceback = getattr(error, "worker_traceback", None)
    log.error(
        "error %s in a command%s",
        error_id,
        f"; worker traceback:\n{worker_traceback}" if worker_traceback else "",
        exc_info=error,
    )
    return (
        f"Sorry, something went wrong on my side (error id `{error_id}`). "
        "It has been logged; please try again.",
        error_id,
    )


async def tell_member(interaction: discord.Interaction, error: Exception) -> None:
    """Answer privately, whether or not the interaction was already deferred."""
    text, error_id = message_for(error)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell %s about an error (id %s)", interaction.user, error_id)
    service = getattr(interaction.client, "service", None)
    command = interaction.command
    if service is not None and command is not None:
        parent = command.parent.name if command.parent else command.name
        await service.record(
            user_id=interaction.user.id,
            guild_id=interaction.guild_id,
            command=parent,
            kind=command.name if command.parent else "",
            outcome="error" if error_id else "refused",
            elapsed_ms=(discord.utils.utcnow() - interaction.created_at).total_seconds() * 1000,
            error_id=error_id,
        )


class Errors(commands.Cog):
    def __init__(self, bot: commands.Bot):
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.tree.on_error = tell_member  # type: ignore[assignment]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Errors(bot))
