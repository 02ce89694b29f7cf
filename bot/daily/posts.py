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
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import discord

from bot.daily.calendar import day_text
from bot.daily.game import Card, numbered
from bot.daily.scoring import clock_text
from bot.daily.store import DailyPuzzle, Play
from puzzles import PuzzleKind, i18n, kind_title
from puzzles.i18n import ENGLISH, LANGUAGES, _, ngettext, pgettext, render, separated

MAX_CARDS = 10  # embeds a Discord message may carry
RESULTS_ALONE = 10  # ranked solvers shown when a close carries one kind
RESULTS_TOGETHER = 3  # ...and each kind's, when it carries the whole day
CARD_COLOUR = discord.Colour.blurple()

# (kind names, day, language) -> the buttons under a post (Play) or a close (Show how),
# labelled in the server's language: the cog's.
ViewMaker = Callable[[list[str], dt.date, str], discord.ui.View]
# The Notify me button under a post of a server with a notify role, in a language: the cog's.
ButtonMaker = Callable[[str], discord.ui.Item]
# The alt text of a picture of a kind's solution (its puzzle's text, a language): the cog's.
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


def post_header(
    day: dt.date, number: int, kinds: Sequence[PuzzleKind], language: str = ENGLISH
) -> str:
    """The post's first line, in the server's language: the kind's title when the post
    carries one kind, "Daily puzzles" when more, the day's number and the day."""
    what = kind_title(kinds[0]) if len(kinds) == 1 else _("Daily puzzles")
    # Translators: the first line of a daily post: "**Letter Boxed #332** · Monday 23 November"
    header = _(
        "**{what} #{number}** · {day}", what=what, number=str(number), day=day_text(day, language)
    )
    return render(header, language)


def post_headers(day: dt.date, number: int, kinds: Sequence[PuzzleKind]) -> tuple[str, ...]:
    """The post's first line in every language, by which a restarted bot finds a post it
    sent but did not record, whatever the server's language was when it was sent."""
    return tuple(post_header(day, number, kinds, language) for language in LANGUAGES)


def thread_name(
    day: dt.date, number: int, kinds: Sequence[PuzzleKind], language: str = ENGLISH
) -> str:
    """The name of the thread on the day's post: its header without the markdown."""
    return post_header(day, number, kinds, language).replace("**", "")


def card(found: Card, language: str = ENGLISH) -> discord.Embed:
    """One kind's card: what the puzzle is and how many have played, not the puzzle."""
    level = difficulty_name(found.difficulty, language).capitalize() if found.difficulty else None
    about = ""
    if found.about and found.about != found.difficulty:
        about = " · " + about_text(found.about, language)
    if found.played:
        played = ngettext("{count} played", "{count} played", found.played)
    else:
        played = _("nobody has played yet")
    description = _(
        "{level}{about} · {played}", level=level or _("One level"), about=about, played=played
    )
    return discord.Embed(
        title=render(numbered(found.kind, found.number), language),
        description=render(description, language),
        colour=CARD_COLOUR,
    )


# The difficulties in the glossary's words; a kind's own levels (weekdays) are shown as they are.
DIFFICULTY_NAMES = {
    "easy": pgettext("difficulty", "easy"),
    "medium": pgettext("difficulty", "medium"),
    "hard": pgettext("difficulty", "hard"),
}


def about_text(about: str, language: str) -> str:
    """What a card says about the puzzle besides its difficulty, stored in English: 'par 2'."""
    par = re.fullmatch(r"par (\d+)", about)
    if par is None:
        return about
    # Translators: Letter Boxed's par, the fewest words it can be solved in: "par 2"
    return render(_("par {count}", count=int(par[1])), language)


def difficulty_name(level: str, language: str = ENGLISH) -> str:
    """'easy' in the language: 'facile', 'fácil'."""
    known = DIFFICULTY_NAMES.get(level)
    return render(known, language) if known else level


