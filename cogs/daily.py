"""Daily puzzles in Discord: server settings, the buttons of a day (Play, Answer, Hint, Give
up, Share, Show how), /leaderboard, /stats, and a member's right to have their data deleted.
The commands are here, in the Daily cog (the extension cogs.daily); the buttons of a day and
their views are in cogs/daily_views.py, the confirm buttons of a deletion in
cogs/daily_data.py.

The puzzle is shown only privately, by Play, whose first press starts the member's timer;
an answer before it opens the puzzle instead of being timed (bot/daily/game.py answer).

The game itself (what is due, checking, scoring, streaks) is in bot/daily; this cog only
turns interactions into calls to it and its results into messages. Buttons and the Answer
text box carry their state in their custom ids, so they keep working after a restart.

Settings live in their own top-level command, /puzzle-settings, because Discord applies a
command's default permissions (Manage Server here) to top-level commands only: members never
see it, and each subcommand still checks the permission when run. Everything that does work
(checking an answer, a hint, drawing a board) is admitted like /solve: the member's and the
server's rate limits and the worker pool's room, refused privately at once; boards, stats
and answers count as cheap reads, hints as solving work (bot/ratelimit.py).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import re
from typing import TYPE_CHECKING, Literal

import discord
from babel.dates import format_date
from babel.numbers import format_percent
from discord import app_commands
from discord.ext import commands, tasks

from bot.daily import calendar
from bot.daily.calendar import day_text
from bot.daily.export import export_file
from bot.daily.game import PERIOD_NAMES, PERIODS, DailyService, MemberStats
from bot.daily.posts import difficulty_name
from bot.daily.scoring import Streaks, clock_text, rule_text
from bot.daily.store import POST_LAYOUTS
from bot.puzzle_service import Refusal
from bot.ratelimit import READING
from cogs._language import language_name, member_language, server_language
from cogs._members import member_name, server_name
from cogs._persistent import text_box_routes
from cogs.daily_data import DATA_BUTTONS, confirm_view, parse_user_id
from cogs.daily_views import (
    ANSWER_BOX,
    ARCHIVE_BOX,
    DAY_BUTTONS,
    NotifyButton,
    PostCards,
    admit_play,
    admit_read,
    how_view,
    notify_ping_problem,
    notify_role_problem,
    play_view,
    require_manager,
    require_server,
    show_archive_play,
    submit_answer,
)
from cogs.errors import answered, reply, think, think_publicly
from cogs.puzzles import ALT_TEXT_LIMIT, kind_choices, solution_alt_text
from cogs.race import race_rating_text, show_race_board
from puzzles import PuzzleError, all_kinds, get_kind, kind_title
from puzzles.i18n import (
    ENGLISH,
    LANGUAGES,
    Message,
    _,
    join,
    ngettext,
    number,
    render,
    separated,
    separator,
)
from puzzles.lexicon import LANGUAGES as WORD_LANGUAGES
from renderers.leaderboard import LeaderboardRow, LeaderboardView, leaderboard_text
from renderers.stats import DayResult, StatsView

if TYPE_CHECKING:
    from bot.app import PuzzleBot

# Where the commands that need a server may run: in servers alone, not the bot's DM (the
# bot's default, bot/app.py). discord.py's guild_only marks only the server as allowed and
# leaves the DM to that default, so these say both.
IN_SERVERS = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
in_servers_only = app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
KindChoice = app_commands.Choice[str]  # a kind by its title; its value is the stable name
MAX_UPLOAD = 10 * 1024 * 1024  # Discord's upload limit for a server without boosts


DYNAMIC_ITEMS = (*DAY_BUTTONS, *DATA_BUTTONS)


# --- the cog ------------------------------------------------------------------------------


class Daily(commands.Cog):
    daily = app_commands.Group(
        name="daily",
        description="Daily puzzles for this server",
        guild_only=True,
        allowed_contexts=IN_SERVERS,
    )
    settings = app_commands.Group(
        name="puzzle-settings",
        description="Daily puzzles and members' data in this server (Manage Server)",
        guild_only=True,
        allowed_contexts=IN_SERVERS,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: PuzzleBot):
        self.bot = bot
        self.cards = PostCards(bot)  # the posts' "played" counts

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)
        text_box_routes(self.bot).add(ANSWER_BOX, self._answer_submitted)
        text_box_routes(self.bot).add(ARCHIVE_BOX, self._archive_answer_submitted)
        if self.bot.daily is not None:  # None: loaded only to sync the command tree
            self.prune_command_log.start()

    async def cog_unload(self) -> None:
        if self.bot.daily is not None:
            self.prune_command_log.cancel()
        self.cards.cancel()
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)
        text_box_routes(self.bot).remove(ANSWER_BOX)
        text_box_routes(self.bot).remove(ARCHIVE_BOX)

    @property
    def service(self) -> DailyService:
        assert self.bot.daily is not None, "the cog answers only a bot that serves commands"
        return self.bot.daily

    # --- admin ----------------------------------------------------------------------------

    @settings.command(name="setup", description="Post daily puzzles in a channel at a local time")
    @app_commands.describe(
        channel="where the puzzles are posted",
        time="local time of day, 24-hour, e.g. 09:00",
        timezone="IANA time zone, e.g. Europe/London",
        kinds="which puzzles, comma-separated (default: all)",
    )
    async def setup_daily(
        self,
        interaction: discord.Interaction,
        channel: discord.TextChannel,
        time: str,
        timezone: str,
        kinds: str | None = None,
    ) -> None:
        require_manager(interaction)
        guild_id = require_server(interaction)
        chosen = parse_kinds(kinds) if kinds else [kind.name for kind in all_kinds()]
        await think(interaction, private=True)
        await self.service.set_up(guild_id, channel.id, time, timezone, chosen)
        self._wake_scheduler()  # a post time already passed today posts now, as status says
        language = member_language(interaction)
        text = await self._status_text(guild_id, language)
        problem = posting_problem(channel)
        if problem:
            text += "\n" + render(before_it_works(problem), language)
        await reply(interaction, text, ephemeral=True)

    @setup_daily.autocomplete("timezone")
    async def _zones(self, interaction: discord.Interaction, current: str):
        return [
            app_commands.Choice(name=name, value=name)
            for name in calendar.matching_timezones(current)
        ]

    @settings.command(name="kinds", description="Choose which puzzles are posted each day")
    @app_commands.describe(kinds="comma-separated, e.g. letterboxed, sudoku")
    async def set_kinds(self, interaction: discord.Interaction, kinds: str) -> None:
        require_manager(interaction)
        chosen = parse_kinds(kinds)
        guild_id = await self._configured(interaction)
        await self.service.set_kinds(guild_id, chosen)
        await reply(
            interaction,
            await self._status_text(guild_id, member_language(interaction)),
            ephemeral=True,
        )

    @settings.command(name="posts", description="Post the day's puzzles together or one by one")
    @app_commands.describe(
        layout="together: one post and one close a day (default); separate: one per puzzle"
    )
    @app_commands.choices(
        layout=[app_commands.Choice(name=layout, value=layout) for layout in POST_LAYOUTS]
    )
    async def set_post_layout(
        self, interaction: discord.Interaction, layout: app_commands.Choice[str]
    ) -> None:
        require_manager(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild_id = await self._configured(interaction)
        await self.service.set_post_layout(guild_id, layout.value)
        await interaction.edit_original_response(
            content=await self._status_text(guild_id, member_language(interaction))
        )

    @settings.command(
        name="difficulty", description="Fix a puzzle's difficulty, or follow the week"
    )
    @app_commands.describe(
        kind="which puzzle", level="a difficulty, or 'schedule' for Monday-easy to Sunday-hard"
    )
    @app_commands.choices(kind=kind_choices())
    async def set_difficulty(
        self, interaction: discord.Interaction, kind: KindChoice, level: str
    ) -> None:
        require_manager(interaction)
        guild_id = await self._configured(interaction)
        await self.service.set_difficulty(guild_id, get_kind(kind.value), level)
        await reply(
            interaction,
            await self._status_text(guild_id, member_language(interaction)),
            ephemeral=True,
        )

    @set_difficulty.autocomplete("level")
    async def _levels(self, interaction: discord.Interaction, current: str):
        try:
            levels = ("schedule", *get_kind(interaction.namespace.kind).difficulties)
        except (PuzzleError, TypeError):
            levels = ("schedule",)
        return [
            app_commands.Choice(name=level, value=level)
            for level in levels
            if current.lower() in level
        ][:25]

    @settings.command(
        name="language", description="The server's language: posts, and the puzzles' words"
    )
    @app_commands.describe(
        language="en, fr, es or nl: public posts, daily puzzles, and the word kinds' default words"
    )
    async def set_language(
        self,
        interaction: discord.Interaction,
        language: Literal[LANGUAGES],  # type: ignore[valid-type]
    ) -> None:
        require_manager(interaction)
        guild_id = require_server(interaction)
        await think(interaction, private=True)  # it takes the database
        await self.bot.servers.set_language(guild_id, language)
        # Said in the language just chosen: what the server will read from now on.
        name = language_name(language, language)
        if language in WORD_LANGUAGES:
            said = _(
                "Server language: {language}. Public posts and daily puzzles use it, and Letter "
                "Boxed, word ladders and codewords are made of its words unless a member picks "
                "another with the `language` option.",
                language=name,
            )
        else:  # an interface language with no word lists yet (Dutch)
            said = _(
                "Server language: {language}. Public posts and daily puzzles use it; Letter "
                "Boxed, word ladders and codewords keep English words, since there are no "
                "word lists in {language} yet.",
                language=name,
            )
        await reply(interaction, render(said, language), ephemeral=True)

    @settings.command(name="pause", description="Stop posting daily puzzles until resumed")
    async def pause(self, interaction: discord.Interaction) -> None:
        await self._set_paused(interaction, True)

    @settings.command(name="resume", description="Post daily puzzles again")
    async def resume(self, interaction: discord.Interaction) -> None:
        await self._set_paused(interaction, False)

    async def _set_paused(self, interaction: discord.Interaction, paused: bool) -> None:
        require_manager(interaction)
        guild_id = await self._configured(interaction)
        await self.service.set_paused(guild_id, paused)
        self._wake_scheduler()
        await reply(
            interaction,
            await self._status_text(guild_id, member_language(interaction)),
            ephemeral=True,
        )

    @daily.command(name="status", description="The daily-puzzle settings and the next post time")
    async def status(self, interaction: discord.Interaction) -> None:
        guild_id = await self._configured(interaction)
        await reply(
            interaction,
            await self._status_text(guild_id, member_language(interaction)),
            ephemeral=True,
        )

    async def _language_line(self, guild_id: int, language: str) -> str:
        """The server's chosen language, which its daily puzzles' words follow too."""
        chosen = await self.bot.servers.language(guild_id)
        if chosen is None:
            line = _(
                "Language: not chosen, so puzzles use English words (`/puzzle-settings language`)."
            )
        elif chosen in WORD_LANGUAGES:
            line = _(
                "Language: {language}, for posts and the words of Letter Boxed, word ladders "
                "and codewords (`/puzzle-settings language`).",
                language=language_name(chosen, language),
            )
        else:
            line = _(
                "Language: {language}, for posts; Letter Boxed, word ladders and codewords use "
                "English words, since there are none in {language} yet "
                "(`/puzzle-settings language`).",
                language=language_name(chosen, language),
            )
        return render(line, language)

    async def _configured(self, interaction: discord.Interaction) -> int:
        """The server, once it is known to have daily puzzles set up; the private "thinking"
        comes first, since that takes the database."""
        guild_id = require_server(interaction)
        await think(interaction, private=True)
        await self.service.configured(guild_id)
        return guild_id

    def _wake_scheduler(self) -> None:
        """Check now: a post time already passed today posts now, as status says."""
        if self.bot.daily_scheduler is not None:
            self.bot.daily_scheduler.wake()

    async def _status_text(self, guild_id: int, language: str = ENGLISH) -> str:
        """The settings, in the member's language, with every time as a Discord timestamp
        (each member sees it in their own time zone) and each kind's difficulty today."""
        settings = await self.service.configured(guild_id)
        upcoming = await self.service.next_post(settings)
        zone = calendar.parse_timezone(settings.timezone)
        today = calendar.local_day(self.service.clock(), zone)
        at = calendar.post_moment(today, calendar.parse_post_time(settings.post_time), zone)
        where = {
            "channel": f"<#{settings.channel_id}>",
            "time": settings.post_time,
            "zone": settings.timezone,
            "local": timestamp(at, "t"),
        }
        if settings.post_layout == "together":
            goes = _(
                "Daily puzzles go to {channel} at {time} {zone} ({local} your time), together, "
                "one post.",
                **where,
            )
        else:
            goes = _(
                "Daily puzzles go to {channel} at {time} {zone} ({local} your time), one post "
                "each.",
                **where,
            )
        titles = join([kind_title(get_kind(name)) for name in settings.kinds], language)
        lines: list[Message] = [
            goes,
            _("Puzzles: {titles}.", titles=titles),
            difficulty_text(self.service.difficulties_on(settings, today), today, language),
            _("Paused.") if settings.paused else next_post_text(upcoming, self.service.clock()),
        ]
        lines.append(await self._language_line(guild_id, language))
        if settings.threads:
            lines.append(_("Each post gets a thread for sharing results; the close answers there."))
        if settings.notify_role_id:
            role = f"<@&{settings.notify_role_id}>"
            lines.append(_("Each post pings {role} (Notify me gives it).", role=role))
        if settings.last_error:
            when = timestamp(dt.datetime.fromisoformat(settings.last_error_at), "f")
            # The problem is kept as its Message (older rows: as written then, in English).
            lines.append(
                _(
                    "Last problem ({when}): {problem}. I keep retrying.",
                    when=when,
                    problem=settings.last_error,
                )
            )
        for post in await self.service.unposted_closes(guild_id):
            lines.append(
                ngettext(
                    "The answer to {kind} of {day} was not posted ({problem}); I stopped trying "
                    "after {count} try. Its results are kept and count.",
                    "The answer to {kind} of {day} was not posted ({problem}); I stopped trying "
                    "after {count} tries. Its results are kept and count.",
                    post.close_failures,
                    kind=kind_title(get_kind(post.kind)),
                    day=day_text(post.day, language),
                    problem=post.close_error,
                )
            )
        return "\n".join(render(line, language) for line in lines)

    # --- playing --------------------------------------------------------------------------

    @daily.command(name="answer", description="Answer the latest daily puzzle of a kind")
    @app_commands.describe(kind="which puzzle", answer="your answer")
    @app_commands.choices(kind=kind_choices())
    async def answer(self, interaction: discord.Interaction, kind: KindChoice, answer: str) -> None:
        await submit_answer(interaction, get_kind(kind.value), None, answer)

    # --- the archive ------------------------------------------------------------------------

    @daily.command(name="archive", description="Play an earlier daily puzzle of this server")
    @app_commands.describe(kind="which puzzle", date="which day (pick one, or e.g. 2026-11-23)")
    @app_commands.choices(kind=kind_choices())
    async def archive(self, interaction: discord.Interaction, kind: KindChoice, date: str) -> None:
        require_server(interaction)
        day = parse_day(date)
        admit_play(interaction, READING)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await show_archive_play(interaction, get_kind(kind.value), day)

    @archive.autocomplete("date")
    async def _archive_days(self, interaction: discord.Interaction, current: str):
        try:
            kind = get_kind(interaction.namespace.kind)
        except (PuzzleError, TypeError):
            return []  # no kind chosen yet: no days to offer
        days = await self.service.archive_days(require_server(interaction), kind, current)
        return [
            app_commands.Choice(name=f"{day:%A %d %B %Y}", value=day.isoformat()) for day in days
        ]

    async def _archive_answer_submitted(
        self, interaction: discord.Interaction, box: re.Match[str], fields: dict[str, str]
    ) -> None:
        day = dt.date.fromisoformat(box["day"])
        kind = get_kind(box["kind"])
        await submit_answer(interaction, kind, day, fields.get("answer", ""), archive=True)

    # --- the notify role, threads and exports (settings) -----------------------------------

    @settings.command(name="threads", description="Open a thread on each daily post, or stop")
    @app_commands.describe(
        threads="on: members share results in the post's thread, which the close answers in"
    )
    async def set_threads(
        self, interaction: discord.Interaction, threads: Literal["on", "off"]
    ) -> None:
        require_manager(interaction)
        guild_id = await self._configured(interaction)  # thinks first: it takes the database
        await self.service.set_threads(guild_id, threads == "on")
        self._wake_scheduler()  # today's open post gets its thread now
        language = member_language(interaction)
        if threads == "off":
            said = render(
                _("Daily posts get no thread from now on; results are shared in the channel."),
                language,
            )
        else:
            said = render(
                _(
                    "Each daily post now gets a thread: **Share** posts results there, and the "
                    "day's close posts the answers in it and archives it."
                ),
                language,
            )
            settings = await self.service.settings(guild_id)
            channel = interaction.guild.get_channel(settings.channel_id) if settings else None
            problem = posting_problem(channel, THREAD_NEEDS, threads=True)
            if problem:
                said += "\n" + render(before_it_works(problem), language)
        await reply(interaction, said, ephemeral=True)

    @settings.command(
        name="notify-role", description="A role each daily post pings (leave empty: no ping)"
    )
    @app_commands.describe(role="the role to ping; members take it with the post's Notify me")
    async def set_notify_role(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        require_manager(interaction)
        guild = interaction.guild
        assert guild is not None, "a server-only command"
        if role is not None and (role.is_default() or role.managed):  # refused at once
            raise Refusal(notify_role_problem(guild, role) or _("choose another role"))
        guild_id = await self._configured(interaction)  # thinks first: it takes the database
        await self.service.set_notify_role(guild_id, role.id if role else None)
        language = member_language(interaction)
        if role is None:
            said = render(
                _("Daily posts ping nobody now, and carry no Notify me button."), language
            )
        else:
            said = render(
                _(
                    "Each daily post now pings {role} (nobody else) and has a **Notify me** "
                    "button that gives members the role or takes it back.",
                    role=role.mention,
                ),
                language,
            )
            problems = [p for p in (notify_role_problem(guild, role),
                                    notify_ping_problem(guild, role)) if p]  # fmt: skip
            if problems:
                shown = separated(problems, language)
                said += "\n" + render(before_it_works(f"{shown}."), language)
        await reply(interaction, said, ephemeral=True)

    @settings.command(name="export", description="Every member's daily results here, as CSV")
    async def export_server(self, interaction: discord.Interaction) -> None:
        require_manager(interaction)
        await self._send_export(interaction, None, "all")

    async def _send_export(
        self, interaction: discord.Interaction, user_id: int | None, whose: str,
        kind: KindChoice | None = None,
    ) -> None:  # fmt: skip
        """The results (of one kind, if chosen) as a CSV file, privately; built in a thread
        (a big server's is big)."""
        guild_id = require_server(interaction)
        admit_read(interaction)
        await think(interaction, private=True)
        results = await self.service.results(guild_id, user_id)
        if kind is not None:
            results = [result for result in results if result["kind"] == kind.value]
        limit = interaction.guild.filesize_limit if interaction.guild else MAX_UPLOAD
        data, name = await asyncio.to_thread(export_file, results, f"daily-{whose}", limit)
        if data is None:
            raise Refusal(
                ngettext(
                    "{count} result makes a file larger than Discord lets me send here, even "
                    "zipped.",
                    "{count} results make a file larger than Discord lets me send here, even "
                    "zipped.",
                    len(results),
                )
            )
        sent = ngettext(
            "{count} result in {server}: one row each (daily and archive plays).",
            "{count} results in {server}: one row each (daily and archive plays).",
            len(results),
            server=server_name(interaction),
        )
        await interaction.edit_original_response(
            content=render(sent, member_language(interaction)),
            attachments=[discord.File(io.BytesIO(data), filename=name)],
        )

    # --- boards -------------------------------------------------------------------------

    @app_commands.command(name="leaderboard", description="This server's daily-puzzle leaderboard")
    @app_commands.describe(
        kind="one puzzle (default: all)",
        period="today, week, month or all",
        board="daily puzzles, or race ratings",
    )
    @app_commands.choices(kind=kind_choices())
    @app_commands.guild_only()
    @in_servers_only
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        kind: KindChoice | None = None,
        period: Literal[PERIODS] = "week",  # type: ignore[valid-type]
        board: Literal["daily", "races"] = "daily",
    ) -> None:
        if board == "races":  # the race cog's board (cogs/race.py)
            return await show_race_board(interaction)
        guild_id = require_server(interaction)
        admit_read(interaction)
        await think_publicly(interaction)  # a failure from here on is told privately
        puzzle_kind = get_kind(kind.value) if kind else None
        ranked = await self.service.board(guild_id, puzzle_kind, period)
        language = await server_language(self.bot, interaction.guild)  # the channel reads it
        which = (
            render(kind_title(puzzle_kind), language)
            if puzzle_kind
            else render(_("All puzzles"), language)
        )
        view = LeaderboardView(
            title=render(
                _("{which}: {server}", which=which, server=server_name(interaction)), language
            ),
            period=render(PERIOD_NAMES[period], language),
            rows=tuple(
                LeaderboardRow(
                    rank=rank,
                    name=row.name,
                    solved=row.solved,
                    played=row.played,
                    score=number(row.points, language),  # under the heading "Points"
                    best_time=clock_text(row.best_seconds) if row.best_seconds is not None else "-",
                    streak=streak,
                )
                for rank, (row, streak) in enumerate(ranked, start=1)
            ),
            footer=render(rule_text(puzzle_kind.name if puzzle_kind else None), language),
        )
        if not interaction.app_permissions.attach_files:  # no picture here: the table as text
            embed = discord.Embed(
                title=view.title[:256],
                description=f"```\n{leaderboard_text(view)[:3900]}\n```",
                colour=discord.Colour.gold(),
            )
            await interaction.edit_original_response(embed=embed)
            answered(interaction)
            return
        from renderers.leaderboard import draw_leaderboard

        png = await self.service.puzzles.draw("the leaderboard", draw_leaderboard, view)
        file = discord.File(
            io.BytesIO(png),
            filename="leaderboard.png",
            description=board_alt_text(view, language),
        )
        await interaction.edit_original_response(attachments=[file])
        answered(interaction)

    @app_commands.command(name="stats", description="Daily-puzzle stats for you or another member")
    @app_commands.describe(
        member="whose stats (default: yours)",
        kind="one puzzle (default: all)",
        export="send your own results as a CSV file, privately",
    )
    @app_commands.choices(kind=kind_choices())
    @app_commands.guild_only()
    @in_servers_only
    async def stats(
        self,
        interaction: discord.Interaction,
        member: discord.Member | None = None,
        kind: KindChoice | None = None,
        export: bool = False,
    ) -> None:
        if export:  # /stats export: your own results as a file, privately
            if member is not None and member.id != interaction.user.id:
                raise Refusal(
                    _(
                        "An export holds your own results only; admins export everyone's with "
                        "/puzzle-settings export."
                    )
                )
            whose = str(interaction.user.id)
            await self._send_export(interaction, interaction.user.id, whose, kind)
            return
        guild_id = require_server(interaction)
        who = member or interaction.user
        admit_read(interaction)
        await think_publicly(interaction)  # a failure from here on is told privately
        puzzle_kind = get_kind(kind.value) if kind else None
        found = await self.service.stats(guild_id, who.id, puzzle_kind)
        language = await server_language(self.bot, interaction.guild)  # the channel reads it
        view = StatsView(
            name=member_name(who),
            kind_title=render(kind_title(puzzle_kind), language)
            if puzzle_kind
            else render(_("All puzzles"), language),
            played=found.played,
            solved=found.solved,
            win_rate=found.win_rate,
            current_streak=found.streaks.current,
            longest_streak=found.streaks.longest,
            bests=bests(found, language),
            last_30_days=tuple(
                DayResult(day, status, value) for day, status, value in found.last_30
            ),
        )
        from renderers.stats import draw_stats

        png = await self.service.puzzles.draw("the stats card", draw_stats, view)
        figures = _(
            "**{name}** · {kind}: played {played}, solved {solved} ({rate}), streak {streak} "
            "(longest {longest})",
            name=discord.utils.escape_markdown(view.name), kind=view.kind_title,
            played=found.played, solved=found.solved,
            rate=format_percent(found.win_rate, locale=language),
            streak=found.streaks.current, longest=found.streaks.longest,
        )  # fmt: skip
        text = (
            render(figures, language)
            + freeze_text(found.streaks, language)
            + archive_text(found, language)
            + await race_rating_text(interaction, who.id, language)
        )
        await interaction.edit_original_response(
            content=discord.utils.escape_mentions(text),
            attachments=[
                discord.File(
                    io.BytesIO(png),
                    filename="stats.png",
                    description=stats_alt_text(view, language),
                )
            ],
        )
        answered(interaction)

    # --- the Answer box, after a restart too ----------------------------------------------

    async def _answer_submitted(
        self, interaction: discord.Interaction, box: re.Match[str], fields: dict[str, str]
    ) -> None:
        day = dt.date.fromisoformat(box["day"])
        await submit_answer(interaction, get_kind(box["kind"]), day, fields.get("answer", ""))

    # --- members' data --------------------------------------------------------------------

    @app_commands.command(
        name="delete-my-data",
        description="Delete your results, streaks and logged commands in this server",
    )
    @app_commands.guild_only()
    @in_servers_only
    async def delete_my_data(self, interaction: discord.Interaction) -> None:
        require_server(interaction)
        language = member_language(interaction)
        asked = _(
            "This deletes your daily results, streaks and stats and the log of your commands in "
            "**{server}**, for good. Other servers keep theirs.",
            server=discord.utils.escape_markdown(server_name(interaction)),
        )
        await interaction.response.send_message(
            render(asked, language),
            view=confirm_view(interaction.user.id, language),
            ephemeral=True,
        )

    @settings.command(
        name="forget-member", description="Delete a member's data here (e.g. one who left)"
    )
    @app_commands.describe(user_id="their Discord user id (Developer Mode: Copy User ID)")
    async def forget_member(self, interaction: discord.Interaction, user_id: str) -> None:
        require_manager(interaction)
        require_server(interaction)
        member_id = parse_user_id(user_id)
        language = member_language(interaction)
        asked = _(
            "This deletes the daily results, streaks, stats and logged commands of {member} in "
            "this server, for good.",
            member=f"<@{member_id}>",
        )
        await interaction.response.send_message(
            render(asked, language), view=confirm_view(member_id, language), ephemeral=True
        )

    @tasks.loop(hours=1)
    async def prune_command_log(self) -> None:
        if self.bot.database is not None:
            await self.bot.database.prune_command_log(self.bot.config.command_log_days)

    # --- members who leave ----------------------------------------------------------------

    @commands.Cog.listener()
    async def on_raw_member_remove(self, event: discord.RawMemberRemoveEvent) -> None:
        # The raw event: members are not fetched at start (no chunking), so the one who left
        # is rarely in the cache, and discord.py sends on_member_remove only for those.
        await self.service.member_left(event.guild_id, event.user.id)

    @commands.Cog.listener()
    async def on_member_join(self, member: discord.Member) -> None:
        await self.service.member_left(member.guild.id, member.id, left=False)

    @commands.Cog.listener()
    async def on_guild_role_delete(self, role: discord.Role) -> None:
        """A deleted notify role is forgotten: posts would mention a role that is gone."""
        settings = await self.service.settings(role.guild.id)
        if settings is not None and settings.notify_role_id == role.id:
            await self.service.set_notify_role(role.guild.id, None)


