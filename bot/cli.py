"""The `puzzlebot` command line: the same parse -> solve -> draw path the bot uses.

Readable text by default; with --json, one JSON document (puzzle, solution, timings)
for scripts and checks, and every failure, a mistyped flag included, is one JSON document
with an "error". Bad input exits with status 2 and a message a player can act on. Output
never fails on a character the terminal cannot show (it is written as an escape).

`--lang fr|es|en` on every command (else the PUZZLEBOT_LANG environment variable, else
English; never the system's locale) says the errors, answers, verdicts, hints and summaries
in that language, and labels the pictures (--image) in it; the usage lines, the help
(--help) and argparse's usage errors too (bot/cli_usage.py). --json keeps its keys in
English and gives its text fields in the language.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import errno
import gc
import os
import random
import re
import signal
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from bot.cli_usage import TranslatedParser, UsageError, about_argument, invalid_choice
from puzzles import PuzzleError, PuzzleKind, all_kinds, get_kind, kind_title
from puzzles.core import COMMAND_LINE, Option, hint_text, to_jsonable
from puzzles.i18n import ENGLISH, LANGUAGES, Message, _, join, ngettext, pgettext, render
from puzzles.registry import kind_by_module_name

EXIT_BAD_INPUT = 2
EXIT_INTERNAL_ERROR = 1


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None and sys.argv[1:2] and sys.argv[1] in PUZZLE_COMMANDS:
        without_garbage_collection()  # run as a one-off command, not called from Python
    argv = sys.argv[1:] if argv is None else list(argv)
    report = Report(as_json="--json" in argv)
    return _delivered(lambda: _run(argv, report))


# The environment variable that says the command line's language when --lang does not.
LANGUAGE_VARIABLE = "PUZZLEBOT_LANG"


def language_asked(argv: Sequence[str], environment: Mapping[str, str] = os.environ) -> str:
    """The language --lang names (`--lang fr` or `--lang=fr`), else PUZZLEBOT_LANG, else
    English: read before the parser, which is built in it, so that its help and a command
    line it cannot read are in it too. One we have no catalogue for is refused, naming
    those there are."""
    for index, word in enumerate(argv):
        if word == "--lang" and index + 1 < len(argv):
            return _known_language(argv[index + 1], "--lang")
        if word.startswith("--lang="):
            return _known_language(word.removeprefix("--lang="), "--lang")
    asked = environment.get(LANGUAGE_VARIABLE, "").strip()
    return _known_language(asked, LANGUAGE_VARIABLE) if asked else ENGLISH


def _known_language(asked: str, source: str) -> str:
    if asked in LANGUAGES:
        return asked
    # Said in English: the language asked is the one that is not known.
    problem = invalid_choice(repr(asked), ", ".join(map(repr, LANGUAGES)))
    if source == LANGUAGE_VARIABLE:
        refusal = _("the environment variable {name}: {problem}", name=source, problem=problem)
        example = f"{LANGUAGE_VARIABLE}=fr puzzlebot kinds"
    else:
        refusal = about_argument(source, problem)
        example = "puzzlebot kinds --lang fr"
    raise PuzzleError(refusal, example=example)


def _run(argv: Sequence[str], report: Report) -> int:
    """Run the command line and write its report; the exit status."""
    try:
        report.language = language_asked(argv)
        parser, args = _parsed_command_line(argv, report.language)
    except UsageError as error:
        return report.fail(error.message, usage=error.usage)
    except PuzzleError as error:
        return report.fail(error.message_for(COMMAND_LINE, report.language))
    if not getattr(args, "run", None):
        parser.print_help()
        return EXIT_BAD_INPUT
    try:
        args.run(args, report)
    except PuzzleError as error:
        return report.fail(error.message_for(COMMAND_LINE, report.language))
    except OSError as error:
        path = str(error.filename)
        return report.fail(_("could not write {path}: {reason}", path=path, reason=error.strerror))
    except Exception as error:
        if not report.as_json:
            raise
        import traceback  # here: a one-off command should not load it to succeed

        report.data["traceback"] = traceback.format_exc()
        # Translators: {error} is Python's own, in English: for a bug report, not for a player.
        report.fail(_("internal error: {error}", error=f"{type(error).__name__}: {error}"))
        return EXIT_INTERNAL_ERROR
    return report.finish()


def _delivered(write: Callable[[], int]) -> int:
    """The exit status of `write` (the report), or of failing to write it: a reader that
    left (`puzzlebot ... | head`) is no failure; a full disk (`> /dev/full`) is one line."""
    try:
        code = write()
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        code = 0
    except OSError as error:
        _write(sys.stderr, f"puzzlebot: could not write the output: {error.strerror}")
        code = EXIT_INTERNAL_ERROR
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing left to flush
    return code


def without_garbage_collection() -> None:
    """For a one-off command, which leaves a few hundred objects in cycles but loads tens of
    thousands that live to the end (word lists, model tables, caches): the collector would
    walk them all, during the work and again as Python exits: about 40 ms of CPU of a
    0.35 s cryptogram solve. Whatever is left goes with the process."""
    gc.disable()
    atexit.register(gc.freeze)  # runs before the collection at exit, which then skips them


class Parser(TranslatedParser):
    """The command line's parser, in the language asked, whose errors are raised (so --json
    can report them as JSON too), and whose help lists the puzzle kinds (made only when
    shown: it imports every kind)."""

    def format_help(self) -> str:
        if self.prog == PROG:
            self.epilog = self.text(_("puzzle kinds:")) + "\n" + kinds_listing(self.language)
        return super().format_help()


PROG = "puzzlebot"
PUZZLE_COMMANDS = ("solve", "check", "hint", "generate", "read")


def _parsed_command_line(
    argv: Sequence[str], language: str = ENGLISH
) -> tuple[argparse.ArgumentParser, Any]:
    """The parser and what it read. For `solve letterboxed ...` (a command and a kind's own
    name first, as in every example) the parser knows that kind's options alone, which saves
    a one-off command importing the other six kinds; anything it cannot read is read again
    with every kind's, so a mistake gets the same message either way."""
    if len(argv) >= 2 and argv[0] in PUZZLE_COMMANDS:
        kind = kind_by_module_name(argv[1])
        if kind is not None:
            parser = build_parser((kind,), language)
            with contextlib.suppress(UsageError):
                return parser, _parse_args(parser, argv)
    parser = build_parser(language=language)
    return parser, _parse_args(parser, argv)