def day_post(
    day: dt.date, cards: Sequence[Card], closes_at: dt.datetime, view: ViewMaker,
    notify_role_id: int | None = None, notify_button: ButtonMaker | None = None,
    language: str = ENGLISH,
) -> Message:  # fmt: skip
    """The day's post, in the server's `language`: a card and a Play button per kind. A
    server with a notify role has it mentioned (that role alone may be pinged) and a Notify
    me button to take or drop it."""
    header = post_header(day, cards[0].number, [c.kind for c in cards], language)
    how = _(
        "Press **Play** to open a puzzle privately and start your timer; answers stay "
        "private. The solutions come when the day ends, {when}.",
        when=f"<t:{int(closes_at.timestamp())}:R>",
    )
    content = f"{header}\n{render(how, language)}"
    buttons = view([c.kind.name for c in cards], day, language)
    pinged = None
    if notify_role_id is not None:
        content += f"\n<@&{notify_role_id}>"  # last: the header stays the first line
        pinged = discord.AllowedMentions(
            everyone=False, users=False, replied_user=False,
            roles=[discord.Object(notify_role_id)],
        )  # fmt: skip
        if notify_button is not None:
            buttons.add_item(notify_button(language))
    return Message(
        content,
        embeds=[card(found, language) for found in cards[:MAX_CARDS]],
        view=buttons,
        allowed_mentions=pinged,
    )


@dataclass(frozen=True)
class ClosedKind:
    """One kind's end of the day: its puzzle (with the solution's picture) and results."""

    kind: PuzzleKind
    puzzle: DailyPuzzle
    results: list[tuple[str, Play]]  # (name, play), best first


def close_heading(day: dt.date, closed: Sequence[ClosedKind], language: str = ENGLISH) -> str:
    if len(closed) == 1:
        one = closed[0]
        heading = _(
            "**{kind} #{number} has closed.**",
            kind=kind_title(one.kind),
            number=str(one.puzzle.number),
        )
    else:
        heading = _("**The puzzles of {day} have closed.**", day=day_text(day, language))
    return render(heading, language)


def results_line(closed: ClosedKind, shown: int, language: str = ENGLISH) -> str:
    """'**Letter Boxed #332**: 3 played, 2 solved. 1. Bob, 100 points, 0:40; ...'"""
    solved = [(name, play) for name, play in closed.results if play.solved_at and play.on_time]
    line = _(
        "**{kind} #{number}**: {played} played, {solved} solved.",
        kind=kind_title(closed.kind), number=str(closed.puzzle.number),
        played=len(closed.results), solved=len(solved),
    )  # fmt: skip
    ranked = separated(
        (solver_line(rank, name, play) for rank, (name, play) in enumerate(solved[:shown], 1)),
        language,
    )
    line_text = render(line, language)
    return f"{line_text} {ranked}" if ranked else line_text


def solver_line(rank: int, name: str, play: Play) -> i18n.Message:
    # Translators: one solver in a day's results: "1. Bob, 100 points, 0:40"
    return ngettext(
        "{rank}. {name}, {count} point, {time}",
        "{rank}. {name}, {count} points, {time}",
        play.points,
        rank=rank,
        name=discord.utils.escape_markdown(name),
        time=clock_text(play.seconds or 0),
    )


def day_close(
    day: dt.date, closed: Sequence[ClosedKind], view: ViewMaker, alt_text: AltText,
    language: str = ENGLISH,
) -> Message:  # fmt: skip
    """The day's close, in the server's `language`: each solution as a picture behind a
    spoiler, and the results. The worked explanation of each is behind its Show how button."""
    shown = RESULTS_ALONE if len(closed) == 1 else RESULTS_TOGETHER
    lines = [
        close_heading(day, closed, language),
        render(_("The solutions are behind the spoilers below."), language),
    ]
    lines += [results_line(one, shown, language) for one in closed]
    files = [
        discord.File(
            io.BytesIO(one.puzzle.solution_image),
            filename=f"{one.kind.name}-{one.puzzle.number}-solution.png",
            spoiler=True,
            description=alt_text(one.kind, one.puzzle.puzzle_text, language),
        )
        for one in closed
        if one.puzzle.solution_image
    ]
    content = discord.utils.escape_mentions("\n".join(lines))[:2000]
    buttons = view([c.kind.name for c in closed], day, language)
    return Message(content, files=files[:MAX_CARDS], view=buttons)
