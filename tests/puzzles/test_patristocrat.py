from __future__ import annotations

import pytest

from puzzles.cryptogram.patristocrat import (
    ROTATION_SHORTLIST,
    _climb_on_words,
    _likely_swaps,
    _rotations,
)
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


# Written for this test: no P and no X, so a rotation through one of them touches two
# letters of the text only.
ADMONITION = (
    "An old admonition to the wise: never buy a boat; rent one, and the sea will be good to "
    "you and to your wallet. Demand a modest sum."
)


@pytest.mark.parametrize("trio", ["DMX", "DMP", "GVB"])
def test_a_rotation_of_three_letters_readings_is_judged_first_when_4_grams_mind_it_least(trio):
    cipher = [LETTERS.index(ch) for ch in ADMONITION.upper() if ch in LETTERS]
    a, b, c = (LETTERS.index(ch) for ch in trio)
    key = list(range(26))
    key[a], key[b], key[c] = b, c, a  # with DMX: AMXONITION, D read as M and M as X
    swaps = _likely_swaps(cipher, key, list(range(26)), set(cipher))
    first = _rotations(cipher, key, swaps[:ROTATION_SHORTLIST])[0]
    for x, y in first:
        key[x], key[y] = key[y], key[x]
    assert key == list(range(26))
