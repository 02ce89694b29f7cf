"""Co-op puzzles in Discord: /together opens a thread with a fresh puzzle, members fill in
letters with /guess, a Hint button reveals one for the group, and the solve is announced
and the thread archived.

The game (the rules of a shared fill-in, hints, the solve) is bot/coop; this cog turns
interactions into calls to it and keeps the thread's board picture up to date, its redraws
coalesced within Discord's rate limits (bot/coop/edits.py). Everything is in the database
and the Hint button carries its thread in its custom id, so a restart loses nothing.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import TYPE_CHECKING, Literal, Self, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.coop.edits import CoalescedEdits
from bot.coop.fill import co_op_kinds
from bot.coop.game import CoopService, Moves, Solved
from bot.coop.store import CoopStore
from bot.puzzle_service import Refusal
from cogs._language import member_language, server_language
from cogs._members import in_server, member_name
from cogs._persistent import PersistentButton
from cogs.errors import answered, think_publicly
from cogs.puzzles import alt_text
from puzzles import get_kind, kind_title
from puzzles.core import language_option
from puzzles.cryptogram.generate import DIFFICULTIES
from puzzles.i18n import ENGLISH, _, join, ngettext, render

if TYPE_CHECKING:
    from bot.app import PuzzleBot

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES = 1440  # a day without messages and Discord hides the thread itself

# The boards' alt text (see cogs/puzzles.py alt_text): as started, and as filled in.
SHOWS_TO_FILL = _("{title} to fill in together. The puzzle: {puzzle}")
SHOWS_FILLED_IN = _("{title} as the group has filled it in. The puzzle: {puzzle}")


def _cog(interaction: discord.Interaction) -> Together:
    cog = interaction.client.get_cog("Together")  # type: ignore[union-attr]
    assert cog is not None, "the Hint button is added by the cog"
    return cast("Together", cog)


def how_to_play(kind_name: str, language: str = ENGLISH) -> str:
    """What the board's message says, in the server's language."""
    example = "12=E 3=T" if kind_name == "codeword" else "A=T B=H"
    clear = f"{example.split()[0].split('=')[0]}=?"
    if kind_name == "codeword":
        how = _(
            "Fill it in together: `/guess {example}` puts a letter under each number "
            "(`{clear}` clears one). A wrong letter stays until someone changes it. **Hint** "
            "reveals a letter for everyone and costs the group points.",
            example=example, clear=clear,
        )  # fmt: skip
    else:
        how = _(
            "Fill it in together: `/guess {example}` puts a letter under each cipher letter "
            "(`{clear}` clears one). A wrong letter stays until someone changes it. **Hint** "
            "reveals a letter for everyone and costs the group points.",
            example=example, clear=clear,
        )  # fmt: skip
    return render(how, language)


def coop_title(kind, language: str = ENGLISH) -> str:
    """'Co-op Cryptogram': the thread's name and the result's heading."""
    return render(_("Co-op {kind}", kind=kind_title(kind)), language)


def moves_text(moves: Moves, language: str = ENGLISH) -> str:
    """What became of a member's letters, told to them privately in their language."""
    lines = []
    if moves.written:
        written = " ".join(pair.text() for pair in moves.written)
        lines.append(_("Filled in: {pairs}.", pairs=written))
    for pair, reason in moves.refused:
        lines.append(_("Not {pair}: {reason}.", pair=pair.text(), reason=reason))
    if moves.full_but_wrong:
        lines.append(
            _(
                "Every square is filled, but it is not solved yet:\n{why}",
                why=moves.full_but_wrong,
            )
        )
    text = "\n".join(render(line, language) for line in lines)
    return discord.utils.escape_mentions(text)[:2000]


def refuse_without_thread_permissions(granted: discord.Permissions) -> None:
    """Say at once, before any work, which permissions the bot lacks here to run a co-op
    puzzle (a thread to start, messages and a picture to post in it)."""
    needed = {
        "Create Public Threads": granted.create_public_threads,
        "Send Messages in Threads": granted.send_messages_in_threads,
        "Attach Files": granted.attach_files,
    }
    missing = [name for name, held in needed.items() if not held]
    if missing:
        # Discord's permission names, as its settings show them in English.
        raise Refusal(
            ngettext(
                "I need the {names} permission in this channel to open a co-op thread; a "
                "server admin can grant them.",
                "I need the {names} permissions in this channel to open a co-op thread; a "
                "server admin can grant them.",
                len(missing),
                names=join(missing, style="standard"),
            )
        )


