"""Races in Discord: /race, the Join, My puzzle and Answer buttons, the Answer box, and how a
race looks (its scoreboard, each player's private puzzle, the results).

The race itself (limits, checking, placing, rating, its clock) is in bot/races; this cog
turns interactions into calls to it and presents what it says. Buttons and the Answer box
carry the race id in their custom ids, so they keep working after a restart.
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

from bot.daily.posts import difficulty_name
from bot.daily.scheduler import problem_text
from bot.daily.scoring import clock_text
from bot.puzzle_service import Refusal
from bot.races.rules import RaceLimits
from bot.races.service import RaceService
from bot.races.store import Entry, Race, RaceStore, Rating
from bot.races.timer import RaceTimer
from bot.ratelimit import READING
from cogs._answer_box import AnswerBox
from cogs._language import member_language, server_language
from cogs._members import in_server, member_name, server_name
from cogs._persistent import FAMILY, PersistentButton, open_text_box, text_box_routes
from cogs.errors import reply, tell_member
from cogs.puzzles import alt_text, kind_choices, solution_alt_text
from puzzles import PuzzleError, get_kind, kind_title
from puzzles.core import language_option
from puzzles.i18n import ENGLISH, _, ngettext, one_decimal, render

if TYPE_CHECKING:
    from bot.app import PuzzleBot

log = logging.getLogger(__name__)

LIMITS = RaceLimits()
BOARD_ROWS = 30  # players listed on the scoreboard; the rest are counted
RESULT_ROWS = 20
BOARD_SIZE = 25  # rows of /leaderboard board:races


def _races(interaction: discord.Interaction) -> RaceService:
    cog = interaction.client.get_cog("Races")  # type: ignore[union-attr]
    if cog is None or cog.races is None:
        raise Refusal(_("Races are not running right now; please try again in a minute."))
    return cast("Races", cog).races


def _guild_only(interaction: discord.Interaction) -> int:
    return in_server(interaction, _("Races happen in servers; use this command in one."))


def _when(moment) -> str:
    return f"<t:{int(moment.timestamp())}:R>"


# --- what a race looks like ------------------------------------------------------------------


def race_title(race: Race, language: str = ENGLISH) -> str:
    kind = get_kind(race.kind)
    if race.difficulty:
        level = difficulty_name(race.difficulty, language)
        return render(_("Race: {kind} ({level})", kind=kind_title(kind), level=level), language)
    return render(_("Race: {kind}", kind=kind_title(kind)), language)


def _safe(name: str) -> str:
    return discord.utils.escape_markdown(name)


def _tries(entry: Entry, language: str) -> str:
    if not entry.wrong:
        return ""
    return ", " + render(
        ngettext("{count} wrong try", "{count} wrong tries", entry.wrong), language
    )


def standing(entries: list[Entry]) -> list[Entry]:
    """Finishers by time, then everyone else in the order they joined."""
    return sorted(entries, key=lambda e: (e.seconds is None, e.seconds or 0.0, e.joined_at))


def entry_line(race: Race, entry: Entry, language: str = ENGLISH) -> str:
    """One player on the scoreboard: how they stand, never what they answered."""
    name = _safe(entry.name)
    if race.started_at is None:
        return f"• {name}"
    mark = "✓" if entry.seconds is not None else "–"
    if entry.place:  # the race is over: everyone is placed, non-finishers last together
        mark = f"{entry.place}."
    if entry.seconds is not None:
        status = _("finished in {time}", time=clock_text(entry.seconds))
    elif race.ended_at:
        status = _("did not finish")
    else:
        status = _("solving")
    return f"{mark} {name}: {render(status, language)}{_tries(entry, language)}"


def board_text(race: Race, entries: list[Entry], language: str = ENGLISH) -> str:
    """The public scoreboard, in the server's language: who joined, who finished, in what
    time, how many wrong tries."""
    players = ngettext("{count} player", "{count} players", len(entries))
    title = f"**{race_title(race, language)}** · {render(players, language)}"
    if race.ended_at is not None:
        state = _("The race is over; the solution and placings are below.")
    elif race.started_at is not None:
        state = _(
            "Running: time is up {when}. Players: press **My puzzle** if yours did not come.",
            when=_when(race.ends_at),
        )
    else:
        state = ngettext(
            "Starts {when}. Press **Join** to race: at the start each player gets the puzzle "
            "privately and the clock starts for everyone at once. {count} minute to solve it.",
            "Starts {when}. Press **Join** to race: at the start each player gets the puzzle "
            "privately and the clock starts for everyone at once. {count} minutes to solve it.",
            race.limit_seconds // 60,
            when=_when(race.starts_at),
        )
    ranked = standing(entries)
    lines = [
        title,
        render(state, language),
        *(entry_line(race, entry, language) for entry in ranked[:BOARD_ROWS]),
    ]
    lines += more_line(len(ranked) - BOARD_ROWS, language)
    return discord.utils.escape_mentions("\n".join(lines))[:2000]


def more_line(unlisted: int, language: str) -> list[str]:
    """'…and 3 more' under a list cut short; nothing when all are listed."""
    if unlisted <= 0:
        return []
    return [render(_("…and {count} more", count=unlisted), language)]


def rating_change(entry: Entry, language: str = ENGLISH) -> str:
    if entry.rating_after is None or entry.rating_before is None:
        return ""
    change = entry.rating_after - entry.rating_before
    rating = _(
        "rating {rating} ({change})",
        rating=one_decimal(entry.rating_after, language),
        change=one_decimal(change, language, signed=True),
    )
    return " · " + render(rating, language)


def results_text(race: Race, entries: list[Entry], language: str = ENGLISH) -> str:
    """The solution and the final placings, in the server's language, posted when the race
    ends."""
    over = _("**{race} is over.** The solution:", race=race_title(race, language))
    lines = [render(over, language), f"```\n{(race.solution_text or '')[:900]}\n```"]
    ranked = standing(entries)
    for entry in ranked[:RESULT_ROWS]:
        lines.append(entry_line(race, entry, language) + rating_change(entry, language))
    lines += more_line(len(ranked) - RESULT_ROWS, language)
    if not race.rated:
        if len(entries) < 2:
            unchanged = _("Ratings are unchanged: one player.")
        else:
            unchanged = _("Ratings are unchanged: nobody finished.")
        lines.append(render(unchanged, language))
    return discord.utils.escape_mentions("\n".join(lines))[:2000]


SHOWS_TO_RACE = _("{title} to race, unsolved. The puzzle: {puzzle}")


def puzzle_message(
    race: Race, language: str = ENGLISH
) -> tuple[str, discord.File | None, discord.ui.View]:
    """A player's private copy of the race's puzzle, in their language, with its Answer
    button."""
    kind = get_kind(race.kind)
    running = _(
        "**{race}** · the clock is running for everyone: time is up {when}.",
        race=race_title(race, language),
        when=_when(race.ends_at),
    )
    press = _("Press **Answer** when you have it.")
    content = f"{render(running, language)}\n```\n{race.puzzle_text}\n```{render(press, language)}"
    file = None
    if race.image:
        file = discord.File(
            io.BytesIO(race.image),
            filename=f"{kind.name}-race.png",
            description=alt_text(kind, SHOWS_TO_RACE, race.puzzle_text or "", language),
        )
    view = discord.ui.View(timeout=None)
    view.add_item(AnswerButton(race.id, language))
    return content[:2000], file, view


def board_view(race: Race, language: str = ENGLISH) -> discord.ui.View | None:
    """The scoreboard's buttons: Join before the start, My puzzle while it runs, none after."""
    if race.ended_at is not None:
        return None
    view = discord.ui.View(timeout=None)
    button = JoinButton if race.started_at is None else MyPuzzleButton
    view.add_item(button(race.id, language))
    return view