# What the daily posts need in their channel, and what for. Embed Links is not among them:
# the posts are text and a picture, and replies to commands need no channel permission.
POSTING_NEEDS = {
    "view_channel": _("to see the channel"),
    "send_messages": _("to post the puzzles and the answers"),
    "attach_files": _("to attach the puzzle pictures"),
    "read_message_history": _("to find a post sent just before a restart, so it is not sent twice"),
}


# What the bot needs in the daily channel when threads are on, and what for.
THREAD_NEEDS = {
    "create_public_threads": _("to open a thread on each daily post"),
    "send_messages_in_threads": _("to post shared results and the answers there"),
}


def posting_problem(channel, needs=None, threads: bool = False) -> Message | None:
    """What the bot lacks of `needs` (by default, what posting daily puzzles needs) in the
    channel, from the server's roles and the channel's overwrites as Discord sent them,
    each with what it is for; None if nothing (or unknown). `threads`: what it lacks is to
    open the daily threads, not to post."""
    guild = getattr(channel, "guild", None)
    me = guild.me if guild is not None else None
    if me is None or not hasattr(channel, "permissions_for"):
        return None
    allowed = channel.permissions_for(me)
    # Discord's permission names, as its settings show them in English.
    missing = [
        _("{permission} ({purpose})", permission=name.replace("_", " ").title(), purpose=purpose)
        for name, purpose in (needs or POSTING_NEEDS).items()
        if not getattr(allowed, name)
    ]
    if not missing:
        return None
    listed = one_after_another(missing)
    if threads:
        return _(
            "I may not open the daily threads in {channel}: give me {missing} there.",
            channel=channel.mention, missing=listed,
        )  # fmt: skip
    return _(
        "I may not post in {channel}: give me {missing} there.",
        channel=channel.mention, missing=listed,
    )  # fmt: skip


