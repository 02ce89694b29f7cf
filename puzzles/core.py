"""The surface every puzzle kind offers, and the error a player can act on.

A kind is a handful of plain functions (parse, solve, check, generate, hint)
bundled in a `PuzzleKind`. Puzzle and Solution values are frozen dataclasses so
they pickle across the worker-pool boundary and can be compared and hashed.

Where a kind reads text, in every kind's package:
    puzzle.py  reads the puzzle's text (parse) and holds the Puzzle value;
    rules.py   reads a player's answer and progress (parse_words, parse_chain,
               parse_letters, parse_grid, progress_key...) and judges them (check, hint).
A notation written in both (a sudoku grid, a codeword's `12=E`, a cryptogram's `A=E`,
a ladder's words) is read in puzzle.py, whose docstring says so, and rules.py calls it.
"""

from __future__ import annotations

import dataclasses
import math
import random
import string
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from puzzles.i18n import ENGLISH, Message, _, ngettext, pgettext, render, separated
from puzzles.lexicon import Tier
from puzzles.lexicon.alphabet import DEFAULT_LANGUAGE, LANGUAGES, Alphabet

# The word-list tiers by the names a player picks them by, smallest first: the lexicon's tiers.
TIERS: dict[str, Tier] = {tier.name.lower(): tier for tier in Tier}

DISCORD = "discord"
COMMAND_LINE = "command line"


@dataclass(frozen=True)
class Usage:
    """An example command, written by each frontend in its own syntax: the same hint reads
    `/generate sudoku size:9` in Discord and `puzzlebot generate sudoku --size 9` in a
    terminal. Without a command it is only the options (`size:9`, `--size 9`)."""

    command: str = ""
    kind: str = ""
    text: str = ""  # the puzzle (or, for generate, the text to build it from)
    options: tuple[tuple[str, Any], ...] = ()

    def written_for(self, frontend: str) -> str:
        if frontend == DISCORD:
            return self._slash_command()
        return self._command_line()

    def _slash_command(self) -> str:
        parts = [f"/{self.command} {self.kind}"] if self.command else []
        if self.text:
            text_option = "text" if self.command == "generate" else "puzzle"
            parts.append(f"{text_option}:{self.text}" if self.command else self.text)
        parts += [f"{name}:{value}" for name, value in self.options]
        return " ".join(parts)

    def _command_line(self) -> str:
        parts = ["puzzlebot", self.command, self.kind] if self.command else []
        if self.text:
            parts.append(f'"{self.text}"' if self.command and " " in self.text else self.text)
        for name, value in self.options:
            flag = "--" + name.replace("_", "-")
            parts.append(flag if value is True else f"{flag} {value}")
        return " ".join(parts)


class PuzzleError(ValueError):
    """Input a player can fix: what is wrong, where, and an example of the right form.

    `problem` and `where` are Messages (puzzles.i18n), rendered in the reader's language by
    the frontend; plain text is still accepted and shown as it is. An example in words is a
    Message too; one that is a command or its options is a `Usage`, so that each frontend
    shows it in its own syntax (`message_for`); `message` is the command-line form in English.
    """

    def __init__(
        self,
        problem: Message | str,
        *,
        where: Message | str | None = None,
        example: Message | str | Usage | None = None,
    ):
        self.problem = problem
        self.where = where
        self.example = example
        super().__init__(self.message)

    def __reduce__(self):
        # Keep the message ids, `where` and `example` across the worker-pool boundary.
        return _rebuild_error, (type(self), self.problem, self.where, self.example)

    @property
    def message(self) -> str:
        return self.message_for(COMMAND_LINE)

    def message_for(self, frontend: str, language: str = ENGLISH) -> str:
        text = render(self.problem, language).rstrip(".")
        if self.where:
            text = render(_("{problem} ({where})", problem=text, where=self.where), language)
        text += "."
        example = self.example
        if isinstance(example, Usage):
            example = example.written_for(frontend)
        if example:
            text += " " + render(_("Example: {example}", example=example), language)
        return text


