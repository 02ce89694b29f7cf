"""The proof of the fewest words, and the ranked listing of solutions, over a board's moves.

For the search a word is only a *move*: the letter it starts on, the letter it
ends on, and the set of board letters it covers. Many words share a move, and a
move whose letters are a subset of another move with the same ends can never do
better, so the proof of the fewest words runs over the few undominated moves.
It skips every position that some group of at most 12 letters already rules out,
using tables that answer that exactly for every position at once (coverage.py); on
a board of 12 letters or fewer the tables alone are the proof.

Words come back in to rank solutions (the rarest word decides, then the average
commonness) and to count them. Two-word solutions are listed and counted exactly.
Past two words a big box can have millions of solutions, so the best ones are found
directly by branch and bound, and the count stops at a budget.
"""

from __future__ import annotations

import copy
import heapq
import itertools
import math
import time
from collections import defaultdict
from collections.abc import Iterable, Iterator
from functools import cached_property
from operator import attrgetter, itemgetter

from puzzles.core import SolveTimeout, Usage
from puzzles.i18n import _
from puzzles.letterboxed.coverage import (
    GroupCoverage,
    letter_groups,
    one_move_covers,
)
from puzzles.letterboxed.puzzle import Board
from puzzles.letterboxed.words import Move, _from_digits, _set_bits, best_words, word_choices

RANKED_SOLUTIONS = 10
# Listing solutions of three or more words stops after this many steps; the count says "N+".
LISTING_BUDGET = 20_000
# Ranking solutions of three or more words: rounds over the 256, 1024, ... most common
# moves, within a step budget (steps, not seconds, so answers do not depend on the machine).
FIRST_ROUND_MOVES = 256
RANKING_STEPS = 200_000
# Bit sets of moves with more members than this are read off their binary digits.
FEW_MEMBERS = 8
# On boards of up to this many letters, a set of letter sets fits in an int of 2**16 bits.
SMALL_BOARD_LETTERS = 16


# What a Search works out on first use from the moves it allows; a restricted view
# works these out afresh.
_PER_VIEW = (
    "undominated_by_first",
    "first_words",
    "coverage",
    "_projections",
    "_projected_options",
    "two_move_solutions",
)


class _OutOfSteps(Exception):
    """A ranking round used up its step budget."""


