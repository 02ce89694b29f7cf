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

import dataclasses
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
from cogs._language import member_language, server_language
from cogs._persistent import PersistentButton, open_text_box, text_box_routes
from cogs.errors import answered, checked_in_time, reply, think
from puzzles import (
    PuzzleError,
    PuzzleKind,
    all_kinds,
    get_kind,
    kind_description,
    kind_title,
    kind_typed_as,
)
from puzzles.core import DISCORD, Option, Usage, has_no_answer
from puzzles.i18n import ENGLISH, Message, _, ngettext, pgettext, render

if TYPE_CHECKING:
    from bot.app import PuzzleBot

MESSAGE_LIMIT = 2000  # Discord's limit on a message's text
MODAL_TEXT_LIMIT = 4000  # and on a modal's text box
Handler = Callable[[discord.Interaction, dict[str, Any]], Awaitable[None]]


# --- presenting results -------------------------------------------------------------------


def safe(text: str) -> str:
    """User or solver text made inert: no mentions, no markdown that could break the layout."""
    return discord.utils.escape_mentions(text).replace("```", "ʼʼʼ")


def answer_header(title: Message | str, no_picture: Message | str, language: str) -> str:
    """The title in bold, and under it the line saying why there is no picture, if none
    could be drawn readably (the answer is then in the text alone)."""
    why_not = render(no_picture, language)
    return f"**{render(title, language)}**" + (f"\n{why_not}" if why_not else "")


def answer_message(
    title: Message | str,
    answer: Message | str,
    spoiler: bool,
    no_picture: Message | str,
    language: str,
) -> str:
    """The header and the answer in a code block, cut to Discord's limit, maybe spoilered."""
    header = answer_header(title, no_picture, language)
    room = MESSAGE_LIMIT - len(header) - 20
    body = safe(render(answer, language))
    if len(body) > room:
        body = body[: room - 1] + "…"
    block = f"```\n{body}\n```"
    return f"{header}\n{'||' + block + '||' if spoiler else block}"


ALT_TEXT_LIMIT = 1024  # Discord's limit on an attachment's description


def alt_text(kind: PuzzleKind, shows: Message, puzzle_text: str, language: str = ENGLISH) -> str:
    """What a picture shows, for members who cannot see it: the kind, what is drawn on it
    (never the answer itself, which may be behind a spoiler) and the puzzle, in `language`.

    `shows` is one sentence with the placeholders {title} and {puzzle}, filled in here:
    _("{title} to play, unsolved. The puzzle: {puzzle}")."""
    puzzle = " ".join(puzzle_text.split())
    filled = (*shows.params, ("title", kind_title(kind)), ("puzzle", puzzle))
    return render(dataclasses.replace(shows, params=filled), language)[:ALT_TEXT_LIMIT]


# What a picture shows, as alt text (see alt_text): shared by every cog that posts one.
SHOWS_TO_PLAY = _("{title} to play, unsolved. The puzzle: {puzzle}")
SHOWS_SOLUTION = _("{title} with its solution drawn in. The puzzle: {puzzle}")


def solution_alt_text(kind: PuzzleKind, puzzle_text: str, language: str = ENGLISH) -> str:
    """The alt text of a picture of the kind's solution (a race's, a day's close)."""
    return alt_text(kind, SHOWS_SOLUTION, puzzle_text, language)


def solution_shown(result: JobResult, language: str) -> Message:
    """What a solve's picture shows: the solution, or that there is none and why."""
    if not has_no_answer(result.value):
        return SHOWS_SOLUTION
    why = render(result.text, language).splitlines()[0].rstrip(".")
    # "No solution: no standard word can..." says what the sentence it goes in says.
    if why.lower().startswith("no solution"):
        why = why[len("no solution") :].lstrip(": ")
    if not why:
        return _("{title} with no solution. The puzzle: {puzzle}")
    return _("{title} with no solution: {why}. The puzzle: {puzzle}", why=why)


def hint_shown(result: JobResult) -> Message:
    """What a hint's picture shows: the hint marked, or, for a hint in words alone, the
    puzzle as it stands (see bot/jobs.py)."""
    if isinstance(result.value, str):
        return _("{title} unsolved (the hint is in the message). The puzzle: {puzzle}")
    return _("{title} with the hint marked. The puzzle: {puzzle}")


