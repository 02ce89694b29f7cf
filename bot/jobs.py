"""The work the pool's processes do: parse-free, picklable in and out.

Each job takes a parsed Puzzle (parsing is cheap and happens first, so bad input is
answered at once) and returns plain values: the answer text, the picture, timings. A job
that draws takes the language to label the picture in (its "No picture" line too); a caller
that gives none gets English.
"""

from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass, field
from typing import Any

from puzzles import get_kind, kind_title
from puzzles.core import Puzzle, PuzzleError, PuzzleKind, has_no_answer, hint_text
from puzzles.i18n import ENGLISH, LANGUAGES, Message, _, catalogue, render

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class JobResult:
    text: str  # what the player reads
    png: bytes | None  # the picture, when one was asked for and can be drawn readably
    timings_ms: dict[str, float] = field(default_factory=dict)
    value: Any = None  # the Solution, hint or Puzzle itself, for callers that store it
    # why a picture asked for was not drawn, in one line for the member (a Message)
    no_picture: Message | str = ""


def warm_up(draw: bool = False) -> None:
    """Load the word lists, and solve the example of every kind whose first solve loads data
    or builds indexes, before real work; with `draw`, draw each example too (the first
    picture loads the fonts), and read a picture back for every kind a reader reads (the
    first read imports OpenCV and loads the classifier's weights: about half a second): the
    one its reader draws to warm up on (`warm_up_drawing`; a codeword's example is a clue
    list, which no reader reads). Every language's catalogue is compiled too (tens of ms
    each, more as it grows), so the first picture or reply in French or Spanish does not wait
    for it."""
    import importlib

    from puzzles import all_kinds
    from puzzles.lexicon import lexicon

    start = time.perf_counter()
    lexicon().load_all()
    for language in LANGUAGES:
        catalogue(language)
    for kind in all_kinds():
        if not (kind.warm_up or draw):
            continue
        try:
            puzzle = kind.parse(kind.example)
            solution = kind.solve(puzzle)
            if draw:
                _picture(kind.name, puzzle, solution, {})
            if draw and kind.name in READERS:
                reader = importlib.import_module(READERS[kind.name])
                read_job(kind.name, _picture(kind.name, *reader.warm_up_drawing(), {}))
        except Exception:  # a kind that cannot warm up is still served, only slower at first
            log.exception("warm-up of %s failed", kind.name)
    log.info("warmed up in %.0f ms", (time.perf_counter() - start) * 1000)


_warm = False  # this process (or the one it was forked from) has run warm_up_once


def warm_up_once(draw: bool = False) -> None:
    """warm_up, once per process and never again in a process forked from one that ran it:
    the pool's forkserver runs it, drawing too (bot.preload), so each worker it forks starts
    warm and shares those pages, and this, the workers' initializer, is then free. (A worker
    of a forkserver started without that preload warms up by itself, without drawing.)"""
    global _warm
    if not _warm:
        warm_up(draw)
        _warm = True


def no_picture_because(kind_name: str, puzzle: Puzzle, language: str = ENGLISH) -> str:
    """The one line said instead of a picture that could not show all of `puzzle` readably
    within the bounds of every picture ("No picture: a codeword grid of 24 columns is too
    wide..."), in `language`, whose answer is then given in text alone; '' when it can be
    drawn."""
    from renderers import too_big

    try:
        reason = too_big(kind_name, puzzle, language)
    except LookupError:  # a kind with no renderer: nothing to bound; drawing it is the bug
        return ""
    return render(_("No picture: {reason}.", reason=reason), language) if reason else ""


def _timed(timings: dict[str, float], name: str, work):
    start = time.perf_counter()
    result = work()
    timings[name] = round((time.perf_counter() - start) * 1000, 2)
    return result


def _picture(
    kind_name: str,
    puzzle: Puzzle,
    shown: Any,
    timings: dict[str, float],
    language: str = ENGLISH,
):
    from renderers import draw

    return _timed(timings, "draw", lambda: draw(kind_name, puzzle, shown, language))


def _readable_picture(
    kind_name: str, puzzle: Puzzle, shown: Any, timings: dict[str, float], language: str
) -> tuple[bytes | None, str]:
    """The picture, or none and the line saying why (the answer still goes out as text)."""
    why_not = no_picture_because(kind_name, puzzle, language)
    if why_not:
        return None, why_not
    return _picture(kind_name, puzzle, shown, timings, language), ""


NOT_ASKED: tuple[None, str] = (None, "")  # no picture asked for


def solve_job(
    kind_name: str,
    puzzle: Puzzle,
    options: dict[str, Any],
    draw: bool,
    language: str = ENGLISH,
) -> JobResult:
    kind = get_kind(kind_name)
    timings: dict[str, float] = {}
    solution = _timed(timings, "solve", lambda: kind.solve_with(puzzle, options))
    if draw:
        png, no_picture = _readable_picture(kind.name, puzzle, solution, timings, language)
    else:
        png, no_picture = NOT_ASKED
    return JobResult(solution.text(language), png, timings, solution, no_picture)