# --- buttons and the Answer box ----------------------------------------------------------------


class RaceButton(PersistentButton, template=FAMILY):
    """A button about one race; its custom id ('puzzlebot:race:<action>:<race id>') is its
    whole state."""

    action = ""

    def __init__(self, race_id: int, language: str = ENGLISH):
        super().__init__(f"puzzlebot:race:{self.action}:{race_id}", language=language)
        self.race_id = race_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["race"]))


def _template(action: str) -> str:
    return rf"puzzlebot:race:{action}:(?P<race>\d+)"


class JoinButton(RaceButton, template=_template("join")):
    action, label, style = "join", _("Join"), discord.ButtonStyle.primary

    async def pressed(self, interaction: discord.Interaction) -> None:
        # Acknowledged first: a rush of joins queues on the database, never on Discord's 3 s.
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            races = _races(interaction)
            name = member_name(interaction.user)
            race = await races.join(self.race_id, interaction.user.id, name)
        except Exception as error:
            await tell_member(interaction, error)
            return
        _cog(interaction).waiting_for_start(self.race_id, interaction)
        joined = _(
            "You're in. The race starts {when}: your puzzle comes here then, and the clock "
            "starts for everyone at once.",
            when=_when(race.starts_at),
        )
        await reply(interaction, render(joined, member_language(interaction)))


