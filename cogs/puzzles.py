"""Slash commands for every registered puzzle kind: /solve, /hint, /check, /generate, /puzzles.

Each command group gets one subcommand per kind, built from the registry at load time, so
a kind that lands later appears without touching this file: `/solve letterboxed`,
`/solve sudoku`, ... with that kind's own options (e.g. max_words) as typed parameters.

The flow of every command: checks first (input size, parse, the server's open daily puzzle,
rate limits, pool capacity), answered at once and ephemerally when they fail; otherwise
defer (Discord's 3-second rule), run the work in the worker pool, and fill in the
"thinking" message with the answer and its picture. Checks that take longer than a second
(a parse that loads the word lists, a slow database) get the "thinking" first, so the 3
seconds hold whatever they cost (cogs/errors.py, `checked_in_time`). A failure after a
public defer (too slow, busy after all, a solver's complaint, our bug) still reaches only
the member: see cogs/errors.py.
"""

from __future__ import annotations

import inspect
import io
import random
import re
import time
import urllib.parse
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Self, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.jobs import READERS, JobResult, ReadPicture
from bot.puzzle_service import PuzzleService, Refusal
from bot.ratelimit import READING
from cogs._persistent import PersistentButton, open_text_box, text_box_routes
from cogs.errors import answered, checked_in_time, reply, think
from puzzles import PuzzleError, PuzzleKind, all_kinds, get_kind
from puzzles.core import DISCORD, Option, Usage, has_no_answer

if TYPE_CHECKING:
    from bot.app import PuzzleBot

MESSAGE_LIMIT = 2000  # Discord's limit on a message's text
MODAL_TEXT_LIMIT = 4000  # and on a modal's text box
Handler = Callable[[discord.Interaction, dict[str, Any]], Awaitable[None]]


# --- presenting results -------------------------------------------------------------------


def safe(text: str) -> str:
    """User or solver text made inert: no mentions, no markdown that could break the layout."""
    return discord.utils.escape_mentions(text).replace("```", "ʼʼʼ")


def answer_header(title: str, no_picture: str = "") -> str:
    """The title in bold, and under it the line saying why there is no picture, if none
    could be drawn readably (the answer is then in the text alone)."""
    return f"**{title}**" + (f"\n{no_picture}" if no_picture else "")


def answer_message(title: str, answer: str, spoiler: bool, no_picture: str = "") -> str:
    """The header and the answer in a code block, cut to Discord's limit, maybe spoilered."""
    header = answer_header(title, no_picture)
    room = MESSAGE_LIMIT - len(header) - 20
    body = safe(answer)
    if len(body) > room:
        body = body[: room - 1] + "…"
    block = f"```\n{body}\n```"
    return f"{header}\n{'||' + block + '||' if spoiler else block}"


ALT_TEXT_LIMIT = 1024  # Discord's limit on an attachment's description


def alt_text(kind: PuzzleKind, shows: str, puzzle_text: str) -> str:
    """What a picture shows, for members who cannot see it: the kind, what is drawn on it
    (never the answer itself, which may be behind a spoiler) and the puzzle."""
    puzzle = " ".join(puzzle_text.split())
    return f"{kind.title} {shows}. The puzzle: {puzzle}"[:ALT_TEXT_LIMIT]


def solution_shown(result: JobResult) -> str:
    """What a solve's picture shows: the solution, or that there is none and why."""
    if not has_no_answer(result.value):
        return "with its solution drawn in"
    why = result.text.splitlines()[0].rstrip(".")  # "No solution: no standard word can..."
    if why.lower().startswith("no solution"):
        return f"with {why[0].lower()}{why[1:]}"
    return f"with no solution: {why}"  # "No ladder from ALOOF to XYLYL..."


def picture(
    result: JobResult, kind: PuzzleKind, spoiler: bool, description: str
) -> discord.File | None:
    if result.png is None:
        return None
    return discord.File(
        io.BytesIO(result.png),
        filename=f"{kind.name}.png",
        spoiler=spoiler,
        description=description,
    )


def code_blocks(message: discord.Message | None) -> list[str]:
    """The texts of a message's code blocks, in order."""
    if message is None:
        return []
    return re.findall(r"```\n(.*?)\n```", message.content or "", re.DOTALL)


def puzzle_text_from(message: discord.Message | None) -> str | None:
    """The puzzle a /generate post (or what was read from a picture) shows in its first code
    block (its text() parses back)."""
    blocks = code_blocks(message)
    return blocks[0] if blocks else None


