#!/usr/bin/env python3
"""List the words of the proposing tiers that may be fragments of a fixed phrase ("hoc").

A review aid for data/phrase_fragments.txt, not part of the build: a word is a candidate when
Princeton WordNet 3.0 (Debian ``wordnet-base``) never lists it, nor a base form of it, as a word
of its own, yet lists it inside multiword entries ("ad_hoc", "to_and_fro"), and it is rarer
than function words (zipf < 4.5: "per", "via", "upon" are English on their own). WordNet lacks
many real words too (artsy, nodal), so each candidate is judged by hand: it goes into
phrase_fragments.txt only when the phrases are all it is used in.

    apt-get install wordnet-base && python scripts/phrase_fragment_candidates.py
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from build_lexicon import base_forms

from puzzles.lexicon import Tier, lexicon

WORDNET = Path("/usr/share/wordnet")
PARTS_OF_SPEECH = ("noun", "verb", "adj", "adv")
FUNCTION_WORD_MIN_ZIPF = 4.5


def wordnet_entries() -> tuple[set[str], dict[str, set[str]]]:
    """(single-word lemmas and irregular forms, word -> the multiword entries holding it)."""
    lemmas: set[str] = set()
    phrases: dict[str, set[str]] = defaultdict(set)
    for pos in PARTS_OF_SPEECH:
        for line in (WORDNET / f"index.{pos}").read_text().splitlines():
            if line.startswith(" "):  # the licence header
                continue
            lemma = line.split(" ", 1)[0]
            words = lemma.replace("-", "_").split("_")
            if len(words) == 1:
                lemmas.add(lemma)
            for word in words if len(words) > 1 else ():
                phrases[word].add(lemma)
        for line in (WORDNET / f"{pos}.exc").read_text().splitlines():
            lemmas.add(line.split()[0])
    return lemmas, phrases


def main() -> None:
    lemmas, phrases = wordnet_entries()
    lex = lexicon()
    for tier in (Tier.COMMON, Tier.STANDARD):
        words = lex.words(tier)
        candidates = sorted(
            (w for w in words if w in phrases and lex.zipf(w) < FUNCTION_WORD_MIN_ZIPF),
            key=lambda w: (-lex.zipf(w), w),
        )
        candidates = [w for w in candidates if lemmas.isdisjoint({w, *base_forms(w)})]
        print(f"{tier.name.lower()}: {len(words):,d} words, {len(candidates)} candidates")
        for word in candidates:
            print(f"  {word:16} {lex.zipf(word):4.2f}  {' '.join(sorted(phrases[word])[:4])}")


if __name__ == "__main__":
    main()