class Search:
    """Proofs and listings over one board's moves."""

    def __init__(self, board: Board, moves: list[Move], deadline: float | None = None):
        self.board = board
        self.bit = {letter: 1 << index for index, letter in enumerate(board.letters)}
        self.full = (1 << len(board.letters)) - 1
        self.deadline = deadline
        # Most common first (ties: alphabetical); two stable sorts with C-speed keys.
        self.moves = sorted(moves, key=attrgetter("words"))
        self.moves.sort(key=attrgetter("zipf"), reverse=True)
        self.max_gain = max((move.gain for move in self.moves), default=0)
        # Listings walk these bit sets, so they meet the most common moves first; proofs
        # use the undominated moves, biggest first (built on first use, below).
        self.starting_at, self.containing = _letter_index(self.moves, len(self.bit))
        self.allowed = (1 << len(self.moves)) - 1  # a restricted view: the most common only
        self.step_limit = math.inf
        self.out_of_steps = False
        self._settled: dict[tuple[int, int, int], bool] = {}
        self._hopeful: dict[tuple[int, int, int], list] = {}
        self._steps = 0

    @cached_property
    def undominated_by_first(self) -> dict[int, list[Move]]:
        """For proofs of 3+ words: only moves no bigger move with the same ends contains."""
        return _group_by_first(_undominated(self.allowed_moves), _most_letters)

    @cached_property
    def first_words(self) -> list[Move]:
        """For a first word only its last letter matters, so dominance needs less (and
        a move dominated with its first letter counted is dominated without it)."""
        undominated = [move for group in self.undominated_by_first.values() for move in group]
        return _undominated(undominated, by_first_letter=False)

    @cached_property
    def coverage(self) -> list[GroupCoverage]:
        """Exact finishing answers on groups of the board's letters, for the moves this
        view allows: a position one group cannot finish is hopeless (see coverage.py)."""
        moves = [
            (move.first, move.last, move.mask)
            for group in self.undominated_by_first.values()
            for move in group
        ]
        in_moves = [(moves_with & self.allowed).bit_count() for moves_with in self.containing]
        return [GroupCoverage(group, moves, len(self.bit)) for group in letter_groups(in_moves)]

    @property
    def coverage_is_exact(self) -> bool:
        """One group holds every letter: its answers are the whole answer."""
        return len(self.coverage) == 1

    @property
    def allowed_moves(self) -> list[Move]:
        return self.moves[: self.allowed.bit_length()]

    def unusable_letters(self) -> str:
        covered = 0
        for move in self.moves:
            covered |= move.mask
        return "".join(letter for letter, bit in self.bit.items() if not covered & bit)

    def _step(self) -> None:
        self._steps += 1
        if self._steps > self.step_limit:
            raise _OutOfSteps
        if (
            self.deadline is not None
            and self._steps % 2048 == 0
            and time.monotonic() > self.deadline
        ):
            raise SolveTimeout(
                _(
                    "this box took too long to solve; try a smaller max_words or a smaller "
                    "word list"
                ),
                example=Usage(options=(("max_words", 3), ("tier", "common"))),
            )

    # --- proving ------------------------------------------------------------------------------

    def finishing_set(self, last: int, missing: int) -> int:
        """The moves (as a bit set) starting on `last` that cover every `missing` letter."""
        starting = self.starting_at.get(last, 0) & self.allowed
        return _covering(starting, self.containing, missing)

    def restricted(self, most_common: int) -> Search:
        """A view allowing only the `most_common` moves (rounded up to take every tie)."""
        most_common = min(most_common, len(self.moves))
        while 0 < most_common < len(self.moves):
            if self.moves[most_common].zipf < self.moves[most_common - 1].zipf:
                break
            most_common += 1
        view = copy.copy(self)
        view.allowed = (1 << most_common) - 1
        for lazy in _PER_VIEW:
            view.__dict__.pop(lazy, None)
        view._settled, view._hopeful = {}, {}
        view._steps = 0
        return view

    def members(self, moves: int) -> Iterator[Move]:
        """The moves of a bit set, most common first."""
        if moves.bit_count() <= FEW_MEMBERS:
            while moves:
                lowest = moves & -moves
                yield self.moves[lowest.bit_length() - 1]
                moves ^= lowest
            return
        yield from map(self.moves.__getitem__, _set_bits(moves))

    def finishing_moves(self, last: int, missing: int) -> Iterator[Move]:
        """Moves starting on `last` that cover every `missing` letter, most common first."""
        return self.members(self.finishing_set(last, missing))

    def next_moves(self, last: int, covered: int, words_left: int) -> Iterator[Move]:
        """Moves worth trying next toward covering the board in `words_left` words."""
        missing = self.full & ~covered
        if words_left == 1:
            return self.finishing_moves(last, missing)
        return self.members(self.starting_at.get(last, 0) & self.allowed)

    def can_finish(self, last: int, covered: int, words_left: int) -> bool:
        """Can `words_left` more words, the first starting on `last`, cover every letter?"""
        if covered == self.full:
            return True
        missing = self.full & ~covered
        # Each further word starts on a letter already covered, so adds at most gain - 1.
        if words_left == 0 or missing.bit_count() > words_left * (self.max_gain - 1):
            return False
        self._step()
        if words_left == 1:  # one bit-set test: cheaper than remembering the answer
            return self.finishing_set(last, missing) != 0
        state = (last, covered, words_left)
        settled = self._settled.get(state)
        if settled is None:
            settled = self._may_finish(last, covered, words_left) and (
                self.coverage_is_exact or self._search_finish(last, covered, words_left)
            )
            self._settled[state] = settled
        return settled

    def _may_finish(self, last: int, covered: int, words_left: int) -> bool:
        """False when some group of letters alone already rules the position out."""
        return all(group.may_finish(last, covered, words_left) for group in self.coverage)

    @cached_property
    def _projections(self) -> dict[Move, tuple[int, ...]]:
        """Each allowed move's letters projected onto every letter group."""
        moves = self.allowed_moves
        masks = [move.mask for move in moves]
        projected = zip(*(group.project_all(masks) for group in self.coverage), strict=True)
        return dict(zip(moves, projected, strict=True))

    @cached_property
    def _projected_options(self) -> dict[int, list[tuple[Move, tuple[int, ...]]]]:
        """undominated_by_first, each move with its letters projected onto every group."""
        projections = self._projections
        return {
            first: [(move, projections[move]) for move in moves]
            for first, moves in self.undominated_by_first.items()
        }

    def _groups_after(self, covered: int, words_left: int) -> list[tuple[dict[int, int], int]]:
        """For testing next moves on every letter group: each group's finishable sets
        for `words_left` words after the move, and the letters `covered` projected on it."""
        return [(group.finishable(words_left), group.project(covered)) for group in self.coverage]

    def _groups_allow(self, groups: list[tuple[dict[int, int], int]], move: Move) -> bool:
        """Can every letter group still be finished after `move` (see _groups_after)?"""
        for (finishable, covered_there), letters in zip(
            groups, self._projections[move], strict=True
        ):
            if not finishable[move.last] >> (covered_there | letters) & 1:
                return False
        return True

    def _search_finish(self, last: int, covered: int, words_left: int) -> bool:
        """can_finish by trying each next move, biggest first, that every letter group
        still allows."""
        need = (self.full & ~covered).bit_count()
        later_words_add = (words_left - 1) * (self.max_gain - 1)
        rarest, *others = self.coverage
        options = self._hopeful_moves(last, rarest.project(covered), words_left - 1)
        # Each move left is tested on the other letter groups too: a few shifts, no recursion.
        groups = [(group.finishable(words_left - 1), group.project(covered)) for group in others]
        for move, projected in options:  # biggest first
            if move.gain - 1 + later_words_add < need:
                return False
            for (finishable, covered_there), letters in zip(groups, projected[1:], strict=True):
                if not finishable[move.last] >> (covered_there | letters) & 1:
                    break
            else:
                if self.can_finish(move.last, covered | move.mask, words_left - 1):
                    return True
        return False

    def _hopeful_moves(self, last: int, covered_rarest: int, words_left: int) -> list:
        """The moves from `last` (with their projections) after which `words_left` words
        can still finish the rarest letter group. Positions share these lists whenever
        they agree on the rare letters, which they mostly do."""
        state = (last, covered_rarest, words_left)
        hopeful = self._hopeful.get(state)
        if hopeful is None:
            finishable = self.coverage[0].finishable(words_left)
            hopeful = self._hopeful[state] = [
                (move, projected)
                for move, projected in self._projected_options.get(last, ())
                if finishable[move.last] >> (covered_rarest | projected[0]) & 1
            ]
        return hopeful

    def solvable_in(self, count: int, last: int | None = None, covered: int = 0) -> bool:
        """Can `count` words (after `last`, or from anywhere) cover the board?"""
        if last is not None:
            return self.can_finish(last, covered, count)
        if count == 1:
            return self.max_gain == len(self.bit) and any(
                move.mask == self.full for move in self.allowed_moves
            )
        if count == 2:
            return bool(self.two_move_solutions)
        later_words_add = (count - 1) * (self.max_gain - 1)
        for move in self.first_words:  # biggest first
            if move.gain + later_words_add < len(self.bit):
                return False
            if self.can_finish(move.last, move.mask, count - 1):
                return True
        return False

    def fewest_words(self, max_words: int, last: int | None = None, covered: int = 0) -> int | None:
        """The fewest further words that cover the board (after `last`, or from anywhere)."""
        return next(
            (count for count in range(1, max_words + 1) if self.solvable_in(count, last, covered)),
            None,
        )

    # --- listing ------------------------------------------------------------------------------

    @cached_property
    def two_move_solutions(self) -> list[tuple[Move, Move]]:
        """Every two-move solution, the first move most common first: a first move, then
        every move starting where it ends that covers what it leaves."""
        best_gain_from: dict[int, int] = defaultdict(int)
        for move in self.allowed_moves:
            best_gain_from[move.first] = max(best_gain_from[move.first], move.gain)
        one_move_covers = self._one_move_covers
        solutions = []
        for first in self.allowed_moves:
            # The second move starts on a letter the first covered, so adds at most gain - 1.
            if first.gain + best_gain_from[first.last] - 1 < len(self.bit):
                continue
            missing = self.full & ~first.mask
            if one_move_covers and not one_move_covers[first.last] >> missing & 1:
                continue
            finishing = self.finishing_set(first.last, missing)
            solutions += [(first, last) for last in self.members(finishing)]
        return solutions

    @property
    def _one_move_covers(self) -> dict[int, int]:
        """On a small board, per start letter, the letter sets one move covers (see
        coverage.one_move_covers): one bit test rules out most first moves. Empty on a
        big board, where the sets of subsets would be too big."""
        if len(self.bit) > SMALL_BOARD_LETTERS:
            return {}
        masks: dict[int, set[int]] = defaultdict(set)
        for move in self.allowed_moves:
            masks[move.first].add(move.mask)
        return one_move_covers(masks, len(self.bit))

    def sequences(
        self, count: int, last: int | None = None, covered: int = 0
    ) -> Iterator[tuple[Move, ...]]:
        """Every sequence of `count` moves (after `last`, or from anywhere) covering the board."""
        if last is not None:
            yield from self._continuations(last, covered, count)
            return
        for move in self.allowed_moves:
            for rest in self._continuations(move.last, move.mask, count - 1):
                yield (move, *rest)

    def _continuations(self, last: int, covered: int, words_left: int):
        self._step()
        if words_left == 0:
            if covered == self.full:
                yield ()
        elif words_left == 1:
            for move in self.finishing_moves(last, self.full & ~covered):
                yield (move,)
        elif self.can_finish(last, covered, words_left):
            for move in self.next_moves(last, covered, words_left):
                for rest in self._continuations(move.last, covered | move.mask, words_left - 1):
                    yield (move, *rest)

    def ranked(self, count: int) -> tuple[list[tuple[str, ...]], int, bool, bool]:
        """The best `count`-word solutions, how many there are, whether that count is
        capped, and whether the ranking is proven (not cut short by its step budget)."""
        if count <= 2:
            every = self.two_move_solutions if count == 2 else list(self.sequences(1))
            return _ranked_words(every), sum(map(word_choices, every)), False, True
        sequences, proven = self.best_sequences(count)
        total, capped = self._budgeted_count(count)
        return _ranked_words(sequences), max(total, 1), capped, proven

    def best_sequences(self, count: int) -> tuple[list[tuple[Move, ...]], bool]:
        """The RANKED_SOLUTIONS best sequences (or all there are), best first, and
        whether that is proven (False when the step budget ran out first).

        Searches the most common moves first, in growing rounds: every solution found
        among the N most common moves beats every solution that needs a rarer move, so
        the first round that finds enough solutions has found the best ones.
        """
        most_common, best = FIRST_ROUND_MOVES, []
        while True:
            view = self.restricted(most_common)
            view.step_limit = RANKING_STEPS
            found = view.branch_and_bound(count)
            if len(found) >= RANKED_SOLUTIONS or most_common >= len(self.moves):
                return found, not view.out_of_steps
            if view.out_of_steps:
                # Keep the proven best of the last whole round, then what this one found.
                extra = [sequence for sequence in found if sequence not in best]
                witness = [] if best or extra else [self.witness(count)]
                return (best + extra + witness)[:RANKED_SOLUTIONS], False
            best = found
            most_common *= 4

    def branch_and_bound(self, count: int) -> list[tuple[Move, ...]]:
        """The best sequences among the allowed moves, pruning on the rarest word.

        Moves are tried most common first, so once a move is rarer than the rarest word
        of the worst sequence kept so far, no later move in that list can do better.
        """
        kept: list[tuple[tuple[float, float], int, tuple[Move, ...]]] = []
        found = itertools.count()  # breaks ties: earlier finds (more common words) rank first

        def floor() -> float:
            return kept[0][0][0] if len(kept) == RANKED_SOLUTIONS else -math.inf

        def extend(path: tuple[Move, ...], covered: int, words_left: int) -> None:
            self._step()
            last = path[-1].last
            if words_left > 1:
                if not self.can_finish(last, covered, words_left):
                    return
                groups = self._groups_after(covered, words_left - 1)
            for move in self.next_moves(last, covered, words_left):
                if move.zipf < floor():
                    return
                sequence = (*path, move)
                if words_left == 1:
                    entry = (rank_key(sequence), -next(found), sequence)
                    (heapq.heappush if len(kept) < RANKED_SOLUTIONS else heapq.heappushpop)(
                        kept, entry
                    )
                else:
                    self._step()  # a test on the letter groups: cheaper than a visit
                    if self._groups_allow(groups, move):
                        extend(sequence, covered | move.mask, words_left - 1)

        try:
            for move in self.allowed_moves:
                if move.zipf < floor():
                    break
                extend((move,), move.mask, count - 1)
        except _OutOfSteps:
            self.out_of_steps = True
        return [sequence for *_, sequence in sorted(kept, reverse=True)]

    def _budgeted_count(self, count: int) -> tuple[int, bool]:
        total, self.step_limit = 0, self._steps + LISTING_BUDGET
        try:
            for sequence in self.sequences(count):
                total += word_choices(sequence)
        except _OutOfSteps:
            return total, True
        finally:
            self.step_limit = math.inf
        return total, False

    def witness(self, count: int) -> tuple[Move, ...]:
        """One `count`-move solution, read off the proof's remembered answers."""
        path: list[Move] = []
        covered, options = 0, self.first_words
        for words_left in range(count - 1, -1, -1):
            move = next(m for m in options if self.can_finish(m.last, covered | m.mask, words_left))
            path.append(move)
            covered |= move.mask
            options = self.members(self.starting_at.get(move.last, 0) & self.allowed)
        return tuple(path)


