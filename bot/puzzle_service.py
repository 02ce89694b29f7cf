"""What the Discord cogs ask of the bot, free of Discord types: admit, parse, solve, draw.

Cheap checks happen first, on the event loop, so a bad request is answered at once and
ephemerally: the size of every text the member gave (puzzle, answer, progress, generate
text; each against its own limit, PuzzleKind.check_input_size), the parse, the member's and
the server's rate limits, and whether the pool can take another job. Only then does work go
to the worker pool.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import time
from collections.abc import Callable, Iterator
from typing import Any

from bot import jobs
from bot.database import Database
from bot.pool import JobTimeout, PoolBusy, PoolClosed, WorkerCrashed, WorkerPool
from bot.ratelimit import SOLVING, Limited, SolveLimits
from bot.servers import ServerSettings
from puzzles.core import LANGUAGE, Option, Puzzle, PuzzleKind, kind_title
from puzzles.i18n import ENGLISH, Message, _, render
from readers.picture import FORMATS, SEND_INSTEAD, PictureError, refuse_oversized

log = logging.getLogger(__name__)


class Refusal(Exception):
    """A request declined with a message the member can act on (busy, cooldown, too slow).

    The message is a Message (puzzles.i18n) that the frontend renders in the reader's
    language; plain text is still accepted and shown as it is."""

    def __init__(self, message: Message | str):
        super().__init__(message)
        self.message = message

    def message_for(self, language: str = ENGLISH) -> str:
        return render(self.message, language)


class PuzzleService:
    def __init__(
        self,
        pool: WorkerPool,
        limits: SolveLimits,
        database: Database | None,
        generate_deadline: float | None = None,
        servers: ServerSettings | None = None,
    ):
        self.pool = pool
        self.generate_deadline = generate_deadline
        self.limits = limits
        self.database = database
        self.servers = servers  # a server's language: the word kinds' default
        # The tasks waiting on the pool now: at shutdown they are told, and replied to, first.
        self._callers: set[asyncio.Task] = set()

    # --- before any work --------------------------------------------------------------------

    def admit(
        self,
        user_id: int,
        guild_id: int | None,
        *,
        server_window: bool = True,
        work: str = SOLVING,
    ) -> None:
        """Refuse at once when the pool is full, or the member (or server) has used up its
        window for this `work` (bot/ratelimit.py: solving work, or cheap reads), or the pool
        is full: its job could not finish while Discord still takes the reply (bot/pool.py).

        Daily play passes server_window=False: a daily post brings the whole server at once,
        so only each member's own window and the pool's room bound it.
        """
        if self.pool.full:
            raise Refusal(BUSY)
        refused = self.limits.start(user_id, guild_id if server_window else None, work)
        if refused is not None:
            raise Refusal(limited_message(refused, time.time()))
        self.pool.reserve()  # its job comes after the defer: count it now

    def check_sizes(self, kind: PuzzleKind, **texts: str | None) -> None:
        """The one size check: refuse at once any text a member gave that is over its own
        limit (puzzle=, answer=, progress=, or a generate text option by name, e.g. text=).

        parse, hint, check and generate call it for what they are given; a command that has
        several texts can call it first with all of them, before taking a rate-limit slot.
        """
        for what, text in texts.items():
            if text is not None:
                kind.check_input_size(str(text), what=what)

    def check_generate(
        self, kind: PuzzleKind, difficulty: str | None, options: dict[str, Any]
    ) -> None:
        """Refuse at once a request for a puzzle that could never be made: a text over its
        limit, an option out of its range, or a combination that cannot exist (a 4x4 sudoku
        comes only easy), so the member hears it privately before any "thinking"."""
        self.check_sizes(kind, **kind.text_options(options))
        kind.generate_request(difficulty, options)

    async def parse(
        self,
        kind: PuzzleKind,
        text: str,
        options: dict[str, Any] | None = None,
        guild_id: int | None = None,
    ) -> Puzzle:
        """The puzzle, or a PuzzleError saying what is wrong: its size checked before parsing.
        (One too big for a readable picture is still answered, in text alone: bot/jobs.py.)
        `options` are the kind's puzzle options (the word language; by default the server's).

        Parsing is quick, but some kinds look words up and the first lookup loads the word
        lists, so it runs in a thread rather than on the event loop.
        """
        self.check_sizes(kind, puzzle=text)
        options = await self.with_word_language(kind.puzzle_options, options, guild_id)
        return await asyncio.to_thread(kind.parse_with, text, options)

    async def with_word_language(
        self, declared: tuple[Option, ...], options: dict[str, Any] | None, guild_id: int | None
    ) -> dict[str, Any]:
        """The member's options, with the word language filled in when the kind takes one and
        none was given: the server's choice, else English (ServerSettings.word_language)."""
        options = dict(options or {})
        takes_one = any(option.name == LANGUAGE for option in declared)
        if takes_one and options.get(LANGUAGE) is None:
            servers = self.servers
            options[LANGUAGE] = await servers.word_language(guild_id) if servers else ENGLISH
        return options

    async def words_language(
        self, kind: PuzzleKind, asked: str | None, guild_id: int | None
    ) -> str:
        """The language of a new puzzle's words (a race's, a co-op game's): the one the member
        `asked` for, else the server's choice, else English; English for a kind without words,
        where a language asked for is refused like any option the kind does not take."""
        asked_for = {LANGUAGE: asked} if asked else {}
        kind.generate_request(None, asked_for)
        options = await self.with_word_language(kind.generate_options, asked_for, guild_id)
        return options.get(LANGUAGE, ENGLISH)

    def check_picture(self, size: int, content_type: str | None) -> None:
        """Refuse at once, before it is downloaded, an attachment that cannot be a puzzle
        picture: not an image by the type Discord gives it, or over the readers' limit
        (the same message as for the file's bytes, readers.picture.refuse_oversized)."""
        if content_type and not content_type.startswith("image/"):
            raise PictureError(
                _(
                    "that file is not a picture (Discord says it is {content_type}); "
                    "attach a {formats} file",
                    content_type=content_type,
                    formats=FORMATS,
                ),
                example=SEND_INSTEAD,
            )
        refuse_oversized(size)

    # --- the work, in the pool ------------------------------------------------------------

    async def read(
        self,
        kind: PuzzleKind,
        data: bytes,
        options: dict[str, Any] | None = None,
        guild_id: int | None = None,
        language: str = ENGLISH,
    ):
        """The member's picture read, judged (in the puzzle options' word language) and drawn
        labelled in `language` (jobs.read_job): solving work, under the same deadline."""
        options = await self.with_word_language(kind.puzzle_options, options, guild_id)
        return await self._run(
            kind, jobs.read_job, kind.name, data, options, language, doing="reading"
        )

    # `language` is the one the picture's labels are drawn in: the reply's.

    async def solve(
        self, kind: PuzzleKind, puzzle: Puzzle, options: dict[str, Any], language: str = ENGLISH
    ):
        return await self._run(kind, jobs.solve_job, kind.name, puzzle, options, True, language)

    async def hint(self, kind: PuzzleKind, puzzle: Puzzle, progress: str, language: str = ENGLISH):
        self.check_sizes(kind, progress=progress)
        return await self._run(kind, jobs.hint_job, kind.name, puzzle, progress, True, language)

    async def check(self, kind: PuzzleKind, puzzle: Puzzle, answer: str, language: str = ENGLISH):
        self.check_sizes(kind, answer=answer)
        return await self._run(kind, jobs.check_job, kind.name, puzzle, answer, language)

    async def generate(
        self,
        kind: PuzzleKind,
        seed: int,
        difficulty: str | None,
        options: dict[str, Any],
        guild_id: int | None = None,
        language: str = ENGLISH,
    ):
        """A new puzzle; in the server's word language unless `options` names one, drawn
        labelled in `language`."""
        options = await self.with_word_language(kind.generate_options, options, guild_id)
        self.check_generate(kind, difficulty, options)
        return await self._run(
            kind,
            jobs.generate_job,
            kind.name,
            seed,
            difficulty,
            options,
            language,
            deadline=self.generate_deadline,
            doing="making",
        )

    async def draw(self, what: str, function: Callable[..., Any], *args: Any):
        """A picture that is not a puzzle's (a leaderboard, a stats card), run in the pool with
        the same plain refusals when it is full or too slow."""
        try:
            with self._caller():
                return await self.pool.run(function, *args)
        except PoolBusy:
            raise Refusal(BUSY) from None
        except PoolClosed:
            raise Refusal(RESTARTING) from None
        except (JobTimeout, WorkerCrashed):
            raise Refusal(
                _("Drawing {what} took too long; please try again in a minute.", what=what)
            ) from None

    async def _run(
        self,
        kind: PuzzleKind,
        job: Callable[..., Any],
        *args: Any,
        deadline: float | None = None,
        doing: str = "solving",
    ):
        try:
            with self._caller():
                return await self.pool.run(job, *args, deadline=deadline)
        except PoolBusy:
            raise Refusal(BUSY) from None
        except PoolClosed:
            raise Refusal(RESTARTING) from None
        except JobTimeout as timeout:
            too_slow = too_slow_message(
                kind, timeout.seconds, making=doing == "making", reading=doing == "reading"
            )
            raise Refusal(too_slow) from None
        except WorkerCrashed:
            raise Refusal(
                _(
                    "Solving that {title} used more than a worker could give, so I stopped. "
                    "Try a smaller puzzle.",
                    title=kind_title(kind),
                )
            ) from None

    @contextlib.contextmanager
    def _caller(self) -> Iterator[None]:
        task = asyncio.current_task()
        if task is not None:
            self._callers.add(task)
        try:
            yield
        finally:
            if task is not None:
                self._callers.discard(task)

    async def close(self, grace: float = 5.0) -> None:
        """Stop the pool: every job, waiting or running, ends with Refusal(RESTARTING); then
        wait up to `grace` seconds for the commands that asked for them to tell their members
        (while the connection to Discord is still open)."""
        callers = self._callers - {asyncio.current_task()}  # not itself (a command stopping)
        await self.pool.close()
        if callers:
            await asyncio.wait(callers, timeout=grace)

    # --- the record -------------------------------------------------------------------------

    async def record(
        self,
        *,
        user_id: int,
        guild_id: int | None,
        command: str,
        kind: str,
        outcome: str,
        elapsed_ms: float,
        error_id: str | None = None,
    ) -> None:
        if self.database is None:
            return
        try:
            await self.database.log_command(
                guild_id=guild_id,
                user_id=user_id,
                command=command,
                kind=kind,
                outcome=outcome,
                elapsed_ms=round(elapsed_ms, 2),
                error_id=error_id,
            )
        except Exception:  # the log must never cost a member their answer
            log.exception("could not record a %s command", command)


