#!/usr/bin/env python3
"""Build the cryptogram solver's letter statistics, puzzles/cryptogram/data/model.json.gz.

Everything is derived from the project's own lexicon (SCOWL words with wordfreq zipf values,
see NOTICE), so no new text corpus is shipped:

- ``quadgrams``: letter 4-grams of running text without spaces (patristocrat solving). Running
  text is simulated by drawing words independently with probability proportional to their
  frequency (10 ** zipf) from a fixed seed and writing them one after another; the counts
  therefore include the letter sequences that cross word boundaries, as a patristocrat has.
- ``word_trigrams``: letter 3-grams inside single words, with ``^`` and ``$`` marking the
  word's start and end, each word weighted by its zipf value (log frequency, so common words
  count more without "the" drowning everything). They score words missing from the
  dictionary (names, coinages) by how English they look.
- ``pairs``: how often two words follow each other in WordNet 3.0's glosses and example
  sentences (about 1.5 million words of plain modern English; Princeton's WordNet licence, see
  NOTICE), fetched as the Debian package ``wordnet-base`` with ``apt-get download`` (or given
  with ``--wordnet-deb``). Word frequencies cannot tell "why do we" from "why to we"; which
  words go together can. Pairs seen once are left out, and so are words seen fewer than
  PAIR_MIN_WORD_COUNT times.
- ``extra_words``: zipf values (wordfreq) of words a cryptogram has but the lexicon leaves out:
  the one-letter words, contractions such as "don't", and SCOWL's capitalised words, proper
  names and contractions up to size EXTRA_MAX_SIZE ("Kansas", "Saturday") and abbreviations
  up to ABBREVIATIONS_MAX_SIZE ("Mr", "Mrs"), plus a few titles ("Dr"), read from the Debian
  package ``scowl`` (``apt-get download``, or ``--scowl-deb``).
  Quotations are full of names; a solver that knows only lowercase words misreads them.

Needs wordfreq and ``apt-get``/``dpkg-deb`` at build time only:
``.venv/bin/pip install -e '.[lexicon-build]'`` then
``.venv/bin/python scripts/build_cryptogram_model.py``. Output is deterministic.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import random
import re
import subprocess
import tempfile
from collections import Counter
from pathlib import Path

from puzzles.lexicon import Tier, lexicon

REPO = Path(__file__).resolve().parent.parent
OUTPUT = REPO / "puzzles" / "cryptogram" / "data" / "model.json.gz"
SEED = 1854  # any fixed value: the simulated running text must be the same on every build
STREAM_WORDS = 600_000
QUADGRAM_MIN_COUNT = 2  # rarer 4-grams are noise from the simulation; the solver floors them
PAIR_MIN_COUNT = 2
PAIR_MIN_WORD_COUNT = 3
WORDNET_PACKAGE = "wordnet-base"
SCOWL_PACKAGE = "scowl"
SCOWL_DIR = Path("usr/share/dict/scowl")
EXTRA_MAX_SIZE = 70
ABBREVIATIONS_MAX_SIZE = 35  # above this, SCOWL's abbreviations are acronyms (NBA, ASAP)
EXTRA_LISTS = ("upper", "proper-names", "abbreviations", "contractions")
TITLES = ("dr", "jr", "sr", "st", "ms", "mt")  # abbreviations quotations do use
EXTRA_FAMILIES = ("english", "american")
_EXTRA_WORD = re.compile(r"^[a-z]+(?:'[a-z]+)?$")
WORDNET_DATA = Path("usr/share/wordnet")
# Glosses and examples split into runs of words at punctuation: pairs never cross a comma.
_CLAUSE_BREAK = re.compile(r'[;"():,.!?]')
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")

ONE_LETTER_WORDS = ("a", "i", "o")
CONTRACTIONS = """
ain't aren't can't couldn't didn't doesn't don't hadn't hasn't haven't isn't mightn't mustn't
needn't shan't shouldn't wasn't weren't won't wouldn't
i'm i've i'll i'd you're you've you'll you'd he's he'll he'd she's she'll she'd it's it'll it'd
we're we've we'll we'd they're they've they'll they'd that's that'll that'd there's there'll
there'd here's what's what'll what'd who's who'll who'd who've where's how's let's
o'clock ma'am 'tis 'twas 'em e'er ne'er o'er y'all 'cause
""".split()  # noqa: SIM905 - a word list reads better as text


def zipf_of(word: str) -> float:
    from wordfreq import zipf_frequency  # build-time only

    return zipf_frequency(word, "en")


def running_text_quadgrams(weights: dict[str, float]) -> Counter[str]:
    rng = random.Random(SEED)
    words = sorted(weights)
    stream = "".join(rng.choices(words, weights=[weights[w] for w in words], k=STREAM_WORDS))
    counts = Counter(stream[i : i + 4] for i in range(len(stream) - 3))
    return Counter({gram: n for gram, n in counts.items() if n >= QUADGRAM_MIN_COUNT})


def word_trigrams(words: dict[str, float]) -> dict[str, float]:
    counts: Counter[str] = Counter()
    for word, zipf in sorted(words.items()):  # a fixed order: float sums come out the same
        marked = f"^{word}$"
        for i in range(len(marked) - 2):
            counts[marked[i : i + 3]] += zipf
    return {gram: round(n, 1) for gram, n in sorted(counts.items())}


def unpacked(package: str, deb: Path | None, tmp: str) -> Path:
    """The root of the Debian package's files, downloaded with apt-get unless given."""
    if deb is None:
        subprocess.run(["apt-get", "download", package], cwd=tmp, check=True)
        deb = next(Path(tmp).glob(f"{package}_*.deb"))
    subprocess.run(["dpkg-deb", "-x", str(deb), f"{tmp}/{package}"], check=True)
    return Path(tmp) / package


