"""Fewest-words Letter Boxed solutions, with a proof that fewer words cannot do.

For the search a word is only a *move*: the letter it starts on, the letter it
ends on, and the set of board letters it covers. Many words share a move, and a
move whose letters are a subset of another move with the same ends can never do
better, so the proof of the fewest words runs over the few undominated moves.

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
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from typing import NamedTuple

from puzzles.core import SolveTimeout, join_words, plural
from puzzles.letterboxed.board import Board
from puzzles.lexicon import Lexicon, Tier, lexicon

MIN_WORD_LENGTH = 3
DEFAULT_MAX_WORDS = 6
RANKED_SOLUTIONS = 10
# Listing solutions of three or more words stops after this many steps; the count says "N+".
LISTING_BUDGET = 20_000
# Ranking solutions of three or more words: rounds over the 256, 1024, ... most common
# moves, within a step budget (steps, not seconds, so answers do not depend on the machine).
FIRST_ROUND_MOVES = 256
RANKING_STEPS = 200_000
# Below this many letters, words are found by looking up every subset of the board's letters.
SUBSET_LOOKUP_MAX_LETTERS = 16


@dataclass(frozen=True)
class Move:
    """What a group of words does on the board: its first and last letter, the letters it covers."""

    first: int
    last: int
    mask: int
    words: tuple[str, ...]  # most common first
    gain: int  # how many board letters it covers
    zipf: float  # commonness of its most common word


@dataclass(frozen=True)
class LetterBoxedSolution:
    board: Board
    words: tuple[str, ...]  # the best fewest-word solution; () when there is none
    alternatives: tuple[tuple[str, ...], ...]  # further fewest-word solutions, best first
    fewest_words: int | None  # None: no solution within max_words
    solution_count: int  # fewest-word solutions (ordered word sequences)
    count_is_capped: bool  # True: at least solution_count
    ranking_complete: bool  # False: the best found within the step budget, not proven best
    two_word_count: int  # all ordered two-word solutions
    max_words: int
    tier: str
    unusable_letters: str = ""  # letters no playable word contains

    def text(self) -> str:
        if self.fewest_words is None:
            return self._no_solution_text()
        count = plural(self.solution_count, "such solution")
        if self.count_is_capped:
            count = "at least " + count
        lines = [
            join_words(self.words),
            f"{plural(self.fewest_words, 'word')} is the fewest possible "
            f"({count}; {plural(self.two_word_count, 'two-word solution')} in all).",
        ]
        if self.alternatives:
            lines.append("Also: " + "; ".join(join_words(words) for words in self.alternatives))
        return "\n".join(lines)

    def _no_solution_text(self) -> str:
        if self.unusable_letters:
            letters = ", ".join(self.unusable_letters.upper())
            return f"No solution: no {self.tier} word can use {letters} on this box."
        return f"No solution within {plural(self.max_words, 'word')} using {self.tier} words."


class _OutOfSteps(Exception):
    """A ranking round used up its step budget."""


class Search:
    """Proofs and listings over one board's moves."""

    def __init__(self, board: Board, moves: list[Move], deadline: float | None = None):
        self.board = board
        self.bit = {letter: 1 << index for index, letter in enumerate(board.letters)}
        self.full = (1 << len(board.letters)) - 1
        self.deadline = deadline
        self.moves = sorted(moves, key=_most_common)
        self.max_gain = max((move.gain for move in self.moves), default=0)
        # Listings walk these bit sets, so they meet the most common moves first; proofs
        # use the undominated moves, biggest first (built on first use, below).
        self.starting_at, self.containing = _letter_index(self.moves, self.bit, _first_letter)
        self.ending_at: dict[int, int] = defaultdict(int)
        for index, move in enumerate(self.moves):
            self.ending_at[move.last] |= 1 << index
        self.allowed = (1 << len(self.moves)) - 1  # a restricted view: the most common only
        self.step_limit = math.inf
        self.out_of_steps = False
        self._settled: dict[tuple[int, int, int], bool] = {}
        self._steps = 0

    @cached_property
    def undominated_by_first(self) -> dict[int, list[Move]]:
        """For proofs of 3+ words: only moves no bigger move with the same ends contains."""
        return _group_by_first(_undominated(self.allowed_moves), _most_letters)

    @cached_property
    def first_words(self) -> list[Move]:
        """For a first word only its last letter matters, so dominance needs less."""
        return _undominated(self.allowed_moves, by_first_letter=False)

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
                "this box took too long to solve",
                example="try a smaller max_words, or a smaller word list (tier=common)",
            )

    # --- proving ------------------------------------------------------------------------------

    def finishing_set(self, last: int, missing: int) -> int:
        """The moves (as a bit set) starting on `last` that cover every `missing` letter."""
        starting = self.starting_at.get(last, 0) & self.allowed
        return _covering(starting, self.containing[last], missing)

    def restricted(self, most_common: int) -> Search:
        """A view allowing only the `most_common` moves (rounded up to take every tie)."""
        most_common = min(most_common, len(self.moves))
        while 0 < most_common < len(self.moves):
            if self.moves[most_common].zipf < self.moves[most_common - 1].zipf:
                break
            most_common += 1
        view = copy.copy(self)
        view.allowed = (1 << most_common) - 1
        for lazy in ("undominated_by_first", "first_words"):
            view.__dict__.pop(lazy, None)
        view._settled = {}
        view._steps = 0
        return view

    def members(self, moves: int) -> Iterator[Move]:
        """The moves of a bit set, most common first."""
        while moves:
            lowest = moves & -moves
            yield self.moves[lowest.bit_length() - 1]
            moves ^= lowest

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
            settled = self._settled[state] = self._search_finish(last, covered, words_left)
        return settled

    def _search_finish(self, last: int, covered: int, words_left: int) -> bool:
        need = (self.full & ~covered).bit_count()
        later_words_add = (words_left - 1) * (self.max_gain - 1)
        for move in self.undominated_by_first.get(last, ()):  # biggest first
            if move.gain - 1 + later_words_add < need:
                return False
            if self.can_finish(move.last, covered | move.mask, words_left - 1):
                return True
        return False

    def solvable_in(self, count: int, last: int | None = None, covered: int = 0) -> bool:
        """Can `count` words (after `last`, or from anywhere) cover the board?"""
        if last is not None:
            return self.can_finish(last, covered, count)
        if count == 3:
            return self._three_words_cover()
        later_words_add = (count - 1) * (self.max_gain - 1)
        for move in self.first_words:  # biggest first
            if move.gain + later_words_add < len(self.bit):
                return False
            if self.can_finish(move.last, move.mask, count - 1):
                return True
        return False

    def _three_words_cover(self) -> bool:
        """Can three words, from anywhere, cover the board? Branches on where the rarest
        letter goes: it must be in the first, the second or the third word, and each
        case needs only the few moves that contain it.

        New-letter bounds: a first word adds its gain; each later word starts on a
        covered letter, and a middle word also ends on the last word's first letter."""
        moves = self.allowed_moves
        rarest = min(self.bit.values(), key=lambda bit: sum(1 for move in moves if move.mask & bit))
        with_rarest = [move for move in moves if move.mask & rarest]
        first_ending_at: dict[int, list[Move]] = defaultdict(list)
        for move in self.first_words:  # biggest first
            first_ending_at[move.last].append(move)
        best_gain_from = defaultdict(int)
        for move in moves:
            best_gain_from[move.first] = max(best_gain_from[move.first], move.gain)

        # The rarest letter in the first word.
        if any(
            self.can_finish(first.last, first.mask, 2)
            for first in self.first_words
            if first.mask & rarest
        ):
            return True
        # In the second word: a first word ending where it starts, a last word after it.
        middles_with_rarest = [
            move
            for group in self.undominated_by_first.values()
            for move in group
            if move.mask & rarest
        ]
        for middle in middles_with_rarest:
            rest = self.full & ~middle.mask
            for first in first_ending_at.get(middle.first, ()):
                self._step()
                if first.gain - 1 + best_gain_from[middle.last] - 1 < rest.bit_count():
                    break
                if self.finishing_set(middle.last, rest & ~first.mask):
                    return True
        # In the third word: a middle word ending where it starts, a first word before.
        firsts = self.first_words
        first_ending_at_set, first_rows = _letter_index(firsts, self.bit, lambda m: m.last)
        best_first_gain = max((move.gain for move in firsts), default=0)
        middles_ending_at: dict[int, list[Move]] = defaultdict(list)
        for group in self.undominated_by_first.values():
            for move in group:
                middles_ending_at[move.last].append(move)
        for group in middles_ending_at.values():
            group.sort(key=_most_letters)
        for final in _undominated(with_rarest, by_last_letter=False):
            rest = self.full & ~final.mask
            for middle in middles_ending_at.get(final.first, ()):
                self._step()
                if middle.gain - 2 + best_first_gain < rest.bit_count():
                    break
                left = rest & ~middle.mask
                candidates = first_ending_at_set.get(middle.first, 0)
                if _covering(candidates, first_rows[middle.first], left):
                    return True
        return False

    def fewest_words(self, max_words: int, last: int | None = None, covered: int = 0) -> int | None:
        """The fewest further words that cover the board (after `last`, or from anywhere)."""
        return next(
            (count for count in range(1, max_words + 1) if self.solvable_in(count, last, covered)),
            None,
        )

    # --- listing ------------------------------------------------------------------------------

    def sequences(
        self, count: int, last: int | None = None, covered: int = 0
    ) -> Iterator[tuple[Move, ...]]:
        """Every sequence of `count` moves (after `last`, or from anywhere) covering the board."""
        if last is not None:
            yield from self._continuations(last, covered, count)
            return
        for move in self.members(self.allowed):
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
            every = list(self.sequences(count))
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
            if words_left > 1 and not self.can_finish(last, covered, words_left):
                return
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
                    extend(sequence, covered | move.mask, words_left - 1)

        try:
            for move in self.members(self.allowed):
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
    best: list[tuple[tuple, tuple[str, ...]]] = []
    for sequence in sequences:
        words = best_words(sequence)
        if words is None:
            continue
        entry = (rank_key(sequence), _alphabetical_first(words)), words
        if len(best) < RANKED_SOLUTIONS:
            heapq.heappush(best, entry)
        else:
            heapq.heappushpop(best, entry)
    return [words for _, words in sorted(best, reverse=True)]