class MyPuzzleButton(RaceButton, template=_template("puzzle")):
    """Under a running race: a player's puzzle again (it did not come, or was dismissed)."""

    action, label = "puzzle", _("My puzzle")

    async def pressed(self, interaction: discord.Interaction) -> None:
        race, _entry = await _races(interaction).player(self.race_id, interaction.user.id)
        if race.ended_at is not None:
            raise Refusal(_("This race is over; the solution and placings are posted."))
        content, file, view = puzzle_message(race, member_language(interaction))
        extra = {"file": file} if file else {}
        await interaction.response.send_message(content, view=view, ephemeral=True, **extra)


class AnswerButton(RaceButton, template=_template("answer")):
    action, label, style = "answer", _("Answer"), discord.ButtonStyle.success

    async def pressed(self, interaction: discord.Interaction) -> None:
        race = await _races(interaction).race(self.race_id)
        await open_text_box(interaction, answer_box(race, member_language(interaction)))


ANSWER_BOX = r"puzzlebot:racebox:(?P<race>\d+)"


def answer_box(race: Race, language: str) -> AnswerBox:
    """The Answer box of a race, routed by its custom id (after a restart too)."""
    return AnswerBox(get_kind(race.kind), f"puzzlebot:racebox:{race.id}", language)


DYNAMIC_ITEMS = (JoinButton, MyPuzzleButton, AnswerButton)


# --- the cog -------------------------------------------------------------------------------------


def _cog(interaction: discord.Interaction) -> Races:
    return cast("Races", interaction.client.get_cog("Races"))  # type: ignore[union-attr]


