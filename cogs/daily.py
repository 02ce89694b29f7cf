"""Daily puzzles in Discord: server settings, the buttons of a day (Play, Answer, Hint, Give
up, Share, Show how), /leaderboard, /stats, and a member's right to have their data deleted.

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
import logging
import re
from typing import TYPE_CHECKING, Literal, Self, cast

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.daily import calendar
from bot.daily.export import export_file
from bot.daily.game import PERIOD_NAMES, PERIODS, DailyService, MemberStats
from bot.daily.posts import card
from bot.daily.scoring import HINT_COST, Streaks, clock_text, rule_text
from bot.daily.store import POST_LAYOUTS, Post
from bot.puzzle_service import Refusal
from bot.ratelimit import READING, SOLVING
from cogs._persistent import FAMILY, PersistentButton, open_text_box, text_box_routes
from cogs.errors import answered, reply, think, think_publicly
from cogs.puzzles import ALT_TEXT_LIMIT, alt_text, kind_choices, labelled
from cogs.race import forget_race_data, race_rating_text, show_race_board
from puzzles import PuzzleError, all_kinds, get_kind
from puzzles.core import plural
from renderers.leaderboard import LeaderboardRow, LeaderboardView, leaderboard_text
from renderers.stats import DayResult, StatsView

if TYPE_CHECKING:
    from bot.app import PuzzleBot

log = logging.getLogger(__name__)

# Where the commands that need a server may run: in servers alone, not the bot's DM (the
# bot's default, bot/app.py). discord.py's guild_only marks only the server as allowed and
# leaves the DM to that default, so these say both.
IN_SERVERS = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
in_servers_only = app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
KindChoice = app_commands.Choice[str]  # a kind by its title; its value is the stable name
MAX_UPLOAD = 10 * 1024 * 1024  # Discord's upload limit for a server without boosts


def _bot(interaction: discord.Interaction) -> PuzzleBot:
    return cast("PuzzleBot", interaction.client)  # the only client this cog joins


def _daily(interaction: discord.Interaction) -> DailyService:
    daily = _bot(interaction).daily
    assert daily is not None, "the cog answers only a bot that serves commands"
    return daily


def _name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


def _guild_only(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise Refusal("Daily puzzles live in servers; use this command in one.")
    return interaction.guild_id


def _guild_name(interaction: discord.Interaction) -> str:
    return interaction.guild.name if interaction.guild else "this server"


def _require_manager(interaction: discord.Interaction) -> None:
    permissions = interaction.permissions
    if not (permissions.manage_guild or permissions.administrator):
        raise Refusal("Only members with the Manage Server permission can change these settings.")


def _cog(interaction: discord.Interaction) -> Daily:
    cog = _bot(interaction).get_cog("Daily")
    assert isinstance(cog, Daily), "the buttons answer only while the cog is loaded"
    return cog


def _admit_read(interaction: discord.Interaction) -> None:
    """Boards and stats: a cheap read (the member's reads window) and the pool's room."""
    _daily(interaction).puzzles.admit(interaction.user.id, interaction.guild_id, work=READING)


def _admit_play(interaction: discord.Interaction, work: str) -> None:
    """Answers (a read of a stored puzzle) and hints (solving work): the member's own limit
    and the pool's room, not the server's window, since a daily post brings many members at
    once."""
    _daily(interaction).puzzles.admit(
        interaction.user.id, interaction.guild_id, server_window=False, work=work
    )


# --- buttons ------------------------------------------------------------------------------


class DayButton(PersistentButton, template=FAMILY):
    """A button about one kind's puzzle of one day; its custom id
    ('puzzlebot:<action>:<kind>:<day>') is its whole state."""

    action = ""

    def __init__(self, kind_name: str, day: dt.date, label: str | None = None):
        super().__init__(f"puzzlebot:{self.action}:{kind_name}:{day.isoformat()}", label)
        self.kind_name, self.day = kind_name, day

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(match["kind"], dt.date.fromisoformat(match["day"]))


def _template(action: str) -> str:
    return rf"puzzlebot:{action}:(?P<kind>[a-z]+):(?P<day>\d{{4}}-\d{{2}}-\d{{2}})"


class PlayButton(DayButton, template=_template("play")):
    """Under a daily post: shows the puzzle privately to whoever presses it and starts their
    timer (the post itself never shows the puzzle)."""

    action, label, style = "play", "Play", discord.ButtonStyle.primary

    async def pressed(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await show_play(interaction, get_kind(self.kind_name), self.day)


async def show_play(interaction: discord.Interaction, kind, day: dt.date, note: str = "") -> None:
    """Open the member's play (its first opening starts the timer) and show them the puzzle
    privately, in the deferred reply, with what they can do next."""
    guild_id = _guild_only(interaction)
    daily, play, post = await _daily(interaction).open_play(
        guild_id, interaction.user.id, _name(interaction.user), kind, day
    )
    _cog(interaction).cards.refresh_soon(post)  # maybe a new player: the post counts them
    if play.solved_at:
        state, view = "You solved this one already.", share_view(kind.name, day)
    elif play.gave_up_at:
        state, view = "You gave up on this one; a new one comes tomorrow.", None
    else:
        state, view = "Your timer is running.", playing_view(kind, day)
    lines = [note] if note else []
    lines.append(f"**{kind.title} #{daily.number}** · {state}\n```\n{daily.puzzle_text}\n```")
    if not play.over:
        lines.append(f"Press **Answer** when you have it (or `/daily answer {kind.name}`).")
    content = "\n".join(lines)
    file = discord.File(
        io.BytesIO(daily.image),
        filename=f"{kind.name}.png",
        description=alt_text(kind, "to play, unsolved", daily.puzzle_text),
    )
    await interaction.edit_original_response(
        content=content[:2000], attachments=[file], view=view or discord.utils.MISSING
    )


def playing_view(kind, day: dt.date) -> discord.ui.View:
    """Under a member's open puzzle: Answer, Hint (saying what it costs) and Give up."""
    view = discord.ui.View(timeout=None)
    view.add_item(AnswerButton(kind.name, day))
    if kind.hint is not None:
        view.add_item(HintButton(kind.name, day))
    view.add_item(GiveUpButton(kind.name, day))
    return view


def share_view(kind_name: str, day: dt.date) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ShareButton(kind_name, day))
    return view