def _rebuild_error(cls: type[PuzzleError], problem, where, example) -> PuzzleError:
    return cls(problem, where=where, example=example)


class SolveTimeout(PuzzleError):
    """A solve ran past its deadline; the player can retry with a smaller search."""


class Puzzle(Protocol):
    """A parsed puzzle: immutable, picklable, and printable back in the form parse() accepts."""

    def text(self) -> str: ...


class Solution(Protocol):
    """A solver's answer: immutable, picklable, with a short human-readable summary.

    A kind whose puzzles can have no answer gives its solution a `no_answer` property (a box
    no words finish, a grid whose givens contradict): the picture and its alt text say so."""

    def text(self) -> str: ...


def has_no_answer(solution: Any) -> bool:
    """Whether a solve found that the puzzle has no answer at all (see Solution)."""
    return bool(getattr(solution, "no_answer", False))


@dataclass(frozen=True)
class Verdict:
    """The result of checking a player's answer: every rule broken, not only the first."""

    solved: bool
    problems: tuple[Message | str, ...] = ()
    summary: Message | str = ""

    def text(self, language: str = ENGLISH) -> str:
        return self.message.render(language)

    @property
    def message(self) -> Message:
        """The verdict as one Message (the summary, then a line per problem), for a reply that
        quotes it and renders it in the reader's language."""
        lines = [self.summary] if self.summary else []
        lines += [Joined(items=("- ", problem), separator="") for problem in self.problems]
        return joined(lines, separator="\n")


@dataclass(frozen=True)
class Joined(Message):
    """Several messages shown one after another ("A; B"), each in the reader's language: a
    list of rules broken inside one sentence. A Message, so it renders and pickles as one."""

    id: str = ""
    items: tuple[Message | str, ...] = ()
    separator: str = "; "

    def render(self, language: str = ENGLISH) -> str:
        return separated(self.items, language, self.separator)


def joined(items: Sequence[Message | str], separator: str = "; ") -> Joined:
    return Joined(items=tuple(items), separator=separator)


def listed(items: Sequence[str]) -> Message | str:
    """'3, 7 and 12' in the reader's language: items a player typed (numbers, letters)."""
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def either(items: Sequence[Message | str]) -> Message | str:
    """'A, B or C' in the reader's language: the words that could each be the one."""
    if len(items) == 1:
        return items[0]
    return _("{items} or {last}", items=joined(items[:-1], ", "), last=items[-1])


def not_solved(problems: Sequence[Message | str]) -> Verdict:
    """The verdict on an answer that breaks rules: how many, then each one."""
    summary = ngettext(
        "Not solved: {count} problem.", "Not solved: {count} problems.", len(problems)
    )
    return Verdict(False, tuple(problems), summary)


# --- reading what players type ------------------------------------------------------------
#
# Puzzles are written in ASCII letters and digits. Anything else is refused with its name
# rather than folded into ASCII: NFKC would turn a superscript two or a fullwidth five into a
# digit, but also one ligature into two letters (ﬆ -> st) and one cell into two, so grids,
# sides and the positions in messages would silently change. A refusal that names the
# character is one rule a player can act on.

DIGITS = string.digits
LETTERS = string.ascii_letters
MAX_SHOWN = 40  # characters of a player's text quoted back in a message


def is_letter(ch: str) -> bool:
    """An ASCII letter A-Z or a-z (not ß, ﬆ, or the Kelvin sign, which lower() makes 'k');
    str.isalpha() says yes to all of them, as str.isdigit() does to ², ٣ and ５."""
    return len(ch) == 1 and ch in LETTERS


def is_number(token: str) -> bool:
    return bool(token) and all(ch in DIGITS for ch in token)


def shown(text: str) -> str:
    """A player's text quoted back: cut to a readable length, with the name of a lone
    character that looks like an ASCII one or cannot be seen ('²' (SUPERSCRIPT TWO))."""
    if len(text) == 1 and not (text.isascii() and text.isprintable()):
        name = unicodedata.name(text, f"U+{ord(text):04X}")
        return f"{text!r} ({name})"
    return repr(shorten(text))