def solve_example(kind: PuzzleKind) -> str:
    """/puzzles' line on solving: the command with the kind's example input."""
    example = Usage("solve", kind.name, kind.example).written_for(DISCORD)
    if len(kind.example) < 60:
        return f"`{example}`"
    return f"`/solve {kind.name}`, e.g. `{kind.example}`"  # a grid: the command, then the input


def generate_example(kind: PuzzleKind) -> str:
    """/puzzles' line on generating: the command, its difficulties and its text option."""
    line = f"`/generate {kind.name}`"
    if kind.difficulties:
        line += f" difficulties: {', '.join(kind.difficulties)}"
    text = next((o for o in kind.generate_options if o.name == "text"), None)
    if text is not None:
        line += f"; `text:` {text.help}"
    return line


# --- building one subcommand per kind -----------------------------------------------------


def kind_choices() -> list[app_commands.Choice[str]]:
    """Every kind as a command choice: members see its title, the bot gets its stable name."""
    return [app_commands.Choice(name=kind.title, value=kind.name) for kind in all_kinds()][:25]


SLASH_TEXT_LIMIT = 6000  # Discord's most for a text option's max_length


def _annotation(option: Option) -> Any:
    """The Discord parameter type for a declared option, with its choices, its range or its
    length, so Discord itself refuses what the option would (min_value, max_value,
    max_length on the synced command)."""
    if option.type is bool:
        return bool
    if option.choices:
        return Literal[option.choices]  # type: ignore[valid-type]
    if option.type in (int, float):
        return app_commands.Range[option.type, option.minimum, option.maximum]
    return text_up_to(option.max_length)


def text_up_to(limit: int) -> Any:
    """A text option of at most `limit` characters (as far as Discord allows one)."""
    return app_commands.Range[str, 1, min(limit, SLASH_TEXT_LIMIT)]


def _parameter(name: str, annotation: Any, default: Any = inspect.Parameter.empty):
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default
    )


def kind_command(
    kind: PuzzleKind,
    description: str,
    parameters: list[tuple[inspect.Parameter, str]],
    handler: Handler,
    autocomplete: dict[str, Callable] | None = None,
) -> app_commands.Command:
    """An app command named after the kind whose typed parameters are built at run time."""

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        await handler(interaction, values)

    # discord.py reads a command's options from its callback's signature; the options differ
    # per kind, so the signature is given the way inspect.signature() documents it: as the
    # function's __signature__. Descriptions and autocomplete go through the public decorators.
    callback.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter(
                "interaction",
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                annotation=discord.Interaction,
            ),
            *(parameter for parameter, _ in parameters),
        ]
    )
    described = app_commands.describe(
        **{parameter.name: text[:100] for parameter, text in parameters}
    )(callback)
    if autocomplete:
        described = app_commands.autocomplete(**autocomplete)(described)
    return app_commands.Command(name=kind.name, description=description[:100], callback=described)


def puzzle_parameter(kind: PuzzleKind) -> tuple[inspect.Parameter, str]:
    """The puzzle text: required, except for grid kinds, which ask in a text box when left out,
    and kinds that can be given as a picture instead."""
    text = text_up_to(kind.input_limit("puzzle"))
    if kind.multiline_input:
        parameter = _parameter("puzzle", text, None)
        return parameter, f"the {kind.typed_as} (leave empty to type it over lines in a text box)"
    if kind.name in READERS:
        parameter = _parameter("puzzle", text, None)
        return parameter, f"the {kind.typed_as}, e.g. {kind.example} (or attach a picture)"
    return _parameter("puzzle", text), f"the {kind.typed_as}, e.g. {kind.example}"


def asks_in_a_box(kind: PuzzleKind) -> bool:
    """A puzzle left out is asked for in a text box: a grid kind's, and one that may be given
    as a picture (given neither, the box says what to type)."""
    return kind.multiline_input or kind.name in READERS


def puzzle_label(kind: PuzzleKind) -> str:
    """The text box's label for the puzzle: what this kind's players type there."""
    return f"{kind.title}: the {kind.typed_as}"


def option_parameters(options: tuple[Option, ...]) -> list[tuple[inspect.Parameter, str]]:
    return [
        (_parameter(option.name, _annotation(option), None), option.help)
        for option in options
        if option.name != "text"
    ]


def example_suggestion(kind: PuzzleKind):
    """Autocomplete for the puzzle text: show the right form while the box is empty."""

    async def suggest(interaction: discord.Interaction, current: str):
        if current.strip() or len(kind.example) > 100:
            return []
        return [app_commands.Choice(name=f"example: {kind.example}"[:100], value=kind.example)]

    return suggest


