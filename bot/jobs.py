"""The work the pool's processes do: parse-free, picklable in and out.

Each job takes a parsed Puzzle (parsing is cheap and happens first, so bad input is
answered at once) and returns plain values: the answer text, the picture, timings.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puzzles import get_kind
from puzzles.core import Puzzle, PuzzleError, PuzzleKind, has_no_answer, hint_text

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class JobResult:
    text: str  # what the player reads
    png: bytes | None  # the picture, when one was asked for
    timings_ms: dict[str, float] = field(default_factory=dict)
    value: Any = None  # the Solution, hint or Puzzle itself, for callers that store it


def warm_up(draw: bool = False) -> None:
    """Load the word lists, and solve the example of every kind whose first solve loads data
    or builds indexes, before real work; with `draw`, draw each example too (the first
    picture loads the fonts)."""
    from puzzles import all_kinds
    from puzzles.lexicon import lexicon

    start = time.perf_counter()
    lexicon().load_all()
    for kind in all_kinds():
        if not (kind.warm_up or draw):
            continue
        try:
            puzzle = kind.parse(kind.example)
            solution = kind.solve(puzzle)
            if draw:
                _picture(kind.name, puzzle, solution, {})
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


def refuse_undrawable(kind: PuzzleKind, puzzle: Puzzle, instead: str = "") -> None:
    """A PuzzleError, before any solving or drawing, when the puzzle's picture could not show
    all of it readably within the bounds of every picture; `instead` is what else the member
    can do in this frontend (', or leave out --image')."""
    from renderers import MAX_HEIGHT, MAX_WIDTH, too_big

    try:
        reason = too_big(kind.name, puzzle)
    except LookupError:  # a kind with no renderer: nothing to bound; drawing it is the bug
        return
    if reason is not None:
        raise PuzzleError(
            f"that {kind.title} is too big to draw: {reason}. A picture is at most "
            f"{MAX_WIDTH:,} x {MAX_HEIGHT:,} pixels, with every letter readable on a phone; "
            f"give a shorter puzzle{instead}"
        )


def _timed(timings: dict[str, float], name: str, work):
    start = time.perf_counter()
    result = work()
    timings[name] = round((time.perf_counter() - start) * 1000, 2)
    return result


def _picture(kind_name: str, puzzle: Puzzle, shown: Any, timings: dict[str, float]):
    from renderers import draw

    return _timed(timings, "draw", lambda: draw(kind_name, puzzle, shown))


def solve_job(kind_name: str, puzzle: Puzzle, options: dict[str, Any], draw: bool) -> JobResult:
    kind = get_kind(kind_name)
    timings: dict[str, float] = {}
    solution = _timed(timings, "solve", lambda: kind.solve_with(puzzle, options))
    png = _picture(kind.name, puzzle, solution, timings) if draw else None
    return JobResult(solution.text(), png, timings, solution)


def hint_job(kind_name: str, puzzle: Puzzle, progress: str, draw: bool) -> JobResult:
    kind = get_kind(kind_name)
    timings: dict[str, float] = {}
    hint = _timed(timings, "hint", lambda: kind.hint(puzzle, progress))
    shown = None if isinstance(hint, str) else hint
    png = _picture(kind.name, puzzle, shown, timings) if draw else None
    return JobResult(hint_text(hint), png, timings, hint)


def generate_job(
    kind_name: str, seed: int, difficulty: str | None, options: dict[str, Any]
) -> JobResult:
    kind = get_kind(kind_name)
    timings: dict[str, float] = {}
    rng = random.Random(seed)
    puzzle = _timed(timings, "generate", lambda: kind.generate_with(rng, difficulty, options))
    png = _picture(kind.name, puzzle, None, timings)
    return JobResult(puzzle.text(), png, timings, puzzle)


@dataclass(frozen=True)
class Shaded:
    """A read grid to draw with the cells in doubt shaded (the renderer's `.highlight`)."""

    grid: Any
    highlight: tuple[int, ...]


@dataclass(frozen=True)
class ShadedBoard:
    """A read Letter Boxed to draw with the letters in doubt shaded (positions in
    `board.letters`)."""

    board: Any
    highlight: tuple[int, ...]


def _grid_as_read(reading: Any) -> Shaded:
    return Shaded(reading.grid, reading.unsure)


def _grid_place(reading: Any, cell: int) -> str:
    from puzzles.sudoku.grid import cell_name

    return cell_name(cell, reading.size)


def _letterboxed_as_read(reading: Any) -> ShadedBoard:
    from puzzles.letterboxed.puzzle import Board

    # Not parsed: a misread box (a side too long) is still drawn, and judged apart.
    return ShadedBoard(Board(tuple(reading.text.lower().split())), reading.unsure)


@dataclass(frozen=True)
class Reader:
    """A kind that can be read from a picture: its reader module (readers/, read(data) ->
    Reading), what a place in its reading is ("cell", "letter"), and two small hooks: what
    was read as the kind's renderer draws it, the places in doubt shaded, and a place's name
    as the member finds it in the picture ("r1c3", "R (2nd on the top side)")."""

    module: str
    place: str
    as_read: Callable[[Any], Any]
    place_name: Callable[[Any, int], str]


def _letterboxed_place(reading: Any, position: int) -> str:
    from readers.letterboxed import place_name

    return place_name(reading, position)


# Kinds a member may give as a picture, and how each is read (readers/).
READERS = {
    "sudoku": Reader("readers.sudoku", "cell", _grid_as_read, _grid_place),
    "spelling": Reader("readers.spelling", "cell", _grid_as_read, _grid_place),
    "letterboxed": Reader(
        "readers.letterboxed", "letter", _letterboxed_as_read, _letterboxed_place
    ),
}


@dataclass(frozen=True)
class ReadPicture:
    """A member's picture read: the reading, and why it cannot be their puzzle, if it
    cannot (a repeated digit, no solution, several), so it is never solved as theirs; the
    names of the places in doubt, and what a place is ("cell", "letter")."""

    reading: Any  # readers.reading.Reading
    problem: str | None = None
    names: tuple[str, ...] = ()
    place: str = "cell"

    @property
    def doubted(self) -> tuple[int, ...]:
        """The places the member is asked to check against their picture."""
        return self.reading.unsure


def read_job(kind_name: str, data: bytes) -> JobResult:
    """The picture in `data` read, judged whether it can be a puzzle at all, and drawn the
    way the bot draws the kind, with the places the reader doubts shaded."""
    import importlib

    kind = get_kind(kind_name)
    reader = READERS[kind_name]
    timings: dict[str, float] = {}
    module = importlib.import_module(reader.module)
    reading = _timed(timings, "read", lambda: module.read(data))
    problem = _timed(timings, "judge", lambda: _why_not_a_puzzle(kind, reading.text, reader))
    png = _picture(kind.name, reader.as_read(reading), None, timings)
    names = tuple(reader.place_name(reading, place) for place in reading.unsure)
    return JobResult(reading.text, png, timings, ReadPicture(reading, problem, names, reader.place))


def _why_not_a_puzzle(kind: PuzzleKind, text: str, reader: Reader) -> str | None:
    """Why what was read cannot be a member's puzzle, or None when it has one answer."""
    try:
        solution = kind.solve(kind.parse(text))
    except PuzzleError as error:  # a repeated digit: the message names both cells
        return error.problem
    if has_no_answer(solution):
        return f"it has no solution, so a {reader.place} was probably misread"
    if getattr(solution, "unique", True) is False:
        return "it has several solutions, so a given was probably missed"
    return None


def check_job(kind_name: str, puzzle: Puzzle, answer: str) -> JobResult:
    kind = get_kind(kind_name)
    timings: dict[str, float] = {}
    verdict = _timed(timings, "check", lambda: kind.check(puzzle, answer))
    return JobResult(verdict.text(), None, timings, verdict)