def shorten(text: str) -> str:
    """A player's text cut to a length a message can quote."""
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 1] + "…"


def upper_each(text: str) -> str:
    """Upper case character for character, never turning a character into ASCII that was
    not: 'ß' (-> 'SS'), 'ﬆ' (-> 'ST'), 'ſ' (-> 'S') and 'ı' (-> 'I') stay as they are, so a
    cell stays one cell and a look-alike is refused by name instead of read as A-Z."""
    return "".join(up if _same_kind(ch, up := ch.upper()) else ch for ch in text)


def _same_kind(ch: str, upper: str) -> bool:
    return len(upper) == 1 and (ch.isascii() or not upper.isascii())


def is_invisible(ch: str) -> bool:
    """A control, format or unassigned character, or a combining mark: nothing a puzzle is
    written with, and something that can hide or reorder what is shown (U+202E)."""
    return not ch.isspace() and unicodedata.category(ch)[0] in "CM"


def first_non_letter(word: str) -> str | None:
    """The first character of `word` that is not an ASCII letter, checked before any case
    change (lower() makes the Kelvin sign a 'k'); None when there is none."""
    return next((ch for ch in word if not is_letter(ch)), None)


def number_within(token: str, lowest: int, highest: int) -> int | None:
    """The number `token` writes in ASCII digits if it is lowest..highest, else None."""
    if not is_number(token) or len(token.lstrip("0")) > len(str(highest)):
        return None
    value = int(token)
    return value if lowest <= value <= highest else None


def read_number(
    token: str,
    lowest: int,
    highest: int,
    *,
    where: Message | str | None = None,
    example: Message | str | Usage | None = None,
) -> int:
    """A whole number lowest..highest written in ASCII digits; a PuzzleError otherwise.

    The one place puzzles turn typed digits into a number: '²' and '٣' are refused by name,
    and a thousand-digit number is out of range without int() ever seeing it."""
    if not is_number(token):
        raise PuzzleError(
            _(
                "{token} is not a number from {lowest} to {highest}",
                token=shown(token),
                lowest=lowest,
                highest=highest,
            ),
            where=where,
            example=example,
        )
    if len(token.lstrip("0")) > len(str(highest)):
        raise PuzzleError(
            _(
                "the {digits}-digit number {token} is outside {lowest}..{highest}",
                digits=len(token),
                token=shown(token),
                lowest=lowest,
                highest=highest,
            ),
            where=where,
            example=example,
        )
    value = int(token)
    if not lowest <= value <= highest:
        raise PuzzleError(
            _(
                "the number {value} is outside {lowest}..{highest}",
                value=value,
                lowest=lowest,
                highest=highest,
            ),
            where=where,
            example=example,
        )
    return value


