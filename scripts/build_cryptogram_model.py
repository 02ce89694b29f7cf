#!/usr/bin/env python3
"""Build the cryptogram solver's word and letter statistics, puzzles/cryptogram/data/model.sqlite.

The model is an SQLite file (read-only at run time, opened in a millisecond, looked up by key)
rather than one JSON document: decoding 15 MB of JSON took a whole `puzzlebot solve
cryptogram` 1.2 s before the first word was read (issue 16). Its tables:

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
- ``ngrams``: how often two and three words follow each other (and which words open a
  clause, after ``^``) in two texts fetched as Debian packages with ``apt-get download`` (or
  given with ``--wordnet-deb`` / ``--fortune-debs``): WordNet 3.0's glosses and example
  sentences (about 1.5 million words of plain modern English; Princeton's WordNet licence)
  and the fortune cookie databases of ``fortunes`` and ``fortunes-min`` (about 450,000 words
  of quotations, jokes and dialogue, the register of a newspaper cryptogram; BSD licence),
  see NOTICE. Word frequencies cannot tell "why do we" from "why to we", nor "to be" from
  "to me"; which words go together can. Fortunes that share a run of HELD_OUT_SHINGLE words
  with a quotation the solver is tuned or benchmarked on (the project's quotes.tsv and, when
  ../shared is there, the movie-quote benchmark) are left out, so neither set is learned by
  heart, and so is every TUNING_EVERY-th fortune, to tune the solver's weights on. Triples
  seen once are left out (their share goes to the back-off), and so are histories seen
  fewer than PAIR_MIN_WORD_COUNT times.
- ``words``: every word of the lexicon's LARGE tier with its letter pattern and zipf value,
  keyed by pattern: the candidates for a cipher word are one range of the table, so a solve
  neither loads the word lists nor indexes them by pattern.
- ``extra_words``: zipf values (wordfreq) of words a cryptogram has but the lexicon leaves out:
  the one-letter words, contractions such as "don't", and SCOWL's capitalised words, proper
  names and contractions up to size EXTRA_MAX_SIZE ("Kansas", "Saturday") and abbreviations
  up to ABBREVIATIONS_MAX_SIZE ("Mr", "Mrs"), plus a few titles ("Dr"), read from the Debian
  package ``scowl`` (``apt-get download``, or ``--scowl-deb``).
  Quotations are full of names; a solver that knows only lowercase words misreads them.
  Offensive words (the lexicon's offensive.txt.gz, the list its tiers are filtered with) and
  their possessives are left out, so no cryptogram reading proposes one ("injun", "negress").
- ``names``: the words of CMUdict (the pronouncing dictionary that the pocketsphinx package
  ships, BSD licence, see NOTICE) that neither the lexicon nor the extra words have, keyed by
  letter pattern with their wordfreq zipf: mostly names (FREDO, MAXIMUS, CORLEONE, GANDALF),
  which the solver reads at a low prior. Only words of NAME_MIN_LETTERS+ letters that
  wordfreq has seen (shorter ones are mostly abbreviations: UK, PM, ETC), offensive ones
  left out as above.

Needs wordfreq, pocketsphinx (for CMUdict) and ``apt-get``/``dpkg-deb`` at build time only:
``.venv/bin/pip install -e '.[lexicon-build]'`` then
``.venv/bin/python scripts/build_cryptogram_model.py``. Output is deterministic.
``--print-tuning-fortunes`` prints the held-out fortunes instead, a tuning set for
``bench.cryptogram --texts``.
"""

from __future__ import annotations

import argparse
import csv
import itertools
import random
import re
import sqlite3
import subprocess
import tempfile
from collections import Counter
from pathlib import Path

from puzzles.cryptogram.model import LIKELIHOOD_SQL, shape_of
from puzzles.lexicon import Tier, is_offensive, lexicon, pattern_of