def read_shown(outcome: ReadPicture) -> Message:
    """What the picture of what was read shows: the places to check shaded."""
    if outcome.place == "letter":
        return _(
            "{title} as read from your picture, the letters to check shaded. The puzzle: {puzzle}"
        )
    return _("{title} as read from your picture, the cells to check shaded. The puzzle: {puzzle}")


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


def solve_example(kind: PuzzleKind) -> Message | str:
    """/puzzles' line on solving: the command with the kind's example input."""
    example = Usage("solve", kind.name, kind.example).written_for(DISCORD)
    if len(kind.example) < 60:
        return f"`{example}`"
    # a grid: the command, then the input
    return _("`/solve {kind}`, e.g. `{example}`", kind=kind.name, example=kind.example)


def generate_example(kind: PuzzleKind) -> Message | str:
    """/puzzles' line on generating: the command, its difficulties and its text option."""
    # Difficulty names are the values of the command's option, typed as they are.
    difficulties = ", ".join(kind.difficulties)
    text = next((o for o in kind.generate_options if o.name == "text"), None)
    if text is not None and difficulties:
        return _(
            "`/generate {kind}` difficulties: {difficulties}; `text:` {help}",
            kind=kind.name,
            difficulties=difficulties,
            help=text.help,
        )
    if text is not None:
        return _("`/generate {kind}`; `text:` {help}", kind=kind.name, help=text.help)
    if difficulties:
        return _(
            "`/generate {kind}` difficulties: {difficulties}",
            kind=kind.name,
            difficulties=difficulties,
        )
    return f"`/generate {kind.name}`"


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


def puzzle_label(kind: PuzzleKind) -> Message:
    """The text box's label for the puzzle: what this kind's players type there."""
    # Translators: {typed_as} is what the kind's players type, e.g. "grid", "12 letters".
    return _("{title}: the {typed_as}", title=kind_title(kind), typed_as=kind_typed_as(kind))


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
        shown = render(_("example: {example}", example=kind.example), member_language(interaction))
        return [app_commands.Choice(name=shown[:100], value=kind.example)]

    return suggest


def chosen(choice: str) -> Message:
    """An option's value as the command offered it: a choice's name is translated where the
    command tree's are, under the context "command" (bot/translator.py); one the catalogue
    does not hold stays as it is."""
    return Message(choice, context="command")


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
        """`title` and the fields' labels are in the member's language already."""
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
    "hint": ("progress", _("Your progress so far (optional)"), False),
    "check": ("answer", _("Your answer"), True),
}


def box_fields(command: str, kind: PuzzleKind, language: str) -> dict[str, tuple[str, bool]]:
    """The text boxes of a command's modal: the puzzle, and the command's second field, each
    labelled in `language`."""
    fields = {"puzzle": (render(puzzle_label(kind), language), True)}
    if command in SECOND_FIELD:
        name, label, required = SECOND_FIELD[command]
        fields[name] = (render(label, language), required)
    return fields


def command_options(command: str, values: dict[str, Any]) -> dict[str, Any]:
    """A command's values but the puzzle, its picture and its second field: the options a
    text box or a picture's buttons carry in their custom id (/solve's max_words, spoiler)."""
    given_apart = {"puzzle", "picture", SECOND_FIELD.get(command, ("",))[0]}
    return {name: value for name, value in values.items() if name not in given_apart}


def box_title(command: str, kind: PuzzleKind) -> Message:
    if command == "solve":
        return _("Solve a {title}", title=kind_title(kind))
    if command == "hint":
        return _("A hint for a {title}", title=kind_title(kind))
    return _("Check a {title}", title=kind_title(kind))


def puzzle_box(
    command: str,
    kind: PuzzleKind,
    options: dict[str, Any],
    filled_in: dict[str, str],
    language: str,
) -> PuzzleModal:
    """The text box a command opens for a grid, in the member's `language`: its submission
    answers the command."""
    return PuzzleModal(
        render(box_title(command, kind), language),
        text_box_id(command, kind, options),
        box_fields(command, kind, language),
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
            _(
                "give the {title} one way: type it in `puzzle` or attach a `picture` of it, "
                "not both",
                title=kind_title(kind),
            ),
            example=_(
                "/{command} {kind} picture: (a screenshot or photo of the puzzle)",
                command=command,
                kind=kind.name,
            ),
        )


