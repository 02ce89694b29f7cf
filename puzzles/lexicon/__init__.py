"""The lexicons: word lists in nested tiers with word frequencies, in English (the default),
French and Spanish, and each language's alphabet.

    from puzzles.lexicon import Tier, Lexicon, alphabet, lexicon, pattern_of

    lex = lexicon()                          # English, shared, loaded once per process
    lex.contains("Zygote", Tier.COMMON)      # True
    lex.neighbours("cold")                   # ('bold', 'colt', 'cord', ...)
    lexicon("es").contains(alphabet("es").fold("Año"))  # True: words are stored folded

See puzzles.lexicon.dictionary for the API and NOTICE for the data's sources and licences.
"""

from puzzles.lexicon.alphabet import LANGUAGES, Alphabet, alphabet
from puzzles.lexicon.dictionary import (
    Lexicon,
    Tier,
    is_offensive,
    lexicon,
    offensive_words,
    pattern_of,
)

__all__ = [
    "LANGUAGES",
    "Alphabet",
    "Lexicon",
    "Tier",
    "alphabet",
    "is_offensive",
    "lexicon",
    "offensive_words",
    "pattern_of",
]