@dataclass(frozen=True)
class Option:
    """A per-kind solve option, declared once so the CLI and the bot can both offer it.

    Every number has a finite range (minimum..maximum, both required) that fits the solve
    deadline; free text has a max_length. `faster` says how this option makes a slow solve
    quicker ('a lower max_solutions'); a solve past its deadline suggests exactly that.
    """

    name: str
    type: type
    default: Any
    help: str
    minimum: int | float | None = None
    maximum: int | float | None = None
    choices: tuple[Any, ...] = ()
    max_length: int | None = None  # free text (no choices): the most characters accepted
    faster: Message | str = ""

    def __post_init__(self):
        numeric = self.type in (int, float)
        if numeric and not self.choices and (self.minimum is None or self.maximum is None):
            raise TypeError(f"option {self.name}: a number needs a minimum and a maximum")
        if self.type is str and not self.choices and self.max_length is None:
            raise TypeError(f"option {self.name}: free text needs a max_length")

    @property
    def range_text(self) -> Message | str:
        """'1 to 10' (or '4, 6, 9' for a choice), for help texts and messages."""
        if self.choices:
            return self._choice_list()
        return _("{minimum} to {maximum}", minimum=self.minimum, maximum=self.maximum)

    def coerce(self, value: Any) -> Any:
        """Validate a value typed by a player, with a message naming the option."""
        if value is None:
            return self.default
        if self.type is bool:
            return _as_bool(self.name, value)
        if self.type in (int, float):
            return self._number(value)
        if not isinstance(value, str):
            raise PuzzleError(
                _("{option} must be text, not {value}", option=self.name, value=_short(value))
            )
        coerced = value
        if self.choices:
            if coerced not in self.choices:
                raise PuzzleError(
                    self._not_a_choice(shown(coerced)),
                    example=Usage(options=((self.name, self.default),)),
                )
        elif self.max_length is not None and len(coerced) > self.max_length:
            raise PuzzleError(
                ngettext(
                    "{option} is {count} character; the most I accept is {most}",
                    "{option} is {count} characters; the most I accept is {most}",
                    len(coerced),
                    option=self.name,
                    most=self.max_length,
                )
            )
        return coerced

    def _choice_list(self) -> str:
        return ", ".join(map(str, self.choices))

    def _not_a_choice(self, given: str) -> Message:
        return _(
            "{option} must be one of {choices}, not {value}",
            option=self.name,
            choices=self._choice_list(),
            value=given,
        )

    def _usual(self) -> Any:
        """The value an example shows: the default, else the smallest allowed."""
        if self.default is not None:
            return self.default
        return self.choices[0] if self.choices else self.minimum

    def _number(self, value: Any) -> int | float:
        """An int or float option's value: finite, whole for int, inside minimum..maximum."""
        number = _as_number(value)
        given = shown(value) if isinstance(value, str) else _short(value)
        whole = self.type is int
        finite = isinstance(number, int) or (number is not None and math.isfinite(number))
        if not finite or (whole and number != int(number)):
            raise PuzzleError(
                self._not_a_number(whole, given),
                example=Usage(options=((self.name, self._usual()),)),
            )
        if self.choices:
            if number not in self.choices:
                raise PuzzleError(
                    self._not_a_choice(given),
                    example=Usage(options=((self.name, self._usual()),)),
                )
            return self.type(number)
        if number < self.minimum:
            raise PuzzleError(
                _(
                    "{option} must be at least {minimum}, not {value}",
                    option=self.name,
                    minimum=self.minimum,
                    value=given,
                )
            )
        if number > self.maximum:
            raise PuzzleError(
                _(
                    "{option} must be at most {maximum}, not {value}",
                    option=self.name,
                    maximum=self.maximum,
                    value=given,
                )
            )
        return self.type(number)

    def _not_a_number(self, whole: bool, given: str) -> Message:
        if whole:
            return _(
                "{option} must be a whole number from {range}, not {value}",
                option=self.name,
                range=self.range_text,
                value=given,
            )
        return _(
            "{option} must be a number from {range}, not {value}",
            option=self.name,
            range=self.range_text,
            value=given,
        )


def tier_name(tier: str) -> Message:
    """A word list's tier ('common', 'standard', 'large') as a player reads it in a sentence."""
    names = {
        # Translators: a word list's tier, as in "no common word" / "the common word list".
        "common": pgettext("word list", "common"),
        "standard": pgettext("word list", "standard"),
        "large": pgettext("word list", "large"),
    }
    return names[tier.lower()]


def letters_described(letters: Alphabet) -> Message | str:
    """A language's letters as a message names them: 'A-Z', or 'A-Z and Ñ' for Spanish."""
    extra = [letters.show(ch) for ch in letters.letters if ch not in string.ascii_lowercase]
    if not extra:
        return "A-Z"
    return _("A-Z and {letters}", letters=", ".join(extra))


def tier_option(
    help: str = "word list: common, standard or large", default: str = "standard"
) -> Option:
    """The solve option that picks the word list by tier name; the common words are fastest."""
    return Option("tier", str, default, help, choices=tuple(TIERS), faster="tier=common")


LANGUAGE = "language"  # the option's name, which frontends fill in with the server's choice


def language_option() -> Option:
    """The word kinds' option for the language of the puzzle's words (not of the replies: a
    French member pasting NYT's box wants English words). Frontends fill it in when it is
    not given: the server's choice on Discord, else English."""
    return Option(
        LANGUAGE,
        str,
        DEFAULT_LANGUAGE,
        "the words' language: en (English), fr (French) or es (Spanish)",
        choices=LANGUAGES,
    )