class Races(commands.Cog):
    """Presents races for bot/races (the RacePresenter its timer calls)."""

    def __init__(self, bot: PuzzleBot):
        self.bot = bot
        self.races: RaceService | None = None
        self.timer: RaceTimer | None = None
        # Players' Join (or /race) interactions, to hand them the puzzle at the start. Kept
        # in memory only: after a restart players press My puzzle instead.
        self._waiting: dict[int, dict[int, discord.Interaction]] = {}

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)
        text_box_routes(self.bot).add(ANSWER_BOX, self._answer_submitted)
        if self.bot.database is None or self.bot.service is None:
            return  # loaded only to sync the command tree
        store = RaceStore(self.bot.database.connection)
        self.races = RaceService(store, self.bot.service, self.bot.clock, LIMITS)
        self.timer = RaceTimer(self.bot, self.races, self)
        self.timer.start()

    async def cog_unload(self) -> None:
        if self.timer is not None:
            await self.timer.stop()
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)
        text_box_routes(self.bot).remove(ANSWER_BOX)

    def waiting_for_start(self, race_id: int, interaction: discord.Interaction) -> None:
        self._waiting.setdefault(race_id, {})[interaction.user.id] = interaction

    # --- /race ------------------------------------------------------------------------------

    @app_commands.command(name="race", description="Race the channel on a fresh puzzle")
    @app_commands.describe(
        kind="which puzzle",
        difficulty="how hard (default: the kind's easiest)",
        minutes=f"the time limit ({LIMITS.minutes[0]} to {LIMITS.minutes[1]} minutes)",
        start_in=f"seconds until the start ({LIMITS.start_in[0]} to {LIMITS.start_in[1]})",
        language=language_option().help,
    )
    @app_commands.choices(kind=kind_choices())
    @app_commands.guild_only()
    @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    async def race(
        self,
        interaction: discord.Interaction,
        kind: app_commands.Choice[str],
        difficulty: str | None = None,
        minutes: app_commands.Range[int, LIMITS.minutes[0], LIMITS.minutes[1]] = (
            LIMITS.default_minutes
        ),
        start_in: app_commands.Range[int, LIMITS.start_in[0], LIMITS.start_in[1]] = (
            LIMITS.default_start_in
        ),
        language: Literal[language_option().choices] | None = None,  # type: ignore[valid-type]
    ) -> None:
        races = _races(interaction)
        guild_id = _guild_only(interaction)
        races.puzzles.admit(interaction.user.id, guild_id)  # making a puzzle is work, as /solve
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:  # a refusal (the channel's race, the hourly limit) is told in the deferred reply
            puzzle_kind = get_kind(kind.value)
            words = await races.puzzles.words_language(puzzle_kind, language, guild_id)
            race = await races.reserve(
                guild_id, interaction.channel_id, interaction.user.id,
                member_name(interaction.user),
                puzzle_kind, difficulty, start_in, minutes, words,
            )  # fmt: skip
        except Exception as error:
            await tell_member(interaction, error)
            return
        try:
            race = await races.make(race)
            race = await races.count_down(race)
            assert self.timer is not None
            await self.timer.pace.wait()  # within the races' share of the global limit
            language = await server_language(self.bot, interaction.guild)
            message = await interaction.channel.send(  # type: ignore[union-attr]
                board_text(race, await races.entries(race), language),
                view=board_view(race, language),
            )
        except discord.HTTPException as error:
            await races.cancel(race)
            await reply(interaction, problem_text(interaction.channel_id, error))
            return
        except Exception as error:
            await races.cancel(race)
            await tell_member(interaction, error)
            return
        race = await races.posted(race, message.id)
        self.timer.board_sent(race.id)
        self.waiting_for_start(race.id, interaction)
        posted = _(
            "Your race is posted: {link}. You're in; your puzzle comes here when it starts, "
            "{when}.",
            link=message.jump_url,
            when=_when(race.starts_at),
        )
        await reply(interaction, render(posted, member_language(interaction)))

    @race.autocomplete("difficulty")
    async def _levels(self, interaction: discord.Interaction, current: str):
        try:
            levels = get_kind(interaction.namespace.kind).difficulties
        except (PuzzleError, TypeError):
            levels = ()
        return [
            app_commands.Choice(name=level, value=level)
            for level in levels
            if current.lower() in level
        ][:25]

    # --- members who leave ------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_member_remove(self, member: discord.Member) -> None:
        if self.races is not None:
            await self.races.member_left(member.guild.id, member.id)

    @commands.Cog.listener()
    async def on_member_join(self, member: discord.Member) -> None:
        if self.races is not None:
            await self.races.member_left(member.guild.id, member.id, left=False)

    # --- the Answer box, after a restart too ------------------------------------------------

    async def _answer_submitted(
        self, interaction: discord.Interaction, box: re.Match[str], fields: dict[str, str]
    ) -> None:
        races = _races(interaction)
        # As a daily answer: a read of a stored puzzle, bounded by the member's own window.
        races.puzzles.admit(
            interaction.user.id, interaction.guild_id, server_window=False, work=READING
        )
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            outcome = await races.answer(
                int(box["race"]), interaction.user.id, fields.get("answer", "")
            )
        except Exception as error:
            await tell_member(interaction, error)
            return
        said = render(outcome.message, member_language(interaction))
        await reply(interaction, discord.utils.escape_mentions(said)[:2000])

    # --- the RacePresenter the timer calls --------------------------------------------------

    async def _scoreboard(self, race: Race) -> discord.PartialMessage:
        channel = self.bot.get_channel(race.channel_id) or await self.bot.fetch_channel(
            race.channel_id
        )
        return channel.get_partial_message(race.message_id)  # type: ignore[union-attr]

    async def _language(self, race: Race) -> str:
        """The language of the race's server, which its board and results are written in."""
        return await server_language(self.bot, self.bot.get_guild(race.guild_id))

    async def show_board(self, race: Race, entries: list[Entry]) -> None:
        message = await self._scoreboard(race)
        language = await self._language(race)
        await message.edit(
            content=board_text(race, entries, language), view=board_view(race, language)
        )

    async def started(self, race: Race, entries: list[Entry]) -> None:
        """Each player whose Join is still at hand gets the puzzle at once, privately."""
        waiting = self._waiting.pop(race.id, {})
        players = {entry.user_id for entry in entries}

        async def hand_over(interaction: discord.Interaction) -> None:
            content, file, view = puzzle_message(race, member_language(interaction))
            extra = {"file": file} if file else {}
            await interaction.followup.send(content, view=view, ephemeral=True, **extra)

        sent = await asyncio.gather(
            *(hand_over(i) for user, i in waiting.items() if user in players),
            return_exceptions=True,
        )
        for failure in (result for result in sent if isinstance(result, Exception)):
            # An expired token, say: the player still has My puzzle on the scoreboard.
            log.warning("race %s: a player's puzzle could not be handed over: %s", race.id, failure)

    async def post_results(self, race: Race, entries: list[Entry]) -> None:
        message = await self._scoreboard(race)
        kind = get_kind(race.kind)
        language = await self._language(race)
        extra = {}
        if race.solution_image:
            extra["file"] = discord.File(
                io.BytesIO(race.solution_image),
                filename=f"{kind.name}-race-answer.png",
                description=solution_alt_text(kind, race.puzzle_text or "", language),
            )
        await message.channel.send(results_text(race, entries, language), **extra)