def difficulty_suggestion(kind: PuzzleKind):
    """Autocomplete for /generate's difficulty: the difficulties that exist for the options
    chosen so far (a 4x4 sudoku: only easy). A typed-in one that does not exist is refused by
    the kind's check_generate, with the list that does."""

    async def suggest(interaction: discord.Interaction, current: str):
        chosen = {
            option.name: getattr(interaction.namespace, option.name, None)
            for option in kind.generate_options
        }
        offered = kind.offered_difficulties(chosen)
        return [
            app_commands.Choice(name=name, value=name)
            for name in offered
            if current.strip().lower() in name
        ][:25]

    return suggest


# --- the text box for grids -------------------------------------------------------------


TEXT_BOX = r"puzzlebot:box:(?P<command>solve|hint|check):(?P<kind>[a-z]+):(?P<options>[^:]*)"


class PuzzleModal(discord.ui.Modal):
    """A multi-line text box (or a few) for puzzles that do not fit a slash option.

    Its custom id carries the command, the kind and the options given with the command, so
    whatever answers the submission (now, or after a restart) needs nothing else; see
    cogs/_persistent.py.
    """

    def __init__(
        self,
        title: str,
        custom_id: str,
        fields: dict[str, tuple[str, bool]],
        kind: PuzzleKind,
        filled_in: dict[str, str] | None = None,
    ):
        super().__init__(title=title[:45], custom_id=custom_id, timeout=None)
        filled_in = filled_in or {}
        for name, (label, required) in fields.items():
            box = discord.ui.TextInput(
                custom_id=name,
                style=discord.TextStyle.paragraph,
                required=required,
                max_length=min(MODAL_TEXT_LIMIT, kind.input_limit(name)),
                placeholder=kind.example[:100] if name == "puzzle" else None,
                default=(filled_in.get(name) or None),
            )
            self.add_item(labelled(label, box))


def labelled(label: str, box: discord.ui.TextInput) -> discord.ui.Label:
    """A text box under its label: the Label component, since a text input's own label (and
    its action row) is deprecated in modals
    (https://discord.com/developers/docs/components/reference#label)."""
    return discord.ui.Label(text=label[:45], component=box)


def puzzle_options_of(kind: PuzzleKind, puzzle: Any) -> dict[str, Any]:
    """The puzzle options a puzzle was made with (its word language), to read its text again."""
    return {option.name: getattr(puzzle, option.name, None) for option in kind.puzzle_options}


def given_options(options: dict[str, Any]) -> str:
    """The options given (not None) as a query string for a custom id, bools as 1/0."""
    given = {
        name: int(v) if isinstance(v, bool) else v for name, v in options.items() if v is not None
    }
    return urllib.parse.urlencode(given)


def text_box_id(command: str, kind: PuzzleKind, options: dict[str, Any]) -> str:
    """The custom id of a text box: the command, the kind and the options given."""
    return f"puzzlebot:box:{command}:{kind.name}:{given_options(options)}"


# What each command's text box asks for besides the puzzle: (field, label, required).
SECOND_FIELD = {
    "hint": ("progress", "Your progress so far (optional)", False),
    "check": ("answer", "Your answer", True),
}


def box_fields(command: str, kind: PuzzleKind) -> dict[str, tuple[str, bool]]:
    """The text boxes of a command's modal: the puzzle, and the command's second field."""
    fields = {"puzzle": (puzzle_label(kind), True)}
    if command in SECOND_FIELD:
        name, label, required = SECOND_FIELD[command]
        fields[name] = (label, required)
    return fields


BOX_TITLES = {"solve": "Solve a {}", "hint": "A hint for a {}", "check": "Check a {}"}


def puzzle_box(
    command: str, kind: PuzzleKind, options: dict[str, Any], filled_in: dict[str, str]
) -> PuzzleModal:
    """The text box a command opens for a grid: its submission answers the command."""
    return PuzzleModal(
        BOX_TITLES[command].format(kind.title),
        text_box_id(command, kind, options),
        box_fields(command, kind),
        kind,
        filled_in=filled_in,
    )


# --- puzzles given as pictures ------------------------------------------------------------


def picture_parameter(kind: PuzzleKind) -> list[tuple[inspect.Parameter, str]]:
    """A `picture` attachment option, for the kinds a reader can read (bot/jobs.py READERS)."""
    if kind.name not in READERS:
        return []
    about = f"a photo or screenshot of the {kind.title}, instead of typing it"
    return [(_parameter("picture", discord.Attachment, None), about)]