class AnswerButton(DayButton, template=_template("answer")):
    action, label, style = "answer", "Answer", discord.ButtonStyle.success

    async def pressed(self, interaction: discord.Interaction) -> None:
        """The text box, unless there is nothing to answer: a solved or given-up play is
        said at once, and a puzzle not opened yet is opened (Play) instead."""
        kind = get_kind(self.kind_name)
        guild_id = _guild_only(interaction)
        play = await _daily(interaction).play_of(guild_id, interaction.user.id, kind, self.day)
        if play is None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await show_play(interaction, kind, self.day)
        elif play.solved_at is not None:
            await interaction.response.send_message(
                f"You already solved this {kind.title}; one result per puzzle.",
                view=share_view(kind.name, self.day),
                ephemeral=True,
            )
        elif play.gave_up_at is not None:
            await interaction.response.send_message(
                f"You gave up on this {kind.title}; a new one comes tomorrow.", ephemeral=True
            )
        else:
            await open_text_box(interaction, AnswerBox(self.kind_name, self.day))


ANSWER_BOX = _template("answerbox")


class AnswerBox(discord.ui.Modal):
    """The text box for a daily answer. Its custom id says which puzzle it answers, and its
    submission is routed by that id (cogs/_persistent.py), so a box opened before a restart
    still works after it."""

    def __init__(self, kind_name: str, day: dt.date):
        kind = get_kind(kind_name)
        super().__init__(
            title=f"Your {kind.title} answer"[:45],
            timeout=None,
            custom_id=f"puzzlebot:answerbox:{kind_name}:{day.isoformat()}",
        )
        box = discord.ui.TextInput(
            custom_id="answer",
            style=discord.TextStyle.paragraph if kind.multiline_input else discord.TextStyle.short,
            max_length=min(4000, kind.max_input_chars),
        )
        self.add_item(labelled("Answer", box))


class HintButton(DayButton, template=_template("dhint")):
    """Says what a hint costs before it is taken."""

    action, label = "dhint", f"Hint (-{HINT_COST} points)"
    archive = False  # a hint on an archive play (ArchiveHintButton)

    async def pressed(self, interaction: discord.Interaction) -> None:
        guild_id = _guild_only(interaction)
        _admit_play(interaction, SOLVING)
        await interaction.response.defer(ephemeral=True, thinking=True)
        kind = get_kind(self.kind_name)
        daily, result = await _daily(interaction).hint(
            guild_id, interaction.user.id, _name(interaction.user), kind, self.day,
            self.archive,
        )  # fmt: skip
        attachments = []
        if result.png:
            # A hint in words alone leaves the picture as the puzzle stands (bot/jobs.py).
            words_only = isinstance(result.value, str)
            shows = (
                "unsolved (the hint is in the message)" if words_only else "with the hint marked"
            )
            attachments.append(
                discord.File(
                    io.BytesIO(result.png),
                    filename=f"{kind.name}-hint.png",
                    description=alt_text(kind, shows, daily.puzzle_text),
                )
            )
        text = discord.utils.escape_mentions(result.text)[:1900]
        await interaction.edit_original_response(
            content=f"**Hint** (-{HINT_COST} points)\n{text}", attachments=attachments
        )


class GiveUpButton(DayButton, template=_template("giveup")):
    """Asks first: giving up shows the answer and ends the day unsolved."""

    action, label, style = "giveup", "Give up", discord.ButtonStyle.secondary

    async def pressed(self, interaction: discord.Interaction) -> None:
        kind = get_kind(self.kind_name)
        view = discord.ui.View(timeout=None)
        view.add_item(RevealButton(self.kind_name, self.day))
        await interaction.response.send_message(
            f"Give up this {kind.title}? You will see the answer; today's {kind.title} counts "
            "as not solved and ends your streak, as a missed day does. It is not a wrong "
            "answer.",
            view=view,
            ephemeral=True,
        )


