from __future__ import annotations

from puzzles.cryptogram.patristocrat import _climb_on_words
from puzzles.cryptogram.puzzle import LETTERS

# Written for this test: B and P four times each, more than the rare letters the climb
# always tries.
TEXT = (
    "BIRTHDAYS ARE GOOD FOR YOU: STATISTICS SHOW THAT PEOPLE WHO HAVE THE MOST BIRTHDAYS "
    "LIVE THE LONGEST, AND THE BEST PART IS THE BAKED PIE"
)


def test_the_word_climb_undoes_a_swap_of_two_frequent_letters():
    letters = "".join(ch for ch in TEXT if ch in LETTERS)
    assert min(letters.count("B"), letters.count("P")) > 3
    truth = list(range(26))  # the text stands for itself: allow_self
    swapped = list(truth)
    b, p = LETTERS.index("B"), LETTERS.index("P")
    swapped[b], swapped[p] = swapped[p], swapped[b]  # PIRTHDAYS ... BEOBLE
    assert _climb_on_words(letters, swapped, set(), allow_self=True) == tuple(truth)


def test_the_word_climb_leaves_a_hinted_letter_alone():
    letters = "".join(ch for ch in TEXT if ch in LETTERS)
    swapped = list(range(26))
    b, p = LETTERS.index("B"), LETTERS.index("P")
    swapped[b], swapped[p] = swapped[p], swapped[b]
    climbed = _climb_on_words(letters, list(swapped), {b}, allow_self=True)
    assert climbed[b] == swapped[b]