# A word that is meant as a flag; any other word starting with '-' (a sudoku rule line
# such as ---+---+---, a '-' for an empty cell) is puzzle text.
FLAG_LIKE = re.compile(r"--[a-z][a-z0-9-]*(=.*)?", re.IGNORECASE | re.DOTALL)


def _parse_args(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.Namespace:
    """Like parse_args, but puzzle words may come after the flags too (`solve x --json a b`)
    and may start with '-'."""
    args, extra = parser.parse_known_args(argv)
    flags = [word for word in extra if FLAG_LIKE.fullmatch(word)]
    words = [word for word in extra if not FLAG_LIKE.fullmatch(word)]
    free_text = "puzzle" if hasattr(args, "puzzle") else "text" if hasattr(args, "text") else None
    if flags or (words and free_text is None):
        parser.error(_("unrecognized arguments: {words}", words=" ".join(flags or words)))
    if words:
        getattr(args, free_text).extend(words)
    return args


class Report:
    """Collects what a command found, then prints it as text or as one JSON document, its
    text in `language` (what it says is rendered as it is said)."""

    def __init__(self, as_json: bool, language: str = ENGLISH):
        self.as_json = as_json
        self.language = language
        self.data: dict[str, Any] = {}
        self.lines: list[str] = []
        self.notes: list[str] = []  # said beside the output (standard error), not in it
        self.timings: dict[str, float] = {}

    def timed(self, name: str, work: Callable[[], Any]) -> Any:
        start = time.perf_counter()
        result = work()
        self.timings[f"{name}_ms"] = round((time.perf_counter() - start) * 1000, 3)
        return result

    @contextlib.contextmanager
    def within_deadline(self, kind: PuzzleKind, command: str):
        """The work of one command, stopped past the deadline the bot gives the same job
        (bot/deadlines.py), with the message the bot's member would read."""
        from bot import deadlines

        making = command == "generate"
        seconds = deadlines.GENERATE_SECONDS if making else deadlines.SOLVE_SECONDS
        try:
            with _alarm_after(seconds):
                yield
        except PastDeadline:
            from bot.puzzle_service import too_slow_message

            message = too_slow_message(kind, seconds, making=making, reading=command == "read")
            raise PuzzleError(message) from None

    def text(self, said: Message | str) -> str:
        """What a command says, in the report's language."""
        return render(said, self.language)

    def say(self, line: Message | str) -> None:
        self.lines.append(self.text(line))

    def note(self, line: Message | str) -> None:
        """A line for the person, beside the output (standard error), so the output stays
        what it is: `puzzlebot read sudoku photo.jpg > puzzle.txt` keeps the puzzle alone."""
        self.notes.append(self.text(line))

    def finish(self) -> int:
        if self.as_json:
            _write(sys.stdout, _json({**self.data, "timings": self.timings}))
        else:
            self._write_notes()
            _write(sys.stdout, "\n".join(self.lines))
        return 0

    def fail(self, message: Message | str, usage: str = "") -> int:
        message = self.text(message)
        if self.as_json:
            _write(sys.stdout, _json({**self.data, "error": message}))
        else:
            self._write_notes()
            _write(sys.stderr, f"{usage}puzzlebot: {message}")
        return EXIT_BAD_INPUT

    def _write_notes(self) -> None:
        if self.notes:
            _write(sys.stderr, "\n".join(self.notes))
            sys.stderr.flush()


class PastDeadline(BaseException):
    """The work ran past its deadline (a BaseException, so no `except Exception` inside a
    solver can swallow it)."""


@contextlib.contextmanager
def _alarm_after(seconds: float):
    """Raise PastDeadline in this thread once `seconds` of wall-clock time have passed, as
    the bot's pool stops a job's worker. Signals reach only the main thread: a call from
    another thread (a test's) runs unbounded."""

    def stop(signum, frame):
        raise PastDeadline

    try:
        previous = signal.signal(signal.SIGALRM, stop)
    except ValueError:  # not the main thread
        yield
        return
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _json(document: dict[str, Any]) -> str:
    import json  # here, not at the top: only --json needs it, and a one-off solve starts faster

    return json.dumps(document, indent=2)


def _write(stream, text: str) -> None:
    """Print `text`; a character the stream cannot encode is written as an escape (\\xe9)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    print(text.encode(encoding, "backslashreplace").decode(encoding), file=stream)


# --- commands -------------------------------------------------------------------------------


def run_solve(args: argparse.Namespace, report: Report) -> None:
    kind, puzzle = _parsed_puzzle(args, report)
    options = _given_options(args, _all_options(args.kinds, "solve_options"))
    _reject_foreign_options(kind, kind.solve_options, options)
    with report.within_deadline(kind, "solve"):
        solution = report.timed("solve", lambda: kind.solve_with(puzzle, options))
        png = _picture(args, report, kind, puzzle, solution)
    report.data["solution"] = to_jsonable(solution)
    report.data["answer"] = report.text(solution.text())
    report.say(solution.text())
    _write_image(args, report, png)


def run_check(args: argparse.Namespace, report: Report) -> None:
    kind = get_kind(args.kind)
    if args.answer_file:
        answer = _read_text_file(args.answer_file, kind.input_limit("answer"))
    else:
        answer = _utf8(args.answer or "", _("the answer"))
    if not answer:
        raise PuzzleError(_("give your answer with --answer or --answer-file"))
    kind.check_input_size(answer, what="answer")  # as the bot does, before any parsing
    kind, puzzle = _parsed_puzzle(args, report)
    with report.within_deadline(kind, "check"):
        verdict = report.timed("check", lambda: kind.check(puzzle, answer))
    report.data["verdict"] = to_jsonable(verdict)
    report.say(verdict.text())


def run_hint(args: argparse.Namespace, report: Report) -> None:
    kind = get_kind(args.kind)
    if kind.hint is None:
        command = f"puzzlebot solve {kind.name} ..."
        raise PuzzleError(
            _("{kind} has no hints yet; try: {command}", kind=kind_title(kind), command=command)
        )
    progress = _utf8(args.progress or "", _("the progress"))
    kind.check_input_size(progress, what="progress")  # as the bot does, before any parsing
    kind, puzzle = _parsed_puzzle(args, report)
    with report.within_deadline(kind, "hint"):
        hint = report.timed("hint", lambda: kind.hint(puzzle, progress))
        png = _picture(args, report, kind, puzzle, None if isinstance(hint, str) else hint)
    report.data["hint"] = report.text(hint_text(hint))
    if not isinstance(hint, str):
        report.data["hint_detail"] = to_jsonable(hint)
    report.say(hint_text(hint))
    _write_image(args, report, png)


def run_generate(args: argparse.Namespace, report: Report) -> None:
    kind = get_kind(args.kind)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    options = _given_options(args, _all_options(args.kinds, "generate_options"))
    if args.text:
        options["text"] = _utf8(" ".join(args.text), _("the text"))
    _reject_foreign_options(kind, kind.generate_options, options)
    with report.within_deadline(kind, "generate"):
        puzzle = report.timed(
            "generate", lambda: kind.generate_with(random.Random(seed), args.difficulty, options)
        )
        png = _picture(args, report, kind, puzzle, None)
    report.data.update(kind=kind.name, seed=seed, puzzle=to_jsonable(puzzle))
    shown = report.text(puzzle.text())
    report.say(
        _("{kind} (seed {seed}): {puzzle}", kind=kind_title(kind), seed=str(seed), puzzle=shown)
    )
    _write_image(args, report, png)


def run_read(args: argparse.Namespace, report: Report) -> None:
    """What a picture holds, in the kind's own text (the output, to paste into `solve`); the
    cells to check, and why it cannot be a puzzle if it cannot, said beside it."""
    kind = get_kind(args.kind)
    read = _read_picture(args, report, kind)
    outcome = read.value
    report.data.update(kind=kind.name, **_reading_document(read, report))
    report.say(read.text)
    if outcome.problem is not None:
        report.note(_cannot_be_a_puzzle(outcome))
    elif outcome.doubted:
        report.note(_places_to_check(outcome))
    _write_image(args, report, read.png if args.image else None)


def _read_picture(args: argparse.Namespace, report: Report, kind: PuzzleKind):
    """The picture file read as the bot reads an attachment (bot.jobs.read_job: read, judged,
    drawn with the cells in doubt shaded), within the bot's deadline."""
    from bot import jobs

    typed = "solve" if args.command == "read" else args.command  # the command that takes text
    jobs.refuse_unreadable_kind(
        kind, example=f"puzzlebot {typed} {kind.name} {_as_shell_words(kind.example)}"
    )
    data = _read_picture_file(args.picture)
    with report.within_deadline(kind, "read"):
        read = jobs.read_job(kind.name, data, language=report.language)
    report.timings.update({f"{name}_ms": ms for name, ms in read.timings_ms.items()})
    return read


def _read_picture_file(path: str) -> bytes:
    """The file's bytes, its size checked first: a file too big for any reader is refused
    unread, with the bot's message."""
    from readers.picture import MAX_BYTES, SEND_INSTEAD, refuse_oversized

    try:
        refuse_oversized(os.stat(path).st_size)
        with open(path, "rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError as error:
        raise PuzzleError(_could_not_read(path, error), example=SEND_INSTEAD) from None
    refuse_oversized(len(data))  # it grew since
    return data


def _could_not_read(path: str, error: OSError) -> Message:
    return _("could not read {path}: {reason}", path=path, reason=error.strerror)


def _reading_document(read, report: Report) -> dict[str, Any]:
    """What was read, for --json: the text, each cell in doubt (index and words), and why it
    cannot be a puzzle (null when it has exactly one answer), in the report's language."""
    outcome = read.value
    return {
        "puzzle": read.text,
        "size": outcome.reading.size,
        "unsure": [
            {outcome.place: place, "where": name}
            for place, name in zip(outcome.doubted, outcome.names, strict=True)
        ],
        "problem": None if outcome.problem is None else report.text(outcome.problem),
    }


# What a reader doubts is a cell (a grid's) or a letter (a Letter Boxed side's): each has
# its own sentences, so that each language can say them whole.
PLACES_TO_CHECK = {
    "cell": lambda count, places: ngettext(
        "Not sure of {count} cell: {places}. Check it against your picture.",
        "Not sure of {count} cells: {places}. Check them against your picture.",
        count,
        places=places,
    ),
    "letter": lambda count, places: ngettext(
        "Not sure of {count} letter: {places}. Check it against your picture.",
        "Not sure of {count} letters: {places}. Check them against your picture.",
        count,
        places=places,
    ),
}
LOOK_WRONG = {
    "cell": lambda places: _("The cells that look wrong: {places}.", places=places),
    "letter": lambda places: _("The letters that look wrong: {places}.", places=places),
}
CHECK_EACH = {
    "cell": _("Check each cell against your picture."),
    "letter": _("Check each letter against your picture."),
}


def _places_to_check(outcome) -> Message:
    sentence = PLACES_TO_CHECK.get(outcome.place, PLACES_TO_CHECK["cell"])
    return sentence(len(outcome.doubted), ", ".join(outcome.names))


def _cannot_be_a_puzzle(outcome) -> Message:
    if outcome.doubted:
        where = LOOK_WRONG.get(outcome.place, LOOK_WRONG["cell"])(", ".join(outcome.names))
    else:
        where = CHECK_EACH.get(outcome.place, CHECK_EACH["cell"])
    # Translators: {problem} says why, e.g. "it has no solution, so a cell was probably
    # misread"; {where} is a sentence naming the places to check.
    return _(
        "What I read cannot be your puzzle: {problem}. {where}",
        problem=outcome.problem,
        where=where,
    )


def run_bot(args: argparse.Namespace, report: Report) -> None:
    """Start the Discord bot and serve until Ctrl-C or SIGTERM."""
    import asyncio

    import aiohttp
    import discord

    from bot.app import serve
    from bot.database import StorageError

    config = _bot_config(args, token_needed=not args.or_playground)
    if not config.token:
        no_token = _(
            "No Discord token (DISCORD_TOKEN or [discord] token), so the bot runs in the "
            "playground. To run it on Discord, see the README's 'Running the bot'."
        )
        print(report.text(no_token), flush=True)
        _serve_playground(config, args.port)
        return
    discord.utils.setup_logging(level=config.log_level)
    try:
        asyncio.run(serve(config))
    except StorageError as error:
        raise PuzzleError(
            _("{problem} (set by [database] url in the config file)", problem=str(error))
        ) from None
    except (aiohttp.ClientError, OSError) as error:
        raise PuzzleError(_no_discord(error)) from None
    except discord.LoginFailure:
        raise PuzzleError(
            _(
                "Discord refused the token; copy it again from the developer portal (Bot -> "
                "Reset Token) into DISCORD_TOKEN or [discord] token"
            )
        ) from None


def _no_discord(error: Exception) -> Message:
    # Translators: {error} is the network library's own words, in English.
    return _("could not reach Discord ({error}); check the network", error=str(error))


def run_sync(args: argparse.Namespace, report: Report) -> None:
    """Send the slash-command tree to Discord, globally or to one server."""
    import asyncio

    import aiohttp
    import discord

    from bot.app import sync

    config = _bot_config(args)
    try:
        count = asyncio.run(sync(config, args.guild))
    except (aiohttp.ClientError, OSError) as error:
        raise PuzzleError(_no_discord(error)) from None
    except discord.LoginFailure:
        raise PuzzleError(
            _("Discord refused the token; check DISCORD_TOKEN or [discord] token")
        ) from None
    report.data["synced"] = count
    if args.guild:
        server = str(args.guild)
        report.say(_("Synced {count} commands to server {server}.", count=count, server=server))
    else:
        report.say(_("Synced {count} commands to every server.", count=count))


def run_migrate_db(args: argparse.Namespace, report: Report) -> None:
    """Copy everything from one database into another, new one (SQLite <-> PostgreSQL)."""
    import asyncio

    from bot.database import StorageError, copy_between

    try:
        copied = asyncio.run(copy_between(args.source, args.target))
    except StorageError as error:
        raise PuzzleError(str(error)) from None
    report.data["copied"] = copied
    tables = ", ".join(f"{table} {count}" for table, count in copied.items())
    report.say(
        _(
            "Copied {count} rows, counts checked table by table: {tables}",
            count=sum(copied.values()),
            tables=tables,
        )
    )


def run_playground(args: argparse.Namespace, report: Report) -> None:
    """The real bot against the built-in local Discord server, with a web page to try it."""
    _serve_playground(_bot_config(args, token_needed=False), args.port)


def _serve_playground(config, port: int) -> None:
    import asyncio

    import discord

    serve_playground = _frontend("playground")
    discord.utils.setup_logging(level=config.log_level)
    try:
        asyncio.run(serve_playground(config, port=port, announce=_announce))
    except OSError as error:
        if error.errno not in (errno.EADDRINUSE, errno.EACCES):
            raise
        raise PuzzleError(
            _(
                "could not serve the playground on port {port} ({reason}); choose another "
                "with --port, or leave it out for a free one",
                port=str(port),
                reason=error.strerror,
            ),
            example="puzzlebot playground --port 8765",
        ) from None


def _frontend(name: str):
    """A frontend installed beside the bot (pyproject's "puzzlebot.frontends" entry points):
    bot/ serves the playground without importing it, as the layers ask."""
    from importlib.metadata import entry_points

    found = entry_points(group="puzzlebot.frontends", name=name)
    if not found:
        raise PuzzleError(
            _(
                "the {name} is not installed with this copy of puzzlebot; reinstall it from "
                "the project folder",
                name=name,
            ),
            example="pip install -e .",
        )
    return next(iter(found)).load()


def _announce(line: str) -> None:
    _write(sys.stdout, line)
    sys.stdout.flush()


def _bot_config(args: argparse.Namespace, *, token_needed: bool = True):
    from bot.config import ConfigError, load_config

    try:
        config = load_config(args.config)
    except ConfigError as error:
        raise PuzzleError(str(error)) from None
    if not config.token and token_needed:
        raise PuzzleError(
            _(
                "no Discord token: set DISCORD_TOKEN or [discord] token in the config file. Get"
                " one at https://discord.com/developers/applications (New Application, then"
                " Bot, Reset Token); the README's section 'Running the bot' walks through it"
            ),
            example="DISCORD_TOKEN=... make run",
        )
    return config


def run_kinds(args: argparse.Namespace, report: Report) -> None:
    report.data["kinds"] = [
        {"name": k.name, "title": k.title, "aliases": list(k.aliases), "example": k.example}
        for k in all_kinds()
    ]
    report.say(kinds_listing(report.language))


def _parsed_puzzle(args: argparse.Namespace, report: Report):
    kind = get_kind(args.kind)
    given = [way for way, value in _puzzle_ways(args) if value]
    if len(given) > 1:
        raise PuzzleError(
            _(
                "give the puzzle one way: as text, with --file or with --picture, not {ways}",
                ways=join(given, report.language),
            ),
            example=f"puzzlebot {args.command} {kind.name} --picture photo.jpg",
        )
    shown_language = None  # the words' language a picture shows (a Spanish codeword's Ñ)
    if args.picture:
        text, shown_language = _text_from_picture(args, report, kind)
    elif args.file:
        text = _read_text_file(args.file, kind.max_input_chars)
    else:
        text = _utf8(" ".join(args.puzzle), _("the puzzle"))
    if not text.strip():
        raise PuzzleError(
            _("no {kind} puzzle given", kind=kind_title(kind)),
            example=f"puzzlebot solve {kind.name} {kind.example}",
        )
    kind.check_input_size(text)
    report.data["kind"] = kind.name
    options = _given_options(args, _all_options(args.kinds, "puzzle_options"))
    _reject_foreign_options(kind, kind.puzzle_options, options)
    if shown_language:  # read as the bot judged it (bot.jobs.read_job)
        options = {**options, "language": shown_language}
    puzzle = report.timed("parse", lambda: kind.parse_with(text, options))
    report.data["puzzle"] = to_jsonable(puzzle)
    return kind, puzzle


def _puzzle_ways(args: argparse.Namespace):
    return (("text", args.puzzle), ("--file", args.file), ("--picture", args.picture))


def _text_from_picture(
    args: argparse.Namespace, report: Report, kind: PuzzleKind
) -> tuple[str, str | None]:
    """The puzzle read from --picture, shown above the answer with the cells in doubt, and
    the words' language when the picture shows it; a reading that cannot be a puzzle is
    refused, never solved as the member's."""
    read = _read_picture(args, report, kind)
    outcome = read.value
    report.data["read"] = _reading_document(read, report)
    report.note(_("What I read from {path}:", path=args.picture))
    report.note(read.text)
    if outcome.problem is not None:
        raise PuzzleError(
            _(
                "{cannot} Correct what I read and give it as text",
                cannot=_cannot_be_a_puzzle(outcome),
            ),
            example=(
                f"puzzlebot read {kind.name} {args.picture} > puzzle.txt, then "
                f"puzzlebot {args.command} {kind.name} --file puzzle.txt"
            ),
        )
    if outcome.doubted:
        report.note(_places_to_check(outcome))
    return read.text, outcome.reading.language


# A character of UTF-8 is at most 4 bytes: a file of more than 4 bytes a character allowed
# is too long, whatever it holds, so no more than that (and one byte) is ever read.
UTF8_MAX_BYTES = 4


def _read_text_file(path: str, max_chars: int) -> str:
    """A puzzle or answer typed into a file ('-' reads standard input), read no further
    than a file of `max_chars` characters can go."""
    max_bytes = max_chars * UTF8_MAX_BYTES
    try:
        if path == "-":
            stdin = getattr(sys.stdin, "buffer", None)
            data = stdin.read(max_bytes + 1) if stdin else sys.stdin.read(max_chars + 1).encode()
        else:
            with open(path, "rb") as file:
                data = file.read(max_bytes + 1)
    except OSError as error:
        raise PuzzleError(_could_not_read(path, error)) from None
    if len(data) > max_bytes:
        raise PuzzleError(
            _(
                "{path} is too long: the most I accept is {count} characters",
                path=path,
                count=max_chars,
            )
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise PuzzleError(
            _(
                "{path} is not a UTF-8 text file (byte {byte} at offset {offset}); "
                "save it as UTF-8",
                path=path,
                byte=f"0x{data[error.start]:02x}",
                offset=str(error.start),
            )
        ) from None


def _utf8(text: str, what: Message | str) -> str:
    """Text from the command line, refused if it held bytes that are not UTF-8 (Python
    keeps those as lone surrogates, which no output could print). `what` names it: "the
    puzzle", or a flag."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        bad = ord(text[error.start])
        position = str(error.start + 1)
        if 0xDC80 <= bad <= 0xDCFF:  # how Python keeps an undecodable byte of argv
            # Translators: {what} is "the puzzle", "the answer"... or a flag such as --size.
            problem = _(
                "{what} holds byte {byte} that is not UTF-8 text (at character {position}); "
                "type it again or give it with --file",
                what=what,
                byte=f"0x{bad - 0xDC00:02x}",
                position=position,
            )
        else:
            # Translators: {what} is "the puzzle", "the answer"... or a flag such as --size.
            problem = _(
                "{what} holds character {character} that is not UTF-8 text (at character "
                "{position}); type it again or give it with --file",
                what=what,
                character=f"U+{bad:04X}",
                position=position,
            )
        raise PuzzleError(problem) from None
    return text


def _given_options(args: argparse.Namespace, declared: list[Option]) -> dict[str, Any]:
    return {
        option.name: getattr(args, option.name)
        for option in declared
        if getattr(args, option.name, None) is not None
        and getattr(args, option.name) is not False  # a flag left off keeps the default
    }


def _reject_foreign_options(
    kind: PuzzleKind, own_options: tuple[Option, ...], options: dict[str, Any]
) -> None:
    own = {option.name for option in own_options}
    for name in options:
        if name not in own:
            if name == "text":
                raise PuzzleError(
                    _("{kind} is not generated from text", kind=kind_title(kind)),
                    example=f"puzzlebot generate {kind.name} --seed 7",
                )
            flag = "--" + name.replace("_", "-")
            raise PuzzleError(
                _("{flag} does not apply to {kind}", flag=flag, kind=kind_title(kind))
            )


def _picture(args, report: Report, kind: PuzzleKind, puzzle, solution) -> bytes | None:
    """The PNG --image asks for (drawn inside the deadline, as the bot's job draws it); None,
    and the line saying why, when it could not show the puzzle readably, as the bot does."""
    if not args.image:
        return None
    from bot.jobs import no_picture_because  # here: a solve without --image starts faster
    from renderers import draw  # Pillow is only loaded when a picture is asked for

    why_not = no_picture_because(kind.name, puzzle, report.language)
    if why_not:
        report.data["no_picture"] = why_not
        return None
    return report.timed("render", lambda: draw(kind.name, puzzle, solution, report.language))


def _write_image(args, report: Report, png: bytes | None) -> None:
    if png is None:
        if "no_picture" in report.data:
            report.say(report.data["no_picture"])
        return
    path = Path(args.image)
    path.write_bytes(png)
    report.data["image"] = str(path)
    report.say(_("Picture written to {path}", path=str(path)))


# --- the parser -----------------------------------------------------------------------------

# The gettext context of the slash commands' descriptions (bot.translator.COMMAND_CONTEXT,
# not imported: it loads discord.py, which a one-off command does without). A kind's option
# help is the description of that option on Discord, so it is translated once, there.
OPTION_HELP_CONTEXT = "command"


def _all_options(kinds: Sequence[PuzzleKind], field_name: str) -> list[Option]:
    """The kinds' options of one sort ('solve_options', 'generate_options' or
    'puzzle_options'), once by name."""
    seen: dict[str, Option] = {}
    for kind in kinds:
        for option in getattr(kind, field_name):
            if option.name != "text":  # free text is the positional argument
                seen.setdefault(option.name, option)
    return list(seen.values())


def _add_option_flags(parser: Parser, options: list[Option]) -> None:
    for option in options:
        flag = "--" + option.name.replace("_", "-")
        described = pgettext(OPTION_HELP_CONTEXT, option.help)
        if option.type is bool:
            parser.add_argument(
                flag, dest=option.name, action="store_true", help=parser.text(described)
            )
            continue
        # Translators: an option's help, then its default value: "word length (default 4)".
        with_default = _("{help} (default {default})", help=described, default=str(option.default))
        parser.add_argument(
            flag,
            dest=option.name,
            type=option.type if option.choices else _option_value(option, parser.language),
            choices=option.choices or None,
            help=parser.text(with_default),
        )


def _option_value(option: Option, language: str) -> Callable[[str], Any]:
    """Reads an option's value from the command line by the rule the bot's options follow
    (Option.coerce: ASCII digits only, finite, inside the declared range), and passes on the
    text as typed, which the kind reads again when it uses it: a message then quotes what was
    typed ('8.0000000001'), not a rounded float."""

    def read(text: str) -> str:
        try:
            option.coerce(_utf8(text, f"--{option.name.replace('_', '-')}"))
        except PuzzleError as refusal:
            raise argparse.ArgumentTypeError(refusal.message_for(COMMAND_LINE, language)) from None
        return text

    return read


def _file_name(language: str) -> Callable[[str], str]:
    """Reads a file to write (--image): a name that is not empty."""

    def read(text: str) -> str:
        if not text.strip():
            refusal = _("needs the name of a file to write the picture to, e.g. --image answer.png")
            raise argparse.ArgumentTypeError(render(refusal, language))
        return text

    return read


def _whole_number(example: str, language: str) -> Callable[[str], int]:
    """Reads a whole number as int() does, refused with an example of the flag."""

    def read(text: str) -> int:
        try:
            return int(text)
        except ValueError:
            refusal = PuzzleError(
                _("must be a whole number, not {value}", value=repr(text)), example=example
            )
            raise argparse.ArgumentTypeError(refusal.message_for(COMMAND_LINE, language)) from None

    return read


def _port(language: str) -> Callable[[str], int]:
    """Reads a TCP port to listen on: 1 to 65535, or 0 for a free one."""

    def read(text: str) -> int:
        if not text.isdigit() or int(text) > 65535:
            refusal = _(
                "must be a port number from 1 to 65535 (or 0 for a free one), not {port}",
                port=repr(text),
            )
            raise argparse.ArgumentTypeError(render(refusal, language))
        return int(text)

    return read


def kinds_listing(language: str = ENGLISH) -> str:
    width = max(len(kind.name) for kind in all_kinds())
    return "\n".join(
        f"  {kind.name:<{width}}  {render(kind_title(kind), language)}: "
        f"puzzlebot solve {kind.name} {_as_shell_words(kind.example)}"
        for kind in all_kinds()
    )


def _as_shell_words(text: str) -> str:
    """The text as it pastes into a shell: in double quotes when it holds a quote or the like."""
    if not any(character in text for character in "'\"\\$`!*?;&|<>()#~"):
        return text
    return '"' + "".join("\\" + c if c in '"\\$`' else c for c in text) + '"'


def build_parser(
    kinds: Sequence[PuzzleKind] | None = None, language: str = ENGLISH
) -> argparse.ArgumentParser:
    """The command line in `language`, with the option flags of `kinds` (default: every
    kind)."""
    kinds = all_kinds() if kinds is None else kinds
    parser = Parser(
        prog=PROG,
        description=render(_("Solve, check, hint and generate word and number puzzles."), language),
        language=language,
    )
    parser.set_defaults(kinds=tuple(kinds))  # whose option flags it knows
    _add_language_flag(parser)
    # Translators: a heading of the help, which argparse follows with ":" (in French, end it
    # with a no-break space so that the colon is spaced).
    commands = parser.add_subparsers(title=parser.text(_("commands")), metavar="COMMAND")

    def command(name: str, run, help_text: Message) -> Parser:
        shown = parser.text(help_text)
        sub = commands.add_parser(name, help=shown, description=shown, language=language)
        sub.set_defaults(run=run, command=name)
        sub.add_argument("--json", action="store_true", help=sub.text(_("print one JSON document")))
        _add_language_flag(sub)
        return sub

    def puzzle_command(name: str, run, help_text: Message) -> Parser:
        sub = command(name, run, help_text)
        _add_kind_argument(sub, "letterboxed")
        sub.add_argument("puzzle", nargs="*", help=sub.text(_("the puzzle as you would type it")))
        sub.add_argument(
            "--file",
            metavar="PATH",
            help=sub.text(_("read the puzzle from a text file ('-' for stdin)")),
        )
        sub.add_argument(
            "--picture",
            metavar="FILE",
            help=sub.text(_("read the puzzle from a photo or screenshot (PNG, JPEG or WebP)")),
        )
        _add_option_flags(sub, _all_options(kinds, "puzzle_options"))
        return sub

    def image_flag(sub: Parser, help_text: Message) -> None:
        sub.add_argument(
            "--image", metavar="PNG", type=_file_name(language), help=sub.text(help_text)
        )

    solve = puzzle_command("solve", run_solve, _("solve a puzzle"))
    image_flag(solve, _("write a picture of the solution"))
    _add_option_flags(solve, _all_options(kinds, "solve_options"))

    check = puzzle_command("check", run_check, _("check an answer against the rules"))
    check.add_argument("--answer", help=check.text(_("your answer, e.g. 'WHO OBJECTIVELY'")))
    check.add_argument(
        "--answer-file", metavar="PATH", help=check.text(_("read your answer from a file"))
    )

    hint = puzzle_command("hint", run_hint, _("a hint toward the solution"))
    hint.add_argument("--progress", help=hint.text(_("your words or moves so far")))
    image_flag(hint, _("write a picture of the hint"))

    migrate = command(
        "migrate-db", run_migrate_db, _("copy the bot's database into a new one (e.g. PostgreSQL)")
    )
    migrate.add_argument(
        "--from",
        dest="source",
        required=True,
        metavar="URL",
        help=migrate.text(_("e.g. {url}", url="sqlite:///puzzlebot.sqlite3")),
    )
    migrate.add_argument(
        "--to",
        dest="target",
        required=True,
        metavar="URL",
        help=migrate.text(_("e.g. {url}", url="postgresql://bot@host/db")),
    )

    generate = command("generate", run_generate, _("generate a fresh puzzle"))
    _add_kind_argument(generate, "letterboxed")
    generate.add_argument(
        "text", nargs="*", help=generate.text(_("text to build from, for kinds that take one"))
    )
    generate.add_argument(
        "--difficulty",
        "--day",
        dest="difficulty",
        help=generate.text(_("e.g. easy, hard; or monday..sunday")),
    )
    generate.add_argument(
        "--seed",
        type=_whole_number("--seed 7", language),
        help=generate.text(_("the same seed gives the same puzzle")),
    )
    image_flag(generate, _("write a picture of the puzzle"))
    _add_option_flags(generate, _all_options(kinds, "generate_options"))

    read = command(
        "read", run_read, _("read a puzzle from a photo or screenshot, as text to paste into solve")
    )
    _add_kind_argument(read, "sudoku")
    read.add_argument("picture", help=read.text(_("the picture file (PNG, JPEG or WebP)")))
    image_flag(read, _("write what was read, cells in doubt shaded"))

    command("kinds", run_kinds, _("list the puzzle kinds with an example each"))

    run = command("run", run_bot, _("run the Discord bot (Ctrl-C stops it cleanly)"))
    _add_config_flag(run, _("config file (see config.example.toml)"))
    run.add_argument(
        "--or-playground",
        action="store_true",
        help=run.text(
            _("without a token, open the playground instead of stopping (what `make run` does)")
        ),
    )
    run.add_argument(
        "--port",
        type=_port(language),
        default=0,
        help=run.text(_("the playground's port (default: free)")),
    )
    playground = command(
        "playground",
        run_playground,
        _("the bot in a browser, without Discord: a local server and a page on 127.0.0.1"),
    )
    _add_config_flag(playground, _("config file (its token and database are not used)"))
    playground.add_argument(
        "--port", type=_port(language), default=0, help=playground.text(_("default: a free one"))
    )
    sync = command("sync", run_sync, _("send the slash commands to Discord"))
    _add_config_flag(sync, _("config file (see config.example.toml)"))
    sync.add_argument(
        "--guild",
        type=_whole_number("--guild 123456789012345678", language),
        help=sync.text(_("one server's id (instant); default: every server")),
    )
    return parser


def _add_language_flag(parser: Parser) -> None:
    """--lang, read before parsing (language_asked); here for --help, and so that the parser
    knows it. Its default is left out: the language is the one read before."""
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=argparse.SUPPRESS,
        help=parser.text(
            _(
                "the language of messages, help and pictures (default en, or {variable})",
                variable=LANGUAGE_VARIABLE,
            )
        ),
    )


def _add_kind_argument(parser: Parser, example: str) -> None:
    parser.add_argument("kind", help=parser.text(_("puzzle kind, e.g. {kind}", kind=example)))


def _add_config_flag(parser: Parser, help_text: Message) -> None:
    parser.add_argument("--config", metavar="TOML", help=parser.text(help_text))


if __name__ == "__main__":
    sys.exit(main())