def hint_job(
    kind_name: str, puzzle: Puzzle, progress: str, draw: bool, language: str = ENGLISH
) -> JobResult:
    kind = get_kind(kind_name)
    timings: dict[str, float] = {}
    hint = _timed(timings, "hint", lambda: kind.hint(puzzle, progress))
    shown = None if isinstance(hint, str) else hint
    if draw:
        png, no_picture = _readable_picture(kind.name, puzzle, shown, timings, language)
    else:
        png, no_picture = NOT_ASKED
    return JobResult(hint_text(hint, language), png, timings, hint, no_picture)


def generate_job(
    kind_name: str,
    seed: int,
    difficulty: str | None,
    options: dict[str, Any],
    language: str = ENGLISH,
) -> JobResult:
    kind = get_kind(kind_name)
    timings: dict[str, float] = {}
    rng = random.Random(seed)
    puzzle = _timed(timings, "generate", lambda: kind.generate_with(rng, difficulty, options))
    png, no_picture = _readable_picture(kind.name, puzzle, None, timings, language)
    return JobResult(puzzle.text(), png, timings, puzzle, no_picture)


# Kinds a member may give as a picture, and the reader of each (readers/): its read(data),
# as_drawn(reading) (what was read as the kind's renderer draws it, doubts shaded), what a
# place in its reading is (PLACE: "cell", "letter") and place_name(reading, place), a place
# as the member finds it in their picture ("r1c3", "R (2nd on the top side)"), and
# warm_up_drawing(), what to draw for the workers to read as they start.
READERS = {
    "sudoku": "readers.sudoku",
    "spelling": "readers.spelling",
    "codeword": "readers.codeword",
    "letterboxed": "readers.letterboxed",
}


def refuse_unreadable_kind(kind: PuzzleKind, example: str) -> None:
    """A PuzzleError when no reader reads this kind from a picture, naming those that do."""
    if kind.name not in READERS:
        readable = ", ".join(sorted(READERS))  # command names, never translated
        raise PuzzleError(
            _(
                "a {title} cannot be read from a picture yet (these can: {readable}); "
                "type it in instead",
                title=kind_title(kind),
                readable=readable,
            ),
            example=example,
        )


@dataclass(frozen=True)
class ReadPicture:
    """A member's picture read: the reading, and why it cannot be their puzzle, if it
    cannot (a repeated digit, no solution, several), so it is never solved as theirs; the
    names of the places in doubt, and what a place is ("cell", "letter")."""

    reading: Any  # readers.reading.Reading
    problem: Message | str | None = None
    names: tuple[str, ...] = ()
    place: str = "cell"

    @property
    def doubted(self) -> tuple[int, ...]:
        """The places the member is asked to check against their picture."""
        return self.reading.unsure


def read_job(
    kind_name: str,
    data: bytes,
    options: dict[str, Any] | None = None,
    language: str = ENGLISH,
) -> JobResult:
    """The picture in `data` read, judged whether it can be a puzzle at all (read with the
    kind's puzzle `options`: the word language), and drawn the way the bot draws the kind
    (labelled in `language`), with the places the reader doubts shaded."""
    import importlib

    kind = get_kind(kind_name)
    timings: dict[str, float] = {}
    reader = importlib.import_module(READERS[kind_name])
    reading = _timed(timings, "read", lambda: reader.read(data))
    if reading.language:  # the picture shows its words' language (a Spanish codeword's Ñ)
        options = {**(options or {}), "language": reading.language}
    problem = _timed(
        timings, "judge", lambda: _why_not_a_puzzle(kind, reading.text, reader.PLACE, options)
    )
    png = _picture(kind.name, *reader.as_drawn(reading), timings, language)
    names = tuple(reader.place_name(reading, place) for place in reading.unsure)
    outcome = ReadPicture(reading, problem, names, reader.PLACE)
    return JobResult(reading.text, png, timings, outcome)


def _why_not_a_puzzle(
    kind: PuzzleKind, text: str, place: str, options: dict[str, Any] | None = None
) -> Message | str | None:
    """Why what was read cannot be a member's puzzle, or None when it has one answer."""
    try:
        solution = kind.solve(kind.parse_with(text, options))
    except PuzzleError as error:  # a repeated digit: the message names both cells
        return error.problem
    if has_no_answer(solution) and place == "letter":
        return _("it has no solution, so a letter was probably misread")
    if has_no_answer(solution):
        return _("it has no solution, so a cell was probably misread")
    if getattr(solution, "unique", True) is False:
        return _("it has several solutions, so a given was probably missed")
    return None


def check_job(kind_name: str, puzzle: Puzzle, answer: str, language: str = ENGLISH) -> JobResult:
    kind = get_kind(kind_name)
    timings: dict[str, float] = {}
    verdict = _timed(timings, "check", lambda: kind.check(puzzle, answer))
    return JobResult(verdict.text(language), None, timings, verdict)