def scowl_extra_words(deb: Path | None) -> set[str]:
    """SCOWL's names, capitalised words, abbreviations and contractions, lowercased."""
    words: set[str] = set()
    with tempfile.TemporaryDirectory() as tmp:
        lists = unpacked(SCOWL_PACKAGE, deb, tmp) / SCOWL_DIR
        for path in sorted(lists.iterdir()):
            family, _, rest = path.name.partition("-")
            kind, _, size = rest.rpartition(".")
            largest = ABBREVIATIONS_MAX_SIZE if kind == "abbreviations" else EXTRA_MAX_SIZE
            if family in EXTRA_FAMILIES and kind in EXTRA_LISTS and int(size) <= largest:
                text = path.read_text(encoding="latin-1").lower()
                words |= {w for w in text.split() if _EXTRA_WORD.match(w)}
    return {w for w in words if not w.endswith("'s")}  # possessives follow a rule


def wordnet_text_lines(deb: Path | None) -> list[str]:
    """The gloss-and-examples part of every synset line of WordNet's data files."""
    with tempfile.TemporaryDirectory() as tmp:
        root = unpacked(WORDNET_PACKAGE, deb, tmp)
        lines = []
        for name in ("data.noun", "data.verb", "data.adj", "data.adv"):
            text = (root / WORDNET_DATA / name).read_text(encoding="latin-1")
            lines += [
                line.partition("| ")[2] for line in text.splitlines() if not line.startswith("  ")
            ]
        return lines


def word_pairs(lines: list[str]) -> dict:
    words: Counter[str] = Counter()
    pairs: Counter[str] = Counter()
    for line in lines:
        for clause in _CLAUSE_BREAK.split(line.lower()):
            run = _WORD.findall(clause)
            words.update(run)
            pairs.update(f"{a} {b}" for a, b in itertools.pairwise(run))
    return {
        "total": sum(words.values()),
        "words": {w: n for w, n in sorted(words.items()) if n >= PAIR_MIN_WORD_COUNT},
        "pairs": {p: n for p, n in sorted(pairs.items()) if n >= PAIR_MIN_COUNT},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet-deb", type=Path, help="a downloaded wordnet-base .deb")
    parser.add_argument("--scowl-deb", type=Path, help="a downloaded scowl .deb")
    args = parser.parse_args()
    lex = lexicon()
    large = lex.words(Tier.LARGE)
    extra_words = {*ONE_LETTER_WORDS, *CONTRACTIONS, *TITLES, *scowl_extra_words(args.scowl_deb)}
    extra_words -= large
    extra = {word: zipf_of(word) for word in sorted(extra_words)}
    standard = {word: lex.zipf(word) for word in lex.words(Tier.STANDARD)}
    frequent = {w: 10**z for w, z in standard.items() if z > 0}
    frequent |= {w: 10**z for w, z in extra.items() if w.isalpha()}
    model = {
        "source": "puzzlebot lexicon (SCOWL + wordfreq zipf); scripts/build_cryptogram_model.py",
        "quadgrams": dict(sorted(running_text_quadgrams(frequent).items())),
        "word_trigrams": word_trigrams({w: max(z, 1.0) for w, z in standard.items()}),
        "pairs": word_pairs(wordnet_text_lines(args.wordnet_deb)),
        "extra_words": {word: round(z, 2) for word, z in sorted(extra.items()) if z > 0},
    }
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps(model, separators=(",", ":"), sort_keys=True).encode()
    OUTPUT.write_bytes(gzip.compress(data, mtime=0))
    print(
        f"wrote {OUTPUT.relative_to(REPO)}: {len(model['quadgrams']):,} quadgrams, "
        f"{len(model['word_trigrams']):,} word trigrams, "
        f"{len(model['pairs']['pairs']):,} word pairs, {len(model['extra_words'])} extra words, "
        f"{OUTPUT.stat().st_size:,} bytes"
    )


if __name__ == "__main__":
    main()