def _ranked_words(sequences: Iterable[tuple[Move, ...]]) -> list[tuple[str, ...]]:
    """The best distinct word solutions for these move sequences, best first."""
    scored = []
    for sequence in sequences:
        words = best_words(sequence)
        if words is not None:
            scored.append((rank_key(sequence), words))
    # Alphabetical order only breaks ties, so it is worked out for the leaders alone.
    leaders = heapq.nlargest(RANKED_SOLUTIONS, scored, key=itemgetter(0))
    if len(leaders) == RANKED_SOLUTIONS:
        floor = leaders[-1][0]
        leaders = [entry for entry in scored if entry[0] >= floor]
    leaders.sort(key=lambda entry: (entry[0], _alphabetical_first(entry[1])), reverse=True)
    return [words for _, words in leaders[:RANKED_SOLUTIONS]]


def rank_key(sequence: tuple[Move, ...]) -> tuple[float, float]:
    """Higher is better: the rarest word decides, then the average commonness."""
    scores = [move.zipf for move in sequence]
    return (min(scores), sum(scores) / len(scores))


def _alphabetical_first(words: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    """A key under which alphabetically earlier words are larger (the heap keeps the largest)."""
    return tuple(tuple(-ord(ch) for ch in word) for word in words)


def _letter_index(moves: list[Move], letter_count: int) -> tuple[dict[int, int], list[int]]:
    """Sets of moves as bits of an int (bit i is moves[i]): the moves starting on each
    letter (by letter bit), and the moves covering each board letter (by letter index).

    Each set is first spelt out as binary digits, one a move, by translating a byte string
    of per-move values (C speed); setting bits of a growing int one at a time would copy
    it every time."""
    starts = bytes(move.first.bit_length() - 1 for move in moves)
    starting = {
        1 << letter: _from_digits(starts.translate(_DIGIT_IF_EQUAL[letter]))
        for letter in set(starts)
    }
    containing = []
    for low in range(0, letter_count, 8):
        chunk = bytes(move.mask >> low & 0xFF for move in moves)
        for bit in range(min(8, letter_count - low)):
            containing.append(_from_digits(chunk.translate(_DIGIT_IF_BIT[bit])))
    return starting, containing


# Byte translation tables to "1"/"0": is the byte equal to n; does it have bit n set.
_DIGIT_IF_EQUAL = [bytes(49 if value == n else 48 for value in range(256)) for n in range(32)]
_DIGIT_IF_BIT = [bytes(49 if value >> n & 1 else 48 for value in range(256)) for n in range(8)]


def _covering(moves: int, containing: list[int], letters: int) -> int:
    """Those of `moves` that cover every one of `letters` (containing: moves per letter)."""
    while letters and moves:
        lowest = letters & -letters
        moves &= containing[lowest.bit_length() - 1]
        letters ^= lowest
    return moves


def _group_by_first(moves: Iterable[Move], order) -> dict[int, list[Move]]:
    groups: dict[int, list[Move]] = defaultdict(list)
    for move in moves:
        groups[move.first].append(move)
    for group in groups.values():
        group.sort(key=order)
    return dict(groups)  # a plain dict: looking up a letter with no moves must not add it


def _most_letters(move: Move) -> int:
    return -move.gain


def _undominated(moves: list[Move], by_first_letter: bool = True) -> list[Move]:
    """Drop every move whose letters are a subset of another move with the same ends
    (for a first word, whose start does not matter, the same last letter). Biggest
    moves first."""
    by_ends: dict[tuple[int, int], list[Move]] = defaultdict(list)
    for move in sorted(moves, key=_most_letters):
        by_ends[move.first if by_first_letter else 0, move.last].append(move)
    kept = [move for group in by_ends.values() for move in _maximal(group)]
    return sorted(kept, key=_most_letters)


def _maximal(moves: list[Move]) -> list[Move]:
    """The moves (biggest first) whose letters no move kept before them covers. Kept
    moves are indexed by letter as bit sets, so a move is checked with one AND a letter."""
    kept: list[Move] = []
    holding: dict[int, int] = defaultdict(int)  # letter bit -> kept moves holding it
    for move in moves:
        covering = (1 << len(kept)) - 1
        letters = move.mask
        while letters and covering:
            lowest = letters & -letters
            covering &= holding[lowest]
            letters ^= lowest
        if covering:
            continue
        index_bit = 1 << len(kept)
        kept.append(move)
        letters = move.mask
        while letters:
            lowest = letters & -letters
            holding[lowest] |= index_bit
            letters ^= lowest
    return kept
