"""The co-op game without Discord: open a puzzle for a thread, fill letters in, hint, solve.

The puzzle is generated and solved in the worker pool when the game opens; the solver's
reading is kept only to give hints. Whether the group has solved it is the kind's own check,
run in the pool once every square is filled, so any reading the check accepts wins, as on
paper. Every change is written to the database before the member hears of it.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass

from babel.numbers import format_percent

from bot.coop.fill import Pair, co_op_kinds, rules_for
from bot.coop.store import CoopStore, Game
from bot.daily import scoring
from bot.daily.game import made_in_a_language, read_with
from bot.puzzle_service import PuzzleService, Refusal
from puzzles import PuzzleKind, get_kind, kind_title
from puzzles.core import LANGUAGE, Puzzle
from puzzles.i18n import ENGLISH, Message, _, language_of, ngettext, render
from puzzles.lexicon.alphabet import DEFAULT_LANGUAGE
from renderers import draw

Clock = Callable[[], dt.datetime]
HINT_NAME = "hint"  # who filled a square a hint revealed


@dataclass(frozen=True)
class Made:
    """A fresh puzzle for a new game: its text, the solver's reading, and its picture."""

    kind: PuzzleKind
    puzzle_text: str
    solution: dict[str, str]
    png: bytes
    language: str = DEFAULT_LANGUAGE  # the puzzle's words


@dataclass(frozen=True)
class Solved:
    """The group's result, for the thread."""

    seconds: float
    shares: tuple[tuple[str, int], ...]  # (member, their letters in the final fill), most first
    revealed: int  # letters of the final fill that hints revealed
    hints: int
    points: int

    def text(self, title: str, language: str = ENGLISH) -> str:
        """The result in the thread, in the server's `language`."""
        total = sum(count for _name, count in self.shares) + self.revealed

        def share(count: int) -> str:
            return format_percent(count / total, locale=language_of(language))

        took = scoring.clock_text(self.seconds)
        lines = [_("**Solved!** {title} in {time}.", title=title, time=took)]
        for name, count in self.shares:
            letters = ngettext("{count} letter", "{count} letters", count)
            # Translators: a member's share of a co-op solve: "- Ana: 12 letters (40%)"
            lines.append(
                _("- {name}: {letters} ({share})", name=name, letters=letters, share=share(count))
            )
        if self.revealed:
            letters = ngettext("{count} letter", "{count} letters", self.revealed)
            lines.append(
                _(
                    "- revealed by hints: {letters} ({share})",
                    letters=letters,
                    share=share(self.revealed),
                )
            )
        lines.append(
            _(
                "Hints used: {hints} · the group scores {points} points ({solve} for the "
                "solve, -{cost} a hint).",
                hints=self.hints,
                points=self.points,
                solve=scoring.SOLVE_POINTS,
                cost=scoring.HINT_COST,
            )
        )
        return "\n".join(render(line, language) for line in lines)


@dataclass(frozen=True)
class Moves:
    """What became of a member's letters: those written, those refused with why, and the
    result when they completed the puzzle."""

    written: tuple[Pair, ...]
    refused: tuple[tuple[Pair, Message | str], ...]
    full_but_wrong: Message | str = ""  # every square filled, and what the check says is amiss
    solved: Solved | None = None


@dataclass(frozen=True)
class Hinted:
    pair: Pair
    reason: Message | str
    cleared: tuple[str, ...]  # squares that held the revealed letter and were cleared
    solved: Solved | None = None