class RevealButton(DayButton, template=_template("reveal")):
    action, label, style = "reveal", "Show me the answer", discord.ButtonStyle.danger
    archive = False  # giving up an archive play (ArchiveRevealButton)

    async def pressed(self, interaction: discord.Interaction) -> None:
        guild_id = _guild_only(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        kind = get_kind(self.kind_name)
        daily, play = await _daily(interaction).give_up(
            guild_id, interaction.user.id, _name(interaction.user), kind, self.day,
            self.archive,
        )  # fmt: skip
        said = "You solved it" if play.solved_at else "You gave up"
        await interaction.edit_original_response(
            content=solution_text(f"{said}. **{kind.title} #{daily.number}**:", daily),
            attachments=solution_picture(kind, daily),
        )


class ShareButton(DayButton, template=_template("share")):
    """Posts the member's spoiler-free result where the puzzle was played (the channel, or
    the day's thread when the post is in one)."""

    action, label, style = "share", "Share", discord.ButtonStyle.primary

    async def pressed(self, interaction: discord.Interaction) -> None:
        guild_id, kind = _guild_only(interaction), get_kind(self.kind_name)
        line = await _daily(interaction).share(guild_id, interaction.user.id, kind, self.day)
        who = discord.utils.escape_markdown(_name(interaction.user))
        shared = discord.utils.escape_mentions(f"**{who}** · {line}")
        thread_id = await _daily(interaction).share_thread(guild_id, kind, self.day)
        if thread_id is not None:
            await share_in_thread(interaction, thread_id, shared)
            return
        await interaction.response.send_message(
            shared, allowed_mentions=discord.AllowedMentions.none()
        )


async def share_in_thread(interaction: discord.Interaction, thread_id: int, shared: str) -> None:
    """Post the member's result in the day's thread and tell them privately where; a thread
    deleted or locked meanwhile cannot take it, and the member gets the line to post."""
    await think(interaction, private=True)  # a post to make first: Discord's 3 s are kept
    client = interaction.client
    try:
        thread = client.get_channel(thread_id) or await client.fetch_channel(thread_id)
        await thread.send(shared, allowed_mentions=discord.AllowedMentions.none())  # type: ignore[union-attr]
        said = f"Shared in <#{thread_id}>."
    except discord.HTTPException:
        said = f"The day's thread is gone or locked, so I could not share it there:\n{shared}"
    await reply(interaction, said, ephemeral=True)


class ShowHowButton(DayButton, template=_template("how")):
    """Under a close: the worked solution, to whoever asks, privately."""

    action, label = "how", "Show how"

    async def pressed(self, interaction: discord.Interaction) -> None:
        guild_id = _guild_only(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        kind = get_kind(self.kind_name)
        daily = await _daily(interaction).how(guild_id, kind, self.day)
        await interaction.edit_original_response(
            content=solution_text(f"**{kind.title} #{daily.number}**, how:", daily)
        )


def solution_text(heading: str, daily) -> str:
    """A heading and the stored worked solution, cut to one message."""
    room = 2000 - len(heading) - 20
    body = (
        daily.solution_text
        if len(daily.solution_text) <= room
        else (daily.solution_text[: room - 2] + "\n…")
    )
    return f"{heading}\n```\n{body}\n```"


def solution_picture(kind, daily) -> list[discord.File]:
    if not daily.solution_image:
        return []
    return [
        discord.File(
            io.BytesIO(daily.solution_image),
            filename=f"{kind.name}-solution.png",
            description=alt_text(kind, "with its solution drawn in", daily.puzzle_text),
        )
    ]


async def submit_answer(
    interaction: discord.Interaction, kind, day: dt.date | None, answer: str, archive: bool = False
) -> None:
    """Check a member's answer to the puzzle of `day` (None: the latest posted), or to an
    earlier day's from the archive."""
    guild_id = _guild_only(interaction)
    _admit_play(interaction, READING)
    await interaction.response.defer(ephemeral=True, thinking=True)
    if day is None:
        day = (await _daily(interaction).latest_post(guild_id, kind)).day
    outcome = await _daily(interaction).answer(
        guild_id, interaction.user.id, _name(interaction.user), kind, day, answer, archive
    )
    if outcome.opened:  # not checked: the puzzle was not theirs yet, Play opened instead
        show = show_archive_play if archive else show_play
        await show(interaction, kind, day, note=outcome.message)
        return
    text = discord.utils.escape_mentions(outcome.message)
    view = discord.utils.MISSING
    if outcome.share:
        text += f"\nShare it (no spoilers), or press **Share**:\n```\n{outcome.share}\n```"
        view = share_view(kind.name, day)
    await interaction.edit_original_response(content=text[:2000], view=view)


def day_view(button: type[DayButton], kind_names: list[str], day: dt.date) -> discord.ui.View:
    """One button per kind (named after it when there are several)."""
    view = discord.ui.View(timeout=None)
    for name in kind_names:
        label = button.label if len(kind_names) == 1 else f"{button.label} {get_kind(name).title}"
        view.add_item(button(name, day, label=label[:80]))
    return view


def play_view(kind_names: list[str], day: dt.date) -> discord.ui.View:
    """The Play buttons under a daily post."""
    return day_view(PlayButton, kind_names, day)


def how_view(kind_names: list[str], day: dt.date) -> discord.ui.View:
    """The Show how buttons under a day's close."""
    return day_view(ShowHowButton, kind_names, day)


class PostCards:
    """Keeps each daily post's "played" counts current, editing a post at most once per
    `delay` seconds however many members press Play (Discord limits message edits)."""

    def __init__(self, bot: PuzzleBot, delay: float = 15.0):
        self.bot, self.delay = bot, delay
        self._pending: set[int] = set()
        self._tasks: set[asyncio.Task] = set()

    def refresh_soon(self, post: Post) -> None:
        if post.message_id is None or post.message_id in self._pending:
            return
        self._pending.add(post.message_id)
        task = asyncio.get_running_loop().create_task(self._refresh(post))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _refresh(self, post: Post) -> None:
        try:
            await asyncio.sleep(self.delay)
            daily = self.bot.daily
            assert daily is not None and post.message_id is not None
            carried = await daily.store.posts_in_message(post.guild_id, post.message_id)
            cards = await daily.day_cards(post.guild_id, post.day, [p.kind for p in carried])
            channel = self.bot.get_channel(post.channel_id) or await self.bot.fetch_channel(
                post.channel_id
            )
            message = channel.get_partial_message(post.message_id)  # type: ignore[union-attr]
            await message.edit(embeds=[card(found) for found in cards])
        except discord.HTTPException as error:  # the post is gone: nothing to count on
            log.info("could not refresh the cards of daily post %s: %s", post.message_id, error)
        except Exception:  # a count is not worth a crash; the next Play tries again
            log.exception("refreshing the cards of daily post %s failed", post.message_id)
        finally:
            self._pending.discard(post.message_id)

    def cancel(self) -> None:
        for task in self._tasks:
            task.cancel()


# --- the archive: an earlier day's puzzle, unranked ----------------------------------------


async def show_archive_play(
    interaction: discord.Interaction, kind, day: dt.date, note: str = ""
) -> None:
    """Open the member's archive play of a closed day (its first opening starts the timer)
    and show the puzzle privately, in the deferred reply: as Play does for the daily."""
    guild_id = _guild_only(interaction)
    daily, play, _ = await _daily(interaction).open_play(
        guild_id, interaction.user.id, _name(interaction.user), kind, day, archive=True
    )
    if play.solved_at:
        state, view = "You solved this one from the archive already.", None
    elif play.gave_up_at:
        state, view = "You gave up on this one and saw its answer.", None
    else:
        state, view = "Your timer is running; archive plays are unranked.", archive_view(kind, day)
    lines = [note] if note else []
    lines.append(
        f"**{kind.title} #{daily.number}** of {day:%A %d %B %Y}, from the archive · {state}"
        f"\n```\n{daily.puzzle_text}\n```"
    )
    file = discord.File(
        io.BytesIO(daily.image),
        filename=f"{kind.name}.png",
        description=alt_text(kind, "to play, unsolved", daily.puzzle_text),
    )
    await interaction.edit_original_response(
        content="\n".join(lines)[:2000], attachments=[file], view=view or discord.utils.MISSING
    )


def archive_view(kind, day: dt.date) -> discord.ui.View:
    """Under an open archive puzzle: Answer, Hint and Give up, as under the daily one."""
    view = discord.ui.View(timeout=None)
    view.add_item(ArchiveAnswerButton(kind.name, day))
    if kind.hint is not None:
        view.add_item(ArchiveHintButton(kind.name, day))
    view.add_item(ArchiveGiveUpButton(kind.name, day))
    return view


class ArchiveAnswerButton(DayButton, template=_template("xanswer")):
    """The text box for an archive answer; a play that is over is shown as it stands."""

    action, label, style = "xanswer", "Answer", discord.ButtonStyle.success

    async def pressed(self, interaction: discord.Interaction) -> None:
        kind = get_kind(self.kind_name)
        guild_id = _guild_only(interaction)
        play = await _daily(interaction).play_of(
            guild_id, interaction.user.id, kind, self.day, archive=True
        )
        if play is None or play.over:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await show_archive_play(interaction, kind, self.day)
        else:
            await open_text_box(interaction, ArchiveAnswerBox(self.kind_name, self.day))


ARCHIVE_BOX = _template("xanswerbox")


class ArchiveAnswerBox(AnswerBox):
    """The Answer box of an archive play, routed by its own custom id (after a restart too)."""

    def __init__(self, kind_name: str, day: dt.date):
        super().__init__(kind_name, day)
        self.custom_id = f"puzzlebot:xanswerbox:{kind_name}:{day.isoformat()}"


class ArchiveHintButton(HintButton, template=_template("xhint")):
    action, archive = "xhint", True


class ArchiveRevealButton(RevealButton, template=_template("xreveal")):
    action, archive = "xreveal", True


class ArchiveGiveUpButton(DayButton, template=_template("xgiveup")):
    """Asks first; giving up an archive play touches no streak (it never counted)."""

    action, label, style = "xgiveup", "Give up", discord.ButtonStyle.secondary

    async def pressed(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(ArchiveRevealButton(self.kind_name, self.day))
        await interaction.response.send_message(
            f"Give up this {get_kind(self.kind_name).title} from the archive? You will see "
            "the answer and it counts as not solved in your archive play; your daily "
            "figures and streak stay as they are.",
            view=view,
            ephemeral=True,
        )


# --- the notify role ----------------------------------------------------------------------


def notify_role_problem(guild: discord.Guild, role: discord.Role) -> str | None:
    """Why the bot cannot give members this role (Discord's rules), None if it can. Only a
    role below the bot's own highest role can be given, and only with Manage Roles."""
    me = guild.me
    if role.is_default() or role.managed:
        return (
            f"{role.mention} belongs to Discord or an integration and cannot be given to "
            "members: create a plain role (e.g. @Puzzlers) and choose it"
        )
    if not me.guild_permissions.manage_roles:
        return "I need the Manage Roles permission to give members the role"
    if role >= me.top_role:
        return (
            f"{role.mention} is at or above my highest role ({me.top_role.name}): drag my "
            "role above it in Server Settings -> Roles"
        )
    return None


def notify_ping_problem(guild: discord.Guild, role: discord.Role) -> str | None:
    """A role that is not mentionable pings nobody unless the bot may mention every role."""
    if role.mentionable or guild.me.guild_permissions.mention_everyone:
        return None
    return (
        f"{role.mention} cannot be pinged by me: turn on 'Allow anyone to @mention this "
        "role' in its settings (or give me Mention All Roles)"
    )


class NotifyButton(PersistentButton, template=r"puzzlebot:notify"):
    """Under a daily post of a server with a notify role: gives the member the role, or
    takes it back, and says which privately. The role is the server's current one."""

    label = "Notify me"

    def __init__(self):
        super().__init__("puzzlebot:notify")

    async def pressed(self, interaction: discord.Interaction) -> None:
        guild_id = _guild_only(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        settings = await _daily(interaction).settings(guild_id)
        guild = interaction.guild
        role_id = settings.notify_role_id if settings else None
        role = guild.get_role(role_id) if guild and role_id else None
        if guild is None or role is None:
            raise Refusal("This server has no daily notify role now, so there is no ping.")
        problem = notify_role_problem(guild, role)
        if problem:
            raise Refusal(f"I cannot give out that role yet: {problem}. Ask an admin.")
        await interaction.edit_original_response(content=await toggle_role(interaction, role))


async def toggle_role(interaction: discord.Interaction, role: discord.Role) -> str:
    """Give the member the role or take it back; what happened, in words."""
    member = interaction.user
    assert isinstance(member, discord.Member), "the button is only in servers"
    try:
        if any(held.id == role.id for held in member.roles):
            await member.remove_roles(role, reason="daily puzzles: Notify me pressed again")
            return f"Done: you no longer have {role.mention}, so daily posts will not ping you."
        await member.add_roles(role, reason="daily puzzles: Notify me")
        return (
            f"Done: you have {role.mention} now, so each daily post pings you. Press "
            "**Notify me** again to stop."
        )
    except discord.Forbidden:
        raise Refusal(
            "Discord did not let me change your roles (my role may be below that one): ask an "
            "admin to check my Manage Roles permission and my place in the roles list."
        ) from None


# --- deleting a member's data --------------------------------------------------------------


class ForgetButton(PersistentButton, template=r"puzzlebot:forget:(?P<user>\d+)"):
    """Confirms deleting one member's data in this server: pressed by that member, or by
    someone with Manage Server (for a member who left)."""

    label, style = "Delete for good", discord.ButtonStyle.danger

    def __init__(self, user_id: int):
        super().__init__(f"puzzlebot:forget:{user_id}")
        self.user_id = user_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["user"]))

    async def pressed(self, interaction: discord.Interaction) -> None:
        guild_id = _guild_only(interaction)
        if interaction.user.id != self.user_id:
            _require_manager(interaction)
        await interaction.response.defer()  # deletes take time: acknowledge first
        results = await _daily(interaction).forget_member(guild_id, self.user_id)
        database = _bot(interaction).database
        assert database is not None, "the cog answers only a bot that serves commands"
        commands_logged = await database.forget_commands(guild_id, self.user_id)
        races = await forget_race_data(interaction, guild_id, self.user_id)
        whose = "Your" if interaction.user.id == self.user_id else f"<@{self.user_id}>'s"
        await interaction.edit_original_response(
            content=f"Done. {whose} data in this server is deleted: "
            f"{plural(results, 'daily result')} (and the streaks and stats they made), "
            f"{plural(races, 'race result')} (and the race rating) and "
            f"{plural(commands_logged, 'logged command')}.",
            view=None,
        )


class KeepButton(PersistentButton, template=r"puzzlebot:keep"):
    label = "Cancel"

    def __init__(self):
        super().__init__("puzzlebot:keep")

    async def pressed(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content="Nothing was deleted.", view=None)


def confirm_view(user_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ForgetButton(user_id))
    view.add_item(KeepButton())
    return view


DYNAMIC_ITEMS = (
    PlayButton, AnswerButton, HintButton, GiveUpButton, RevealButton, ShareButton,
    ShowHowButton, ForgetButton, KeepButton, NotifyButton, ArchiveAnswerButton,
    ArchiveHintButton, ArchiveGiveUpButton, ArchiveRevealButton,
)  # fmt: skip


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
        _require_manager(interaction)
        guild_id = _guild_only(interaction)
        chosen = parse_kinds(kinds) if kinds else [kind.name for kind in all_kinds()]
        await think(interaction, private=True)
        await self.service.set_up(guild_id, channel.id, time, timezone, chosen)
        self._wake_scheduler()  # a post time already passed today posts now, as status says
        text = await self._status_text(guild_id)
        problem = posting_problem(channel)
        if problem:
            text += f"\nBefore it can work: {problem}"
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
        _require_manager(interaction)
        chosen = parse_kinds(kinds)
        guild_id = await self._configured(interaction)
        await self.service.set_kinds(guild_id, chosen)
        await reply(interaction, await self._status_text(guild_id), ephemeral=True)

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
        _require_manager(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild_id = await self._configured(interaction)
        await self.service.set_post_layout(guild_id, layout.value)
        await interaction.edit_original_response(content=await self._status_text(guild_id))

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
        _require_manager(interaction)
        guild_id = await self._configured(interaction)
        await self.service.set_difficulty(guild_id, get_kind(kind.value), level)
        await reply(interaction, await self._status_text(guild_id), ephemeral=True)

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

    @settings.command(name="pause", description="Stop posting daily puzzles until resumed")
    async def pause(self, interaction: discord.Interaction) -> None:
        await self._set_paused(interaction, True)

    @settings.command(name="resume", description="Post daily puzzles again")
    async def resume(self, interaction: discord.Interaction) -> None:
        await self._set_paused(interaction, False)

    async def _set_paused(self, interaction: discord.Interaction, paused: bool) -> None:
        _require_manager(interaction)
        guild_id = await self._configured(interaction)
        await self.service.set_paused(guild_id, paused)
        self._wake_scheduler()
        await reply(interaction, await self._status_text(guild_id), ephemeral=True)

    @daily.command(name="status", description="The daily-puzzle settings and the next post time")
    async def status(self, interaction: discord.Interaction) -> None:
        guild_id = await self._configured(interaction)
        await reply(interaction, await self._status_text(guild_id), ephemeral=True)

    async def _configured(self, interaction: discord.Interaction) -> int:
        """The server, once it is known to have daily puzzles set up; the private "thinking"
        comes first, since that takes the database."""
        guild_id = _guild_only(interaction)
        await think(interaction, private=True)
        await self.service.configured(guild_id)
        return guild_id

    def _wake_scheduler(self) -> None:
        """Check now: a post time already passed today posts now, as status says."""
        if self.bot.daily_scheduler is not None:
            self.bot.daily_scheduler.wake()

    async def _status_text(self, guild_id: int) -> str:
        """The settings, with every time as a Discord timestamp (each member sees it in their
        own time zone) and each kind's difficulty today."""
        settings = await self.service.configured(guild_id)
        upcoming = await self.service.next_post(settings)
        zone = calendar.parse_timezone(settings.timezone)
        today = calendar.local_day(self.service.clock(), zone)
        at = calendar.post_moment(today, calendar.parse_post_time(settings.post_time), zone)
        how = "together, one post" if settings.post_layout == "together" else "one post each"
        lines = [
            f"Daily puzzles go to <#{settings.channel_id}> at {settings.post_time} "
            f"{settings.timezone} ({timestamp(at, 't')} your time), {how}.",
            f"Puzzles: {', '.join(get_kind(name).title for name in settings.kinds)}.",
            difficulty_text(self.service.difficulties_on(settings, today), today),
            "Paused." if settings.paused else next_post_text(upcoming, self.service.clock()),
        ]
        if settings.threads:
            lines.append("Each post gets a thread for sharing results; the close answers there.")
        if settings.notify_role_id:
            lines.append(f"Each post pings <@&{settings.notify_role_id}> (Notify me gives it).")
        if settings.last_error:
            when = timestamp(dt.datetime.fromisoformat(settings.last_error_at), "f")
            lines.append(f"Last problem ({when}): {settings.last_error}. I keep retrying.")
        for post in await self.service.unposted_closes(guild_id):
            lines.append(
                f"The answer to {get_kind(post.kind).title} of {post.day:%A %d %B} was not "
                f"posted ({post.close_error}); I stopped trying after "
                f"{plural(post.close_failures, 'try', 'tries')}. Its results are kept and count."
            )
        return "\n".join(lines)

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
        _guild_only(interaction)
        day = parse_day(date)
        _admit_play(interaction, READING)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await show_archive_play(interaction, get_kind(kind.value), day)

    @archive.autocomplete("date")
    async def _archive_days(self, interaction: discord.Interaction, current: str):
        try:
            kind = get_kind(interaction.namespace.kind)
        except (PuzzleError, TypeError):
            return []  # no kind chosen yet: no days to offer
        days = await self.service.archive_days(_guild_only(interaction), kind, current)
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
        _require_manager(interaction)
        guild_id = await self._configured(interaction)  # thinks first: it takes the database
        await self.service.set_threads(guild_id, threads == "on")
        self._wake_scheduler()  # today's open post gets its thread now
        if threads == "off":
            said = "Daily posts get no thread from now on; results are shared in the channel."
        else:
            said = (
                "Each daily post now gets a thread: **Share** posts results there, and the "
                "day's close posts the answers in it and archives it."
            )
            settings = await self.service.settings(guild_id)
            channel = interaction.guild.get_channel(settings.channel_id) if settings else None
            problem = posting_problem(channel, THREAD_NEEDS, "open the daily threads in")
            if problem:
                said += f"\nBefore it can work: {problem}"
        await reply(interaction, said, ephemeral=True)

    @settings.command(
        name="notify-role", description="A role each daily post pings (leave empty: no ping)"
    )
    @app_commands.describe(role="the role to ping; members take it with the post's Notify me")
    async def set_notify_role(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        _require_manager(interaction)
        guild = interaction.guild
        assert guild is not None, "a server-only command"
        if role is not None and (role.is_default() or role.managed):  # refused at once
            raise Refusal(notify_role_problem(guild, role) or "choose another role")
        guild_id = await self._configured(interaction)  # thinks first: it takes the database
        await self.service.set_notify_role(guild_id, role.id if role else None)
        if role is None:
            said = "Daily posts ping nobody now, and carry no Notify me button."
        else:
            said = (
                f"Each daily post now pings {role.mention} (nobody else) and has a **Notify "
                "me** button that gives members the role or takes it back."
            )
            problems = [p for p in (notify_role_problem(guild, role),
                                    notify_ping_problem(guild, role)) if p]  # fmt: skip
            if problems:
                said += "\nBefore it can work: " + "; ".join(problems) + "."
        await reply(interaction, said, ephemeral=True)

    @settings.command(name="export", description="Every member's daily results here, as CSV")
    async def export_server(self, interaction: discord.Interaction) -> None:
        _require_manager(interaction)
        await self._send_export(interaction, None, "all")

    async def _send_export(
        self, interaction: discord.Interaction, user_id: int | None, whose: str,
        kind: KindChoice | None = None,
    ) -> None:  # fmt: skip
        """The results (of one kind, if chosen) as a CSV file, privately; built in a thread
        (a big server's is big)."""
        guild_id = _guild_only(interaction)
        _admit_read(interaction)
        await think(interaction, private=True)
        results = await self.service.results(guild_id, user_id)
        if kind is not None:
            results = [result for result in results if result["kind"] == kind.value]
        limit = interaction.guild.filesize_limit if interaction.guild else MAX_UPLOAD
        data, name = await asyncio.to_thread(export_file, results, f"daily-{whose}", limit)
        if data is None:
            raise Refusal(
                f"{plural(len(results), 'result')} make a file larger than Discord lets me "
                "send here, even zipped."
            )
        await interaction.edit_original_response(
            content=f"{plural(len(results), 'result')} in {_guild_name(interaction)}: one row "
            "each (daily and archive plays).",
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
        guild_id = _guild_only(interaction)
        _admit_read(interaction)
        await think_publicly(interaction)  # a failure from here on is told privately
        puzzle_kind = get_kind(kind.value) if kind else None
        ranked = await self.service.board(guild_id, puzzle_kind, period)
        view = LeaderboardView(
            title=f"{puzzle_kind.title if puzzle_kind else 'All puzzles'}: "
            f"{_guild_name(interaction)}",
            period=PERIOD_NAMES[period],
            rows=tuple(
                LeaderboardRow(
                    rank=rank,
                    name=row.name,
                    solved=row.solved,
                    played=row.played,
                    score=f"{row.points:,} pts",
                    best_time=clock_text(row.best_seconds) if row.best_seconds is not None else "-",
                    streak=streak,
                )
                for rank, (row, streak) in enumerate(ranked, start=1)
            ),
            footer=rule_text(puzzle_kind.name if puzzle_kind else None),
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
            io.BytesIO(png), filename="leaderboard.png", description=board_alt_text(view)
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
                    "An export holds your own results only; admins export everyone's with "
                    "/puzzle-settings export."
                )
            whose = str(interaction.user.id)
            await self._send_export(interaction, interaction.user.id, whose, kind)
            return
        guild_id = _guild_only(interaction)
        who = member or interaction.user
        _admit_read(interaction)
        await think_publicly(interaction)  # a failure from here on is told privately
        puzzle_kind = get_kind(kind.value) if kind else None
        found = await self.service.stats(guild_id, who.id, puzzle_kind)
        view = StatsView(
            name=_name(who),
            kind_title=puzzle_kind.title if puzzle_kind else "All puzzles",
            played=found.played,
            solved=found.solved,
            win_rate=found.win_rate,
            current_streak=found.streaks.current,
            longest_streak=found.streaks.longest,
            bests=tuple(
                (label, value)
                for label, value in (
                    (
                        "fastest",
                        clock_text(found.fastest_seconds)
                        if found.fastest_seconds is not None
                        else None,
                    ),
                    (
                        "best score",
                        f"{found.best_points} pts" if found.best_points is not None else None,
                    ),
                    ("fewest tries", str(found.fewest_attempts) if found.fewest_attempts else None),
                )
                if value
            ),
            last_30_days=tuple(
                DayResult(day, status, value) for day, status, value in found.last_30
            ),
        )
        from renderers.stats import draw_stats

        png = await self.service.puzzles.draw("the stats card", draw_stats, view)
        text = (
            f"**{discord.utils.escape_markdown(view.name)}** · {view.kind_title}: "
            f"played {found.played}, solved {found.solved} ({found.win_rate:.0%}), "
            f"streak {found.streaks.current} (longest {found.streaks.longest})"
            f"{freeze_text(found.streaks)}{archive_text(found)}"
        ) + await race_rating_text(interaction, who.id)
        await interaction.edit_original_response(
            content=discord.utils.escape_mentions(text),
            attachments=[
                discord.File(
                    io.BytesIO(png), filename="stats.png", description=stats_alt_text(view)
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
        _guild_only(interaction)
        await interaction.response.send_message(
            "This deletes your daily results, streaks and stats and the log of your commands "
            f"in **{discord.utils.escape_markdown(_guild_name(interaction))}**, for good. "
            "Other servers keep theirs.",
            view=confirm_view(interaction.user.id),
            ephemeral=True,
        )

    @settings.command(
        name="forget-member", description="Delete a member's data here (e.g. one who left)"
    )
    @app_commands.describe(user_id="their Discord user id (Developer Mode: Copy User ID)")
    async def forget_member(self, interaction: discord.Interaction, user_id: str) -> None:
        _require_manager(interaction)
        _guild_only(interaction)
        member_id = parse_user_id(user_id)
        await interaction.response.send_message(
            f"This deletes the daily results, streaks, stats and logged commands of <@{member_id}> "
            "in this server, for good.",
            view=confirm_view(member_id),
            ephemeral=True,
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
    "view_channel": "to see the channel",
    "send_messages": "to post the puzzles and the answers",
    "attach_files": "to attach the puzzle pictures",
    "read_message_history": "to find a post sent just before a restart, so it is not sent twice",
}


# What the bot needs in the daily channel when threads are on, and what for.
THREAD_NEEDS = {
    "create_public_threads": "to open a thread on each daily post",
    "send_messages_in_threads": "to post shared results and the answers there",
}


def posting_problem(channel, needs=None, doing: str = "post in") -> str | None:
    """What the bot lacks of `needs` (by default, what posting daily puzzles needs) in the
    channel, from the server's roles and the channel's overwrites as Discord sent them,
    each with what it is for; None if nothing (or unknown)."""
    guild = getattr(channel, "guild", None)
    me = guild.me if guild is not None else None
    if me is None or not hasattr(channel, "permissions_for"):
        return None
    allowed = channel.permissions_for(me)
    missing = [
        f"{name.replace('_', ' ').title()} ({purpose})"
        for name, purpose in (needs or POSTING_NEEDS).items()
        if not getattr(allowed, name)
    ]
    if not missing:
        return None
    return f"I may not {doing} {channel.mention}: give me {'; '.join(missing)} there."


def board_alt_text(view: LeaderboardView) -> str:
    """What the leaderboard picture shows, for members who cannot see it."""
    ranked = "; ".join(
        f"{row.rank}. {row.name}, {row.score}, solved {row.solved} of {row.played}"
        for row in view.rows
    )
    return f"Leaderboard, {view.title}, {view.period}: {ranked or 'no results yet'}."[
        :ALT_TEXT_LIMIT
    ]


def stats_alt_text(view: StatsView) -> str:
    """What the stats card shows, for members who cannot see it."""
    bests = "".join(f", {label} {value}" for label, value in view.bests)
    solved_days = sum(1 for day in view.last_30_days if day.status == "solved")
    return (
        f"Daily-puzzle stats of {view.name}, {view.kind_title}: played {view.played}, "
        f"solved {view.solved} ({view.win_rate:.0%}), streak {view.current_streak} "
        f"(longest {view.longest_streak}){bests}; solved on {solved_days} of the last 30 days."
    )[:ALT_TEXT_LIMIT]


def timestamp(moment: dt.datetime, style: str = "F") -> str:
    """A Discord timestamp: each member sees `moment` in their own time zone."""
    return f"<t:{int(moment.timestamp())}:{style}>"


def next_post_text(upcoming: dt.datetime, now: dt.datetime) -> str:
    if upcoming <= now:
        return "Next post: today's puzzles are going out now."
    return f"Next post: {timestamp(upcoming)} ({timestamp(upcoming, 'R')})."


def difficulty_text(levels: list[tuple[str, str, bool]], today: dt.date) -> str:
    """Each kind's difficulty today, fixed or following the week."""
    if not levels:
        return "Difficulty: these puzzles have one level."
    shown = "; ".join(
        f"{title}: {level}" + (" (fixed)" if fixed else " (follows the week)")
        for title, level, fixed in levels
    )
    return (
        f"Difficulty on {today:%A}: {shown}. Following the week: Monday easiest to Sunday hardest."
    )


def parse_day(text: str) -> dt.date:
    """'2026-11-23' -> the date; a PuzzleError says the form."""
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise PuzzleError(
            f"{text!r} is not a date: pick a day from the list, or type it year first",
            example="2026-11-23",
        ) from None


def freeze_text(streaks: Streaks) -> str:
    """', 1 freeze held, 1 day saved (Tue 24 Nov)': the streak freezes, when there are any."""
    if not streaks.freezes and not streaks.saved:
        return ""
    text = f", {plural(streaks.freezes, 'freeze')} held"
    if streaks.saved:
        days = ", ".join(f"{day:%a %d %b}" for day in streaks.saved[-5:])
        text += f", {plural(len(streaks.saved), 'day')} saved ({days})"
    return text


def archive_text(found: MemberStats) -> str:
    """The archive plays, apart from the daily figures (they never count there)."""
    if not found.archive_played:
        return ""
    return f"; archive (unranked): played {found.archive_played}, solved {found.archive_solved}"


def parse_user_id(text: str) -> int:
    """'123456789012345678' or a mention '<@123...>' -> the id; a PuzzleError says the form."""
    match = re.fullmatch(r"\s*(?:<@!?)?(\d{15,21})>?\s*", text)
    if match is None:
        raise PuzzleError(
            f"{text!r} is not a Discord user id",
            example="123456789012345678 (Developer Mode on, right-click the member: Copy User ID)",
        )
    return int(match[1])


def parse_kinds(text: str) -> list[str]:
    """'letterboxed, Sudoku' -> ['letterboxed', 'sudoku'] (aliases too); errors name the bad one."""
    names = [part for part in re.split(r"[,\s]+", text) if part]
    if not names:
        raise PuzzleError("name at least one puzzle kind", example="letterboxed, sudoku")
    chosen: list[str] = []
    for name in names:
        kind = get_kind(name)
        if kind.name not in chosen:
            chosen.append(kind.name)
    return chosen


async def setup(bot: PuzzleBot) -> None:
    if bot.daily_scheduler is not None:  # its posts carry this cog's Play button and alt text
        bot.daily_scheduler.present_with(play_view, how_view, alt_text, NotifyButton)
    await bot.add_cog(Daily(bot))
