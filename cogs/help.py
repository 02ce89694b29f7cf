"""/help: every command this server has, and every puzzle with an example, privately.

The list is read from the commands Discord holds for the bot (this server's and the global
ones), so it shows exactly what members can type and cannot go stale; the command mentions
are clickable. A command Discord hides from members without its default permissions (the
server settings need Manage Server) is listed only to those who have them, as Discord's own
command list does. The puzzles and their examples come from the registry. It is written in
the member's language, each command described in it when Discord holds a localization of
its description.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.app import PuzzleBot

from cogs.errors import reply
from puzzles import all_kinds, kind_title
from puzzles.core import DISCORD, PuzzleKind, Usage
from puzzles.i18n import ENGLISH, Message, _, language_of, render

FIELD_LIMIT = 1024  # Discord's limit on an embed field's text


class Listed:
    """One command as /help lists it: its mention (or name), what it does, who may use it."""

    def __init__(self, mention: str, description: str, admins_only: bool):
        self.mention = mention
        self.description = description
        self.admins_only = admins_only

    def line(self, language: str = ENGLISH) -> str:
        if self.admins_only:
            managers = _(
                "{command} {description} (server managers)",
                command=self.mention,
                description=self.description,
            )
            return render(managers, language)
        return f"{self.mention} {self.description}"


def described(command: app_commands.AppCommand | app_commands.AppCommandGroup, locale) -> str:
    """The command's description in the member's Discord locale when Discord holds one."""
    return command.description_localizations.get(locale) or command.description


def shown_to(command: app_commands.AppCommand, permissions: discord.Permissions) -> bool:
    """Whether Discord lists the command to a member with these permissions: it needs none,
    or the member has every one it needs (administrators have them all)."""
    needed = command.default_member_permissions
    if needed is None or needed == discord.Permissions.none():
        return True
    return permissions.administrator or needed.is_subset(permissions)


def kind_groups_and_commands(
    synced: Iterable[app_commands.AppCommand],
    kind_names: set[str],
    permissions: discord.Permissions,
    locale: discord.Locale | None = None,
) -> tuple[list[Listed], list[Listed]]:
    """(the per-kind groups like `/solve <kind>`, every other command), from synced commands,
    as a member with `permissions` and Discord set to `locale` is shown them."""
    per_kind, others = [], []
    for command in sorted(synced, key=lambda c: c.name):
        if command.type is not discord.AppCommandType.chat_input:
            continue
        if not shown_to(command, permissions):
            continue
        admins_only = command.default_member_permissions not in (None, discord.Permissions.none())
        subcommands = [o for o in command.options if isinstance(o, app_commands.AppCommandGroup)]
        if subcommands and {s.name for s in subcommands} <= kind_names:
            kinds = f"`/{command.name} <kind>`"
            per_kind.append(Listed(kinds, described(command, locale), admins_only))
        elif subcommands:
            others += [
                Listed(s.mention, described(s, locale), admins_only) for s in _leaves(subcommands)
            ]
        else:
            others.append(Listed(command.mention, described(command, locale), admins_only))
    return per_kind, others


def _leaves(groups: list[app_commands.AppCommandGroup]) -> Iterable[app_commands.AppCommandGroup]:
    for group in groups:
        nested = [o for o in group.options if isinstance(o, app_commands.AppCommandGroup)]
        yield from _leaves(nested) if nested else (group,)


def kind_entry(kind: PuzzleKind, language: str = ENGLISH) -> str:
    """How to play one kind: a solve command to copy, and its generate grades."""
    example = Usage("solve", kind.name, kind.example).written_for(DISCORD)
    if len(example) < 90:
        lines = [f"`{example}`"]
    else:
        lines = [render(_("`/solve {kind}` (opens a text box)", kind=kind.name), language)]
    generate = f"`/generate {kind.name}`"
    if kind.difficulties:
        generate += f" {', '.join(kind.difficulties)}"
    lines.append(generate)
    return "\n".join(lines)


def fields(name: Message, lines: list[str], language: str = ENGLISH) -> list[tuple[str, str]]:
    """`lines` under `name`, split over as many embed fields as Discord's limit needs."""
    chunks: list[list[str]] = [[]]
    for line in lines:
        if sum(len(each) + 1 for each in chunks[-1]) + len(line) > FIELD_LIMIT:
            chunks.append([])
        chunks[-1].append(line[:FIELD_LIMIT])
    first, more = render(name, language), render(_("{section} (more)", section=name), language)
    return [(first if n == 0 else more, "\n".join(c)) for n, c in enumerate(chunks)]


def help_embed(
    synced: list[app_commands.AppCommand],
    permissions: discord.Permissions,
    locale: discord.Locale | str | None = None,
) -> discord.Embed:
    """Help as a member with `permissions` (in this channel) and Discord set to `locale`
    sees it."""
    language = language_of(locale)
    kinds = all_kinds()
    names = {kind.name for kind in kinds}
    per_kind, others = kind_groups_and_commands(synced, names, permissions, locale)
    about = _(
        "Every puzzle command takes the kind first, e.g. `/solve letterboxed`. Grid puzzles "
        "left empty open a text box to paste them in. Hints, checks and this help are only "
        "shown to you."
    )
    embed = discord.Embed(
        title=render(_("puzzlebot help"), language),
        description=render(about, language),
        colour=discord.Colour.blurple(),
    )
    sections = [
        *fields(_("Puzzle commands"), [each.line(language) for each in per_kind], language),
        *fields(_("More commands"), [each.line(language) for each in others], language),
        *((render(kind_title(kind), language), kind_entry(kind, language)) for kind in kinds),
    ]
    for name, value in sections[:25]:  # Discord's limit on fields
        embed.add_field(name=name, value=value, inline=False)
    return embed


class Help(commands.Cog):
    def __init__(self, bot: PuzzleBot):
        self.bot = bot

    async def synced_commands(self, guild: discord.abc.Snowflake | None):
        """What Discord holds for this server, plus the global commands (server ones first)."""
        tree = self.bot.tree
        found = await tree.fetch_commands(guild=guild) if guild is not None else []
        names = {command.name for command in found}
        found += [command for command in await tree.fetch_commands() if command.name not in names]
        return found

    @app_commands.command(name="help", description="Every command and every puzzle, with examples")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        synced = await self.synced_commands(interaction.guild)
        embed = help_embed(synced, interaction.permissions, interaction.locale)
        await reply(interaction, embed=embed, ephemeral=True)


async def setup(bot: PuzzleBot) -> None:
    await bot.add_cog(Help(bot))
