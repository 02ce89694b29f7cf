#!/usr/bin/env python3
"""Build the committed word lists in puzzles/lexicon/data/ (build time only).

    python scripts/build_lexicon.py              # English, into data/
    python scripts/build_lexicon.py --lang fr    # French (or es: Spanish), into data/<lang>/

French and Spanish are described at build_language() and in docs/words.md; what follows is
English.

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
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # puzzles.lexicon.alphabet, for --lang
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
CUSS_MIN_ENTRIES = {"en": 1000, "fr": 600, "es": 550}
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


def fetch_cuss(
    workdir: Path, tarball: Path | None, language: str = "en"
) -> tuple[dict[str, int], str]:
    """Download (unless given) the npm package cuss; return (word -> rating, version) for
    the language: English is its index.js, the others their own file (fr.js, es.js)."""
    tarball = fetch_npm_tarball(CUSS_PACKAGE, workdir, tarball)
    name = "index.js" if language == "en" else f"{language}.js"
    with tarfile.open(tarball) as archive:
        version = json.load(archive.extractfile("package/package.json"))["version"]
        source = archive.extractfile(f"package/{name}").read().decode("utf-8")
    ratings = {word: int(rating) for word, rating in CUSS_ENTRY.findall(source)}
    # 1,795 English entries in 2.2.0, 737 French, 650 Spanish: fewer, the format changed
    if len(ratings) < CUSS_MIN_ENTRIES[language]:
        sys.exit(f"cuss {version}: read only {len(ratings)} entries from {name}")
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
    # UTF-8: the English lists are ASCII (the same bytes); Spanish words hold "ñ"
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


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


# --- other languages: Hunspell dictionaries expanded with spylls -----------------------------
#
# French and Spanish have no SCOWL: their words are every form a LibreOffice Hunspell
# dictionary accepts, ranked by wordfreq. The forms are made from each entry and its affix
# flags, and each is kept only when Hunspell itself (spylls' lookup) accepts it: Hunspell's
# own unmunch makes forms these dictionaries refuse. Accents are folded by the game's
# alphabet (puzzles.lexicon.alphabet: French A-Z, Spanish A-Z and Ñ).


@dataclass(frozen=True)
class HunspellSource:
    """One language's Hunspell dictionary as Debian packages it, and its tier thresholds."""

    package: str
    expected_version: str
    dictionary: str  # the .dic/.aff pair's path in the package, without the suffix
    license: str
    upstream: str
    # wordfreq zipf of a word (its accented forms' frequencies summed) for each tier
    common_min_zipf: float
    standard_min_zipf: float


HUNSPELL_SOURCES = {
    "fr": HunspellSource(
        package="hunspell-fr-classical",
        expected_version="1:7.0-1",
        dictionary="usr/share/hunspell/fr",
        license="MPL-2.0",
        upstream="Dicollecte / Grammalecte French dictionary, classical spelling",
        common_min_zipf=2.5,
        standard_min_zipf=1.5,
    ),
    "es": HunspellSource(
        package="hunspell-es",
        expected_version="1:7.5.0-1",
        dictionary="usr/share/hunspell/es_ES",
        license="GPL-3+ or LGPL-3+ or MPL-1.1+ (used under MPL-1.1+)",
        upstream="LibreOffice's Spanish dictionary by Santiago Bosio (RLA-ES project)",
        common_min_zipf=2.5,
        standard_min_zipf=1.5,
    ),
}
LANGUAGE_VOWELS = frozenset("aeiouy")
# data/<lang>/not_proposed.txt: words judged one by one that no proposing tier (common,
# standard) may hold, though a player may type them (large): English words, names, phrase
# pieces the dictionary does not tag, words whose frequency is another word's. Like
# English's phrase_fragments.txt, each group says why.
NOT_PROPOSED = "not_proposed.txt"


def hunspell_forms(dictionary) -> dict[str, set[str]]:
    """Every form of each all-lowercase entry (no name: "Paris", "iPhone") that Hunspell
    accepts: stem -> forms (a stem that needs an affix to be a word is not among its own
    forms). ``dictionary`` is spylls'."""
    aff = dictionary.aff
    by_stem: dict[str, set[str]] = defaultdict(set)
    for word in dictionary.dic.words:
        if word.stem == word.stem.lower():
            by_stem[word.stem].update(_affixed_forms(aff, word.stem, word.flags))
    return {
        stem: {form for form in forms if dictionary.lookup(form)} for stem, forms in by_stem.items()
    }


