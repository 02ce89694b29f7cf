"""The English lexicon: word lists in nested tiers with word frequencies.

    from puzzles.lexicon import Tier, Lexicon, lexicon, pattern_of

    lex = lexicon()                          # shared, loaded once per process
    lex.contains("Zygote", Tier.COMMON)      # True
    lex.neighbours("cold")                   # ('bold', 'colt', 'cord', ...)

See puzzles.lexicon.dictionary for the API and NOTICE for the data's sources and licences.
"""

from puzzles.lexicon.dictionary import (
    Lexicon,
    Tier,
    is_offensive,
    lexicon,
    offensive_words,
    pattern_of,
)

__all__ = ["Lexicon", "Tier", "is_offensive", "lexicon", "offensive_words", "pattern_of"]
