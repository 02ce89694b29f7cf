"""The one place that decides what a member sees when a command fails.

PuzzleError and Refusal are the member's to fix (bad input, cooldown, busy, too slow):
they get the message, privately and in their own Discord language (cogs/_language.py).
Anything else is our bug: logged with its traceback under a short id, and the member gets
an apology quoting that id.

Privately means privately even after a public "thinking..." defer: the first reply after a
defer fills in that message, keeping its visibility. So a command defers publicly through
`think_publicly`, which marks the interaction; a failure while the mark is there deletes the
placeholder first, and the explanation goes out as a new, ephemeral followup.

Every answer goes through `reply`: the first one after a defer edits the "thinking" message
(Edit Original Interaction Response), as Discord asks; sending it as a followup still works
but is deprecated
(https://discord.com/developers/docs/interactions/receiving-and-responding#create-followup-message).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.puzzle_service import Refusal, new_error_id
from cogs._language import member_language
from puzzles import PuzzleError
from puzzles.core import DISCORD, Usage
from puzzles.i18n import ENGLISH, _, render

log = logging.getLogger(__name__)
T = TypeVar("T")


def message_for(
    error: Exception, used: AnyCommand | None = None, language: str = ENGLISH
) -> tuple[str, str | None]:
    """(what the member reads, in `language`; the error id when it was our fault); `used`,
    the command the member typed, whose example replaces one written for another command.
    A problem given as plain text rather than a Message is shown as it is."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, PuzzleError):
        error = for_the_command_used(error, used)
        return discord.utils.escape_mentions(error.message_for(DISCORD, language)), None
    if isinstance(error, Refusal):
        return error.message_for(language), None
    if isinstance(error, app_commands.CommandOnCooldown):
        wait = _("Slow down: try again in {seconds} s.", seconds=round(error.retry_after))
        return render(wait, language), None
    if isinstance(error, app_commands.CheckFailure):
        return render(_("That command is not for you here."), language), None
    error_id = new_error_id()
    worker_traceback = getattr(error, "worker_traceback", None)
    log.error(
        "error %s in a command%s",
        error_id,
        f"; worker traceback:\n{worker_traceback}" if worker_traceback else "",
        exc_info=error,
    )
    # Translators: the error id is a code the member quotes to the bot's operator.
    sorry = _(
        "Sorry, something went wrong on my side (error id `{error_id}`). "
        "It has been logged; please try again.",
        error_id=error_id,
    )
    return render(sorry, language), error_id


AnyCommand = app_commands.Command | app_commands.ContextMenu
EXAMPLE_VALUE = re.compile(r"e\.g\. (.+)$")  # "comma-separated, e.g. letterboxed, sudoku"


def for_the_command_used(error: PuzzleError, used: AnyCommand | None) -> PuzzleError:
    """The error with an example of the command the member used: a shared rule (a kind
    name, say) may raise it with an example of another command (/solve letterboxed ... for
    /puzzle-settings kinds chess). Such an example is rewritten as the used command."""
    example = error.example
    if used is None or not isinstance(example, Usage) or not example.command:
        return error
    if f"{example.command} {example.kind}".strip() == used.qualified_name:
        return error
    return PuzzleError(error.problem, where=error.where, example=example_of(used))


def example_of(command: AnyCommand) -> str | None:
    """The command with a value for each required option, taken from its description
    ("kinds: comma-separated, e.g. letterboxed, sudoku"); None when one has none."""
    parts = [f"/{command.qualified_name}"]
    for parameter in getattr(command, "parameters", ()):
        if not parameter.required:
            continue
        value = EXAMPLE_VALUE.search(parameter.description or "")
        if value is None:
            return None
        parts.append(f"{parameter.name}:{value[1]}")
    return " ".join(parts)


PUBLIC_PLACEHOLDER = "puzzlebot.public_placeholder"  # in interaction.extras while thinking
REPLIED = "puzzlebot.replied"  # in interaction.extras once the "thinking" message is filled in
# Seconds of checks a command may do before its first response. Discord's 3 s run from when
# it created the interaction, so its trip here and the response's trip back count too.
CHECKS_BEFORE_THINKING = 1.0


async def think_publicly(interaction: discord.Interaction) -> None:
    """Defer with a "thinking..." message the channel sees; `answered` ends it."""
    await interaction.response.defer(thinking=True)
    interaction.extras[PUBLIC_PLACEHOLDER] = True


async def think(interaction: discord.Interaction, *, private: bool) -> None:
    """Defer with a "thinking..." message, unless the interaction was answered already."""
    if interaction.response.is_done():
        return
    if private:
        await interaction.response.defer(thinking=True, ephemeral=True)
    else:
        await think_publicly(interaction)


async def checked_in_time(
    interaction: discord.Interaction, checks: Awaitable[T], *, private: bool
) -> T:
    """The result of `checks` (a parse, a database look-up): a refusal from quick checks is
    the private first response; checks that take longer than CHECKS_BEFORE_THINKING get a
    "thinking..." meanwhile, so Discord's 3 seconds are kept whatever they cost."""
    task = asyncio.ensure_future(checks)
    done, _ = await asyncio.wait({task}, timeout=CHECKS_BEFORE_THINKING)
    if not done:
        await think(interaction, private=private)
    return await task


def answered(interaction: discord.Interaction) -> None:
    """The public placeholder now holds the answer: a later failure must not delete it."""
    interaction.extras.pop(PUBLIC_PLACEHOLDER, None)


async def reply(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    ephemeral: bool = False,
    **parts: Any,
) -> None:
    """Answer the interaction: the initial response if none was sent; else the "thinking"
    message filled in (its visibility is the defer's); else a followup. `parts` are
    discord.py's file, embed and view."""
    response = interaction.response
    if not response.is_done():
        await response.send_message(content, ephemeral=ephemeral, **parts)
    elif response.type is discord.InteractionResponseType.deferred_channel_message and not (
        interaction.extras.get(REPLIED)
    ):
        edits = {key: value for key, value in parts.items() if key != "file"}
        if "file" in parts:
            edits["attachments"] = [parts["file"]]
        await interaction.edit_original_response(content=content, **edits)
        interaction.extras[REPLIED] = True
    else:
        await interaction.followup.send(content, ephemeral=ephemeral, **parts)


async def tell_privately(interaction: discord.Interaction, text: str) -> None:
    """Only the member sees `text`, whether or not (and however) the interaction was deferred."""
    if interaction.extras.pop(PUBLIC_PLACEHOLDER, False):
        with contextlib.suppress(discord.NotFound):
            await interaction.delete_original_response()
        interaction.extras[REPLIED] = True  # gone: what follows is a message of its own
    await reply(interaction, text, ephemeral=True)


async def tell_member(interaction: discord.Interaction, error: Exception) -> None:
    """Explain the failure privately, in the member's language, and record it."""
    text, error_id = message_for(error, interaction.command, member_language(interaction))
    try:
        await tell_privately(interaction, text)
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
        self.bot.tree.error(tell_member)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Errors(bot))