def rank_key(sequence: tuple[Move, ...]) -> tuple[float, float]:
    """Higher is better: the rarest word decides, then the average commonness."""
    scores = [move.zipf for move in sequence]
    return (min(scores), sum(scores) / len(scores))


def _alphabetical_first(words: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    """A key under which alphabetically earlier words are larger (the heap keeps the largest)."""
    return tuple(tuple(-ord(ch) for ch in word) for word in words)


def _letter_index(
    moves: list[Move], bits: dict[str, int], key
) -> tuple[dict[int, int], dict[int, list[int]]]:
    """Sets of moves as bits of an int (bit i is moves[i]): the moves whose `key` letter
    is each letter, and of those, the ones covering each board letter."""
    by_key: dict[int, int] = defaultdict(int)
    rows: dict[int, list[int]] = {bit: [0] * len(bits) for bit in bits.values()}
    for index, move in enumerate(moves):
        by_key[key(move)] |= 1 << index
        row = rows[key(move)]
        letters = move.mask
        while letters:
            lowest = letters & -letters
            row[lowest.bit_length() - 1] |= 1 << index
            letters ^= lowest
    return dict(by_key), rows


def _covering(moves: int, row: list[int], letters: int) -> int:
    """Those of `moves` that cover every one of `letters` (row: moves covering each letter)."""
    while letters and moves:
        lowest = letters & -letters
        moves &= row[lowest.bit_length() - 1]
        letters ^= lowest
    return moves


def _group_by_first(moves: Iterable[Move], order) -> dict[int, list[Move]]:
    groups: dict[int, list[Move]] = defaultdict(list)
    for move in moves:
        groups[move.first].append(move)
    for group in groups.values():
        group.sort(key=order)
    return dict(groups)  # a plain dict: looking up a letter with no moves must not add it


def _first_letter(move: Move) -> int:
    return move.first


def _most_common(move: Move) -> tuple[float, str]:
    return (-move.zipf, move.words[0])


def _most_letters(move: Move) -> int:
    return -move.gain


def _undominated(
    moves: list[Move], by_first_letter: bool = True, by_last_letter: bool = True
) -> list[Move]:
    """Drop every move whose letters are a subset of another move with the same ends
    (for a first word, whose start does not matter, the same last letter; for a last
    word, the same first letter). Biggest moves first."""
    by_ends: dict[tuple[int, int], list[Move]] = defaultdict(list)
    for move in sorted(moves, key=_most_letters):
        ends = (move.first if by_first_letter else 0, move.last if by_last_letter else 0)
        kept = by_ends[ends]
        if not any(move.mask & other.mask == move.mask for other in kept):
            kept.append(move)
    return sorted((move for kept in by_ends.values() for move in kept), key=_most_letters)


def word_choices(sequence: tuple[Move, ...]) -> int:
    """Ordered word solutions behind a move sequence, never using one word twice."""
    total = 1
    for move, uses in Counter(sequence).items():
        total *= math.perm(len(move.words), uses)
    return total


def best_words(sequence: tuple[Move, ...]) -> tuple[str, ...] | None:
    """The most common distinct words that play a move sequence."""
    chosen: list[str] = []
    for move in sequence:
        word = next((w for w in move.words if w not in chosen), None)
        if word is None:
            return None
        chosen.append(word)
    return tuple(chosen)


# --- playable words -------------------------------------------------------------------------
#
# Per word list, once per process: words grouped by the set of letters they use, each
# with its pairs of neighbouring letters as bits of an int (pair index 26*a + b), so the
# same-side rule on any board is one AND with that board's same-side pairs.


class _Entry(NamedTuple):
    """A plain tuple of atoms, so the garbage collector stops tracking the many thousands."""

    word: str
    neighbours: int  # bit 26*a+b set when letters a, b stand side by side in the word
    zipf: float


@cache
def _words_by_letter_set(dictionary: Lexicon, tier: Tier) -> dict[int, tuple[_Entry, ...]]:
    """Words of 3+ letters by the set of letters they use (a 26-bit mask), most common first."""
    words = [word for word in dictionary.words(tier) if len(word) >= MIN_WORD_LENGTH]
    words.sort(key=lambda word: (-dictionary.zipf(word), word))
    groups: dict[int, list[_Entry]] = defaultdict(list)
    for word in words:
        entry = _Entry(word, _neighbour_pairs(word), dictionary.zipf(word))
        groups[_alphabet_mask(word)].append(entry)
    return {mask: tuple(group) for mask, group in groups.items()}


def _neighbour_pairs(word: str) -> int:
    pairs = 0
    for a, b in itertools.pairwise(word):
        pairs |= 1 << (26 * (ord(a) - 97) + ord(b) - 97)
    return pairs


def _same_side_pairs(board: Board) -> int:
    pairs = 0
    for side in board.sides:
        for a in side:
            for b in side:
                pairs |= 1 << (26 * (ord(a) - 97) + ord(b) - 97)
    return pairs


def _alphabet_mask(letters: str) -> int:
    mask = 0
    for letter in letters:
        mask |= 1 << (ord(letter) - 97)
    return mask


def _playable_groups(board: Board, dictionary: Lexicon, tier: Tier):
    """(board letters as bits, playable words) for each set of board letters words use."""
    index = _words_by_letter_set(dictionary, tier)
    same_side = _same_side_pairs(board)
    for board_set, letter_set in _letter_sets(board, index):
        entries = index.get(letter_set)
        if entries:
            playable = [entry for entry in entries if not entry.neighbours & same_side]
            if playable:
                yield board_set, playable


def _letter_sets(board: Board, index: dict[int, tuple[_Entry, ...]]) -> Iterator[tuple[int, int]]:
    """Pairs (set of board letters as board bits, the same set as a 26-bit alphabet mask)."""
    alphabet_bit = [1 << (ord(letter) - 97) for letter in board.letters]
    if len(board.letters) <= SUBSET_LOOKUP_MAX_LETTERS:
        # Every subset of the board: each one's alphabet mask from a smaller subset's.
        alphabet = [0] * (1 << len(board.letters))
        for subset in range(1, len(alphabet)):
            lowest = subset & -subset
            alphabet[subset] = alphabet[subset ^ lowest] | alphabet_bit[lowest.bit_length() - 1]
            yield subset, alphabet[subset]
        return
    board_mask = _alphabet_mask(board.letters)
    for letter_set in index:
        if letter_set & ~board_mask == 0:
            yield sum(1 << i for i, bit in enumerate(alphabet_bit) if letter_set & bit), letter_set


def playable_words(board: Board, dictionary: Lexicon, tier: Tier) -> list[str]:
    """Words using only the board's letters and never two letters of one side in a row."""
    return [
        entry.word for _, entries in _playable_groups(board, dictionary, tier) for entry in entries
    ]


# --- the kind's solve -------------------------------------------------------------------------


def board_search(
    board: Board, dictionary: Lexicon, tier: Tier, time_limit: float | None = None
) -> Search:
    deadline = None if time_limit is None else time.monotonic() + time_limit
    bit = {chr(97 + index): 0 for index in range(26)}
    for index, letter in enumerate(board.letters):
        bit[letter] = 1 << index
    moves = []
    for mask, entries in _playable_groups(board, dictionary, tier):
        by_ends: dict[tuple[int, int], list[_Entry]] = {}
        for entry in entries:
            by_ends.setdefault((bit[entry.word[0]], bit[entry.word[-1]]), []).append(entry)
        for (first, last), group in by_ends.items():
            words = tuple(entry.word for entry in group)
            moves.append(Move(first, last, mask, words, mask.bit_count(), group[0].zipf))
    return Search(board, moves, deadline)


def solve(
    board: Board,
    max_words: int = DEFAULT_MAX_WORDS,
    tier: str = "standard",
    dictionary: Lexicon | None = None,
    time_limit: float | None = None,
) -> LetterBoxedSolution:
    """The fewest-words solutions, most common words first, and the count of two-word ones."""
    dictionary = dictionary or lexicon()
    tier_value = Tier[tier.upper()]
    search = board_search(board, dictionary, tier_value, time_limit)
    unusable = search.unusable_letters()
    fewest = None if unusable else search.fewest_words(max_words)
    ranked, count, capped, proven = search.ranked(fewest) if fewest else ([], 0, False, True)
    return LetterBoxedSolution(
        board=board,
        words=ranked[0] if ranked else (),
        alternatives=tuple(ranked[1:]),
        fewest_words=fewest,
        solution_count=count,
        count_is_capped=capped,
        ranking_complete=proven,
        two_word_count=_two_word_count(search, fewest, count),
        max_words=max_words,
        tier=tier_value.name.lower(),
        unusable_letters=unusable,
    )


def _two_word_count(search: Search, fewest: int | None, fewest_count: int) -> int:
    if fewest == 2:
        return fewest_count
    if fewest == 1:
        return sum(word_choices(sequence) for sequence in search.sequences(2))
    return 0