def _as_number(value: Any) -> int | float | None:
    """A number from a player's value (int, float or text); None when it is none."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return value
    text = str(value).strip()
    if len(text) > MAX_SHOWN or not text.isascii():  # no 5,000-digit int(), no '٣'
        return None
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return None


def _short(value: Any) -> Message | str:
    """A value for a message; a huge int is described, not printed (str() refuses 4,300+
    digits)."""
    if isinstance(value, int) and abs(value) >= 10**MAX_SHOWN:
        digits = value.bit_length() * 30103 // 100000 + 1
        return _("a {digits}-digit number", digits=digits)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _figure(value)
    return shown(value) if isinstance(value, str) else shown(repr(value))


def _figure(number: int | float) -> str:
    """100,000 for an int, 2.5 for a float."""
    return f"{number:,}" if isinstance(number, int) else f"{number:g}"


def _as_bool(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    words = {"true": True, "yes": True, "on": True, "1": True}
    words |= {"false": False, "no": False, "off": False, "0": False}
    answer = words.get(value.strip().lower()) if isinstance(value, str) else None
    if isinstance(value, int) and value in (0, 1):
        answer = bool(value)
    if answer is None:
        raise PuzzleError(
            _("{option} must be yes or no, not {value}", option=name, value=_short(value)),
            example=Usage(options=((name, True),)),
        )
    return answer


def _with_options(
    title: Message, declared: tuple[Option, ...], given: dict[str, Any] | None
) -> dict[str, Any]:
    """Every declared option's value (given or default), each validated; unknown names refused."""
    given = {name: value for name, value in (given or {}).items() if value is not None}
    known = {option.name: option for option in declared}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise PuzzleError(
            _("{kind} has no option {option}", kind=title, option=shown(unknown[0])),
            example=", ".join(known) or _("no options"),
        )
    return {name: option.coerce(given.get(name)) for name, option in known.items()}


def known_difficulty(
    kind: str,
    difficulty: str,
    difficulties: Sequence[str],
    example: str = "",
    meaning: Message | str = "",
) -> str:
    """`difficulty` (trimmed, lower case) when the kind makes it; otherwise a PuzzleError
    naming those it makes (and what they mean, e.g. "choose a weekday"). The one check:
    generate_request and the generators both call it."""
    wanted = difficulty.strip().lower()
    if wanted not in difficulties:
        if meaning:
            problem = _(
                "unknown difficulty {difficulty}: difficulty must be one of {choices} ({meaning})",
                difficulty=repr(wanted),
                choices=", ".join(difficulties),
                meaning=meaning,
            )
        else:
            problem = _(
                "unknown difficulty {difficulty}: difficulty must be one of {choices}",
                difficulty=repr(wanted),
                choices=", ".join(difficulties),
            )
        raise PuzzleError(
            problem,
            example=Usage("generate", kind, options=(("difficulty", example or difficulties[0]),)),
        )
    return wanted