REPO = Path(__file__).resolve().parent.parent
OUTPUT = REPO / "puzzles" / "cryptogram" / "data" / "model.sqlite"
SEED = 1854  # any fixed value: the simulated running text must be the same on every build
STREAM_WORDS = 600_000
QUADGRAM_MIN_COUNT = 2  # rarer 4-grams are noise from the simulation; the solver floors them
PAIR_MIN_COUNT = 1  # every pair: those seen once still tell "go broke" from "co broke"
TRIPLE_MIN_COUNT = 2  # triples seen once would double the file for little gain
PAIR_MIN_WORD_COUNT = 3
WORDNET_PACKAGE = "wordnet-base"
FORTUNE_PACKAGES = ("fortunes", "fortunes-min")
FORTUNE_DIR = Path("usr/share/games/fortunes")
FORTUNE_SKIPPED = ("ascii-art", "translate-me")  # pictures, and text in other languages
HELD_OUT_SHINGLE = 5  # words in a row shared with a tuning or benchmark quotation
TUNING_EVERY = 10  # every tenth fortune is kept out of the counts to tune the solver's weights
TUNING_LETTERS = range(25, 141)  # the length of a newspaper cryptogram
_PLAIN_PUNCTUATION = re.compile(r"[A-Za-z ,.;:!?'\"-]+")
QUOTES = REPO / "puzzles" / "cryptogram" / "data" / "quotes.tsv"
MOVIE_QUOTES = REPO.parent / "shared" / "corpora" / "cryptogram" / "movie_quotes.csv"
START = "^"  # the history of a clause's first word
SCOWL_PACKAGE = "scowl"
SCOWL_DIR = Path("usr/share/dict/scowl")
EXTRA_MAX_SIZE = 70
ABBREVIATIONS_MAX_SIZE = 35  # above this, SCOWL's abbreviations are acronyms (NBA, ASAP)
EXTRA_LISTS = ("upper", "proper-names", "abbreviations", "contractions")
TITLES = ("dr", "jr", "sr", "st", "ms", "mt")  # abbreviations quotations do use
EXTRA_FAMILIES = ("english", "american")
_EXTRA_WORD = re.compile(r"^[a-z]+(?:'[a-z]+)?$")
WORDNET_DATA = Path("usr/share/wordnet")
NAME_MIN_LETTERS = 4
_CMUDICT_ENTRY = re.compile(r"^([a-z]+)(?:\(\d+\))? ")  # "fredo F R IY D OW", "read(2) R EH D"
# Glosses and examples split into runs of words at punctuation: pairs never cross a comma.
_CLAUSE_BREAK = re.compile(r'[;"():,.!?\-]')
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


def cmudict_words() -> set[str]:
    """CMUdict's plain words (no apostrophes, no digits), as the pocketsphinx package ships it."""
    from pocketsphinx import get_model_path  # the spoken model's package

    path = Path(get_model_path()) / "en-us" / "cmudict-en-us.dict"
    entries = (_CMUDICT_ENTRY.match(line) for line in path.read_text("utf-8").splitlines())
    return {entry.group(1) for entry in entries if entry}


def names(known: set[str]) -> dict[str, float]:
    """CMUdict's words the other lists lack, with their zipf: the solver's low-prior names."""
    return {
        word: round(zipf, 2)
        for word in sorted(cmudict_words() - known)
        if len(word) >= NAME_MIN_LETTERS and not is_offensive(word) and (zipf := zipf_of(word)) > 0
    }


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


def fortune_texts(debs: list[Path] | None) -> list[str]:
    """Every fortune of the fortune packages, one string each, attributions ("-- Author") cut."""
    fortunes = []
    with tempfile.TemporaryDirectory() as tmp:
        for index, package in enumerate(FORTUNE_PACKAGES):
            root = unpacked(package, debs[index] if debs else None, tmp) / FORTUNE_DIR
            for path in sorted(root.iterdir()):
                if path.suffix or path.name in FORTUNE_SKIPPED:
                    continue  # .dat indexes and .u8 links
                text = path.read_text(encoding="utf-8", errors="replace")
                for fortune in text.split("\n%\n"):
                    lines = [line for line in fortune.splitlines() if "--" not in line]
                    fortunes.append(" ".join(lines).replace("\u2019", "'"))
    return fortunes


def training_fortunes(debs: list[Path] | None) -> list[str]:
    return [f for i, f in enumerate(fortune_texts(debs)) if i % TUNING_EVERY]


def tuning_fortunes(debs: list[Path] | None) -> list[str]:
    """The fortunes the counts never see, to tune the solver on text like its own: those of
    TUNING_LETTERS letters in plain punctuation, none sharing words with a held-out quote."""
    held_out = held_out_shingles()
    texts = [" ".join(f.split()) for i, f in enumerate(fortune_texts(debs)) if not i % TUNING_EVERY]
    return [
        text
        for text in texts
        if sum(ch.isalpha() for ch in text) in TUNING_LETTERS
        and _PLAIN_PUNCTUATION.fullmatch(text)
        and not _shingles(text) & held_out
    ]


def held_out_shingles() -> set[tuple[str, ...]]:
    """Runs of HELD_OUT_SHINGLE words of the quotations used for tuning and benchmarking."""
    quotes = [line.partition("\t")[0] for line in QUOTES.read_text().splitlines()[1:]]
    if MOVIE_QUOTES.exists():
        with MOVIE_QUOTES.open(newline="", encoding="utf-8") as handle:
            quotes += [row["quote"] for row in csv.DictReader(handle)]
    else:
        print(f"note: {MOVIE_QUOTES} is missing; its quotations are not held out")
    return {shingle for quote in quotes for shingle in _shingles(quote)}


