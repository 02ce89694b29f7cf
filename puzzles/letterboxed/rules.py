"""Checking a player's words against the rules of Letter Boxed, and hints toward a short finish.

The rules: every word has 3+ letters and is in the dictionary; it uses only the box's
letters and never two letters of one side in a row; each word starts with the last
letter of the word before; together the words use every letter on the box.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from puzzles.core import (
    PuzzleError,
    Said,
    Verdict,
    join_words,
    joined,
    letters_described,
    not_solved,
    shown,
)
from puzzles.i18n import ENGLISH, Message, _, ngettext, render
from puzzles.letterboxed.puzzle import Board
from puzzles.letterboxed.search import Search
from puzzles.letterboxed.solver import board_search
from puzzles.letterboxed.words import MIN_WORD_LENGTH
from puzzles.lexicon import Lexicon, Tier, lexicon
from puzzles.lexicon.alphabet import DEFAULT_LANGUAGE, alphabet

WORD_SEPARATORS = re.compile(r"[\s,;/>\-–—]+")
MAX_ANSWER_WORDS = 20
HINT_SEARCH_WORDS = 6


@dataclass(frozen=True)
class LetterBoxedHint:
    """The next word toward the shortest finish; the text shows only its length and first
    letter, and so does the picture (the player's words, and where the next one starts)."""

    words: tuple[str, ...]  # the player's words so far
    next_word: str
    finish: int  # words still needed, the next one included

    @property
    def shown(self) -> str:
        """The next word half hidden: 'T _ _ _ _'."""
        return self.next_word[0].upper() + " _" * (len(self.next_word) - 1)

    def text(self, language: str = ENGLISH) -> str:
        return render(self.message(), language)

    def message(self) -> Message:
        word = {"length": len(self.next_word), "letter": self.next_word[0].upper()}
        word["shown"] = self.shown
        an = len(self.next_word) in (8, 11, 18)  # English says "an eight-letter word"
        if self.finish == 1:
            if an:
                return _(
                    "Try an {length}-letter word starting with {letter} ({shown}): "
                    "it finishes the puzzle.",
                    **word,
                )
            return _(
                "Try a {length}-letter word starting with {letter} ({shown}): "
                "it finishes the puzzle.",
                **word,
            )
        if an:
            return ngettext(
                "Try an {length}-letter word starting with {letter} ({shown}): "
                "you can then finish in {count} more.",
                "Try an {length}-letter word starting with {letter} ({shown}): "
                "you can then finish in {count} more.",
                self.finish - 1,
                **word,
            )
        return ngettext(
            "Try a {length}-letter word starting with {letter} ({shown}): "
            "you can then finish in {count} more.",
            "Try a {length}-letter word starting with {letter} ({shown}): "
            "you can then finish in {count} more.",
            self.finish - 1,
            **word,
        )


def parse_words(text: str, language: str = DEFAULT_LANGUAGE) -> tuple[str, ...]:
    """'WHO OBJECTIVELY', 'who-objectively', 'who, objectively' -> ('who', 'objectively');
    French and Spanish words with their accents dropped ('ÉTÉ' -> 'ete'; Spanish keeps ñ)."""
    letters = alphabet(language)
    words = tuple(word for word in WORD_SEPARATORS.split(letters.as_played(text).strip()) if word)
    for word in words:
        strange = letters.first_non_letter(word)
        if strange is not None:
            raise PuzzleError(
                _(
                    "the word {word} contains {character}; words hold only letters {letters}",
                    word=shown(word),
                    character=shown(strange),
                    letters=letters_described(letters),
                ),
                example="WHO OBJECTIVELY",
            )
    if len(words) > MAX_ANSWER_WORDS:
        raise PuzzleError(
            _(
                "that is {count} words; an answer has at most {most}",
                count=len(words),
                most=MAX_ANSWER_WORDS,
            )
        )
    return tuple(word.lower() for word in words)


def word_problems(board: Board, word: str, dictionary: Lexicon, tier: Tier) -> list[Message]:
    """Every rule one word breaks on its own."""
    shown = word.upper()
    problems = []
    if len(word) < MIN_WORD_LENGTH:
        problems.append(
            _(
                "{word} is too short: words need at least {least} letters",
                word=shown,
                least=MIN_WORD_LENGTH,
            )
        )
    off_board = sorted({letter for letter in word if letter not in board.side_of})
    if off_board:
        problems.append(
            _(
                "{word} uses {letters}, not on the box",
                word=shown,
                letters=", ".join(off_board).upper(),
            )
        )
    for a, b in itertools.pairwise(word):
        if a in board.side_of and board.side_of.get(a) == board.side_of.get(b):
            side = board.sides[board.side_of[a]].upper()
            problems.append(
                _(
                    "{word} goes from {first} to {second}, both on side {side}",
                    word=shown,
                    first=a.upper(),
                    second=b.upper(),
                    side=side,
                )
            )
            break
    if len(word) >= MIN_WORD_LENGTH and not dictionary.contains(word, tier):
        problems.append(_("{word} is not in the word list", word=shown))
    return problems


def chain_problems(words: tuple[str, ...]) -> list[Message]:
    return [
        _(
            "{word} must start with {letter}, the last letter of {previous}",
            word=b.upper(),
            letter=a[-1].upper(),
            previous=a.upper(),
        )
        for a, b in itertools.pairwise(words)
        if b[0] != a[-1]
    ]


def check(
    board: Board, answer: str, dictionary: Lexicon | None = None, tier: Tier = Tier.LARGE
) -> Verdict:
    """Every rule the answer breaks, or a win with its word count against par."""
    dictionary = dictionary or lexicon(board.language)
    words = parse_words(answer, board.language)
    if not words:
        return Verdict(
            False, (_("no words given"),), _("Type your words in order, e.g. WHO OBJECTIVELY")
        )
    problems = [p for word in words for p in word_problems(board, word, dictionary, tier)]
    problems += chain_problems(words)
    if len(set(words)) < len(words):
        problems.append(_("each word may be used only once"))
    unused = [letter for letter in board.letters if not any(letter in word for word in words)]
    if unused:
        problems.append(_("letters not used yet: {letters}", letters=", ".join(unused).upper()))
    if problems:
        return not_solved(problems)
    return Verdict(True, (), _win_summary(board, words))


def _win_summary(board: Board, words: tuple[str, ...]) -> Message:
    if board.par is not None:
        return ngettext(
            "Solved in {count} word: {words} (par {par}).",
            "Solved in {count} words: {words} (par {par}).",
            len(words),
            words=join_words(words),
            par=board.par,
        )
    return ngettext(
        "Solved in {count} word: {words}.",
        "Solved in {count} words: {words}.",
        len(words),
        words=join_words(words),
    )


def hint(
    board: Board, progress: str = "", dictionary: Lexicon | None = None
) -> LetterBoxedHint | Said:
    """The next word toward the shortest finish from the player's words so far, half hidden."""
    dictionary = dictionary or lexicon(board.language)
    words = parse_words(progress, board.language)
    verdict = check(board, progress, dictionary) if words else None
    if verdict and verdict.solved:
        return Said(_("You have already solved it!"))
    broken = [p for word in words for p in word_problems(board, word, dictionary, Tier.LARGE)]
    broken += chain_problems(words)
    if broken:
        return Said(_("Fix your words first: {problems}", problems=joined(broken)))
    search, finish = _shortest_finish(board, words, dictionary)
    if finish is None:
        return Said(_("No finish from here; try starting over with other words."))
    last, covered = _position(search, words)
    # Listings come most common first: the first sequence found starts with an easy word.
    next_word = next(search.sequences(finish, last, covered))[0].words[0]
    return LetterBoxedHint(words, next_word, finish)


def _shortest_finish(
    board: Board, words: tuple[str, ...], dictionary: Lexicon
) -> tuple[Search, int | None]:
    """The search to take the next word from, and the fewest words that finish from here.

    The finish is as short as the solver's (standard) words allow, as /solve says; common
    words give the next word when they finish as soon (VRO WAL ETH BDI: the common words need
    three, so a common-word hint would lead the long way round)."""
    finishes = []
    for tier in (Tier.COMMON, Tier.STANDARD):
        search = board_search(board, dictionary, tier)
        last, covered = _position(search, words)
        finishes.append((search, search.fewest_words(HINT_SEARCH_WORDS, last, covered)))
    (common, in_common), (standard, in_standard) = finishes
    if in_common is not None and in_common == in_standard:
        return common, in_common
    return standard, in_standard


def _position(search: Search, words: tuple[str, ...]) -> tuple[int | None, int]:
    """Where the player stands: the last letter played and the letters covered so far."""
    if not words:
        return None, 0
    covered = 0
    for word in words:
        for letter in word:
            covered |= search.bit[letter]
    return search.bit[words[-1][-1]], covered