BUSY = _("I'm busy with other puzzles right now; please try again in a few seconds.")
RESTARTING = _("I'm restarting, so I stopped that one; please try again in a minute.")


def too_slow_message(
    kind: PuzzleKind, seconds: float, *, making: bool = False, reading: bool = False
) -> Message:
    """A solve (or, `making`, a generate; `reading`, a picture read) past its deadline of
    `seconds`: what the member can change, in the kind's own options."""
    if reading:
        return _(
            "Reading that picture of a {title} took longer than {seconds} s, so I stopped. "
            "Try a screenshot, or a photo cropped to the grid.",
            title=kind_title(kind),
            seconds=seconds,
        )
    if making:
        return _(
            "Making a new {title} took longer than {seconds} s, so I stopped. "
            "Please try again (an easier difficulty is quicker).",
            title=kind_title(kind),
            seconds=seconds,
        )
    faster = kind.faster_advice()
    if faster:
        # Translators: {faster} is the kind's own advice, e.g. "a lower max_words".
        return _(
            "That {title} took longer than {seconds} s, so I stopped. "
            "Try a smaller puzzle, or {faster}.",
            title=kind_title(kind),
            seconds=seconds,
            faster=faster,
        )
    return _(
        "That {title} took longer than {seconds} s, so I stopped. Try a smaller puzzle.",
        title=kind_title(kind),
        seconds=seconds,
    )


