#!/usr/bin/env python3
"""Build the committed English word lists in puzzles/lexicon/data/ (build time only).

Sources:
- SCOWL (Spell Checker Oriented Word Lists), fetched as the Debian package ``scowl`` with
  ``apt-get download scowl`` (or given with ``--deb``) and unpacked with ``dpkg-deb -x``.
- The offensive-word list of the npm package ``cuss`` (MIT; words rated by sureness 0-2),
  fetched with ``npm pack`` (or given with ``--cuss``): every single word rated
  >= CUSS_MIN_RATING, minus data/allowlist.txt (innocent everyday words, each with a reason),
  plus data/blocklist.txt (the project's own additions). The words derived from a listed word by
  a plain suffix (-s, -ed, -ing, -er, -y, ..., with a doubled last consonant: "gypping") go
  with it, unless allow-listed ("spiced").
- A second, independent list of disparaging terms: the single-word terms of the npm package
  ``retext-equality`` (MIT; the "insensitive, inconsiderate language" patterns of the alex
  linter: ableist, racial, religious, gendered and other terms), fetched with ``npm pack`` (or
  given with ``--equality``), minus the same data/allowlist.txt, whose groups say which of its
  terms are everyday words (it also flags "easy", "master", "freshman" and clinical terms);
  what is left are slurs and disparaging words ("gimp", "spaz", "redskin"), removed like cuss's.
- data/phrase_fragments.txt: words that are English only inside a fixed phrase ("hoc" of "ad
  hoc", "fro" of "to and fro"); they stay in large (a player may type them) but no tier that
  proposes words (common, standard) holds them. How they were found: its header.
- Words newer than SCOWL 2020 ("downvote"), from LibreOffice's en_GB Hunspell dictionary, the
  Debian package ``hunspell-en-gb`` (or given with ``--en-gb-deb``), expanded with ``unmunch``
  (Debian ``hunspell-tools``): see current_words(). They are under the LGPL (NOTICE), so they
  are written to files of their own (CURRENT_FILES), never into the SCOWL tier files.
- wordfreq's ``zipf_frequency(word, "en")`` for ranking (``pip install -e '.[lexicon-build]'``).
  The runtime never imports wordfreq: the frequencies are written into the package data.

Tiers (each includes the smaller ones; words are lowercase a-z only, 2+ letters):
- common: SCOWL size <= 50 with zipf >= 2.0, or zipf >= 1.3 when the word is an inflection or
  -ly/-ness form of such a word (sneezes -> sneeze).
- standard, the words a solver proposes: common, plus SCOWL size <= 60 of the spelling families
  (no variant spellings: SCOWL's own spell-checker dictionaries are size 60, "carefully
  checked"), plus their size-70 words with zipf >= 2.5 (about once in three million words:
  "quinoa", not "syzygy") that SCOWL never spells with a capital (the frequency of "stroud" is
  the name's), plus the current words whose en_GB entry carries an inflection flag, plus
  data/standard_additions.txt: everyday words SCOWL files as capitalized names at its common
  sizes and lowercase only at size 80 ("zen").
- large, the words a player's answer is checked against: SCOWL size <= 80 (plus the variant
  lists), plus every current word. SCOWL's 95 level is left out on
  purpose: it is where lowercased names ("london"), abbreviations ("ibm"), misspellings and
  compound fragments ("driveboat") live, and filtering it by frequency keeps mostly junk.

Only the "words" lists of the families below are read: no proper names, abbreviations,
contractions or upper-case lists.

Every tier then loses, by rule:
- offensive words (the list above): no solve, hint, puzzle or accepted answer may hold one;
- abbreviations SCOWL files as lowercase words: every word without a vowel (a e i o u y: "csc",
  "dkl", "hhd"), except the interjections and loan words of data/vowelless_words.txt ("hmm",
  "cwm"), and the few with a vowel listed in data/abbreviations.txt ("aeq").

Output (deterministic: sorted, gzip with a zero timestamp), in puzzles/lexicon/data/:
- common.txt.gz, standard.txt.gz, large.txt.gz: the words a tier adds to the smaller tiers,
  sorted, one a line (so loading is ``frozenset(text.split())``);
- offensive.txt.gz: every word removed as offensive, sorted, one a line (the list as applied,
  read by the tests);
- zipf.txt.gz: one line per frequency, ``"<zipf> word word ..."``, highest first, for every
  word with a nonzero zipf (others are 0.0);
- manifest.json: sources, versions, rules, counts per tier, build date (``SOURCE_DATE_EPOCH``
  when set, otherwise today).
"""