class HintButton(PersistentButton, template=r"puzzlebot:coophint:(?P<thread>\d+)"):
    """Under the board: reveals one letter for the whole group. Its thread is in its custom
    id, so it works after a restart."""

    label = _("Hint (costs points)")

    def __init__(self, thread_id: int, language: str = ENGLISH):
        super().__init__(f"puzzlebot:coophint:{thread_id}", language=language)
        self.thread_id = thread_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["thread"]))

    async def pressed(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).give_hint(interaction, self.thread_id)


def board_view(thread_id: int, language: str = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HintButton(thread_id, language))
    return view


class Together(commands.Cog):
    def __init__(self, bot: PuzzleBot):
        self.bot = bot
        self._coop: CoopService | None = None
        if bot.database is not None and bot.service is not None:  # None: only syncing
            self._coop = CoopService(CoopStore(bot.database.connection), bot.service, bot.clock)
        self.edits = CoalescedEdits(self._redraw)
        # What the next redraw marks: the squares just changed and who changed them.
        self._latest: dict[int, tuple[tuple[str, ...], str]] = {}
        self._leftovers: asyncio.Task | None = None

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(HintButton)
        if self._coop is not None:
            self._leftovers = asyncio.create_task(self._resume_after_restart())

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(HintButton)
        if self._leftovers is not None:
            self._leftovers.cancel()
        await self.edits.close()

    @property
    def coop(self) -> CoopService:
        assert self._coop is not None, "the cog answers only a bot that serves commands"
        return self._coop

    # --- commands -------------------------------------------------------------------------

    @app_commands.command(name="together", description="Solve a puzzle together in a thread")
    @app_commands.describe(
        kind="which puzzle", difficulty="easy, medium or hard", language=language_option().help
    )
    @app_commands.choices(
        kind=[app_commands.Choice(name=get_kind(n).title, value=n) for n in co_op_kinds()]
    )
    @app_commands.guild_only()
    @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    async def together(
        self,
        interaction: discord.Interaction,
        kind: app_commands.Choice[str],
        difficulty: Literal[DIFFICULTIES] | None = None,  # type: ignore[valid-type]
        language: Literal[language_option().choices] | None = None,  # type: ignore[valid-type]
    ) -> None:
        guild_id = in_server(interaction, _("Co-op puzzles live in servers; use /together in one."))
        if isinstance(interaction.channel, discord.Thread):
            raise Refusal(
                _("Start a co-op puzzle in a text channel: it opens a thread of its own.")
            )
        puzzle_kind = self.coop.kind(kind.value)
        words = await self.coop.puzzles.words_language(puzzle_kind, language, guild_id)
        refuse_without_thread_permissions(interaction.app_permissions)
        self.coop.puzzles.admit(interaction.user.id, guild_id)
        await think_publicly(interaction)
        made = await self.coop.make(puzzle_kind, difficulty, words)
        language = await server_language(self.bot, interaction.guild)  # the channel reads it
        title = coop_title(puzzle_kind, language)
        started = _(
            "**{title}**, started by {name}: join in the thread below and fill it in together.",
            title=title,
            name=member_name(interaction.user),
        )
        starter = await interaction.edit_original_response(content=render(started, language))
        answered(interaction)
        thread = await starter.create_thread(
            name=title, auto_archive_duration=THREAD_ARCHIVE_MINUTES
        )  # the title: the thread's name, in the server's language
        await self.coop.open(made, guild_id, interaction.channel_id, thread.id, interaction.user.id)
        picture = discord.File(
            io.BytesIO(made.png),
            filename=f"{puzzle_kind.name}.png",
            description=alt_text(puzzle_kind, SHOWS_TO_FILL, made.puzzle_text, language),
        )
        board = await thread.send(
            content=how_to_play(puzzle_kind.name, language),
            file=picture,
            view=board_view(thread.id, language),
        )
        await self.coop.set_board(thread.id, board.id)

    @app_commands.command(name="guess", description="Fill in letters of this thread's co-op puzzle")
    @app_commands.describe(letters="square=letter pairs, e.g. A=T B=H (or 12=E); A=? clears one")
    @app_commands.guild_only()
    @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    async def guess(
        self, interaction: discord.Interaction, letters: app_commands.Range[str, 1, 300]
    ) -> None:
        thread_id = interaction.channel_id
        assert thread_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        name = member_name(interaction.user)
        moves = await self.coop.fill(thread_id, interaction.user.id, name, letters)
        await interaction.edit_original_response(
            content=moves_text(moves, member_language(interaction))
        )
        if moves.written:
            changed = tuple(pair.cell for pair in moves.written if pair.letter)
            said = " ".join(pair.text() for pair in moves.written)
            self._latest[thread_id] = (changed, f"{name}: {said}")
        if moves.solved is not None:
            await self._finish(interaction, thread_id, moves.solved)
        elif moves.written:
            self.edits.request(thread_id)

    async def give_hint(self, interaction: discord.Interaction, thread_id: int) -> None:
        await think_publicly(interaction)
        hinted = await self.coop.hint(thread_id)
        game = await self.coop.game(thread_id)
        pair = hinted.pair
        language = await server_language(self.bot, interaction.guild)  # the thread reads it
        lines = [
            _(
                "**Hint** for {name}: {square} is {letter}.",
                name=member_name(interaction.user), square=pair.cell, letter=pair.letter,
            )
        ]  # fmt: skip
        if hinted.reason:
            lines.append(hinted.reason)
        if hinted.cleared:
            lines.append(
                ngettext(
                    "{squares} held {letter} and was cleared.",
                    "{squares} held {letter} and were cleared.",
                    len(hinted.cleared),
                    squares=", ".join(hinted.cleared),
                    letter=pair.letter,
                )
            )
        lines.append(
            ngettext(
                "Hints used: {count} ({count} hint off the score).",
                "Hints used: {count} ({count} hints off the score).",
                game.hints,
            )
        )
        text = "\n".join(render(line, language) for line in lines)
        await interaction.edit_original_response(content=discord.utils.escape_mentions(text)[:2000])
        answered(interaction)
        said = render(_("hint: {pair}", pair=pair.text()), language)
        self._latest[thread_id] = ((pair.cell,), said)
        if hinted.solved is not None:
            await self._finish(interaction, thread_id, hinted.solved)
        else:
            self.edits.request(thread_id)

    # --- the board and the end ------------------------------------------------------------

    async def _redraw(self, thread_id: int) -> None:
        state_at = self.coop.clock()  # a letter written while this draws is drawn next time
        game = await self.coop.game(thread_id)
        if game.board_message_id is None:
            return
        new, said = self._latest.get(thread_id, ((), ""))
        language = await self._language(game.guild_id)
        png = await self.coop.board_png(thread_id, new, said, language)
        kind = get_kind(game.kind)
        picture = discord.File(
            io.BytesIO(png),
            filename=f"{kind.name}.png",
            description=alt_text(kind, SHOWS_FILLED_IN, game.puzzle_text, language),
        )
        thread = self.bot.get_partial_messageable(thread_id, guild_id=game.guild_id)
        await thread.get_partial_message(game.board_message_id).edit(attachments=[picture])
        await self.coop.board_drawn(thread_id, state_at)

    async def _finish(self, interaction: discord.Interaction, thread_id: int, solved: Solved):
        """The final board, the result in the thread, then the thread archived: an archived
        thread's messages can no longer be edited, so the board goes first."""
        game = await self.coop.game(thread_id)
        language = await self._language(game.guild_id)
        self._latest[thread_id] = ((), render(_("Solved together!"), language))
        await self.edits.flush(thread_id)
        thread = self.bot.get_partial_messageable(thread_id, guild_id=game.guild_id)
        title = coop_title(get_kind(game.kind), language)
        result = solved.text(title, language)
        await thread.send(discord.utils.escape_mentions(result)[:2000])
        await self._archive(thread_id, interaction.channel)

    async def _language(self, guild_id: int) -> str:
        """The language of the server, which its co-op threads are written in."""
        return await server_language(self.bot, self.bot.get_guild(guild_id))

    async def _archive(self, thread_id: int, known: object = None) -> None:
        thread = known if isinstance(known, discord.Thread) else None
        if thread is None:
            fetched = await self.bot.fetch_channel(thread_id)
            thread = fetched if isinstance(fetched, discord.Thread) else None
        if thread is not None and not thread.archived:
            await thread.edit(archived=True)
        await self.coop.mark_archived(thread_id)

    async def _resume_after_restart(self) -> None:
        """What a restart interrupted: boards whose last letters were not drawn yet are
        redrawn, and threads solved but not yet archived are archived."""
        await self.bot.wait_until_ready()
        for thread_id in await self.coop.store.stale_boards():
            self.edits.request(thread_id)
        for thread_id in await self.coop.store.unarchived_solves():
            try:
                await self._archive(thread_id)
            except discord.HTTPException as error:
                log.warning("could not archive the solved co-op thread %s: %s", thread_id, error)


async def setup(bot: PuzzleBot) -> None:
    await bot.add_cog(Together(bot))