def new_error_id() -> str:
    """A short id a member can quote and an operator can find in the logs."""
    return secrets.token_hex(4)


def limited_message(refused: Limited, now: float) -> Message:
    """What was limited and when to try again, also as a Discord timestamp each member sees
    in their own time: "You've made 10 solves, hints, new puzzles and pictures read in the
    last 60 s, the most I take from one member: try again in 12 s (<t:...:R>)." """
    values = {
        "limit": refused.limit,
        "window": round(refused.window),
        "wait": math.ceil(refused.wait),
        "when": f"<t:{math.ceil(now + refused.wait)}:R>",
    }
    # What each kind of work counts (bot/ratelimit.py), for a member or a whole server.
    if refused.whose == "member" and refused.work == SOLVING:
        return _(
            "You've made {limit} solves, hints, new puzzles and pictures read in the last "
            "{window} s, the most I take from one member: try again in {wait} s ({when}).",
            **values,
        )
    if refused.whose == "member":
        return _(
            "You've made {limit} looks at stats, boards, checks and daily answers in the last "
            "{window} s, the most I take from one member: try again in {wait} s ({when}).",
            **values,
        )
    if refused.work == SOLVING:
        return _(
            "This server has made {limit} solves, hints, new puzzles and pictures read in the "
            "last {window} s, the most I take from one server: try again in {wait} s ({when}).",
            **values,
        )
    return _(
        "This server has made {limit} looks at stats, boards, checks and daily answers in the "
        "last {window} s, the most I take from one server: try again in {wait} s ({when}).",
        **values,
    )
