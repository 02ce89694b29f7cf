"""The buttons of a day's puzzles and the views they sit in: Play under a daily post, Answer,
Hint, Give up and Share under a member's own puzzle, Show how under a close, the same for
an archive play, and Notify me. Each keeps its state in its custom id (cogs/_persistent.py),
as does the Answer text box, so they keep working after a restart. What they do is
bot/daily's; the Daily cog (cogs/daily.py) registers them.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import logging
import re
from typing import TYPE_CHECKING, Self, cast

import discord

from bot.daily.calendar import day_text
from bot.daily.game import DailyService
from bot.daily.posts import card
from bot.daily.scoring import HINT_COST
from bot.daily.store import Post
from bot.puzzle_service import Refusal
from bot.ratelimit import READING, SOLVING
from cogs._answer_box import AnswerBox
from cogs._language import member_language, server_language
from cogs._members import in_server, member_name
from cogs._persistent import FAMILY, PersistentButton, open_text_box
from cogs.errors import reply, think
from cogs.puzzles import SHOWS_TO_PLAY, alt_text, hint_shown, solution_alt_text
from puzzles import get_kind, kind_title
from puzzles.i18n import ENGLISH, Message, _, render

if TYPE_CHECKING:
    from bot.app import PuzzleBot
    from cogs.daily import Daily

log = logging.getLogger(__name__)


def puzzle_bot(interaction: discord.Interaction) -> PuzzleBot:
    return cast("PuzzleBot", interaction.client)  # the only client this cog joins


def daily_service(interaction: discord.Interaction) -> DailyService:
    daily = puzzle_bot(interaction).daily
    assert daily is not None, "the cog answers only a bot that serves commands"
    return daily


def require_server(interaction: discord.Interaction) -> int:
    return in_server(interaction, _("Daily puzzles live in servers; use this command in one."))


def require_manager(interaction: discord.Interaction) -> None:
    permissions = interaction.permissions
    if not (permissions.manage_guild or permissions.administrator):
        raise Refusal(
            _("Only members with the Manage Server permission can change these settings.")
        )


def daily_cog(interaction: discord.Interaction) -> Daily:
    cog = puzzle_bot(interaction).get_cog("Daily")
    # Not isinstance: the extension is loaded afresh by each bot (cogs/daily.py), this module once.
    assert cog is not None, "the buttons answer only while the cog is loaded"
    return cast("Daily", cog)


def admit_read(interaction: discord.Interaction) -> None:
    """Boards and stats: a cheap read (the member's reads window) and the pool's room."""
    daily_service(interaction).puzzles.admit(
        interaction.user.id, interaction.guild_id, work=READING
    )


def admit_play(interaction: discord.Interaction, work: str) -> None:
    """Answers (a read of a stored puzzle) and hints (solving work): the member's own limit
    and the pool's room, not the server's window, since a daily post brings many members at
    once."""
    daily_service(interaction).puzzles.admit(
        interaction.user.id, interaction.guild_id, server_window=False, work=work
    )


# --- buttons ------------------------------------------------------------------------------


class DayButton(PersistentButton, template=FAMILY):
    """A button about one kind's puzzle of one day; its custom id
    ('puzzlebot:<action>:<kind>:<day>') is its whole state."""

    action = ""

    def __init__(
        self,
        kind_name: str,
        day: dt.date,
        label: Message | str | None = None,
        language: str = ENGLISH,
    ):
        custom_id = f"puzzlebot:{self.action}:{kind_name}:{day.isoformat()}"
        super().__init__(custom_id, label, language=language)
        self.kind_name, self.day = kind_name, day

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(match["kind"], dt.date.fromisoformat(match["day"]))


def _template(action: str) -> str:
    return rf"puzzlebot:{action}:(?P<kind>[a-z]+):(?P<day>\d{{4}}-\d{{2}}-\d{{2}})"


class PlayButton(DayButton, template=_template("play")):
    """Under a daily post: shows the puzzle privately to whoever presses it and starts their
    timer (the post itself never shows the puzzle)."""

    action, label, style = "play", _("Play"), discord.ButtonStyle.primary

    async def pressed(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await show_play(interaction, get_kind(self.kind_name), self.day)


async def show_play(
    interaction: discord.Interaction, kind, day: dt.date, note: Message | str = ""
) -> None:
    """Open the member's play (its first opening starts the timer) and show them the puzzle
    privately, in the deferred reply, with what they can do next."""
    guild_id = require_server(interaction)
    daily, play, post = await daily_service(interaction).open_play(
        guild_id, interaction.user.id, member_name(interaction.user), kind, day
    )
    daily_cog(interaction).cards.refresh_soon(post)  # maybe a new player: the post counts them
    language = member_language(interaction)
    if play.solved_at:
        state, view = _("You solved this one already."), share_view(kind.name, day, language)
    elif play.gave_up_at:
        state, view = _("You gave up on this one; a new one comes tomorrow."), None
    else:
        state, view = _("Your timer is running."), playing_view(kind, day, language)
    lines = [render(note, language)] if note else []
    lines.append(puzzle_heading(kind, daily, state, language))
    if not play.over:
        lines.append(
            render(
                _(
                    "Press **Answer** when you have it (or `/daily answer {kind}`).",
                    kind=kind.name,
                ),
                language,
            )
        )
    content = "\n".join(lines)
    file = discord.File(
        io.BytesIO(daily.image),
        filename=f"{kind.name}.png",
        description=alt_text(kind, SHOWS_TO_PLAY, daily.puzzle_text, language),
    )
    await interaction.edit_original_response(
        content=content[:2000], attachments=[file], view=view or discord.utils.MISSING
    )


def puzzle_heading(kind, daily, state: Message, language: str, day: dt.date | None = None) -> str:
    """'**Letter Boxed #332** · Your timer is running.' and the puzzle's text; an archive
    play names its day."""
    number = str(daily.number)
    if day is None:
        heading = _(
            "**{kind} #{number}** · {state}", kind=kind_title(kind), number=number, state=state
        )
    else:
        heading = _(
            "**{kind} #{number}** of {day}, from the archive · {state}",
            kind=kind_title(kind), number=number, day=day_text(day, language, year=True),
            state=state,
        )  # fmt: skip
    return f"{render(heading, language)}\n```\n{daily.puzzle_text}\n```"


def playing_view(kind, day: dt.date, language: str = ENGLISH) -> discord.ui.View:
    """Under a member's open puzzle: Answer, Hint (saying what it costs) and Give up."""
    view = discord.ui.View(timeout=None)
    view.add_item(AnswerButton(kind.name, day, language=language))
    if kind.hint is not None:
        view.add_item(HintButton(kind.name, day, language=language))
    view.add_item(GiveUpButton(kind.name, day, language=language))
    return view


def share_view(kind_name: str, day: dt.date, language: str = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ShareButton(kind_name, day, language=language))
    return view


class AnswerButton(DayButton, template=_template("answer")):
    action, label, style = "answer", _("Answer"), discord.ButtonStyle.success

    async def pressed(self, interaction: discord.Interaction) -> None:
        """The text box, unless there is nothing to answer: a solved or given-up play is
        said at once, and a puzzle not opened yet is opened (Play) instead."""
        kind = get_kind(self.kind_name)
        guild_id = require_server(interaction)
        play = await daily_service(interaction).play_of(
            guild_id, interaction.user.id, kind, self.day
        )
        language = member_language(interaction)
        if play is None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await show_play(interaction, kind, self.day)
        elif play.solved_at is not None:
            said = _(
                "You already solved this {kind}; one result per puzzle.", kind=kind_title(kind)
            )
            await interaction.response.send_message(
                render(said, language),
                view=share_view(kind.name, self.day, language),
                ephemeral=True,
            )
        elif play.gave_up_at is not None:
            said = _("You gave up on this {kind}; a new one comes tomorrow.", kind=kind_title(kind))
            await interaction.response.send_message(render(said, language), ephemeral=True)
        else:
            await open_text_box(interaction, answer_box(self.kind_name, self.day, language))


ANSWER_BOX = _template("answerbox")


def answer_box(kind_name: str, day: dt.date, language: str, box: str = "answerbox") -> AnswerBox:
    """The Answer box of one day's puzzle of a kind, in the member's language; `box` names
    the route that answers it (the daily's, or the archive's)."""
    custom_id = f"puzzlebot:{box}:{kind_name}:{day.isoformat()}"
    return AnswerBox(get_kind(kind_name), custom_id, language)


class HintButton(DayButton, template=_template("dhint")):
    """Says what a hint costs before it is taken."""

    action, label = "dhint", _("Hint (-{cost} points)", cost=HINT_COST)
    archive = False  # a hint on an archive play (ArchiveHintButton)

    async def pressed(self, interaction: discord.Interaction) -> None:
        guild_id = require_server(interaction)
        admit_play(interaction, SOLVING)
        await interaction.response.defer(ephemeral=True, thinking=True)
        kind = get_kind(self.kind_name)
        language = member_language(interaction)
        daily, result = await daily_service(interaction).hint(
            guild_id, interaction.user.id, member_name(interaction.user), kind, self.day,
            self.archive, language,
        )  # fmt: skip
        attachments = []
        if result.png:
            attachments.append(
                discord.File(
                    io.BytesIO(result.png),
                    filename=f"{kind.name}-hint.png",
                    description=alt_text(kind, hint_shown(result), daily.puzzle_text, language),
                )
            )
        text = discord.utils.escape_mentions(result.text)[:1900]
        # the line saying why there is no picture, when none could be drawn readably
        heading = render(_("**Hint** (-{cost} points)", cost=HINT_COST), language)
        lines = [heading, render(result.no_picture, language), text]
        await interaction.edit_original_response(
            content="\n".join(line for line in lines if line), attachments=attachments
        )


class GiveUpButton(DayButton, template=_template("giveup")):
    """Asks first: giving up shows the answer and ends the day unsolved."""

    action, label, style = "giveup", _("Give up"), discord.ButtonStyle.secondary

    async def pressed(self, interaction: discord.Interaction) -> None:
        kind = get_kind(self.kind_name)
        language = member_language(interaction)
        view = discord.ui.View(timeout=None)
        view.add_item(RevealButton(self.kind_name, self.day, language=language))
        asked = _(
            "Give up this {kind}? You will see the answer; today's {kind} counts as not solved "
            "and ends your streak, as a missed day does. It is not a wrong answer.",
            kind=kind_title(kind),
        )
        await interaction.response.send_message(render(asked, language), view=view, ephemeral=True)


class RevealButton(DayButton, template=_template("reveal")):
    action, label, style = "reveal", _("Show me the answer"), discord.ButtonStyle.danger
    archive = False  # giving up an archive play (ArchiveRevealButton)

    async def pressed(self, interaction: discord.Interaction) -> None:
        guild_id = require_server(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        kind = get_kind(self.kind_name)
        daily, play = await daily_service(interaction).give_up(
            guild_id, interaction.user.id, member_name(interaction.user), kind, self.day,
            self.archive,
        )  # fmt: skip
        number = str(daily.number)
        if play.solved_at:
            said = _("You solved it. **{kind} #{number}**:", kind=kind_title(kind), number=number)
        else:
            said = _("You gave up. **{kind} #{number}**:", kind=kind_title(kind), number=number)
        await interaction.edit_original_response(
            content=solution_text(render(said, member_language(interaction)), daily),
            attachments=solution_picture(kind, daily, member_language(interaction)),
        )


class ShareButton(DayButton, template=_template("share")):
    """Posts the member's spoiler-free result where the puzzle was played (the channel, or
    the day's thread when the post is in one)."""

    action, label, style = "share", _("Share"), discord.ButtonStyle.primary

    async def pressed(self, interaction: discord.Interaction) -> None:
        guild_id, kind = require_server(interaction), get_kind(self.kind_name)
        line = await daily_service(interaction).share(guild_id, interaction.user.id, kind, self.day)
        language = await server_language(interaction.client, interaction.guild)  # a public post
        who = discord.utils.escape_markdown(member_name(interaction.user))
        shared = discord.utils.escape_mentions(f"**{who}** · {render(line, language)}")
        thread_id = await daily_service(interaction).share_thread(guild_id, kind, self.day)
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
        said = _("Shared in {thread}.", thread=f"<#{thread_id}>")
    except discord.HTTPException:
        said = _(
            "The day's thread is gone or locked, so I could not share it there:\n{shared}",
            shared=shared,
        )
    await reply(interaction, render(said, member_language(interaction)), ephemeral=True)


class ShowHowButton(DayButton, template=_template("how")):
    """Under a close: the worked solution, to whoever asks, privately."""

    action, label = "how", _("Show how")

    async def pressed(self, interaction: discord.Interaction) -> None:
        guild_id = require_server(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        kind = get_kind(self.kind_name)
        daily = await daily_service(interaction).how(guild_id, kind, self.day)
        await interaction.edit_original_response(
            content=solution_text(
                render(
                    _(
                        "**{kind} #{number}**, how:",
                        kind=kind_title(kind),
                        number=str(daily.number),
                    ),
                    member_language(interaction),
                ),
                daily,
            )
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


def solution_picture(kind, daily, language: str) -> list[discord.File]:
    if not daily.solution_image:
        return []
    return [
        discord.File(
            io.BytesIO(daily.solution_image),
            filename=f"{kind.name}-solution.png",
            description=solution_alt_text(kind, daily.puzzle_text, language),
        )
    ]


async def submit_answer(
    interaction: discord.Interaction, kind, day: dt.date | None, answer: str, archive: bool = False
) -> None:
    """Check a member's answer to the puzzle of `day` (None: the latest posted), or to an
    earlier day's from the archive."""
    guild_id = require_server(interaction)
    admit_play(interaction, READING)
    await interaction.response.defer(ephemeral=True, thinking=True)
    if day is None:
        day = (await daily_service(interaction).latest_post(guild_id, kind)).day
    outcome = await daily_service(interaction).answer(
        guild_id, interaction.user.id, member_name(interaction.user), kind, day, answer, archive
    )
    if outcome.opened:  # not checked: the puzzle was not theirs yet, Play opened instead
        show = show_archive_play if archive else show_play
        await show(interaction, kind, day, note=outcome.message)
        return
    language = member_language(interaction)
    text = discord.utils.escape_mentions(render(outcome.message, language))
    view = discord.utils.MISSING
    if outcome.share:
        text += "\n" + render(_("Share it (no spoilers), or press **Share**:"), language)
        text += f"\n```\n{render(outcome.share, language)}\n```"
        view = share_view(kind.name, day, language)
    await interaction.edit_original_response(content=text[:2000], view=view)


def day_view(
    button: type[DayButton], kind_names: list[str], day: dt.date, language: str
) -> discord.ui.View:
    """One button per kind (named after it when there are several), in the server's
    language."""
    view = discord.ui.View(timeout=None)
    for name in kind_names:
        label = button.label
        if len(kind_names) > 1:
            # Translators: a button per kind under a daily post: "Play Letter Boxed"
            label = _("{button} {kind}", button=button.label, kind=kind_title(get_kind(name)))
        view.add_item(button(name, day, label=label, language=language))
    return view


def play_view(kind_names: list[str], day: dt.date, language: str = ENGLISH) -> discord.ui.View:
    """The Play buttons under a daily post."""
    return day_view(PlayButton, kind_names, day, language)


def how_view(kind_names: list[str], day: dt.date, language: str = ENGLISH) -> discord.ui.View:
    """The Show how buttons under a day's close."""
    return day_view(ShowHowButton, kind_names, day, language)


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
            language = await server_language(self.bot, self.bot.get_guild(post.guild_id))
            await message.edit(embeds=[card(found, language) for found in cards])
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
    interaction: discord.Interaction, kind, day: dt.date, note: Message | str = ""
) -> None:
    """Open the member's archive play of a closed day (its first opening starts the timer)
    and show the puzzle privately, in the deferred reply: as Play does for the daily."""
    guild_id = require_server(interaction)
    daily, play, _post = await daily_service(interaction).open_play(
        guild_id, interaction.user.id, member_name(interaction.user), kind, day, archive=True
    )
    language = member_language(interaction)
    view = None
    if play.solved_at:
        state = _("You solved this one from the archive already.")
    elif play.gave_up_at:
        state = _("You gave up on this one and saw its answer.")
    else:
        state = _("Your timer is running; archive plays are unranked.")
        view = archive_view(kind, day, language)
    lines = [render(note, language)] if note else []
    lines.append(puzzle_heading(kind, daily, state, language, day))
    file = discord.File(
        io.BytesIO(daily.image),
        filename=f"{kind.name}.png",
        description=alt_text(kind, SHOWS_TO_PLAY, daily.puzzle_text, language),
    )
    await interaction.edit_original_response(
        content="\n".join(lines)[:2000], attachments=[file], view=view or discord.utils.MISSING
    )


def archive_view(kind, day: dt.date, language: str = ENGLISH) -> discord.ui.View:
    """Under an open archive puzzle: Answer, Hint and Give up, as under the daily one."""
    view = discord.ui.View(timeout=None)
    view.add_item(ArchiveAnswerButton(kind.name, day, language=language))
    if kind.hint is not None:
        view.add_item(ArchiveHintButton(kind.name, day, language=language))
    view.add_item(ArchiveGiveUpButton(kind.name, day, language=language))
    return view


class ArchiveAnswerButton(DayButton, template=_template("xanswer")):
    """The text box for an archive answer; a play that is over is shown as it stands."""

    action, label, style = "xanswer", _("Answer"), discord.ButtonStyle.success

    async def pressed(self, interaction: discord.Interaction) -> None:
        kind = get_kind(self.kind_name)
        guild_id = require_server(interaction)
        play = await daily_service(interaction).play_of(
            guild_id, interaction.user.id, kind, self.day, archive=True
        )
        if play is None or play.over:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await show_archive_play(interaction, kind, self.day)
        else:
            language = member_language(interaction)
            box = answer_box(self.kind_name, self.day, language, "xanswerbox")
            await open_text_box(interaction, box)


ARCHIVE_BOX = _template("xanswerbox")


class ArchiveHintButton(HintButton, template=_template("xhint")):
    action, archive = "xhint", True


class ArchiveRevealButton(RevealButton, template=_template("xreveal")):
    action, archive = "xreveal", True


class ArchiveGiveUpButton(DayButton, template=_template("xgiveup")):
    """Asks first; giving up an archive play touches no streak (it never counted)."""

    action, label, style = "xgiveup", _("Give up"), discord.ButtonStyle.secondary

    async def pressed(self, interaction: discord.Interaction) -> None:
        language = member_language(interaction)
        view = discord.ui.View(timeout=None)
        view.add_item(ArchiveRevealButton(self.kind_name, self.day, language=language))
        asked = _(
            "Give up this {kind} from the archive? You will see the answer and it counts as "
            "not solved in your archive play; your daily figures and streak stay as they are.",
            kind=kind_title(get_kind(self.kind_name)),
        )
        await interaction.response.send_message(render(asked, language), view=view, ephemeral=True)


# --- the notify role ----------------------------------------------------------------------


def notify_role_problem(guild: discord.Guild, role: discord.Role) -> Message | None:
    """Why the bot cannot give members this role (Discord's rules), None if it can. Only a
    role below the bot's own highest role can be given, and only with Manage Roles."""
    me = guild.me
    if role.is_default() or role.managed:
        return _(
            "{role} belongs to Discord or an integration and cannot be given to members: "
            "create a plain role (e.g. @Puzzlers) and choose it",
            role=role.mention,
        )
    if not me.guild_permissions.manage_roles:
        return _("I need the Manage Roles permission to give members the role")
    if role >= me.top_role:
        return _(
            "{role} is at or above my highest role ({mine}): drag my role above it in Server "
            "Settings -> Roles",
            role=role.mention, mine=me.top_role.name,
        )  # fmt: skip
    return None


def notify_ping_problem(guild: discord.Guild, role: discord.Role) -> Message | None:
    """A role that is not mentionable pings nobody unless the bot may mention every role."""
    if role.mentionable or guild.me.guild_permissions.mention_everyone:
        return None
    return _(
        "{role} cannot be pinged by me: turn on 'Allow anyone to @mention this role' in its "
        "settings (or give me Mention All Roles)",
        role=role.mention,
    )


class NotifyButton(PersistentButton, template=r"puzzlebot:notify"):
    """Under a daily post of a server with a notify role: gives the member the role, or
    takes it back, and says which privately. The role is the server's current one."""

    label = _("Notify me")

    def __init__(self, language: str = ENGLISH):
        super().__init__("puzzlebot:notify", language=language)

    async def pressed(self, interaction: discord.Interaction) -> None:
        guild_id = require_server(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        settings = await daily_service(interaction).settings(guild_id)
        guild = interaction.guild
        role_id = settings.notify_role_id if settings else None
        role = guild.get_role(role_id) if guild and role_id else None
        if guild is None or role is None:
            raise Refusal(_("This server has no daily notify role now, so there is no ping."))
        problem = notify_role_problem(guild, role)
        if problem:
            raise Refusal(
                _("I cannot give out that role yet: {problem}. Ask an admin.", problem=problem)
            )
        done = await toggle_role(interaction, role)
        await interaction.edit_original_response(content=render(done, member_language(interaction)))


async def toggle_role(interaction: discord.Interaction, role: discord.Role) -> Message:
    """Give the member the role or take it back; what happened, in words."""
    member = interaction.user
    assert isinstance(member, discord.Member), "the button is only in servers"
    try:
        if any(held.id == role.id for held in member.roles):
            await member.remove_roles(role, reason="daily puzzles: Notify me pressed again")
            return _(
                "Done: you no longer have {role}, so daily posts will not ping you.",
                role=role.mention,
            )
        await member.add_roles(role, reason="daily puzzles: Notify me")
        return _(
            "Done: you have {role} now, so each daily post pings you. Press **Notify me** "
            "again to stop.",
            role=role.mention,
        )
    except discord.Forbidden:
        raise Refusal(
            _(
                "Discord did not let me change your roles (my role may be below that one): ask "
                "an admin to check my Manage Roles permission and my place in the roles list."
            )
        ) from None


DAY_BUTTONS = (
    PlayButton, AnswerButton, HintButton, GiveUpButton, RevealButton, ShareButton,
    ShowHowButton, NotifyButton, ArchiveAnswerButton, ArchiveHintButton, ArchiveGiveUpButton,
    ArchiveRevealButton,
)  # fmt: skip