from __future__ import annotations

import argparse
import datetime as dt
import fnmatch
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DATA_DIR = REPO / "puzzles" / "lexicon" / "data"
BLOCKLIST = DATA_DIR / "blocklist.txt"
ALLOWLIST = DATA_DIR / "allowlist.txt"
PHRASE_FRAGMENTS = DATA_DIR / "phrase_fragments.txt"
ABBREVIATIONS = DATA_DIR / "abbreviations.txt"
VOWELLESS_WORDS = DATA_DIR / "vowelless_words.txt"
STANDARD_ADDITIONS = DATA_DIR / "standard_additions.txt"

SCOWL_PACKAGE = "scowl"
SCOWL_EXPECTED_VERSION = "2020.12.07-2"
SCOWL_DIR = Path("usr/share/dict/scowl")
SCOWL_SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)

EN_GB_PACKAGE = "hunspell-en-gb"
EN_GB_DIR = Path("usr/share/hunspell")
CURRENT_STEM = re.compile(r"[a-z]{3,}")
ROMAN_NUMERAL = re.compile(r"m*(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")
CURRENT_MIN_ZIPF = 1.5  # seen in current text (wordfreq) at least this often
# The plain inflections a current word's stem may take ("downvote" -> "downvoting"); the
# dictionary's other affixes (mis-, over-, -ably, -er...) make mostly non-words on new stems.
INFLECTIONS = ("s", "es", "ed", "ing", "ies", "ied", "ier", "iest")
# en_GB.aff's flags for plural -s (S), -ed (D), -ing (G) and -er/-est (T).
INFLECTION_FLAGS = frozenset("SDGT")

CUSS_PACKAGE = "cuss@2.2.0"
CUSS_MIN_RATING = 1  # cuss rates 2 "surely profane", 1 "maybe", 0 "unlikely"
CUSS_ENTRY = re.compile(r"^\s*'?([^':]+)'?: ([0-9]),?$", re.MULTILINE)
EQUALITY_PACKAGE = "retext-equality@7.1.0"
EQUALITY_PATTERNS = "package/lib/patterns-en.js"
EQUALITY_ARRAY = re.compile(r"export const patterns = (\[.*\]);?\s*$", re.DOTALL)
# Suffixes making the inflections and derivations of a listed word ("slut" -> "sluts").
OFFENSIVE_SUFFIXES = ("s", "es", "ed", "d", "ing", "ings", "er", "ers", "y", "ier", "iest")
DERIVED_MIN_LENGTH = 3  # "ho" + "d" is "hod"
# Suffixes before which English doubles a short word's last consonant ("gyp" -> "gypping").
OFFENSIVE_DOUBLING_SUFFIXES = ("ed", "ing", "er", "ers", "y", "ier", "iest")
VOWELS = frozenset("aeiouy")

# SCOWL's spellings: American and British (-ise and -ize); its variant_N lists hold the
# alternative spellings ("cabala" beside "kabbalah"), which SCOWL's own spell-checker
# dictionaries leave out "to encourage consistent spelling".
SPELLING_FAMILIES = ("english", "american", "british", "british_z")
COMMON_FAMILIES = (*SPELLING_FAMILIES, "variant_1")
LARGE_FAMILIES = (*COMMON_FAMILIES, "variant_2")

COMMON_MAX_SIZE = 50
# SCOWL size 60 is what its official (en_US) Hunspell dictionary holds, "carefully checked for
# errors"; size 70 ("large") "may contain misspelled or invalid words" and rare ones ("ort").
STANDARD_MAX_SIZE = 60
# Size-70 words join standard when current text uses them about once in three million words
# or more (zipf 2.5: "shockwave", "quinoa"; not "syzygy").
STANDARD_RARE_MAX_SIZE = 70
STANDARD_RARE_MIN_ZIPF = 2.5
LARGE_MAX_SIZE = 80
COMMON_MIN_ZIPF = 2.0
COMMON_INFLECTED_MIN_ZIPF = 1.3
MIN_BASE_LENGTH = 2