def one_after_another(items: list[Message]) -> Message:
    """Items with semicolons between them, each rendered in the reader's language."""
    said = items[0]
    for item in items[1:]:
        # Translators: things listed one after another: "View Channel (to see it); Attach Files"
        said = _("{earlier}; {later}", earlier=said, later=item)
    return said


def before_it_works(problem: Message | str) -> Message:
    return _("Before it can work: {problem}", problem=problem)


def bests(found: MemberStats, language: str) -> tuple[tuple[str, str], ...]:
    """A member's best figures for the stats card, (label, value), in `language`."""
    figures: list[tuple[Message, str]] = []
    if found.fastest_seconds is not None:
        figures.append((_("fastest"), clock_text(found.fastest_seconds)))
    if found.best_points is not None:
        points = render(_("{count} pts", count=found.best_points), language)
        figures.append((_("best score"), points))
    if found.fewest_attempts:
        figures.append((_("fewest tries"), str(found.fewest_attempts)))
    return tuple((render(label, language), value) for label, value in figures)


def board_row(row: LeaderboardRow) -> Message:
    return _(
        "{rank}. {name}, {score} pts, solved {solved} of {played}",
        rank=row.rank, name=row.name, score=row.score, solved=row.solved, played=row.played,
    )  # fmt: skip