# Parts of speech (the French dictionary's "po:" tags) that make an entry no word of its own:
# a piece of a fixed phrase ("hoc" of "ad hoc": loc.adv, loc.nom...), a prefix ("anti",
# "anglo"), a suffix. An entry the dictionary marks as an error ("err") is none either.
FRAGMENT_TAGS = ("loc.", "pfx", "sfx")


def is_fragment_entry(word) -> bool:
    """Whether a spylls dictionary entry is only a fragment by its own tags (the Spanish
    dictionary has none, so nothing there is)."""
    tags = word.data.get("po", [])
    return bool(tags) and ("err" in tags or all(tag.startswith(FRAGMENT_TAGS) for tag in tags))


def fragment_words(dictionary, families: Mapping[str, frozenset[str]], alphabet) -> frozenset:
    """The game words only fragment entries make (is_fragment_entry): "hoc", "quo", "al";
    like English's phrase fragments, accepted (large) but never proposed."""
    entries: dict[str, list[bool]] = defaultdict(list)
    for word in dictionary.dic.words:
        if word.stem == word.stem.lower():  # a name ("Al", "Die") makes no game word
            entries[alphabet.fold(word.stem)].append(is_fragment_entry(word))
    fragment_stems = {stem for stem, kinds in entries.items() if all(kinds)}
    made_by = defaultdict(set)
    for stem, words in families.items():
        made_by[stem in fragment_stems].update(words)
    return frozenset(made_by[True] - made_by[False])


def _affixed_forms(aff, stem: str, flags) -> Iterator[str]:
    """The stem and what its affix flags make of it: suffixes (and the suffixes their own
    flags allow), prefixes, and prefixes on suffixed forms where both allow it."""
    yield stem
    for suffix, form in _with_suffixes(aff, stem, flags):
        yield form
        yield from (twice for _, twice in _with_suffixes(aff, form, suffix.flags))
        if suffix.crossproduct:
            yield from (
                both for prefix, both in _with_prefixes(aff, form, flags) if prefix.crossproduct
            )
    for prefix, form in _with_prefixes(aff, stem, flags):
        yield form
        yield from (both for _, both in _with_suffixes(aff, form, prefix.flags))


def _with_suffixes(aff, stem: str, flags):
    for flag in flags:
        for suffix in aff.SFX.get(flag, ()):
            if stem.endswith(suffix.strip) and suffix.cond_regexp.search(stem):
                yield suffix, stem[: len(stem) - len(suffix.strip)] + suffix.add


def _with_prefixes(aff, stem: str, flags):
    for flag in flags:
        for prefix in aff.PFX.get(flag, ()):
            if stem.startswith(prefix.strip) and prefix.cond_regexp.search(stem):
                yield prefix, prefix.add + stem[len(prefix.strip) :]


def folded_families(
    forms: Mapping[str, set[str]], alphabet, abbreviations: frozenset[str] = frozenset()
) -> dict[str, frozenset[str]]:
    """stem -> its forms folded into game words: the alphabet's letters only (no apostrophe,
    hyphen or digit), 2+ letters, with a vowel. An abbreviation's entry gives no word at all,
    whatever its forms: a stem without a vowel ("sr", whose forms are "sra" and "sres"; "km")
    or one of ``abbreviations`` (Spanish "sto" of "sta", "avda")."""
    families = {}
    for stem, family in forms.items():
        if LANGUAGE_VOWELS.isdisjoint(alphabet.fold(stem)) or alphabet.fold(stem) in abbreviations:
            continue
        words = frozenset(
            word
            for word in map(alphabet.fold, family)
            if len(word) >= 2 and alphabet.is_word(word) and not LANGUAGE_VOWELS.isdisjoint(word)
        )
        if words:
            families[alphabet.fold(stem)] = families.get(alphabet.fold(stem), frozenset()) | words
    return families


def folded_zipf(words: Iterable[str], accented: Mapping[str, set[str]], frequency) -> dict:
    """Each game word's zipf: the frequencies of the accented forms it stands for, summed
    ("ou" and "où" are both OU), as wordfreq's zipf (log10 of per-billion), 2 decimals."""
    import math

    table = {}
    for word in words:
        total = sum(frequency(form) for form in accented.get(word, {word}))
        table[word] = round(math.log10(total * 1e9), 2) if total > 0 else 0.0
    return table


