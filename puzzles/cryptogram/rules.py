"""Checking a player's answer (plaintext or key) and giving away the most useful key letter.

An answer is right when it reads the cipher consistently (each cipher letter always the same
plain letter, no two cipher letters the same plain letter, the hints kept) and it is a reading
of the text: one of the solver's best readings, or made entirely of listed words. A long
text of random letters has no reading (readable.py): no answer to it is right, and it gets no
hint.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from puzzles.core import PuzzleError, Verdict, plural, shown, upper_each
from puzzles.cryptogram.model import word_model
from puzzles.cryptogram.puzzle import KEY_PAIR, LETTERS, Cryptogram, tight_equals
from puzzles.cryptogram.readable import UnreadableText
from puzzles.cryptogram.solver import decode, masked, solve

_BLANKS = "_?*"  # unknown letters in a partly solved plaintext
COMPLETED_WORD_WEIGHT = 3  # a word finished by a revealed letter is worth this many letters


def check(puzzle: Cryptogram, answer: str) -> Verdict:
    """Every way the answer misreads the cipher, or a win."""
    plain = _answer_plaintext(puzzle, answer)
    if isinstance(plain, Verdict):
        return plain
    problems = reading_problems(puzzle, plain)
    if problems:
        return Verdict(False, tuple(problems), "That does not read the cipher consistently.")
    reading = _with_punctuation(puzzle, plain)
    try:
        if _is_accepted_reading(puzzle, reading):
            return Verdict(True, (), f"Solved: {reading}")
    except UnreadableText as unreadable:  # random letters: no reading to compare with
        return Verdict(
            False,
            (f"the letters are consistent, but {unreadable.problem}",),
            "Not quite: that is not a reading of the text.",
        )
    return Verdict(
        False,
        ("the letters are consistent, but that is not a reading of the text",),
        "Not quite: some words are not words I know.",
    )


def _answer_plaintext(puzzle: Cryptogram, answer: str) -> str | Verdict:
    """The answer's letters as a plaintext, whether it was given as text or as a key."""
    tokens = tight_equals(answer).replace(",", " ").split()
    if tokens and all("=" in token for token in tokens):
        key = parse_key_answer(tokens)
        missing = sorted(set(puzzle.letters) - set(key))
        if missing:
            return Verdict(
                False,
                (f"the key gives no letter for {', '.join(missing)}",),
                "Give a plain letter for every cipher letter, e.g. A=E B=T ...",
            )
        return "".join(key[ch] for ch in puzzle.letters)
    letters = "".join(ch for ch in upper_each(answer) if ch in LETTERS)  # ß is not SS
    if not letters:
        return Verdict(False, ("no answer given",), "Type the plaintext, or the key as A=E B=T")
    if len(letters) != len(puzzle.letters):
        return Verdict(
            False,
            (
                f"the answer has {plural(len(letters), 'letter')}; the cryptogram has "
                f"{len(puzzle.letters)}",
            ),
            "Type the whole plaintext (spaces and punctuation do not matter).",
        )
    return letters


def parse_key_answer(tokens: list[str]) -> dict[str, str]:
    key = {}
    for token in tokens:
        match = KEY_PAIR.match(token)
        if match is None:
            raise PuzzleError(
                f"{shown(token)} is not of the form cipher letter = plain letter",
                example="A=E B=T",
            )
        key[match.group(1).upper()] = match.group(2).upper()
    return key


def reading_problems(puzzle: Cryptogram, plain: str) -> list[str]:
    """Every inconsistency of a plaintext (letters only) with the cipher and its hints."""
    seen: dict[str, set[str]] = {}
    for cipher, letter in zip(puzzle.letters, plain, strict=True):
        seen.setdefault(cipher, set()).add(letter)
    problems = [
        f"cipher letter {c} is read as {' and '.join(sorted(ps))}"
        for c, ps in sorted(seen.items())
        if len(ps) > 1
    ]
    readers: dict[str, list[str]] = {}
    for cipher, plains in seen.items():
        for letter in plains:
            readers.setdefault(letter, []).append(cipher)
    problems += [
        f"{' and '.join(sorted(cs))} are {'both' if len(cs) == 2 else 'all'} read as {letter}; "
        "each letter has one cipher letter"
        for letter, cs in sorted(readers.items())
        if len(cs) > 1
    ]
    problems += [
        f"the hint says {c}={p}, but the answer reads {c} as {'/'.join(sorted(seen[c]))}"
        for c, p in puzzle.hints
        if seen.get(c, {p}) != {p}
    ]
    return problems