def board_alt_text(view: LeaderboardView, language: str = ENGLISH) -> str:
    """What the leaderboard picture shows, for members who cannot see it."""
    ranked = separated([board_row(row) for row in view.rows], language)
    said = _(
        "Leaderboard, {title}, {period}: {ranked}.",
        title=view.title, period=view.period, ranked=ranked or _("no results yet"),
    )  # fmt: skip
    return render(said, language)[:ALT_TEXT_LIMIT]


def stats_alt_text(view: StatsView, language: str = ENGLISH) -> str:
    """What the stats card shows, for members who cannot see it."""
    bests = "".join(f", {label} {value}" for label, value in view.bests)
    solved_days = sum(1 for day in view.last_30_days if day.status == "solved")
    said = _(
        "Daily-puzzle stats of {name}, {kind}: played {played}, solved {solved} ({rate}), "
        "streak {streak} (longest {longest}){bests}; solved on {days} of the last 30 days.",
        name=view.name, kind=view.kind_title, played=view.played, solved=view.solved,
        rate=format_percent(view.win_rate, locale=language), streak=view.current_streak,
        longest=view.longest_streak, bests=bests, days=solved_days,
    )  # fmt: skip
    return render(said, language)[:ALT_TEXT_LIMIT]


def timestamp(moment: dt.datetime, style: str = "F") -> str:
    """A Discord timestamp: each member sees `moment` in their own time zone."""
    return f"<t:{int(moment.timestamp())}:{style}>"