def refuse_both(kind: PuzzleKind, command: str, text: str | None) -> None:
    """A puzzle is given one way: typed, or as a picture."""
    if text:
        raise PuzzleError(
            f"give the {kind.title} one way: type it in `puzzle` or attach a `picture` of "
            "it, not both",
            example=f"/{command} {kind.name} picture: (a screenshot or photo of the puzzle)",
        )


@dataclass(frozen=True)
class FromPicture:
    """A puzzle read from a member's picture and sure enough to answer: the answer starts
    with what was read and carries the Edit button (the read was admitted as solving work,
    so the answer is not admitted again)."""

    read: str
    view: discord.ui.View

    def shown(self) -> str:
        return f"What I read from your picture:\n```\n{safe(self.read)}\n```\n"


def with_picture(from_picture: FromPicture | None, message: str) -> str:
    """`message`, after what was read when the puzzle came from a picture."""
    if from_picture is None:
        return message
    return (from_picture.shown() + message)[:MESSAGE_LIMIT]


READ_ACTION = (
    r"puzzlebot:read:(?P<action>go|edit):(?P<command>solve|hint|check):(?P<kind>[a-z]+)"
    r":(?P<options>[^:]*)"
)


def read_buttons(command: str, kind: PuzzleKind, query: str, *, go: bool) -> discord.ui.View:
    """Under what was read: "Edit what I read", and with `go` the command's own button
    (Solve, Hint, Check) to answer it as read."""
    view = discord.ui.View(timeout=None)
    if go:
        view.add_item(ReadButton("go", command, kind.name, query))
    view.add_item(ReadButton("edit", command, kind.name, query))
    return view


def doubt_note(outcome: ReadPicture, command: str) -> str:
    """What the member is asked to check, and how, under what was read."""
    names = ", ".join(outcome.names[:24])
    if len(outcome.names) > 24:
        names += ", …"
    edit = "**Edit what I read**"
    if outcome.problem is not None:
        where = (
            f"The shaded {outcome.place}s look wrong: {names}."
            if outcome.doubted
            else f"Check each {outcome.place} against your picture."
        )
        return f"That cannot be your puzzle: {outcome.problem}. {where} Press {edit} to correct it."
    places = outcome.place if len(outcome.doubted) == 1 else f"{outcome.place}s"
    return (
        f"I'm not sure of {len(outcome.doubted)} {places}, shaded: {names}. Check them against "
        f"your picture: press **{command.capitalize()}** if they are right, or {edit} to "
        "correct them."
    )


class ReadButton(PersistentButton, template=READ_ACTION):
    """Under what was read from a picture: "Edit what I read" opens the command's text box
    filled in with it; the command's button (Solve, Hint, Check) answers it as read. The
    state lives in the custom id and the message, so the buttons work after a restart."""

    def __init__(self, action: str, command: str, kind_name: str, options: str):
        label = "Edit what I read" if action == "edit" else command.capitalize()
        style = discord.ButtonStyle.secondary if action == "edit" else discord.ButtonStyle.primary
        super().__init__(f"puzzlebot:read:{action}:{command}:{kind_name}:{options}", label, style)
        self.action, self.command, self.kind_name, self.options = (
            action,
            command,
            kind_name,
            options,
        )

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(match["action"], match["command"], match["kind"], match["options"])

    async def pressed(self, interaction: discord.Interaction) -> None:
        await _puzzle_commands(interaction).act_on_reading(interaction, self)


# --- the reveal button on generated puzzles -----------------------------------------------


class RevealButton(
    PersistentButton,
    template=r"puzzlebot:reveal:(?P<kind>[a-z]+)(?::(?P<options>[a-z_]+=[^:]*))?",
):
    """'Show me the answer' under a /generate post: solves it privately for whoever clicks.

    The state lives in the custom id (the kind, and the puzzle's word language as a query
    string, `language=fr`; buttons posted before it have none) and the message, so the
    button works after a restart.
    """

    label = "Show me the answer"

    def __init__(self, kind_name: str, options: str = ""):
        super().__init__(f"puzzlebot:reveal:{kind_name}" + (f":{options}" if options else ""))
        self.kind_name = kind_name
        self.options = options

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(match["kind"], match["options"] or "")

    async def pressed(self, interaction: discord.Interaction) -> None:
        text = puzzle_text_from(interaction.message)
        if text is None:
            raise PuzzleError("this message no longer shows its puzzle")
        kind = get_kind(self.kind_name)
        options = dict(urllib.parse.parse_qsl(self.options))
        await _puzzle_commands(interaction).reply_with_solution(
            interaction, kind, text, options, private=True
        )