TIER_FILES = ("common.txt.gz", "standard.txt.gz", "large.txt.gz")
# The current words (from en_GB) a tier adds: standard, then large.
CURRENT_FILES = ("current-standard.txt.gz", "current-large.txt.gz")
OFFENSIVE_FILE = "offensive.txt.gz"
ZIPF_FILE = "zipf.txt.gz"
MANIFEST_FILE = "manifest.json"

WORD = re.compile(r"[a-z]{2,}")

# (suffix, replacement): ways an inflected or derived form is made from its base word.
SUFFIX_RULES = (
    ("iest", "y"),
    ("ier", "y"),
    ("ies", "y"),
    ("ied", "y"),
    ("ily", "y"),
    ("iness", "y"),
    ("ness", ""),
    ("ally", ""),
    ("ly", ""),
    ("ly", "le"),
    ("es", ""),
    ("s", ""),
    ("ed", ""),
    ("ed", "e"),
    ("ing", ""),
    ("ing", "e"),
    ("er", ""),
    ("er", "e"),
    ("est", ""),
    ("est", "e"),
)
# Suffixes before which a final consonant may be doubled (stopped -> stop, bigger -> big).
DOUBLING_SUFFIXES = frozenset({"ed", "ing", "er", "est"})


def base_forms(word: str) -> set[str]:
    """Candidate base words of ``word`` by simple English suffix rules (not validated)."""
    bases = set()
    for suffix, replacement in SUFFIX_RULES:
        if not word.endswith(suffix):
            continue
        stem = word[: -len(suffix)]
        if len(stem) < MIN_BASE_LENGTH:
            continue
        bases.add(stem + replacement)
        if (
            suffix in DOUBLING_SUFFIXES
            and not replacement
            and len(stem) > MIN_BASE_LENGTH
            and stem[-1] == stem[-2]
            and stem[-1] not in "aeiou"
        ):
            bases.add(stem[:-1])
    bases.discard(word)
    return bases


# --- SCOWL -------------------------------------------------------------------------------------


def unpack_deb(package: str, workdir: Path, deb: Path | None, into: str) -> tuple[Path, str]:
    """Download (unless given) and unpack a Debian package; return (unpacked root, version)."""
    if deb is None:
        subprocess.run(["apt-get", "download", package], cwd=workdir, check=True)
        debs = sorted(workdir.glob(f"{package}_*.deb"))
        if len(debs) != 1:
            sys.exit(f"expected one {package} .deb in {workdir}, found {debs}")
        deb = debs[0]
    version = subprocess.run(
        ["dpkg-deb", "-f", str(deb), "Version"], check=True, capture_output=True, text=True
    ).stdout.strip()
    root = workdir / into
    subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    return root, version


def fetch_scowl(workdir: Path, deb: Path | None) -> tuple[Path, str]:
    """Download (unless given) and unpack the scowl .deb; return (unpacked root, version)."""
    root, version = unpack_deb(SCOWL_PACKAGE, workdir, deb, "root")
    if version != SCOWL_EXPECTED_VERSION:
        print(
            f"warning: scowl {version}, the committed data was built from {SCOWL_EXPECTED_VERSION}",
            file=sys.stderr,
        )
    return root, version