def next_post_text(upcoming: dt.datetime, now: dt.datetime) -> Message:
    if upcoming <= now:
        return _("Next post: today's puzzles are going out now.")
    return _(
        "Next post: {when} ({relative}).",
        when=timestamp(upcoming), relative=timestamp(upcoming, "R"),
    )  # fmt: skip


def difficulty_text(
    levels: list[tuple[str, str, bool]], today: dt.date, language: str = ENGLISH
) -> Message:
    """Each kind's difficulty today, fixed or following the week."""
    if not levels:
        return _("Difficulty: these puzzles have one level.")
    shown = []
    for title, level, fixed in levels:
        name = difficulty_name(level, language)
        if fixed:
            shown.append(_("{kind}: {level} (fixed)", kind=title, level=name))
        else:
            shown.append(_("{kind}: {level} (follows the week)", kind=title, level=name))
    weekday = format_date(today, "EEEE", locale=language)
    return _(
        "Difficulty on {weekday}: {levels}. Following the week: Monday easiest to Sunday hardest.",
        weekday=weekday if language != ENGLISH else f"{today:%A}",
        levels=one_after_another(shown),
    )


def parse_day(text: str) -> dt.date:
    """'2026-11-23' -> the date; a PuzzleError says the form."""
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise PuzzleError(
            _(
                "{typed} is not a date: pick a day from the list, or type it year first",
                typed=repr(text),
            ),
            example="2026-11-23",
        ) from None