@dataclass(frozen=True)
class FromPicture:
    """A puzzle read from a member's picture and sure enough to answer: the answer starts
    with what was read and carries the Edit button (the read was admitted as solving work,
    so the answer is not admitted again)."""

    read: str
    view: discord.ui.View

    def shown(self, language: str) -> str:
        what_i_read = render(_("What I read from your picture:"), language)
        return f"{what_i_read}\n```\n{safe(self.read)}\n```\n"


def with_picture(from_picture: FromPicture | None, message: str, language: str) -> str:
    """`message`, after what was read when the puzzle came from a picture."""
    if from_picture is None:
        return message
    return (from_picture.shown(language) + message)[:MESSAGE_LIMIT]


READ_ACTION = (
    r"puzzlebot:read:(?P<action>go|edit):(?P<command>solve|hint|check):(?P<kind>[a-z]+)"
    r":(?P<options>[^:]*)"
)


EDIT_WHAT_I_READ = _("Edit what I read")
# The button that answers what was read as it stands, named after its command.
COMMAND_BUTTONS = {
    "solve": pgettext("button", "Solve"),
    "hint": pgettext("button", "Hint"),
    "check": pgettext("button", "Check"),
}


def read_buttons(
    command: str, kind: PuzzleKind, query: str, language: str, *, go: bool
) -> discord.ui.View:
    """Under what was read: "Edit what I read", and with `go` the command's own button
    (Solve, Hint, Check) to answer it as read, labelled in `language`."""
    view = discord.ui.View(timeout=None)
    if go:
        view.add_item(ReadButton("go", command, kind.name, query, language))
    view.add_item(ReadButton("edit", command, kind.name, query, language))
    return view


def doubt_note(outcome: ReadPicture, command: str) -> Message:
    """What the member is asked to check, and how, under what was read. A place is a cell or
    a letter (the reader's PLACE); each has its own sentences, as languages agree words."""
    names = ", ".join(outcome.names[:24])
    if len(outcome.names) > 24:
        names += ", …"
    letters = outcome.place == "letter"
    if outcome.problem is not None and outcome.doubted:
        if letters:
            return _(
                "That cannot be your puzzle: {problem}. The shaded letters look wrong: "
                "{names}. Press **{edit}** to correct it.",
                problem=outcome.problem,
                names=names,
                edit=EDIT_WHAT_I_READ,
            )
        return _(
            "That cannot be your puzzle: {problem}. The shaded cells look wrong: {names}. "
            "Press **{edit}** to correct it.",
            problem=outcome.problem,
            names=names,
            edit=EDIT_WHAT_I_READ,
        )
    if outcome.problem is not None:
        if letters:
            return _(
                "That cannot be your puzzle: {problem}. Check each letter against your "
                "picture. Press **{edit}** to correct it.",
                problem=outcome.problem,
                edit=EDIT_WHAT_I_READ,
            )
        return _(
            "That cannot be your puzzle: {problem}. Check each cell against your picture. "
            "Press **{edit}** to correct it.",
            problem=outcome.problem,
            edit=EDIT_WHAT_I_READ,
        )
    doubted = len(outcome.doubted)
    button = COMMAND_BUTTONS[command]
    if letters:
        return ngettext(
            "I'm not sure of {count} letter, shaded: {names}. Check it against your picture: "
            "press **{button}** if it is right, or **{edit}** to correct it.",
            "I'm not sure of {count} letters, shaded: {names}. Check them against your "
            "picture: press **{button}** if they are right, or **{edit}** to correct them.",
            doubted,
            names=names,
            button=button,
            edit=EDIT_WHAT_I_READ,
        )
    return ngettext(
        "I'm not sure of {count} cell, shaded: {names}. Check it against your picture: "
        "press **{button}** if it is right, or **{edit}** to correct it.",
        "I'm not sure of {count} cells, shaded: {names}. Check them against your picture: "
        "press **{button}** if they are right, or **{edit}** to correct them.",
        doubted,
        names=names,
        button=button,
        edit=EDIT_WHAT_I_READ,
    )