def read_list(path: Path) -> list[str]:
    """One SCOWL list. Debian ships UTF-8 since 2019; upstream SCOWL is ISO-8859-1."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("iso-8859-1")
    return text.split()


def scowl_capitalized(scowl_dir: Path) -> frozenset[str]:
    """Every SCOWL entry with a capital letter (names: "Stroud", "Gunter"), lowercased."""
    return frozenset(
        entry.lower()
        for path in sorted(scowl_dir.iterdir())
        for entry in read_list(path)
        if entry != entry.lower()
    )


def scowl_any_case(scowl_dir: Path) -> frozenset[str]:
    """Every entry of every SCOWL list (names, abbreviations, all sizes), lowercased."""
    return frozenset(
        entry.lower() for path in sorted(scowl_dir.iterdir()) for entry in read_list(path)
    )


# --- current words (LibreOffice's en_GB Hunspell dictionary) ----------------------------------


def fetch_en_gb(workdir: Path, deb: Path | None) -> tuple[Path, Path, str]:
    """Download (unless given) and unpack hunspell-en-gb; return (.dic, .aff, version)."""
    root, version = unpack_deb(EN_GB_PACKAGE, workdir, deb, "en_gb")
    return root / EN_GB_DIR / "en_GB.dic", root / EN_GB_DIR / "en_GB.aff", version


def dic_entries(dic: Path) -> list[tuple[str, str]]:
    """(word, the whole line) of each entry of a Hunspell .dic (its first line is a count)."""
    lines = dic.read_text(encoding="utf-8").splitlines()[1:]
    return [(line.split("\t", 1)[0].split("/", 1)[0], line) for line in lines if line.strip()]


def inflected_stem(line: str) -> bool:
    """Whether a .dic entry carries a plain inflection flag: the dictionary makes it an English
    noun, verb or adjective ("downvote/SGD"), not a fragment, loan phrase or file type ("masse",
    "quand", "docx")."""
    _, _, flags = line.split("\t", 1)[0].partition("/")
    return not INFLECTION_FLAGS.isdisjoint(flags)


def current_words(
    dic: Path, aff: Path, known: frozenset[str], zipf: Callable[[str], float]
) -> dict[str, tuple[float, bool]]:
    """Words the dictionary adds to SCOWL: form -> (its stem's zipf, whether the stem is
    inflected), e.g. "downvoting" -> (1.55, True).

    All go to the large tier; those of an inflected stem (inflected_stem()) to standard too.

    Stems: lowercase a-z entries of 3+ letters with a vowel, not a roman numeral ("lviii"),
    that no SCOWL list holds in any case, are no part of a hyphenated entry ("higgledy" of
    "higgledy-piggledy") and have a zipf of CURRENT_MIN_ZIPF or more. Each stem comes with its
    plain INFLECTIONS (downvotes, downvoted, downvoting) as Hunspell's ``unmunch`` expands them.
    """
    entries = dic_entries(dic)
    parts = {part for word, _ in entries if "-" in word for part in word.lower().split("-")}
    stems = {
        word: line
        for word, line in entries
        if CURRENT_STEM.fullmatch(word)
        and word not in known
        and word not in parts
        and not VOWELS.isdisjoint(word)
        and not ROMAN_NUMERAL.fullmatch(word)
        and zipf(word) >= CURRENT_MIN_ZIPF
    }
    if shutil.which("unmunch") is None:
        sys.exit("unmunch is needed to expand the en_GB dictionary: apt-get install hunspell-tools")
    with tempfile.TemporaryDirectory(prefix="en_gb-") as tmp:
        selected = Path(tmp) / "selected.dic"
        lines = [stems[word] for word in sorted(stems)]
        selected.write_text(f"{len(lines)}\n" + "\n".join(lines) + "\n", encoding="utf-8")
        forms = subprocess.run(
            ["unmunch", str(selected), str(aff)], check=True, capture_output=True
        ).stdout.decode("utf-8", errors="replace")
    found = {}
    for form in forms.split():
        if form in known:  # a SCOWL word already ("feted" of "fete")
            continue
        if form in stems:
            found[form] = (zipf(form), inflected_stem(stems[form]))
        elif WORD.fullmatch(form) and form.endswith(INFLECTIONS):
            for stem in sorted(base_forms(form) & stems.keys())[:1]:
                found[form] = (zipf(stem), inflected_stem(stems[stem]))
    return found


def scowl_sizes(scowl_dir: Path, families: Iterable[str], max_size: int) -> dict[str, int]:
    """word -> smallest SCOWL size listing it, over the families' words lists up to max_size."""
    sizes: dict[str, int] = {}
    for family in families:
        for size in SCOWL_SIZES:
            path = scowl_dir / f"{family}-words.{size}"
            if size > max_size or not path.exists():
                continue
            for word in read_list(path):
                if WORD.fullmatch(word) and size < sizes.get(word, 1000):
                    sizes[word] = size
    return sizes


# --- offensive words and abbreviations ------------------------------------------------------


def list_entries(path: Path) -> Iterator[str]:
    """The entries of a hand-kept word list: lowercased, '#' starts a comment."""
    for line in path.read_text(encoding="utf-8").splitlines():
        yield from line.split("#", 1)[0].lower().split()


def fetch_cuss(workdir: Path, tarball: Path | None) -> tuple[dict[str, int], str]:
    """Download (unless given) the npm package cuss; return (word -> rating, version)."""
    tarball = fetch_npm_tarball(CUSS_PACKAGE, workdir, tarball)
    with tarfile.open(tarball) as archive:
        version = json.load(archive.extractfile("package/package.json"))["version"]
        source = archive.extractfile("package/index.js").read().decode("utf-8")
    ratings = {word: int(rating) for word, rating in CUSS_ENTRY.findall(source)}
    if len(ratings) < 1000:  # 1,795 in 2.2.0: the file's format changed
        sys.exit(f"cuss {version}: read only {len(ratings)} entries from index.js")
    return ratings, version