def language_offensive_words(
    ratings: Mapping[str, int],
    families: Mapping[str, frozenset[str]],
    allowed: frozenset[str],
    blocklist: Iterable[str],
    alphabet,
) -> frozenset[str]:
    """The game words to remove: every single word cuss rates CUSS_MIN_RATING or more,
    folded, unless allowed; the blocklist's words, rated surely profane (2); and for a word
    rated 2 that is a dictionary entry, every form of that entry ("pute" takes "putes")."""
    listed = {}
    for entry, rating in ratings.items():
        word = alphabet.fold(entry)
        if rating >= CUSS_MIN_RATING and alphabet.is_word(word) and word not in allowed:
            listed[word] = max(rating, listed.get(word, 0))
    listed.update(dict.fromkeys(map(alphabet.fold, blocklist), 2))
    forms = {
        form
        for word, rating in listed.items()
        if rating >= 2
        for form in families.get(word, ())
        if form not in allowed
    }
    return frozenset(listed.keys() | forms)


def build_language(language: str, args: argparse.Namespace) -> None:
    """Write data/<language>/: the tiers, zipf values, offensive list and manifest."""
    from importlib.metadata import version as dist_version

    try:
        from spylls.hunspell import Dictionary
        from wordfreq import word_frequency
    except ImportError:
        sys.exit("spylls and wordfreq build the lexicon: pip install -e '.[lexicon-build]'")
    from puzzles.core import letters_described
    from puzzles.i18n import render
    from puzzles.lexicon.alphabet import alphabet as alphabet_of

    source = HUNSPELL_SOURCES[language]
    alphabet = alphabet_of(language)
    lists = DATA_DIR / language
    with tempfile.TemporaryDirectory(prefix=f"hunspell-{language}-") as tmp:
        deb = args.hunspell_deb.resolve() if args.hunspell_deb else None
        root, version = unpack_deb(source.package, Path(tmp), deb, "root")
        if version != source.expected_version:
            print(f"warning: {source.package} {version}, not {source.expected_version}")
        dictionary = Dictionary.from_files(str(root / source.dictionary))
        forms = hunspell_forms(dictionary)
        cuss = args.cuss.resolve() if args.cuss else None
        ratings, cuss_version = fetch_cuss(Path(tmp), cuss, language)

    abbreviations = frozenset(map(alphabet.fold, list_entries(lists / "abbreviations.txt")))
    if unlisted := sorted(abbreviations - {alphabet.fold(stem) for stem in forms}):
        sys.exit(f"{language}/abbreviations.txt: no lowercase dictionary entry: {unlisted}")
    families = folded_families(forms, alphabet, abbreviations)
    accented: dict[str, set[str]] = defaultdict(set)
    for family in forms.values():
        for form in family:
            accented[alphabet.fold(form)].add(form)
    vocabulary = frozenset().union(*families.values())
    zipf = folded_zipf(sorted(vocabulary), accented, lambda w: word_frequency(w, language))
    allowed = frozenset(map(alphabet.fold, list_entries(lists / "allowlist.txt")))
    blocklist = list(list_entries(lists / "blocklist.txt"))
    offensive = language_offensive_words(ratings, families, allowed, blocklist, alphabet)
    # No rule for names here, unlike English: these dictionaries list the words of place
    # names as capitalized entries of their own ("Fuego", "Noche"), so a word spelled with a
    # capital somewhere is no sign that its frequency is a name's.
    fragments = fragment_words(dictionary, families, alphabet)
    not_proposed = frozenset(map(alphabet.fold, list_entries(lists / NOT_PROPOSED)))
    if unlisted := sorted(not_proposed - vocabulary):
        sys.exit(f"{language}/{NOT_PROPOSED}: not among the dictionary's words: {unlisted}")
    large = vocabulary - offensive
    standard = frozenset(
        w
        for w in large
        if zipf[w] >= source.standard_min_zipf and w not in fragments | not_proposed
    )
    common = frozenset(w for w in standard if zipf[w] >= source.common_min_zipf)

    outputs = {
        TIER_FILES[0]: gzip_text(word_block(common)),
        TIER_FILES[1]: gzip_text(word_block(standard - common)),
        TIER_FILES[2]: gzip_text(word_block(large - standard)),
        ZIPF_FILE: gzip_text(zipf_block({w: z for w, z in zipf.items() if w in large})),
        OFFENSIVE_FILE: gzip_text(word_block(offensive)),
    }
    counts = {"common": len(common), "standard": len(standard), "large": len(large)}
    manifest = {
        "format": 1,
        "language": language,
        "built": build_date(),
        "counts": counts,
        "files": {
            "tiers": {"common": TIER_FILES[0], "standard": TIER_FILES[1], "large": TIER_FILES[2]},
            "zipf": ZIPF_FILE,
            "offensive": OFFENSIVE_FILE,
            "sha256": {name: hashlib.sha256(data).hexdigest() for name, data in outputs.items()},
        },
        "sources": {
            "hunspell": {
                "name": source.upstream,
                "debian_package": f"{source.package} {version}",
                "expanded_with": (
                    f"spylls {dist_version('spylls')}: each entry's affixed forms, kept only "
                    "when spylls' Hunspell lookup accepts them (no unmunch)"
                ),
                "license": f"{source.license}; every file of this directory; see NOTICE",
            },
            "cuss": {
                "name": f"cuss by Titus Wormer, its {language}.js (profane words, rated)",
                "url": "https://github.com/words/cuss",
                "npm_package": f"cuss {cuss_version}",
                "license": "MIT; see NOTICE",
            },
            "wordfreq": {
                "name": "wordfreq by Robyn Speer",
                "url": "https://github.com/rspeer/wordfreq",
                "version": dist_version("wordfreq"),
                "call": f'word_frequency(form, "{language}"), summed over the accented forms',
                "license": "data CC BY-SA 4.0; the zipf values here are derived from it",
            },
        },
        "rules": {
            "words": (
                f"lowercase Hunspell entries and their accepted forms, folded to "
                f"{render(letters_described(alphabet), 'en')}, 2+ letters, with a vowel"
            ),
            "common": f"zipf >= {source.common_min_zipf}",
            "standard": f"zipf >= {source.standard_min_zipf}",
            "large": "every word",
            "fragments_not_proposed": (
                f"{len(fragments & large)} words only entries tagged as phrase pieces, "
                "prefixes, suffixes or errors make (po:loc.*, pfx, sfx, err): large only"
            ),
            "abbreviations": (
                "no form of an entry whose stem has no vowel (sr: sra, sres) or is in "
                "abbreviations.txt"
            ),
            "not_proposed": (
                f"{len(not_proposed)} words of {NOT_PROPOSED} (judged by hand: English, names, "
                "fragments, frequencies that are another word's): large only"
            ),
            "offensive": (
                f"cuss {language}.js words rated >= {CUSS_MIN_RATING} minus allowlist.txt, "
                "plus blocklist.txt, and every form of an entry rated 2 or blocklisted"
            ),
            "offensive_removed": len(vocabulary & offensive),
            "zipf": "rounded to 2 decimals; words not listed in zipf.txt.gz have 0.0",
        },
    }
    out = args.out / language if args.out != DATA_DIR else lists
    out.mkdir(parents=True, exist_ok=True)
    for name, data in outputs.items():
        (out / name).write_bytes(data)
    (out / MANIFEST_FILE).write_text(
        json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    total = sum(len(data) for data in outputs.values())
    print(f"{source.package} {version}, cuss {cuss_version}, wordfreq {dist_version('wordfreq')}")
    for tier, count in counts.items():
        print(f"{tier:>9}: {count:7,d} words")
    print(f"offensive: {len(vocabulary & offensive):7,d} words removed from every tier")
    print(f"     data: {total / 1e6:.2f} MB in {out}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--deb", type=Path, help="use this scowl .deb instead of apt-get download")
    parser.add_argument("--en-gb-deb", type=Path, help="use this hunspell-en-gb .deb")
    parser.add_argument("--cuss", type=Path, help="use this cuss .tgz instead of npm pack")
    parser.add_argument("--equality", type=Path, help="use this retext-equality .tgz")
    parser.add_argument("--out", type=Path, default=DATA_DIR, help="output directory")
    parser.add_argument(
        "--lang", choices=("en", *HUNSPELL_SOURCES), default="en", help="the word lists to build"
    )
    parser.add_argument("--hunspell-deb", type=Path, help="use this Hunspell .deb (with --lang)")
    args = parser.parse_args(argv)
    if args.lang != "en":
        build_language(args.lang, args)
        return

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