class ReadButton(PersistentButton, template=READ_ACTION):
    """Under what was read from a picture: "Edit what I read" opens the command's text box
    filled in with it; the command's button (Solve, Hint, Check) answers it as read. The
    state lives in the custom id and the message, so the buttons work after a restart."""

    def __init__(
        self, action: str, command: str, kind_name: str, options: str, language: str = ENGLISH
    ):
        label = render(EDIT_WHAT_I_READ if action == "edit" else COMMAND_BUTTONS[command], language)
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

    def __init__(self, kind_name: str, options: str = "", language: str = ENGLISH):
        label = render(_("Show me the answer"), language)
        custom_id = f"puzzlebot:reveal:{kind_name}" + (f":{options}" if options else "")
        super().__init__(custom_id, label)
        self.kind_name = kind_name
        self.options = options

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(match["kind"], match["options"] or "")

    async def pressed(self, interaction: discord.Interaction) -> None:
        text = puzzle_text_from(interaction.message)
        if text is None:
            raise PuzzleError(_("this message no longer shows its puzzle"))
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
            if await self._read_picture_or_open_box(interaction, "solve", kind, values):
                return
            options = command_options("solve", values)
            spoiler = options.pop("spoiler")
            await self.reply_with_solution(
                interaction, kind, values["puzzle"], options, spoiler=spoiler
            )

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
        # The language first (the server's is a database read), so the work goes to the pool
        # as soon as the member is told it is under way.
        language = await self._language(interaction, private=private)
        await think(interaction, private=private)
        result = await self.service.solve(kind, puzzle, options, language)
        answer = answer_message(kind_title(kind), result.text, spoiler, result.no_picture, language)
        await self._send(
            interaction,
            with_picture(from_picture, answer, language),
            result,
            kind,
            alt_text(kind, solution_shown(result, language), puzzle.text(), language),
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
                _(
                    "That is this server's daily {title} #{number}: no spoilers until it "
                    "closes {closes}. Press Play on the post to play it.",
                    title=kind_title(kind),
                    number=str(puzzle_of_the_day.number),
                    closes=f"<t:{closes}:R>",
                )
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
            if await self._read_picture_or_open_box(interaction, "hint", kind, values):
                return
            await self._reply_with_hint(
                interaction,
                kind,
                values["puzzle"],
                values["progress"] or "",
                options=command_options("hint", values),
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
        language = member_language(interaction)
        result = await self.service.hint(kind, puzzle, progress or "", language)
        header = answer_header(
            _("{title} hint", title=kind_title(kind)), result.no_picture, language
        )
        hint = safe(render(result.text, language))
        message = with_picture(from_picture, f"{header}\n{hint}", language)[:MESSAGE_LIMIT]
        await self._send(
            interaction,
            message,
            result,
            kind,
            alt_text(kind, hint_shown(result), puzzle.text(), language),
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
            if await self._read_picture_or_open_box(interaction, "check", kind, values):
                return
            await self._reply_with_verdict(
                interaction,
                kind,
                values["puzzle"],
                values["answer"],
                options=command_options("check", values),
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
        language = member_language(interaction)
        result = await self.service.check(kind, puzzle, answer, language)
        verdict = f"**{render(kind_title(kind), language)}**\n{safe(render(result.text, language))}"
        message = with_picture(from_picture, verdict, language)
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
        language = await self._language(interaction, private=False)
        await think(interaction, private=False)
        seed = random.SystemRandom().randrange(2**32)
        result = await self.service.generate(
            kind, seed, difficulty, options, interaction.guild_id, language
        )
        title = (
            _(
                "A fresh {title} ({difficulty})",
                title=kind_title(kind),
                difficulty=chosen(difficulty),
            )
            if difficulty
            else _("A fresh {title}", title=kind_title(kind))
        )
        where_next = _(
            "Check your answer with `/check {kind}`; stuck? `/hint {kind}`.", kind=kind.name
        )
        message = (
            f"{answer_header(title, result.no_picture, language)}\n"
            f"```\n{safe(result.text)}\n```\n{render(where_next, language)}"
        )
        view = discord.ui.View(timeout=None)
        puzzle_options = given_options(puzzle_options_of(kind, result.value))
        view.add_item(RevealButton(kind.name, puzzle_options, language))
        await self._send(
            interaction,
            message[:MESSAGE_LIMIT],
            result,
            kind,
            alt_text(kind, SHOWS_TO_PLAY, result.text, language),
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
        language = member_language(interaction)
        title = render(_("puzzlebot puzzles"), language)
        embed = discord.Embed(title=title, colour=discord.Colour.blurple())
        for each in kinds:
            lines = [solve_example(each), generate_example(each)]
            if kind:
                lines.insert(0, kind_description(each))
            shown = "\n".join(render(line, language) for line in lines)
            embed.add_field(
                name=render(kind_title(each), language), value=shown[:1024], inline=False
            )
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

    async def _read_picture_or_open_box(
        self,
        interaction: discord.Interaction,
        command: str,
        kind: PuzzleKind,
        values: dict[str, Any],
    ) -> bool:
        """What /solve, /hint and /check do first with the `values` a member gave: a picture
        is read and what was read answered or shown (refused when the puzzle is typed too);
        a puzzle (or an answer to check) left out opens the command's text box. True when
        this answered the interaction."""
        text = values.get("puzzle")
        second = values.get(SECOND_FIELD[command][0]) if command in SECOND_FIELD else ""
        options = command_options(command, values)
        picture = values.get("picture")
        if picture is not None:
            refuse_both(kind, command, text)
            await self._reply_from_picture(
                interaction, command, kind, picture, options, second or ""
            )
            return True
        if (not text and asks_in_a_box(kind)) or (command == "check" and not second):
            filled_in = {"puzzle": text or ""}
            box = puzzle_box(command, kind, options, filled_in, member_language(interaction))
            await open_text_box(interaction, box)
            return True
        return False

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
        language = await self._language(interaction, private=private)
        read = await self.service.read(kind, data, read_with, interaction.guild_id, language)
        outcome = cast(ReadPicture, read.value)
        if outcome.reading.language:  # the picture shows it (a Spanish codeword's Ñ)
            options = {**options, "language": outcome.reading.language}
        query = given_options(options)
        sure = outcome.problem is None and not outcome.doubted
        can_answer = sure and (command != "check" or second)
        if can_answer:
            view = read_buttons(command, kind, query, language, go=False)
            fields = {"puzzle": read.text}
            if command in SECOND_FIELD:
                fields[SECOND_FIELD[command][0]] = second
            await self._answer(
                interaction, command, kind, query, fields, FromPicture(read.text, view)
            )
            return
        what_i_read = _("{title}: what I read from your picture", title=kind_title(kind))
        message = f"**{render(what_i_read, language)}**\n```\n{safe(read.text)}\n```\n"
        if second:
            label = render(_("{label}:", label=SECOND_FIELD[command][1]), language)
            message += f"{label}\n```\n{safe(second)}\n```\n"
        if sure:  # a check with no answer given: the box asks for it
            ask = _(
                "Press **{edit}** to correct it if needed and give your answer.",
                edit=EDIT_WHAT_I_READ,
            )
            message += render(ask, language)
        else:
            message += render(doubt_note(outcome, command), language)
        await self._send(
            interaction,
            message[:MESSAGE_LIMIT],
            read,
            kind,
            alt_text(kind, read_shown(outcome), read.text, language),
            private=private,
            view=read_buttons(
                command, kind, query, language, go=outcome.problem is None and not sure
            ),
        )
        await self._record(interaction, "read", kind, started)  # shown, not yet answered

    async def act_on_reading(self, interaction: discord.Interaction, button: ReadButton) -> None:
        """A button under what was read: Edit opens the command's text box filled in with
        it; the command's button answers it as read (a check with no answer yet opens the
        box too)."""
        blocks = code_blocks(interaction.message)
        if not blocks:
            raise PuzzleError(
                _("this message no longer shows what was read; send the picture again")
            )
        kind = get_kind(button.kind_name)
        fields = {"puzzle": blocks[0]}
        if button.command in SECOND_FIELD and len(blocks) > 1:
            fields[SECOND_FIELD[button.command][0]] = blocks[1]
        if button.action == "edit" or (button.command == "check" and "answer" not in fields):
            options = dict(urllib.parse.parse_qsl(button.options))
            box = puzzle_box(button.command, kind, options, fields, member_language(interaction))
            await open_text_box(interaction, box)
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

    async def _language(self, interaction: discord.Interaction, *, private: bool) -> str:
        """The language of a reply: the member's own for a private one, else the server's."""
        if private:
            return member_language(interaction)
        return await server_language(self.bot, interaction.guild)

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
