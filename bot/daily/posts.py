"""What a server's day looks like in its channel: the day's post and the day's close.

The post says what each puzzle is (kind, number, difficulty, how many have played) on one
card per kind, never the puzzle itself: Play shows it privately and starts the member's
timer, so nobody can solve it from the channel before their clock runs. The close shows
each kind's solution as a picture behind a spoiler and the day's results; the worked
explanations stay behind Show how buttons. By default one post and one close carry every
kind of the day; a server may choose one of each per kind (store.POST_LAYOUTS).

The scheduler decides when and where these are sent; this module only builds them.
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import discord

from bot.daily.game import Card
from bot.daily.scoring import clock_text
from bot.daily.store import DailyPuzzle, Play
from puzzles import PuzzleKind

MAX_CARDS = 10  # embeds a Discord message may carry
RESULTS_ALONE = 10  # ranked solvers shown when a close carries one kind
RESULTS_TOGETHER = 3  # ...and each kind's, when it carries the whole day
CARD_COLOUR = discord.Colour.blurple()

# (kind names, day) -> the buttons under a post (Play) or a close (Show how): the cog's.
ViewMaker = Callable[[list[str], dt.date], discord.ui.View]
# The Notify me button under a post of a server with a notify role: the cog's.
ButtonMaker = Callable[[], discord.ui.Item]
AltText = Callable[[PuzzleKind, str, str], str]


@dataclass
class Message:
    """One message to send: text, cards, pictures and buttons."""

    content: str
    embeds: list[discord.Embed] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None
    # Who may be pinged; None: nobody (the client's default, AllowedMentions.none()).
    allowed_mentions: discord.AllowedMentions | None = None

    def send_kwargs(self) -> dict:
        kwargs: dict = {"content": self.content}
        if self.allowed_mentions is not None:
            kwargs["allowed_mentions"] = self.allowed_mentions
        if self.embeds:
            kwargs["embeds"] = self.embeds
        if self.files:
            kwargs["files"] = self.files
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs


def post_header(day: dt.date, number: int, kind_titles: Sequence[str]) -> str:
    """The post's first line, by which a restarted bot finds a post it sent but did not
    record: the kind's title when the post carries one kind, the day's number when more."""
    what = kind_titles[0] if len(kind_titles) == 1 else "Daily puzzles"
    return f"**{what} #{number}** · {day:%A %d %B}"


def thread_name(day: dt.date, number: int, kind_titles: Sequence[str]) -> str:
    """The name of the thread on the day's post: its header without the markdown."""
    return post_header(day, number, kind_titles).replace("**", "")


def card(found: Card) -> discord.Embed:
    """One kind's card: what the puzzle is and how many have played, not the puzzle."""
    level = found.difficulty.capitalize() if found.difficulty else "One level"
    about = f" · {found.about}" if found.about and found.about != found.difficulty else ""
    played = "nobody has played yet" if not found.played else f"{found.played} played"
    return discord.Embed(
        title=f"{found.kind.title} #{found.number}",
        description=f"{level}{about} · {played}",
        colour=CARD_COLOUR,
    )


def day_post(
    day: dt.date, cards: Sequence[Card], closes_at: dt.datetime, view: ViewMaker,
    notify_role_id: int | None = None, notify_button: ButtonMaker | None = None,
) -> Message:  # fmt: skip
    """The day's post: a card and a Play button per kind. A server with a notify role has it
    mentioned (that role alone may be pinged) and a Notify me button to take or drop it."""
    header = post_header(day, cards[0].number, [c.kind.title for c in cards])
    content = (
        f"{header}\n"
        "Press **Play** to open a puzzle privately and start your timer; answers stay "
        f"private. The solutions come when the day ends, <t:{int(closes_at.timestamp())}:R>."
    )
    buttons = view([c.kind.name for c in cards], day)
    pinged = None
    if notify_role_id is not None:
        content += f"\n<@&{notify_role_id}>"  # last: the header stays the first line
        pinged = discord.AllowedMentions(
            everyone=False, users=False, replied_user=False,
            roles=[discord.Object(notify_role_id)],
        )  # fmt: skip
        if notify_button is not None:
            buttons.add_item(notify_button())
    return Message(
        content,
        embeds=[card(found) for found in cards[:MAX_CARDS]],
        view=buttons,
        allowed_mentions=pinged,
    )


@dataclass(frozen=True)
class ClosedKind:
    """One kind's end of the day: its puzzle (with the solution's picture) and results."""

    kind: PuzzleKind
    puzzle: DailyPuzzle
    results: list[tuple[str, Play]]  # (name, play), best first


def close_heading(day: dt.date, closed: Sequence[ClosedKind]) -> str:
    if len(closed) == 1:
        return f"**{closed[0].kind.title} #{closed[0].puzzle.number} has closed.**"
    return f"**The puzzles of {day:%A %d %B} have closed.**"


def results_line(closed: ClosedKind, shown: int) -> str:
    """'**Letter Boxed #332**: 3 played, 2 solved. 1. Bob, 100 points, 0:40; ...'"""
    solved = [(name, play) for name, play in closed.results if play.solved_at and play.on_time]
    line = (
        f"**{closed.kind.title} #{closed.puzzle.number}**: {len(closed.results)} played, "
        f"{len(solved)} solved."
    )
    ranked = "; ".join(
        f"{rank}. {discord.utils.escape_markdown(name)}, {play.points} points, "
        f"{clock_text(play.seconds or 0)}"
        for rank, (name, play) in enumerate(solved[:shown], start=1)
    )
    return f"{line} {ranked}" if ranked else line


def day_close(
    day: dt.date, closed: Sequence[ClosedKind], view: ViewMaker, alt_text: AltText
) -> Message:
    """The day's close: each solution as a picture behind a spoiler, and the results. The
    worked explanation of each is behind its Show how button."""
    shown = RESULTS_ALONE if len(closed) == 1 else RESULTS_TOGETHER
    lines = [close_heading(day, closed), "The solutions are behind the spoilers below."]
    lines += [results_line(one, shown) for one in closed]
    files = [
        discord.File(
            io.BytesIO(one.puzzle.solution_image),
            filename=f"{one.kind.name}-{one.puzzle.number}-solution.png",
            spoiler=True,
            description=alt_text(one.kind, "with its solution drawn in", one.puzzle.puzzle_text),
        )
        for one in closed
        if one.puzzle.solution_image
    ]
    content = discord.utils.escape_mentions("\n".join(lines))[:2000]
    return Message(content, files=files[:MAX_CARDS], view=view([c.kind.name for c in closed], day))