class CoopService:
    def __init__(self, store: CoopStore, puzzles: PuzzleService, clock: Clock):
        self.store = store
        self.puzzles = puzzles
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._parsed: dict[int, Puzzle] = {}

    # --- opening a game ------------------------------------------------------------------

    def kind(self, name: str) -> PuzzleKind:
        """A kind that can be played together; a Refusal names the ones that can."""
        kind = get_kind(name)
        if kind.name not in co_op_kinds():
            names = " or ".join(co_op_kinds())
            raise Refusal(
                _(
                    "{kind} cannot be played together yet: co-op is for puzzles filled in "
                    "letter by letter ({names}). Try /together {first}.",
                    kind=kind_title(kind),
                    names=names,
                    first=co_op_kinds()[0],
                )
            )
        return kind

    async def make(
        self, kind: PuzzleKind, difficulty: str | None, language: str = DEFAULT_LANGUAGE
    ) -> Made:
        """Generate and solve a fresh puzzle in the worker pool, a word kind's in `language`
        (PuzzleService.words_language)."""
        options = {LANGUAGE: language} if made_in_a_language(kind) else {}
        made = await self.puzzles.generate(kind, random.randrange(2**32), difficulty, options)
        solved = await self.puzzles.solve(kind, made.value, {})
        key = dict(solved.value.key)  # a cryptogram's pairs or a codeword's {number: letter}
        solution = {str(cell).upper(): letter.upper() for cell, letter in key.items()}
        return Made(kind, made.value.text(), solution, made.png, language)

    async def open(
        self, made: Made, guild_id: int, channel_id: int, thread_id: int, user_id: int
    ) -> Game:
        await self.store.create(
            thread_id, guild_id, channel_id, made.kind.name, made.puzzle_text, made.solution,
            user_id, self.clock(), made.language,
        )  # fmt: skip
        return await self.game(thread_id)

    async def set_board(self, thread_id: int, message_id: int) -> None:
        await self.store.set_board(thread_id, message_id)

    async def game(self, thread_id: int) -> Game:
        game = await self.store.game(thread_id)
        if game is None:
            raise Refusal(
                _(
                    "There is no co-op puzzle in this thread. Start one in a text channel with "
                    "/together cryptogram (or codeword)."
                )
            )
        return game

    # --- filling in ----------------------------------------------------------------------

    async def fill(self, thread_id: int, user_id: int, name: str, text: str) -> Moves:
        """Write a member's letters ('A=T B=H', 'A=?' to clear), each checked against the
        puzzle's rules after the ones before it; the refused ones with their reasons."""
        async with self._lock(thread_id):
            game = await self._open_game(thread_id)
            rules = rules_for(game.kind)
            pairs = rules.parse(text)
            puzzle = await self.puzzle(game)
            fill = self._full_fill(game, puzzle)
            written, refused = [], []
            for pair in pairs:
                reason = rules.refusal(puzzle, fill, pair)
                if reason is not None:
                    refused.append((pair, reason))
                    continue
                if pair.letter is None:
                    await self.store.erase(thread_id, pair.cell, self.clock())
                    fill.pop(pair.cell, None)
                elif fill.get(pair.cell) != pair.letter:
                    await self.store.write(
                        thread_id, pair.cell, pair.letter, user_id, name, self.clock()
                    )
                    fill[pair.cell] = pair.letter
                written.append(pair)
            if not written:
                return Moves((), tuple(refused))
            wrong, solved = await self._check_when_full(thread_id, puzzle, fill)
            return Moves(tuple(written), tuple(refused), wrong, solved)

    async def hint(self, thread_id: int) -> Hinted:
        """Reveal one letter for the group, the kind's own hint's choice when it gives one,
        counting against the group's score; a letter elsewhere that blocks it is cleared."""
        async with self._lock(thread_id):
            game = await self._open_game(thread_id)
            rules = rules_for(game.kind)
            puzzle = await self.puzzle(game)
            fill = self._full_fill(game, puzzle)
            kind = get_kind(game.kind)
            result = await self.puzzles.hint(kind, puzzle, rules.answer(fill))
            pair, reason = self._reveal(game, fill, result)
            cleared = tuple(c for c, p in fill.items() if p == pair.letter and c != pair.cell)
            for cell in cleared:
                await self.store.erase(thread_id, cell, self.clock())
                fill.pop(cell)
            await self.store.write(thread_id, pair.cell, pair.letter, None, HINT_NAME, self.clock())
            await self.store.count_hint(thread_id)
            fill[pair.cell] = pair.letter
            _wrong, solved = await self._check_when_full(thread_id, puzzle, fill)
            return Hinted(pair, reason, cleared, solved)

    def _reveal(self, game: Game, fill: dict[str, str], result) -> tuple[Pair, str]:
        """The square the kind's hint reveals when it is a right letter still missing;
        otherwise the first square that is empty or wrong, by the solver's reading."""
        value = result.value
        suggested = []
        if hasattr(value, "cipher") and value.cipher:  # a cryptogram's hint
            suggested = [(value.cipher, value.plain)]
        elif hasattr(value, "new"):  # a codeword's sure step
            letters = dict(value.letters)
            suggested = [(str(n), letters[n]) for n in value.new if n in letters]
        for cell, letter in suggested:
            cell, letter = str(cell).upper(), letter.upper()
            if game.solution.get(cell) == letter and fill.get(cell) != letter:
                # Why this letter: the cryptogram hint's reason, the codeword step's words.
                why = str(getattr(value, "reason", "")) or result.text.splitlines()[0]  # English
                return Pair(cell, letter), why
        missing = [c for c, p in sorted(game.solution.items()) if fill.get(c) != p]
        if not missing:
            raise Refusal(_("Every square already holds its letter; nothing is left to reveal."))
        cell = missing[0]
        return Pair(cell, game.solution[cell]), ""

    async def _check_when_full(
        self, thread_id: int, puzzle: Puzzle, fill: dict[str, str]
    ) -> tuple[Message | str, Solved | None]:
        """Once every square is filled: the kind's check, in the pool; the solve recorded."""
        game = await self.game(thread_id)
        rules = rules_for(game.kind)
        if any(cell not in fill for cell in rules.cells(puzzle)):
            return "", None
        kind = get_kind(game.kind)
        verdict = (await self.puzzles.check(kind, puzzle, rules.answer(fill))).value
        if not verdict.solved:
            return verdict.message, None
        now = self.clock()
        if not await self.store.mark_solved(thread_id, now):
            return "", None
        return "", solved_summary(await self.game(thread_id))

    async def summary(self, thread_id: int) -> Solved:
        return solved_summary(await self.game(thread_id))

    # --- the board ---------------------------------------------------------------------------

    async def board_png(
        self, thread_id: int, new: tuple[str, ...] = (), message: str = "", language: str = ENGLISH
    ):
        """The puzzle drawn with every letter filled in so far, in the pool; `message` is the
        line under it, already in the server's `language`."""
        game = await self.game(thread_id)
        puzzle = await self.puzzle(game)
        fill = self._full_fill(game, puzzle)
        if game.solved_at is not None:
            message = message or render(_("Solved together."), language)
        drawn = rules_for(game.kind).drawn(fill, new, message)
        return await self.puzzles.draw("the co-op board", draw, game.kind, puzzle, drawn)

    async def board_drawn(self, thread_id: int, state_at: dt.datetime) -> None:
        """The board now shows the game as it was at `state_at`."""
        await self.store.mark_drawn(thread_id, state_at)

    async def mark_archived(self, thread_id: int) -> None:
        await self.store.mark_archived(thread_id, self.clock())

    # --- helpers --------------------------------------------------------------------------

    async def puzzle(self, game: Game) -> Puzzle:
        if game.thread_id not in self._parsed:
            kind = get_kind(game.kind)
            self._parsed[game.thread_id] = await self.puzzles.parse(
                kind, game.puzzle_text, read_with(kind, game)
            )
        return self._parsed[game.thread_id]

    async def _open_game(self, thread_id: int) -> Game:
        game = await self.game(thread_id)
        if game.solved_at is not None:
            raise Refusal(_("This puzzle is solved already; start another with /together."))
        return game

    def _full_fill(self, game: Game, puzzle: Puzzle) -> dict[str, str]:
        """The given letters and the group's."""
        return rules_for(game.kind).given(puzzle) | game.fill

    def _lock(self, thread_id: int) -> asyncio.Lock:
        return self._locks.setdefault(thread_id, asyncio.Lock())


def solved_summary(game: Game) -> Solved:
    assert game.solved_at is not None
    counts: dict[str, int] = {}
    revealed = 0
    for letter in game.letters.values():
        if letter.user_id is None:
            revealed += 1
        else:
            counts[letter.name] = counts.get(letter.name, 0) + 1
    shares = tuple(sorted(counts.items(), key=lambda item: (-item[1], item[0])))
    seconds = (game.solved_at - game.started_at).total_seconds()
    return Solved(seconds, shares, revealed, game.hints, scoring.points(1, game.hints))