@dataclass(frozen=True)
class PuzzleKind:
    """One registered puzzle kind. Cogs and the CLI are driven entirely by these fields.

    - solve(puzzle, **solve_options) -> Solution; generate(rng, difficulty, **generate_options)
      -> Puzzle. Options are declared so the CLI and the bot can offer them by name.
    - hint(puzzle, progress) returns words (a str: `Said`, which keeps its Message), or a
      frozen value with .text(language) that the kind's renderer can draw in place of a
      solution (e.g. the cells a sudoku hint is about); hint_text() writes either.
    - multiline_input: the puzzle is a grid people paste over several lines; the bot asks
      for it in a multi-line text box when the command gives no text.
    - typed_as: what a player types for the puzzle ("grid", "enciphered text"), for the
      prompts of text boxes and options.
    - warm_up: the kind's first solve loads data or builds indexes (about a second), so each
      bot worker solves the kind's example once at start and the first player's solve is as
      fast as the rest.
    - puzzle_options are read with the puzzle's text (parse(text, **options): the word
      language), so solve, hint and check all offer them; a kind whose puzzles are made in a
      language lists the same option among its generate_options.
    - max_input_chars limits the puzzle as typed; max_answer_chars an answer or the progress
      given for a hint (a grid, a chain of words); a free-text generate option its own
      max_length. check_input_size() is the one check all of them go through.
    """

    name: str
    title: str
    aliases: tuple[str, ...]
    example: str
    description: str
    parse: Callable[[str], Puzzle]
    solve: Callable[..., Solution]
    check: Callable[[Puzzle, str], Verdict]
    generate: Callable[[random.Random, str | None], Puzzle]
    hint: Callable[[Puzzle, str], Any] | None = None
    solve_options: tuple[Option, ...] = ()
    generate_options: tuple[Option, ...] = ()
    puzzle_options: tuple[Option, ...] = ()
    difficulties: tuple[str, ...] = ()
    max_input_chars: int = 2000
    max_answer_chars: int = 2000
    multiline_input: bool = False
    typed_as: str = "puzzle"
    warm_up: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    # Quick checks of a generate request as a whole (difficulty, **generate options), raising
    # a PuzzleError for what can never be made (a 4x4 sudoku is only easy): run before any work.
    check_generate: Callable[..., None] | None = None
    # The difficulties that exist for the generate options chosen so far (**options), where
    # they depend on them (a 4x4 sudoku is only easy): what a frontend offers as they are typed.
    difficulties_for: Callable[..., tuple[str, ...]] | None = None

    def offered_difficulties(self, options: dict[str, Any]) -> tuple[str, ...]:
        """The difficulties to offer once these generate options are chosen; all of them
        when the options chosen so far do not narrow them (or are not valid yet)."""
        if self.difficulties_for is None:
            return self.difficulties
        try:
            return self.difficulties_for(
                **_with_options(kind_title(self), self.generate_options, options)
            )
        except (PuzzleError, TypeError, ValueError):
            return self.difficulties

    def parse_with(self, text: str, options: dict[str, Any] | None = None) -> Puzzle:
        """Parse with the puzzle options a player gave (the word language), validated."""
        return self.parse(text, **_with_options(kind_title(self), self.puzzle_options, options))

    def puzzle_options_in(self, options: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """`options` split into those read with the puzzle's text and the rest (solve's)."""
        names = {option.name for option in self.puzzle_options}
        return (
            {name: value for name, value in options.items() if name in names},
            {name: value for name, value in options.items() if name not in names},
        )

    def solve_with(self, puzzle: Puzzle, options: dict[str, Any] | None = None) -> Solution:
        """Solve with player-supplied options, each validated against its declaration."""
        return self.solve(puzzle, **_with_options(kind_title(self), self.solve_options, options))

    def generate_with(
        self,
        rng: random.Random,
        difficulty: str | None = None,
        options: dict[str, Any] | None = None,
    ) -> Puzzle:
        """Generate with a validated difficulty and player-supplied generate options."""
        difficulty, values = self.generate_request(difficulty, options)
        return self.generate(rng, difficulty, **values)

    def generate_request(
        self, difficulty: str | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str | None, dict[str, Any]]:
        """The difficulty and every generate option validated, each alone and all together
        (check_generate), before any work: a frontend refuses a bad request at once."""
        if difficulty is not None and self.difficulties:
            difficulty = known_difficulty(self.name, difficulty, self.difficulties)
        values = _with_options(kind_title(self), self.generate_options, options)
        if self.check_generate is not None:
            self.check_generate(difficulty, **values)
        return difficulty, values

    def input_limit(self, what: str = "puzzle") -> int:
        """The most characters accepted for one text a member gives: the puzzle, an answer,
        progress, or a free-text generate option by name (e.g. 'text')."""
        if what == "puzzle":
            return self.max_input_chars
        if what in ("answer", "progress"):
            return self.max_answer_chars
        for option in (*self.generate_options, *self.solve_options):
            if option.name == what and option.max_length is not None:
                return option.max_length
        raise KeyError(f"{self.name} has no text field {what!r}")

    def check_input_size(self, text: str, what: str = "puzzle") -> None:
        """Refuse an oversized puzzle, answer, progress or generate text before any work."""
        limit = self.input_limit(what)
        if len(text) > limit:
            raise PuzzleError(
                _too_long(kind_title(self), what, len(text), limit),
                example=Usage("solve", self.name, self.example) if what == "puzzle" else None,
            )

    def text_options(self, options: dict[str, Any] | None) -> dict[str, str]:
        """The free-text generate options among `options` (name -> text), to size-check."""
        free = {o.name for o in self.generate_options if o.type is str and not o.choices}
        return {name: v for name, v in (options or {}).items() if name in free and v is not None}

    def faster_advice(self) -> Message | str:
        """What makes a solve of this kind quicker, from its own options, in the reader's
        language: 'a lower max_solutions or tier=common'; '' when no option speeds it up."""
        ways = [option.faster for option in self.solve_options if option.faster]
        return either(ways) if ways else ""


# The context of a kind's title in the catalogue, where scripts/catalogue.py puts every title.
KIND_CONTEXT = "kind"


def kind_title(kind: PuzzleKind) -> Message:
    """The kind's title in the reader's language ("Cryptogramme"), for a sentence to name it.

    `PuzzleKind.title` stays the English text, for sorting, command choices and logs."""
    return pgettext(KIND_CONTEXT, kind.title)


# The context of what a kind's players type ("grid", "12 letters"), beside the titles.
TYPED_AS_CONTEXT = "typed as"


def kind_typed_as(kind: PuzzleKind) -> Message:
    """What the kind's players type for a puzzle, in the reader's language ("grille")."""
    return pgettext(TYPED_AS_CONTEXT, kind.typed_as)


# The context of a kind's rules and what to type, as /puzzles explains them in full.
DESCRIPTION_CONTEXT = "kind description"


def kind_description(kind: PuzzleKind) -> Message:
    """The kind's rules and what to type, in the reader's language."""
    return pgettext(DESCRIPTION_CONTEXT, kind.description)


def _too_long(kind: Message, what: str, length: int, most: int) -> Message:
    """That a text a member gave is longer than `what` accepts, one sentence per field."""
    values = {"kind": kind, "length": length, "most": most}
    if what == "puzzle":
        return _("that {kind} puzzle is {length} characters; the most I accept is {most}", **values)
    if what == "answer":
        return _("that {kind} answer is {length} characters; the most I accept is {most}", **values)
    if what == "progress":
        return _(
            "that {kind} progress is {length} characters; the most I accept is {most}", **values
        )
    return _(
        "that {kind} {option} is {length} characters; the most I accept is {most}",
        option=what,
        **values,
    )


class Said(str):
    """Words for a player that are also their English text: a hint of words only is a str,
    as the frontends expect of one (no picture to draw), and keeps its Message so that
    hint_text renders it in the reader's language."""

    message: Message

    def __new__(cls, message: Message) -> Said:
        said = super().__new__(cls, message.render(ENGLISH))
        said.message = message
        return said

    def __reduce__(self):
        return Said, (self.message,)


def hint_text(hint: Any, language: str = ENGLISH) -> str:
    """The words of a hint in `language`, whether the kind returned words (Said, a Message or
    a str) or a value with .text(language)."""
    if isinstance(hint, Said):
        return hint.message.render(language)
    if isinstance(hint, (str, Message)):
        return render(hint, language)
    return hint.text(language)


def to_jsonable(value: Any) -> Any:
    """Plain JSON data for a puzzle, solution or verdict (dataclasses, tuples, sets); text
    for a player (a Message) in English."""
    if isinstance(value, Message):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(key): to_jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted(to_jsonable(item) for item in value)
    return value


def plural(count: int, noun: str, plural_noun: str | None = None) -> str:
    """'1 word', '3 words'."""
    return f"{count:,} {noun if count == 1 else (plural_noun or noun + 's')}"


def join_words(words: Sequence[str]) -> str:
    return " ".join(word.upper() for word in words)