def _with_punctuation(puzzle: Cryptogram, plain: str) -> str:
    return decode(puzzle.ciphertext, dict(zip(puzzle.letters, plain, strict=True)))


def _is_accepted_reading(puzzle: Cryptogram, reading: str) -> bool:
    if all(_is_listed(word) for word in re.findall(r"[A-Z]+(?:'[A-Z]+)*", reading)):
        return True
    letters = _letters(reading)  # a patristocrat's readings are split into words by the solver
    return any(_letters(r.plaintext) == letters for r in solve(puzzle).readings)


def _letters(text: str) -> str:
    return "".join(ch for ch in text if ch in LETTERS)


def _is_listed(word: str) -> bool:
    return word_model().dictionary_logprob(word.lower()) is not None


# --- hints -------------------------------------------------------------------------------


@dataclass(frozen=True)
class CryptogramHint:
    """A key letter to reveal (and any of the player's letters that are wrong)."""

    cipher: str
    plain: str
    known: tuple[tuple[str, str], ...]  # the key the player has now, with this letter added
    wrong: tuple[tuple[str, str], ...] = ()
    reason: str = ""
    # letters of the decoded progress drawn masked: an offensive word the hint completes
    masked_letters: tuple[int, ...] = ()

    def text(self) -> str:
        lines = [f"{self.cipher} stands for {self.plain}. {self.reason}".strip()]
        lines += [f"{c} is not {p}." for c, p in self.wrong]
        return "\n".join(lines)


def hint(puzzle: Cryptogram, progress: str = "") -> CryptogramHint:
    """The key letter that unlocks the most, after the player's progress (key or plaintext)."""
    truth = dict(solve(puzzle).key)
    guessed = progress_key(puzzle, progress)
    wrong = tuple(sorted((c, p) for c, p in guessed.items() if truth.get(c) != p))
    known = {c: p for c, p in guessed.items() if truth.get(c) == p} | dict(puzzle.hints)
    if set(known) >= set(truth):
        return CryptogramHint("", "", tuple(sorted(known.items())), wrong, "Every letter is known.")
    cipher, plain = reveal_best_letter(puzzle, known, truth)
    known[cipher] = plain
    reason = _unlock_reason(puzzle, cipher, known)
    hidden = masked(decode(puzzle.ciphertext, known), puzzle.ciphertext)[1]
    return CryptogramHint(cipher, plain, tuple(sorted(known.items())), wrong, reason, hidden)


def progress_key(puzzle: Cryptogram, progress: str) -> dict[str, str]:
    """The player's key so far, from 'A=E B=T' or a partial plaintext with _ for blanks."""
    progress = progress.strip()
    if not progress:
        return {}
    tokens = tight_equals(progress).replace(",", " ").split()
    if all("=" in token for token in tokens):
        return parse_key_answer(tokens)
    symbols = [ch for ch in upper_each(progress) if ch in LETTERS or ch in _BLANKS]
    if len(symbols) != len(puzzle.letters):
        raise PuzzleError(
            f"the progress has {len(symbols)} letters and blanks; the cryptogram has "
            f"{len(puzzle.letters)} letters",
            example="A=E B=T, or the plaintext with _ for letters not known yet",
        )
    return {c: p for c, p in zip(puzzle.letters, symbols, strict=True) if p in LETTERS}


def reveal_best_letter(
    puzzle: Cryptogram, known: dict[str, str], truth: dict[str, str] | None = None
) -> tuple[str, str]:
    """The unknown cipher letter that fills the most letters and completes the most words."""
    truth = truth or dict(solve(puzzle).key)
    counts = Counter(puzzle.letters)
    unknown = sorted(c for c in truth if c not in known)

    def unlocked(cipher: str) -> tuple[int, int, str]:
        now_known = set(known) | {cipher}
        completed = sum(
            1
            for word in puzzle.words
            if cipher in word and all(ch in now_known for ch in word if ch in LETTERS)
        )
        return (counts[cipher] + COMPLETED_WORD_WEIGHT * completed, counts[cipher], cipher)

    best = max(unknown, key=unlocked)
    return best, truth[best]


def _unlock_reason(puzzle: Cryptogram, cipher: str, known: dict[str, str]) -> str:
    count = puzzle.letters.count(cipher)
    done = [
        masked(decode(word, known))[0]
        for word in dict.fromkeys(puzzle.words)
        if cipher in word and all(ch in known for ch in word if ch in LETTERS)
    ]
    reason = f"It appears {plural(count, 'time')}"
    if done:
        reason += f" and completes {', '.join(done[:3])}"
    return reason + "."