def fetch_npm_tarball(package: str, workdir: Path, tarball: Path | None) -> Path:
    """The package's tarball: the one given, else ``npm pack``'s download into workdir."""
    if tarball is not None:
        return tarball
    name = package.rsplit("@", 1)[0]
    subprocess.run(["npm", "pack", "--silent", package], cwd=workdir, check=True)
    tarballs = sorted(workdir.glob(f"{name}-*.tgz"))
    if len(tarballs) != 1:
        sys.exit(f"expected one {name} tarball in {workdir}, found {tarballs}")
    return tarballs[0]


def fetch_equality(workdir: Path, tarball: Path | None) -> tuple[frozenset[str], str]:
    """The single a-z words that retext-equality flags as inconsiderate, and its version.

    Only its "basic" patterns (a term to avoid); its "or" patterns are gendered pairs
    ("actor"/"actress") it flags for using one without the other, not terms to avoid."""
    tarball = fetch_npm_tarball(EQUALITY_PACKAGE, workdir, tarball)
    with tarfile.open(tarball) as archive:
        version = json.load(archive.extractfile("package/package.json"))["version"]
        source = archive.extractfile(EQUALITY_PATTERNS).read().decode("utf-8")
    found = EQUALITY_ARRAY.search(source)
    if found is None:
        sys.exit(f"retext-equality {version}: no pattern array in {EQUALITY_PATTERNS}")
    terms = frozenset(
        term.lower()
        for pattern in json.loads(found.group(1))
        if pattern["type"] == "basic"
        for term in pattern["inconsiderate"]
        if WORD.fullmatch(term.lower())
    )
    if len(terms) < 150:  # 220 in 7.1.0: the file's format changed
        sys.exit(f"retext-equality {version}: read only {len(terms)} single-word terms")
    return terms, version


def suffixed_forms(word: str) -> Iterator[str]:
    """The plain-suffix forms of a listed word: "slut" -> "sluts"; "gyp" -> "gypping"."""
    for suffix in OFFENSIVE_SUFFIXES:
        if not (word.endswith("s") and suffix.startswith("s")):  # "asses" is not "assess"
            yield word + suffix
    if len(word) == 3 and word[-1] not in VOWELS and word[-2] in "aeiou":
        for suffix in OFFENSIVE_DOUBLING_SUFFIXES:
            yield word + word[-1] + suffix


def offensive_words(
    ratings: Mapping[str, int],
    disparaging: Iterable[str],
    allowed: frozenset[str],
    blocklist: Iterable[str],
    vocabulary: frozenset[str],
) -> frozenset[str]:
    """The words of ``vocabulary`` to remove, plus every listed word (so the list is shipped whole).

    Listed: cuss words rated CUSS_MIN_RATING or more and the ``disparaging`` terms
    (retext-equality's), single a-z words, minus ``allowed``, and the plain-suffix forms found
    in ``vocabulary`` ("sluts", "gimpy", "gypping") of those that are words there (of
    DERIVED_MIN_LENGTH letters or more), unless allowed; then the blocklist's plain entries, and
    its globs matched against ``vocabulary``. Deriving from the lists' non-words would hit
    innocent words: "hiv" + "ed".
    """
    candidates = {word for word, rating in ratings.items() if rating >= CUSS_MIN_RATING}
    candidates.update(disparaging)
    listed = {word for word in candidates if WORD.fullmatch(word) and word not in allowed}
    derived = {
        form
        for word in listed & vocabulary
        if len(word) >= DERIVED_MIN_LENGTH
        for form in suffixed_forms(word)
        if form in vocabulary and form not in allowed
    }
    blocked: set[str] = set()
    for entry in blocklist:
        if "*" in entry or "?" in entry:
            blocked.update(fnmatch.filter(vocabulary, entry))
        else:
            blocked.add(entry)
    return frozenset(listed | derived | blocked)