def freeze_text(streaks: Streaks, language: str = ENGLISH) -> str:
    """', 1 freeze held, 1 day saved (Tue 24 Nov)': the streak freezes, when there are any."""
    if not streaks.freezes and not streaks.saved:
        return ""
    said = ngettext("{count} freeze held", "{count} freezes held", streaks.freezes)
    if streaks.saved:
        days = ", ".join(short_day(day, language) for day in streaks.saved[-5:])
        said = ngettext(
            "{held}, {count} day saved ({days})",
            "{held}, {count} days saved ({days})",
            len(streaks.saved),
            held=said,
            days=days,
        )
    return ", " + render(said, language)


def short_day(day: dt.date, language: str) -> str:
    """'Tue 24 Nov' the way the language abbreviates it."""
    if language == ENGLISH:
        return f"{day:%a %d %b}"
    return format_date(day, "EEE d MMM", locale=language)


def archive_text(found: MemberStats, language: str = ENGLISH) -> str:
    """The archive plays, apart from the daily figures (they never count there)."""
    if not found.archive_played:
        return ""
    said = _(
        "archive (unranked): played {played}, solved {solved}",
        played=found.archive_played, solved=found.archive_solved,
    )  # fmt: skip
    return separator("; ", language) + render(said, language)


def parse_kinds(text: str) -> list[str]:
    """'letterboxed, Sudoku' -> ['letterboxed', 'sudoku'] (aliases too); errors name the bad one."""
    names = [part for part in re.split(r"[,\s]+", text) if part]
    if not names:
        raise PuzzleError(_("name at least one puzzle kind"), example="letterboxed, sudoku")
    chosen: list[str] = []
    for name in names:
        kind = get_kind(name)
        if kind.name not in chosen:
            chosen.append(kind.name)
    return chosen


async def setup(bot: PuzzleBot) -> None:
    if bot.daily_scheduler is not None:  # its posts carry this cog's Play button and alt text
        bot.daily_scheduler.present_with(play_view, how_view, solution_alt_text, NotifyButton)
    await bot.add_cog(Daily(bot))