def _shingles(text: str) -> set[tuple[str, ...]]:
    words = _WORD.findall(text.lower().replace("\u2019", "'"))
    size = min(HELD_OUT_SHINGLE, len(words))
    return {tuple(words[i : i + size]) for i in range(len(words) - size + 1)}


def word_ngrams(texts: list[str]) -> dict:
    """Counts of word pairs and triples, and for every history (one word, or two) how often it
    has a follower and how many different followers it has (the back-off share of absolute
    discounting). Rare n-grams and histories are left out: the solver backs off for them."""
    pairs: Counter[tuple[str, ...]] = Counter()
    triples: Counter[tuple[str, ...]] = Counter()
    for text in texts:
        for clause in _CLAUSE_BREAK.split(text.lower()):
            words = [word.strip("'") for word in _WORD.findall(clause)]
            run = [START, *(word for word in words if word)]
            pairs.update(itertools.pairwise(run))
            triples.update(zip(run, run[1:], run[2:], strict=False))
    return {
        "pairs": _with_histories(pairs, PAIR_MIN_COUNT),
        "triples": _with_histories(triples, TRIPLE_MIN_COUNT),
    }


def _with_histories(counts: Counter[tuple[str, ...]], min_count: int) -> dict:
    history: Counter[str] = Counter()
    followers: Counter[str] = Counter()
    for gram, count in counts.items():
        history[" ".join(gram[:-1])] += count
        followers[" ".join(gram[:-1])] += 1
    kept = {h for h, n in history.items() if n >= PAIR_MIN_WORD_COUNT}
    return {
        "history": {h: [history[h], followers[h]] for h in sorted(kept)},
        "counts": {
            " ".join(gram): n
            for gram, n in sorted(counts.items())
            if n >= min_count and " ".join(gram[:-1]) in kept
        },
    }


SCHEMA = """
CREATE TABLE words (pattern TEXT, word TEXT, zipf REAL, PRIMARY KEY (pattern, word)) WITHOUT ROWID;
CREATE TABLE extra_words (word TEXT PRIMARY KEY, zipf REAL, shape TEXT) WITHOUT ROWID;
CREATE TABLE letter_trigrams (gram TEXT PRIMARY KEY, count REAL) WITHOUT ROWID;
CREATE TABLE quadgrams (gram TEXT PRIMARY KEY, count INTEGER) WITHOUT ROWID;
CREATE TABLE ngram_histories (history TEXT PRIMARY KEY, total INTEGER, followers INTEGER)
    WITHOUT ROWID;
CREATE TABLE ngrams (gram TEXT PRIMARY KEY, count INTEGER) WITHOUT ROWID;
CREATE TABLE source (text TEXT);
"""
# Added after the rest (--names-only rewrites it alone): the names.
NAMES_SCHEMA = """
DROP TABLE IF EXISTS names;
CREATE TABLE names (pattern TEXT, word TEXT, zipf REAL, PRIMARY KEY (pattern, word)) WITHOUT ROWID;
"""
# Added last (--indexes-only adds them alone, the tables kept as built): the extra words by
# shape, so that a solve looks up the few shapes it has instead of loading all 11,000; and the
# words of each pattern likeliest first, with their zipf, so that the few thousand a cipher
# word tries are read off in order (sorting them for every query took a tenth of a one-off
# `puzzlebot solve cryptogram`).
INDEXES = f"""
CREATE INDEX IF NOT EXISTS extra_words_by_shape ON extra_words (shape, word);
CREATE INDEX IF NOT EXISTS words_by_likelihood
    ON words (pattern, {LIKELIHOOD_SQL} DESC, word, zipf);
"""


def write_model(model: dict, words: dict[str, float | None], output: Path) -> None:
    """The model's parts as the tables of SCHEMA, in a fresh file. Word pairs ("a b") and
    triples ("a b c") share the ngram tables: their keys differ by their number of spaces."""
    output.unlink(missing_ok=True)
    with sqlite3.connect(output) as db:
        db.executescript(SCHEMA)
        db.executemany(
            "INSERT INTO words VALUES (?, ?, ?)",
            sorted((pattern_of(word), word, zipf) for word, zipf in words.items()),
        )
        db.executemany(
            "INSERT INTO extra_words VALUES (?, ?, ?)",
            [(word, zipf, shape_of(word)) for word, zipf in model["extra_words"].items()],
        )
        db.executemany("INSERT INTO letter_trigrams VALUES (?, ?)", model["word_trigrams"].items())
        db.executemany("INSERT INTO quadgrams VALUES (?, ?)", model["quadgrams"].items())
        for part in ("pairs", "triples"):
            histories = model["ngrams"][part]["history"].items()
            db.executemany(
                "INSERT INTO ngram_histories VALUES (?, ?, ?)",
                [(history, total, followers) for history, (total, followers) in histories],
            )
            db.executemany(
                "INSERT INTO ngrams VALUES (?, ?)", model["ngrams"][part]["counts"].items()
            )
        db.execute("INSERT INTO source VALUES (?)", (model["source"],))
    db.close()
    write_names(model["names"], output)