# --- what the daily cog's /leaderboard and /stats show of races -------------------------------


def ratings_text(rows: list[Rating], language: str = ENGLISH) -> str:
    if not rows:
        none_yet = _("No rated races yet: a race needs two players and one finisher to count.")
        return render(none_yet, language)
    lines = [
        f"{rank:>2}. {row.name[:24]:<24} {one_decimal(row.ordinal, language):>6}  "
        + races_and_wins(row, language)
        for rank, row in enumerate(rows, start=1)
    ]
    return "\n".join(lines)


def races_and_wins(rating: Rating, language: str) -> str:
    """'3 races, 1 win'"""
    races = ngettext("{count} race", "{count} races", rating.races)
    wins = ngettext("{count} win", "{count} wins", rating.wins)
    # Translators: a member's race record: "3 races, 1 win"
    return render(_("{races}, {wins}", races=races, wins=wins), language)


async def show_race_board(interaction: discord.Interaction) -> None:
    """/leaderboard board:races: the server's race ratings, best first."""
    guild_id = _guild_only(interaction)
    races = _races(interaction)
    language = await server_language(interaction.client, interaction.guild)  # a public reply
    text = ratings_text(await races.board(guild_id, BOARD_SIZE), language)
    title = _("Race ratings: {server}", server=server_name(interaction))
    embed = discord.Embed(
        title=render(title, language)[:256],
        description=f"```\n{text[:3900]}\n```",
        colour=discord.Colour.gold(),
    )
    footer = _("openskill rating (mu - 3 sigma); a newcomer starts at 0")
    embed.set_footer(text=render(footer, language))
    await interaction.response.send_message(embed=embed)  # one quick read: no defer


async def race_rating_text(
    interaction: discord.Interaction, user_id: int, language: str = ENGLISH
) -> str:
    """A member's race rating for /stats, or '' when they have none (or races are off)."""
    cog = interaction.client.get_cog("Races")  # type: ignore[union-attr]
    if cog is None or cog.races is None or interaction.guild_id is None:
        return ""
    rating = await cog.races.rating(interaction.guild_id, user_id)
    if rating is None:
        return ""
    said = _(
        "race rating {rating} ({record})",
        rating=one_decimal(rating.ordinal, language),
        record=races_and_wins(rating, language),
    )
    return ", " + render(said, language)


async def forget_race_data(interaction: discord.Interaction, guild_id: int, user_id: int) -> int:
    """Delete a member's race results and rating in one server (for the daily cog's
    /delete-my-data and forget-member); how many race results were deleted."""
    cog = interaction.client.get_cog("Races")  # type: ignore[union-attr]
    if cog is None or cog.races is None:
        return 0
    return await cog.races.forget_member(guild_id, user_id)


async def setup(bot: PuzzleBot) -> None:
    await bot.add_cog(Races(bot))