def is_abbreviation(word: str, vowelless_words: frozenset[str], listed: frozenset[str]) -> bool:
    """SCOWL's lowercase abbreviations: a word without a vowel ("csc"), unless a known real one."""
    return word in listed or (VOWELS.isdisjoint(word) and word not in vowelless_words)


# --- tiers -------------------------------------------------------------------------------------


def build_tiers(
    sizes: Mapping[str, int],
    spelling_sizes: Mapping[str, int],
    large_words: Iterable[str],
    zipf: Callable[[str], float],
    excluded: frozenset[str] = frozenset(),
    additions: frozenset[str] = frozenset(),
    names: frozenset[str] = frozenset(),
    fragments: frozenset[str] = frozenset(),
) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(common, standard, large), none holding an ``excluded`` word.

    ``sizes`` maps the common families' words (variant_1 included) to their SCOWL size,
    ``spelling_sizes`` the spelling families' words (no variants); ``additions`` are raised to
    standard (main() checks they are large words: the current words of inflected stems, and
    standard_additions.txt); ``excluded`` are the offensive words and abbreviations; ``names``
    are words SCOWL also spells with a capital, whose frequency is mostly the name's ("stroud",
    "gunter"), so it is no evidence for the word; ``fragments`` are words only of a fixed phrase
    ("hoc"), kept out of the tiers that propose words (common, standard) but accepted (large).
    """
    small = [w for w, size in sizes.items() if size <= COMMON_MAX_SIZE]
    frequent = frozenset(w for w in small if zipf(w) >= COMMON_MIN_ZIPF)
    inflected = frozenset(
        w
        for w in small
        if COMMON_INFLECTED_MIN_ZIPF <= zipf(w) < COMMON_MIN_ZIPF
        and not frequent.isdisjoint(base_forms(w))
    )
    common = frequent | inflected
    checked = frozenset(w for w, size in spelling_sizes.items() if size <= STANDARD_MAX_SIZE)
    used = frozenset(
        w
        for w, size in spelling_sizes.items()
        if size <= STANDARD_RARE_MAX_SIZE and zipf(w) >= STANDARD_RARE_MIN_ZIPF and w not in names
    )
    standard = common | checked | used | additions
    large = standard | frozenset(large_words)
    proposed_excluded = excluded | fragments
    return common - proposed_excluded, standard - proposed_excluded, large - excluded


# --- output ------------------------------------------------------------------------------------


def gzip_text(text: str) -> bytes:
    return gzip.compress(text.encode("ascii"), compresslevel=9, mtime=0)


def word_block(words: Iterable[str]) -> str:
    return "".join(f"{w}\n" for w in sorted(words))


def zipf_block(frequencies: Mapping[str, float]) -> str:
    by_value: dict[float, list[str]] = defaultdict(list)
    for word, value in frequencies.items():
        if value > 0:
            by_value[value].append(word)
    return "".join(
        f"{value:.2f} {' '.join(sorted(by_value[value]))}\n"
        for value in sorted(by_value, reverse=True)
    )


def build_date() -> str:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    when = dt.datetime.fromtimestamp(int(epoch), dt.UTC) if epoch else dt.datetime.now(dt.UTC)
    return when.date().isoformat()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--deb", type=Path, help="use this scowl .deb instead of apt-get download")
    parser.add_argument("--en-gb-deb", type=Path, help="use this hunspell-en-gb .deb")
    parser.add_argument("--cuss", type=Path, help="use this cuss .tgz instead of npm pack")
    parser.add_argument("--equality", type=Path, help="use this retext-equality .tgz")
    parser.add_argument("--out", type=Path, default=DATA_DIR, help="output directory")
    args = parser.parse_args(argv)

    try:
        from importlib.metadata import version as dist_version

        from wordfreq import zipf_frequency
    except ImportError:
        sys.exit("wordfreq is needed to build the lexicon: pip install -e '.[lexicon-build]'")

    with tempfile.TemporaryDirectory(prefix="scowl-") as tmp:
        deb = args.deb.resolve() if args.deb else None
        root, scowl_version = fetch_scowl(Path(tmp), deb)
        sizes = scowl_sizes(root / SCOWL_DIR, COMMON_FAMILIES, COMMON_MAX_SIZE)
        spelling_sizes = scowl_sizes(root / SCOWL_DIR, SPELLING_FAMILIES, STANDARD_RARE_MAX_SIZE)
        scowl_words = scowl_sizes(root / SCOWL_DIR, LARGE_FAMILIES, LARGE_MAX_SIZE).keys()
        known = scowl_any_case(root / SCOWL_DIR)
        names = scowl_capitalized(root / SCOWL_DIR)
        ratings, cuss_version = fetch_cuss(Path(tmp), args.cuss.resolve() if args.cuss else None)
        equality = args.equality.resolve() if args.equality else None
        disparaging, equality_version = fetch_equality(Path(tmp), equality)
        en_gb = args.en_gb_deb.resolve() if args.en_gb_deb else None
        dic, aff, en_gb_version = fetch_en_gb(Path(tmp), en_gb)
        current = current_words(dic, aff, known, lambda word: zipf_frequency(word, "en"))

    large_words = scowl_words | current.keys()
    frequencies = {w: round(zipf_frequency(w, "en"), 2) for w in sorted(large_words)}
    vocabulary = frozenset(large_words)
    allowed = frozenset(list_entries(ALLOWLIST))
    blocklist = list(list_entries(BLOCKLIST))
    offensive = offensive_words(ratings, disparaging, allowed, blocklist, vocabulary)
    cuss_only = offensive_words(ratings, (), allowed, blocklist, vocabulary)
    disparaging_removed = (offensive - cuss_only) & vocabulary
    fragments = frozenset(list_entries(PHRASE_FRAGMENTS))
    if unlisted := sorted(fragments - vocabulary):
        sys.exit(f"{PHRASE_FRAGMENTS.name}: not in the large tier's sources: {unlisted}")
    vowelless = frozenset(list_entries(VOWELLESS_WORDS))
    listed_abbreviations = frozenset(list_entries(ABBREVIATIONS))
    abbreviations = frozenset(
        w for w in vocabulary if is_abbreviation(w, vowelless, listed_abbreviations)
    )
    additions = frozenset(list_entries(STANDARD_ADDITIONS))
    if unlisted := sorted(additions.difference(scowl_words)):
        sys.exit(f"{STANDARD_ADDITIONS.name}: not in SCOWL's lowercase lists: {unlisted}")
    current_standard = frozenset(w for w, (_, inflected) in current.items() if inflected)
    common, standard, large = build_tiers(
        sizes,
        spelling_sizes,
        large_words,
        frequencies.__getitem__,
        offensive | abbreviations,
        additions | current_standard,
        names,
        fragments,
    )
    assert common <= standard <= large
    frequencies = {w: z for w, z in frequencies.items() if w in large}

    args.out.mkdir(parents=True, exist_ok=True)
    # The en_GB words ship in files of their own, under their own licence (see NOTICE).
    from_en_gb = frozenset(current)
    outputs = {
        TIER_FILES[0]: gzip_text(word_block(common)),
        TIER_FILES[1]: gzip_text(word_block(standard - common - from_en_gb)),
        TIER_FILES[2]: gzip_text(word_block(large - standard - from_en_gb)),
        CURRENT_FILES[0]: gzip_text(word_block(standard & from_en_gb)),
        CURRENT_FILES[1]: gzip_text(word_block((large - standard) & from_en_gb)),
        ZIPF_FILE: gzip_text(zipf_block(frequencies)),
        OFFENSIVE_FILE: gzip_text(word_block(offensive)),
    }
    counts = {"common": len(common), "standard": len(standard), "large": len(large)}
    manifest = {
        "format": 1,
        "built": build_date(),
        "counts": counts,
        "files": {
            "tiers": {"common": TIER_FILES[0], "standard": TIER_FILES[1], "large": TIER_FILES[2]},
            "current": {"standard": CURRENT_FILES[0], "large": CURRENT_FILES[1]},
            "zipf": ZIPF_FILE,
            "offensive": OFFENSIVE_FILE,
            "sha256": {name: hashlib.sha256(data).hexdigest() for name, data in outputs.items()},
        },
        "sources": {
            "scowl": {
                "name": "SCOWL (Spell Checker Oriented Word Lists) by Kevin Atkinson",
                "url": "http://wordlist.aspell.net/",
                "debian_package": f"{SCOWL_PACKAGE} {scowl_version}",
                "lists": "<family>-words.<size>",
                "common_families": list(COMMON_FAMILIES),
                "standard_families": list(SPELLING_FAMILIES),
                "large_families": list(LARGE_FAMILIES),
                "license": "SCOWL permission notice; see NOTICE",
            },
            "en_gb": {
                "name": "LibreOffice's en_GB Hunspell dictionary (Marco A.G. Pinto and others)",
                "debian_package": f"{EN_GB_PACKAGE} {en_gb_version}",
                "expanded_with": "unmunch (Debian hunspell-tools), plain inflections kept",
                "files": list(CURRENT_FILES),
                "license": "LGPL (its README_en_GB.txt); these two files only; see NOTICE",
            },
            "retext_equality": {
                "name": "retext-equality by Titus Wormer (insensitive, inconsiderate language)",
                "url": "https://github.com/retextjs/retext-equality",
                "npm_package": f"retext-equality {equality_version}",
                "used": "single-word terms of its basic patterns, minus allowlist.txt",
                "license": "MIT; see NOTICE",
            },
            "cuss": {
                "name": "cuss by Titus Wormer (map of English profane words to a sureness rating)",
                "url": "https://github.com/words/cuss",
                "npm_package": f"cuss {cuss_version}",
                "license": "MIT; see NOTICE",
            },
            "wordfreq": {
                "name": "wordfreq by Robyn Speer",
                "url": "https://github.com/rspeer/wordfreq",
                "version": dist_version("wordfreq"),
                "call": 'zipf_frequency(word, "en")',
                "license": "data CC BY-SA 4.0; the zipf values here are derived from it",
            },
        },
        "rules": {
            "words": "lowercase a-z only, 2+ letters",
            "common": (
                f"SCOWL size <= {COMMON_MAX_SIZE} and zipf >= {COMMON_MIN_ZIPF}, or zipf >= "
                f"{COMMON_INFLECTED_MIN_ZIPF} when a base form (suffix rules) is such a word; "
                "minus blocklist.txt; common and standard minus phrase_fragments.txt"
            ),
            "standard": (
                f"common, plus SCOWL size <= {STANDARD_MAX_SIZE} of {', '.join(SPELLING_FAMILIES)}"
                f" (no variant spellings), plus their size <= {STANDARD_RARE_MAX_SIZE} words with "
                f"zipf >= {STANDARD_RARE_MIN_ZIPF} that SCOWL never spells with a capital, plus "
                "the current words whose en_GB stem has a "
                f"plain inflection flag ({''.join(sorted(INFLECTION_FLAGS))}), plus "
                f"{STANDARD_ADDITIONS.name}"
            ),
            "large": (
                f"SCOWL size <= {LARGE_MAX_SIZE}, variant_2 included, plus the current words: "
                "en_GB stems no SCOWL list has in any case, no part of a hyphenated entry nor "
                "a roman numeral, "
                f"with a vowel and zipf >= {CURRENT_MIN_ZIPF}, and their plain inflections "
                f"{', '.join(INFLECTIONS)}"
            ),
            "current_words": len(current),
            "offensive_removed": len(vocabulary & offensive),
            "disparaging_removed_beyond_cuss": len(disparaging_removed),
            "phrase_fragments_not_proposed": len(fragments),
            "abbreviations_removed": len(abbreviations),
            "zipf": "rounded to 2 decimals; words not listed in zipf.txt.gz have 0.0",
        },
    }
    for name, data in outputs.items():
        (args.out / name).write_bytes(data)
    (args.out / MANIFEST_FILE).write_text(
        json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8"
    )

    total = sum(len(data) for data in outputs.values())
    print(
        f"scowl {scowl_version}, cuss {cuss_version}, retext-equality {equality_version}, "
        f"wordfreq {dist_version('wordfreq')}"
    )
    for tier, count in counts.items():
        print(f"{tier:>9}: {count:7,d} words")
    print(
        f"  current: {len(current):7,d} words from en_GB {en_gb_version}, "
        f"{len(standard & from_en_gb):,d} of them in standard"
    )
    print(f"offensive: {len(vocabulary & offensive):7,d} words removed from every tier")
    print(
        f"           {len(disparaging_removed):7,d} of them from retext-equality "
        f"{equality_version} only: {' '.join(sorted(disparaging_removed))}"
    )
    print(f"fragments: {len(fragments):7,d} words only in large: {' '.join(sorted(fragments))}")
    print(f"   abbrev: {len(abbreviations):7,d} words removed: {' '.join(sorted(abbreviations))}")
    print(f"     data: {total / 1e6:.2f} MB in {args.out}")


if __name__ == "__main__":
    main()