def _puzzle_commands(interaction: discord.Interaction) -> PuzzleCommands:
    return cast(PuzzleCommands, cast("PuzzleBot", interaction.client).get_cog("PuzzleCommands"))


# --- the cog ------------------------------------------------------------------------------


class PuzzleCommands(commands.Cog):
    def __init__(self, bot: PuzzleBot):
        self.bot = bot
        self.groups = [
            self._group("solve", "Solve a puzzle and draw the answer", self._solve_command),
            self._group("hint", "A nudge toward the answer, only for you", self._hint_command),
            self._group("check", "Check your answer to a puzzle, privately", self._check_command),
            self._group("generate", "A fresh puzzle to play", self._generate_command),
        ]

    async def cog_load(self) -> None:
        for group in self.groups:
            self.bot.tree.add_command(group, override=True)
        self.bot.add_dynamic_items(RevealButton, ReadButton)
        text_box_routes(self.bot).add(TEXT_BOX, self._text_box_submitted)

    async def cog_unload(self) -> None:
        for group in self.groups:
            self.bot.tree.remove_command(group.name)
        self.bot.remove_dynamic_items(RevealButton, ReadButton)
        text_box_routes(self.bot).remove(TEXT_BOX)

    @property
    def service(self) -> PuzzleService:
        assert self.bot.service is not None, "the cog answers only a bot that serves commands"
        return self.bot.service

    def _group(self, name: str, description: str, build) -> app_commands.Group:
        group = app_commands.Group(name=name, description=description)
        for kind in all_kinds():
            command = build(kind)
            if command is not None:
                group.add_command(command)
        return group

    # --- /solve ---------------------------------------------------------------------------

    def _solve_command(self, kind: PuzzleKind) -> app_commands.Command:
        parameters = [
            puzzle_parameter(kind),
            *picture_parameter(kind),
            *option_parameters(kind.solve_options),
            *option_parameters(kind.puzzle_options),
            (_parameter("spoiler", bool, False), "hide the answer behind spoiler tags"),
        ]

        async def handle(interaction: discord.Interaction, values: dict[str, Any]) -> None:
            text = values.pop("puzzle")
            spoiler = values.pop("spoiler")
            picture = values.pop("picture", None)
            if picture is not None:
                refuse_both(kind, "solve", text)
                options = {**values, "spoiler": spoiler}
                await self._reply_from_picture(interaction, "solve", kind, picture, options, "")
                return
            if not text and asks_in_a_box(kind):
                modal = puzzle_box("solve", kind, {**values, "spoiler": spoiler}, {})
                await open_text_box(interaction, modal)
                return
            await self.reply_with_solution(interaction, kind, text, values, spoiler=spoiler)

        return kind_command(
            kind,
            f"Solve {kind.title}: {kind.example}",
            parameters,
            handle,
            None if kind.multiline_input else {"puzzle": example_suggestion(kind)},
        )

    async def reply_with_solution(
        self,
        interaction: discord.Interaction,
        kind: PuzzleKind,
        text: str,
        options: dict[str, Any],
        *,
        spoiler: bool = False,
        private: bool = False,
        from_picture: FromPicture | None = None,
    ) -> None:
        started = time.perf_counter()
        read_with, options = kind.puzzle_options_in(options)
        puzzle = await checked_in_time(
            interaction,
            self._playable(interaction, kind, text, read_with, spoils=not private),
            private=private,
        )
        if from_picture is None:
            self.service.admit(interaction.user.id, interaction.guild_id)
        await think(interaction, private=private)
        result = await self.service.solve(kind, puzzle, options)
        await self._send(
            interaction,
            with_picture(
                from_picture, answer_message(kind.title, result.text, spoiler, result.no_picture)
            ),
            result,
            kind,
            alt_text(kind, solution_shown(result), puzzle.text()),
            spoiler=spoiler,
            private=private,
            view=from_picture and from_picture.view,
        )
        await self._record(interaction, "solve", kind, started)

    async def _playable(
        self, interaction, kind: PuzzleKind, text: str, options: dict[str, Any], *, spoils: bool
    ):
        """The parsed puzzle (read with the kind's puzzle options: the word language, by
        default the server's), unless answering it would spoil this server's open daily."""
        puzzle = await self.service.parse(kind, text, options, interaction.guild_id)
        if spoils:
            await self._refuse_open_daily(interaction, kind, puzzle)
        return puzzle

    async def _refuse_open_daily(self, interaction, kind: PuzzleKind, puzzle) -> None:
        """No solving or hinting today's daily puzzle of this server until it closes."""
        daily = getattr(self.bot, "daily", None)
        if daily is None:
            return
        match = await daily.open_daily_matching(interaction.guild_id, kind, puzzle)
        if match is not None:
            puzzle_of_the_day, post = match
            closes = int(post.closes_at.timestamp())
            raise Refusal(
                f"That is this server's daily {kind.title} #{puzzle_of_the_day.number}: no "
                f"spoilers until it closes <t:{closes}:R>. Press Play on the post to play it."
            )

    # --- /hint ----------------------------------------------------------------------------

    def _hint_command(self, kind: PuzzleKind) -> app_commands.Command | None:
        if kind.hint is None:
            return None
        parameters = [
            puzzle_parameter(kind),
            *picture_parameter(kind),
            (
                _parameter("progress", text_up_to(kind.input_limit("progress")), None),
                "your answer so far (words, moves or grid)",
            ),
            *option_parameters(kind.puzzle_options),
        ]

        async def handle(interaction: discord.Interaction, values: dict[str, Any]) -> None:
            picture = values.get("picture")
            read_with = kind.puzzle_options_in(values)[0]
            if picture is not None:
                refuse_both(kind, "hint", values["puzzle"])
                progress = values["progress"] or ""
                await self._reply_from_picture(
                    interaction, "hint", kind, picture, read_with, progress
                )
                return
            if not values["puzzle"] and asks_in_a_box(kind):
                await open_text_box(interaction, puzzle_box("hint", kind, read_with, {}))
                return
            await self._reply_with_hint(
                interaction, kind, values["puzzle"], values["progress"] or "", options=read_with
            )

        return kind_command(
            kind,
            f"A hint for {kind.title}",
            parameters,
            handle,
            None if kind.multiline_input else {"puzzle": example_suggestion(kind)},
        )

    async def _reply_with_hint(
        self,
        interaction,
        kind: PuzzleKind,
        text: str,
        progress: str,
        from_picture: FromPicture | None = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        started = time.perf_counter()
        read_with = kind.puzzle_options_in(options or {})[0]
        puzzle = await checked_in_time(
            interaction,
            self._playable(interaction, kind, text, read_with, spoils=True),
            private=True,
        )
        if from_picture is None:
            self.service.admit(interaction.user.id, interaction.guild_id)
        await think(interaction, private=True)
        result = await self.service.hint(kind, puzzle, progress or "")
        header = answer_header(f"{kind.title} hint", result.no_picture)
        message = with_picture(from_picture, f"{header}\n{safe(result.text)}")
        message = message[:MESSAGE_LIMIT]
        # A hint in words alone leaves the picture as the puzzle stands (see bot/jobs.py).
        words_only = isinstance(result.value, str)
        shows = "unsolved (the hint is in the message)" if words_only else "with the hint marked"
        await self._send(
            interaction,
            message,
            result,
            kind,
            alt_text(kind, shows, puzzle.text()),
            private=True,
            view=from_picture and from_picture.view,
        )
        await self._record(interaction, "hint", kind, started)

    # --- /check ---------------------------------------------------------------------------

    def _check_command(self, kind: PuzzleKind) -> app_commands.Command:
        parameters = [
            puzzle_parameter(kind),
            *picture_parameter(kind),
            (
                _parameter("answer", text_up_to(kind.input_limit("answer")), None),
                "your answer (leave empty to type it over several lines, e.g. a grid)",
            ),
            *option_parameters(kind.puzzle_options),
        ]

        async def handle(interaction: discord.Interaction, values: dict[str, Any]) -> None:
            picture = values.get("picture")
            read_with = kind.puzzle_options_in(values)[0]
            if picture is not None:
                refuse_both(kind, "check", values["puzzle"])
                answer = values["answer"] or ""
                await self._reply_from_picture(
                    interaction, "check", kind, picture, read_with, answer
                )
                return
            if not (values["puzzle"] and values["answer"]):
                filled_in = {"puzzle": values["puzzle"] or ""}
                await open_text_box(interaction, puzzle_box("check", kind, read_with, filled_in))
                return
            await self._reply_with_verdict(
                interaction, kind, values["puzzle"], values["answer"], options=read_with
            )

        return kind_command(kind, f"Check your answer to {kind.title}", parameters, handle)

    async def _reply_with_verdict(
        self,
        interaction,
        kind: PuzzleKind,
        text: str,
        answer: str,
        from_picture: FromPicture | None = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        started = time.perf_counter()
        kind.check_input_size(answer, what="answer")
        read_with = kind.puzzle_options_in(options or {})[0]
        parsing = self.service.parse(kind, text, read_with, interaction.guild_id)
        puzzle = await checked_in_time(interaction, parsing, private=True)
        if from_picture is None:
            # A verdict on a member's answer is a quick look, counted with the other reads.
            self.service.admit(interaction.user.id, interaction.guild_id, work=READING)
        await think(interaction, private=True)
        result = await self.service.check(kind, puzzle, answer)
        message = with_picture(from_picture, f"**{kind.title}**\n{safe(result.text)}")
        parts = {"view": from_picture.view} if from_picture else {}
        await reply(interaction, message[:MESSAGE_LIMIT], **parts)
        await self._record(interaction, "check", kind, started)

    # --- /generate ------------------------------------------------------------------------

    def _generate_command(self, kind: PuzzleKind) -> app_commands.Command:
        parameters: list[tuple[inspect.Parameter, str]] = []
        autocomplete = None
        if kind.difficulties_for is not None:  # which exist depends on other options: offered
            parameters.append((_parameter("difficulty", str, None), "how hard"))
            autocomplete = {"difficulty": difficulty_suggestion(kind)}
        elif kind.difficulties:
            choices = Literal[tuple(kind.difficulties[:25])]  # type: ignore[valid-type]
            parameters.append((_parameter("difficulty", choices, None), "how hard"))
        text = next((o for o in kind.generate_options if o.name == "text"), None)
        if text is not None:
            parameters.append((_parameter("text", _annotation(text), None), text.help))
        parameters += option_parameters(kind.generate_options)

        async def handle(interaction: discord.Interaction, values: dict[str, Any]) -> None:
            await self._reply_with_new_puzzle(interaction, kind, values)

        return kind_command(kind, f"A fresh {kind.title} to play", parameters, handle, autocomplete)

    async def _reply_with_new_puzzle(
        self, interaction, kind: PuzzleKind, values: dict[str, Any]
    ) -> None:
        started = time.perf_counter()
        difficulty = values.pop("difficulty", None)
        options = {name: value for name, value in values.items() if value is not None}
        self.service.check_generate(kind, difficulty, options)
        self.service.admit(interaction.user.id, interaction.guild_id)
        await think(interaction, private=False)
        seed = random.SystemRandom().randrange(2**32)
        result = await self.service.generate(kind, seed, difficulty, options, interaction.guild_id)
        about = f"{kind.title}" + (f" ({difficulty})" if difficulty else "")
        message = (
            f"{answer_header(f'A fresh {about}', result.no_picture)}\n"
            f"```\n{safe(result.text)}\n```\n"
            f"Check your answer with `/check {kind.name}`; stuck? `/hint {kind.name}`."
        )
        view = discord.ui.View(timeout=None)
        view.add_item(RevealButton(kind.name, given_options(puzzle_options_of(kind, result.value))))
        await self._send(
            interaction,
            message[:MESSAGE_LIMIT],
            result,
            kind,
            alt_text(kind, "to play, unsolved", result.text),
            view=view,
        )
        await self._record(interaction, "generate", kind, started)

    # --- /puzzles -------------------------------------------------------------------------

    @app_commands.command(name="puzzles", description="The puzzles I know, with an example each")
    @app_commands.describe(kind="one puzzle kind to explain in full")
    @app_commands.choices(kind=kind_choices())
    async def puzzles(
        self, interaction: discord.Interaction, kind: app_commands.Choice[str] | None = None
    ) -> None:
        kinds = [get_kind(kind.value)] if kind else list(all_kinds())
        embed = discord.Embed(title="puzzlebot puzzles", colour=discord.Colour.blurple())
        for each in kinds:
            lines = [solve_example(each), generate_example(each)]
            if kind:
                lines.insert(0, each.description)
            embed.add_field(name=each.title, value="\n".join(lines)[:1024], inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    # --- shared plumbing ------------------------------------------------------------------

    async def _text_box_submitted(
        self, interaction: discord.Interaction, box: re.Match[str], fields: dict[str, str]
    ) -> None:
        """A text box sent back, perhaps to a bot restarted since it opened: all it needs is
        in its custom id (the command, the kind, the options) and its fields."""
        await self._answer(
            interaction, box["command"], get_kind(box["kind"]), box["options"], fields
        )

    async def _answer(
        self,
        interaction: discord.Interaction,
        command: str,
        kind: PuzzleKind,
        query: str,
        fields: dict[str, str],
        from_picture: FromPicture | None = None,
    ) -> None:
        """Answer `command` for the puzzle in `fields` (and its progress or answer), with
        the options given as a query string (from a custom id)."""
        options = dict(urllib.parse.parse_qsl(query))
        puzzle = fields.get("puzzle", "")
        if command == "solve":
            spoiler = options.pop("spoiler", "0") == "1"
            # the kind's declared options are validated, strings included, by solve_with
            await self.reply_with_solution(
                interaction, kind, puzzle, options, spoiler=spoiler, from_picture=from_picture
            )
        elif command == "hint":
            progress = fields.get("progress", "")
            await self._reply_with_hint(
                interaction, kind, puzzle, progress, from_picture, options=options
            )
        else:
            answer = fields.get("answer", "")
            await self._reply_with_verdict(
                interaction, kind, puzzle, answer, from_picture, options=options
            )

    # --- puzzles given as pictures --------------------------------------------------------

    async def _reply_from_picture(
        self,
        interaction: discord.Interaction,
        command: str,
        kind: PuzzleKind,
        attachment: discord.Attachment,
        options: dict[str, Any],
        second: str,
    ) -> None:
        """The puzzle in a member's picture: read in the pool, answered at once only when
        the reader is sure of every cell and what it read has exactly one answer; otherwise
        what was read is shown, the cells to check shaded, to confirm or correct. `second`
        is the member's progress (hint) or answer (check)."""
        started = time.perf_counter()
        self.service.check_picture(attachment.size, attachment.content_type)
        self.service.admit(interaction.user.id, interaction.guild_id)
        private = command != "solve"
        await think(interaction, private=private)
        data = await attachment.read()
        read_with = kind.puzzle_options_in(options)[0]
        read = await self.service.read(kind, data, read_with, interaction.guild_id)
        outcome = cast(ReadPicture, read.value)
        query = given_options(options)
        sure = outcome.problem is None and not outcome.doubted
        can_answer = sure and (command != "check" or second)
        if can_answer:
            view = read_buttons(command, kind, query, go=False)
            fields = {"puzzle": read.text}
            if command in SECOND_FIELD:
                fields[SECOND_FIELD[command][0]] = second
            await self._answer(
                interaction, command, kind, query, fields, FromPicture(read.text, view)
            )
            return
        message = f"**{kind.title}: what I read from your picture**\n```\n{safe(read.text)}\n```\n"
        if second:
            message += f"{SECOND_FIELD[command][1]}:\n```\n{safe(second)}\n```\n"
        if sure:  # a check with no answer given: the box asks for it
            message += "Press **Edit what I read** to correct it if needed and give your answer."
        else:
            message += doubt_note(outcome, command)
        await self._send(
            interaction,
            message[:MESSAGE_LIMIT],
            read,
            kind,
            alt_text(
                kind, f"as read from your picture, the {outcome.place}s to check shaded", read.text
            ),
            private=private,
            view=read_buttons(command, kind, query, go=outcome.problem is None and not sure),
        )
        await self._record(interaction, "read", kind, started)  # shown, not yet answered

    async def act_on_reading(self, interaction: discord.Interaction, button: ReadButton) -> None:
        """A button under what was read: Edit opens the command's text box filled in with
        it; the command's button answers it as read (a check with no answer yet opens the
        box too)."""
        blocks = code_blocks(interaction.message)
        if not blocks:
            raise PuzzleError("this message no longer shows what was read; send the picture again")
        kind = get_kind(button.kind_name)
        fields = {"puzzle": blocks[0]}
        if button.command in SECOND_FIELD and len(blocks) > 1:
            fields[SECOND_FIELD[button.command][0]] = blocks[1]
        if button.action == "edit" or (button.command == "check" and "answer" not in fields):
            options = dict(urllib.parse.parse_qsl(button.options))
            await open_text_box(interaction, puzzle_box(button.command, kind, options, fields))
            return
        await self._answer(interaction, button.command, kind, button.options, fields)

    async def _send(
        self,
        interaction,
        content,
        result,
        kind,
        description,
        *,
        spoiler=False,
        private=False,
        view=None,
    ) -> None:
        file = picture(result, kind, spoiler, description)
        kwargs: dict[str, Any] = {"ephemeral": private}
        if file is not None:
            kwargs["file"] = file
        if view is not None:
            kwargs["view"] = view
        await reply(interaction, content, **kwargs)
        answered(interaction)

    async def _record(self, interaction, command: str, kind: PuzzleKind, started: float) -> None:
        await self.service.record(
            user_id=interaction.user.id,
            guild_id=interaction.guild_id,
            command=command,
            kind=kind.name,
            outcome="ok",
            elapsed_ms=(time.perf_counter() - started) * 1000,
        )


async def setup(bot: PuzzleBot) -> None:
    await bot.add_cog(PuzzleCommands(bot))
