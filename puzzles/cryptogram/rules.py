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

from puzzles.core import PuzzleError, Verdict, listed, shown, upper_each
from puzzles.cryptogram.model import word_model
from puzzles.cryptogram.puzzle import KEY_PAIR, LETTERS, Cryptogram, tight_equals
from puzzles.cryptogram.readable import UnreadableText
from puzzles.cryptogram.solver import decode, masked, solve
from puzzles.i18n import ENGLISH, Message, _, ngettext, render

_BLANKS = "_?*"  # unknown letters in a partly solved plaintext
COMPLETED_WORD_WEIGHT = 3  # a word finished by a revealed letter is worth this many letters


def check(puzzle: Cryptogram, answer: str) -> Verdict:
    """Every way the answer misreads the cipher, or a win."""
    plain = _answer_plaintext(puzzle, answer)
    if isinstance(plain, Verdict):
        return plain
    problems = reading_problems(puzzle, plain)
    if problems:
        return Verdict(False, tuple(problems), _("That does not read the cipher consistently."))
    reading = _with_punctuation(puzzle, plain)
    try:
        if _is_accepted_reading(puzzle, reading):
            return Verdict(True, (), _("Solved: {reading}", reading=reading))
    except UnreadableText as unreadable:  # random letters: no reading to compare with
        return Verdict(
            False,
            (
                _(
                    "the letters are consistent, but {problem}",
                    problem=unreadable.problem,
                ),
            ),
            _("Not quite: that is not a reading of the text."),
        )
    return Verdict(
        False,
        (_("the letters are consistent, but that is not a reading of the text"),),
        _("Not quite: some words are not words I know."),
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
                (_("the key gives no letter for {letters}", letters=", ".join(missing)),),
                _("Give a plain letter for every cipher letter, e.g. A=E B=T ..."),
            )
        return "".join(key[ch] for ch in puzzle.letters)
    letters = "".join(ch for ch in upper_each(answer) if ch in LETTERS)  # ß is not SS
    if not letters:
        return Verdict(
            False, (_("no answer given"),), _("Type the plaintext, or the key as A=E B=T")
        )
    if len(letters) != len(puzzle.letters):
        return Verdict(
            False,
            (
                ngettext(
                    "the answer has {count} letter; the cryptogram has {letters}",
                    "the answer has {count} letters; the cryptogram has {letters}",
                    len(letters),
                    letters=len(puzzle.letters),
                ),
            ),
            _("Type the whole plaintext (spaces and punctuation do not matter)."),
        )
    return letters


def parse_key_answer(tokens: list[str]) -> dict[str, str]:
    key = {}
    for token in tokens:
        match = KEY_PAIR.match(token)
        if match is None:
            raise PuzzleError(
                _("{token} is not of the form cipher letter = plain letter", token=shown(token)),
                example="A=E B=T",
            )
        key[match.group(1).upper()] = match.group(2).upper()
    return key


def reading_problems(puzzle: Cryptogram, plain: str) -> list[Message]:
    """Every inconsistency of a plaintext (letters only) with the cipher and its hints."""
    seen: dict[str, set[str]] = {}
    for cipher, letter in zip(puzzle.letters, plain, strict=True):
        seen.setdefault(cipher, set()).add(letter)
    problems = [
        _("cipher letter {cipher} is read as {letters}", cipher=c, letters=listed(sorted(ps)))
        for c, ps in sorted(seen.items())
        if len(ps) > 1
    ]
    readers: dict[str, list[str]] = {}
    for cipher, plains in seen.items():
        for letter in plains:
            readers.setdefault(letter, []).append(cipher)
    problems += [
        _read_alike(sorted(cs), letter) for letter, cs in sorted(readers.items()) if len(cs) > 1
    ]
    problems += [
        _(
            "the hint says {cipher}={plain}, but the answer reads {cipher} as {read}",
            cipher=c,
            plain=p,
            read="/".join(sorted(seen[c])),
        )
        for c, p in puzzle.hints
        if seen.get(c, {p}) != {p}
    ]
    return problems


def _read_alike(ciphers: list[str], letter: str) -> Message:
    """That several cipher letters are read as one plain letter."""
    if len(ciphers) == 2:
        return _(
            "{first} and {second} are both read as {letter}; each letter has one cipher letter",
            first=ciphers[0],
            second=ciphers[1],
            letter=letter,
        )
    return _(
        "{ciphers} are all read as {letter}; each letter has one cipher letter",
        ciphers=listed(ciphers),
        letter=letter,
    )


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
    reason: Message | str = ""
    # letters of the decoded progress drawn masked: an offensive word the hint completes
    masked_letters: tuple[int, ...] = ()

    def text(self, language: str = ENGLISH) -> str:
        if self.cipher:
            said = _("{cipher} stands for {plain}.", cipher=self.cipher, plain=self.plain)
            first = f"{render(said, language)} {render(self.reason, language)}".strip()
        else:
            first = render(self.reason, language)
        wrong = [_("{cipher} is not {plain}.", cipher=c, plain=p) for c, p in self.wrong]
        return "\n".join([first, *(render(line, language) for line in wrong)])


def hint(puzzle: Cryptogram, progress: str = "") -> CryptogramHint:
    """The key letter that unlocks the most, after the player's progress (key or plaintext)."""
    truth = dict(solve(puzzle).key)
    guessed = progress_key(puzzle, progress)
    wrong = tuple(sorted((c, p) for c, p in guessed.items() if truth.get(c) != p))
    known = {c: p for c, p in guessed.items() if truth.get(c) == p} | dict(puzzle.hints)
    if set(known) >= set(truth):
        known_pairs = tuple(sorted(known.items()))
        return CryptogramHint("", "", known_pairs, wrong, _("Every letter is known."))
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
            _(
                "the progress has {count} letters and blanks; the cryptogram has {letters} letters",
                count=len(symbols),
                letters=len(puzzle.letters),
            ),
            example=_("A=E B=T, or the plaintext with _ for letters not known yet"),
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


def _unlock_reason(puzzle: Cryptogram, cipher: str, known: dict[str, str]) -> Message:
    count = puzzle.letters.count(cipher)
    done = [
        masked(decode(word, known))[0]
        for word in dict.fromkeys(puzzle.words)
        if cipher in word and all(ch in known for ch in word if ch in LETTERS)
    ]
    if done:
        return ngettext(
            "It appears {count} time and completes {words}.",
            "It appears {count} times and completes {words}.",
            count,
            words=", ".join(done[:3]),
        )
    return ngettext("It appears {count} time.", "It appears {count} times.", count)