def write_names(names: dict[str, float], output: Path) -> None:
    """The names table, written afresh into the model file, then the indexes."""
    with sqlite3.connect(output) as db:
        db.executescript(NAMES_SCHEMA)
        db.executemany(
            "INSERT INTO names VALUES (?, ?, ?)",
            sorted((pattern_of(word), word, zipf) for word, zipf in names.items()),
        )
    db.close()
    write_indexes(output)


def write_indexes(output: Path) -> None:
    """The indexes of INDEXES, added to the model file where missing."""
    with sqlite3.connect(output) as db:
        db.executescript(INDEXES)
    db.close()
    with sqlite3.connect(output) as db:
        db.execute("VACUUM")  # pages in key order, no free space: a smaller, faster file
    db.close()


def known_words() -> set[str]:
    """The words the model has without names: the lexicon's LARGE tier and the extra words."""
    with sqlite3.connect(OUTPUT) as db:
        extra = {word for (word,) in db.execute("SELECT word FROM extra_words")}
    db.close()
    return lexicon().words(Tier.LARGE) | extra


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet-deb", type=Path, help="a downloaded wordnet-base .deb")
    parser.add_argument("--scowl-deb", type=Path, help="a downloaded scowl .deb")
    parser.add_argument(
        "--fortune-debs", type=Path, nargs=2, help="downloaded fortunes and fortunes-min .debs"
    )
    parser.add_argument(
        "--names-only",
        action="store_true",
        help="only (re)write the names table (and add missing indexes) of the model file, its "
        "other tables kept as built",
    )
    parser.add_argument(
        "--indexes-only",
        action="store_true",
        help="only add the indexes missing from the model file, its tables kept as built",
    )
    parser.add_argument(
        "--print-tuning-fortunes",
        action="store_true",
        help="print the held-out fortunes, one a line, for bench.cryptogram --texts; build nothing",
    )
    args = parser.parse_args()
    if args.print_tuning_fortunes:
        print("\n".join(tuning_fortunes(args.fortune_debs)))
        return
    if args.indexes_only:
        write_indexes(OUTPUT)
        print(f"indexed {OUTPUT.relative_to(REPO)}: {OUTPUT.stat().st_size:,} bytes")
        return
    if args.names_only:
        write_names(names(known_words()), OUTPUT)
        print(
            f"wrote the names table of {OUTPUT.relative_to(REPO)}: {OUTPUT.stat().st_size:,} bytes"
        )
        return
    held_out = held_out_shingles()
    fortunes = [f for f in training_fortunes(args.fortune_debs) if not _shingles(f) & held_out]
    lex = lexicon()
    large = lex.words(Tier.LARGE)
    extra_words = {*ONE_LETTER_WORDS, *CONTRACTIONS, *TITLES, *scowl_extra_words(args.scowl_deb)}
    extra_words -= large
    extra_words = {w for w in extra_words if not is_offensive(w)}
    extra = {word: zipf_of(word) for word in sorted(extra_words)}
    standard = {word: lex.zipf(word) for word in lex.words(Tier.STANDARD)}
    frequent = {w: 10**z for w, z in standard.items() if z > 0}
    frequent |= {w: 10**z for w, z in extra.items() if w.isalpha()}
    model = {
        "source": "puzzlebot lexicon (SCOWL + wordfreq zipf); scripts/build_cryptogram_model.py",
        "quadgrams": dict(sorted(running_text_quadgrams(frequent).items())),
        "word_trigrams": word_trigrams({w: max(z, 1.0) for w, z in standard.items()}),
        "ngrams": word_ngrams(wordnet_text_lines(args.wordnet_deb) + fortunes),
        "extra_words": {word: round(z, 2) for word, z in sorted(extra.items()) if z > 0},
        "names": names(large | extra.keys()),
    }
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    write_model(model, {word: lex.zipf(word) for word in large}, OUTPUT)
    print(
        f"wrote {OUTPUT.relative_to(REPO)}: {len(model['quadgrams']):,} quadgrams, "
        f"{len(model['word_trigrams']):,} word trigrams, "
        f"{len(model['ngrams']['pairs']['counts']):,} word pairs, "
        f"{len(model['ngrams']['triples']['counts']):,} word triples, "
        f"{len(model['extra_words'])} extra words, {len(model['names']):,} names, "
        f"{OUTPUT.stat().st_size:,} bytes"
    )


if __name__ == "__main__":
    main()
