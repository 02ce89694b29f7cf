"""What keeps a one-off `puzzlebot solve cryptogram` quick: the model file's index of the
likeliest words, candidates indexed by letter, the spoken model read in the background, and
no garbage collector in a one-off command. (The start-up time itself is measured by
bench/startup.py, not here.)"""

from __future__ import annotations

import gc
import importlib.util
import os
import random
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bot import cli
from puzzles.cryptogram.candidates import candidates_for
from puzzles.cryptogram.model import (
    MODEL_FILE,
    RARE_WORD_ZIPF,
    InBackground,
    TrigramFile,
    WordModel,
    model_database,
    read_spoken_model,
    spoken_model,
)
from puzzles.registry import get_kind

BUILD_SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "build_cryptogram_model.py"


def build_script():
    spec = importlib.util.spec_from_file_location("build_cryptogram_model", BUILD_SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def statements_of(work) -> list[str]:
    """The SQL the model runs while doing `work`, with its arguments filled in."""
    seen: list[str] = []
    model_database().set_trace_callback(seen.append)
    try:
        work()
    finally:
        model_database().set_trace_callback(None)
    return seen


def query_plan(db: sqlite3.Connection, statement: str) -> str:
    return " / ".join(row[-1] for row in db.execute(f"EXPLAIN QUERY PLAN {statement}"))


def test_the_likeliest_words_of_a_pattern_are_read_off_an_index_not_sorted():
    (statement,) = statements_of(lambda: WordModel().listed_matching("ABCDE", 40))[-1:]
    plan = query_plan(model_database(), statement)
    assert "COVERING INDEX words_by_likelihood" in plan and "TEMP B-TREE" not in plan


@pytest.mark.parametrize("pattern", ["ABCDE", "ABCA", "ABBCDD"])
def test_the_likeliest_words_come_likeliest_first_alphabetical_among_equals(pattern):
    rows = model_database().execute("SELECT word, zipf FROM words WHERE pattern = ?", (pattern,))
    likelihood = {word: zipf or RARE_WORD_ZIPF for word, zipf in rows}
    expected = sorted(likelihood, key=lambda word: (-likelihood[word], word))[:300]
    model = WordModel()
    assert list(model.listed_matching(pattern, 300)) == expected
    # every word read is scored by that likelihood, a word wordfreq never saw included
    assert all(model.dictionary_logprob(word) == likelihood[word] - 9.0 for word in expected)


def test_the_build_script_makes_the_index_the_shipped_model_has(tmp_path):
    script = build_script()
    built = tmp_path / "model.sqlite"
    with sqlite3.connect(built) as db:
        db.executescript(script.SCHEMA)
        db.execute("INSERT INTO words VALUES ('ABC', 'cat', 4.5), ('ABC', 'cwm', 0)")
    db.close()
    script.write_indexes(built)
    shipped = sqlite3.connect(f"{MODEL_FILE.as_uri()}?mode=ro", uri=True)
    query = "SELECT name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name"
    with sqlite3.connect(built) as db:
        assert db.execute(query).fetchall() == shipped.execute(query).fetchall()
        (statement,) = statements_of(lambda: WordModel().listed_matching("ABC", 5))[-1:]
        assert "words_by_likelihood" in query_plan(db, statement)
    db.close()
    shipped.close()


@pytest.mark.parametrize("printed", ["XYZ", "ABCDEFB", "XYZZY", "ABC'D", "A"])
def test_each_candidate_is_indexed_under_each_of_its_letters(printed):
    candidates = candidates_for(printed)
    assert candidates.plains and len(candidates.at) == len(printed.replace("'", ""))
    assert list(candidates.scores) == sorted(candidates.scores, reverse=True)
    for index, plain in enumerate(candidates.plains):
        assert candidates.letter_bits[index] == sum(1 << letter for letter in set(plain))
        for position, letter in enumerate(plain):
            assert index in candidates.at[position][letter]
    for position, by_letter in enumerate(candidates.at):
        assert sum(map(len, by_letter.values())) == len(candidates.plains)
        for letter, indices in by_letter.items():
            assert all(candidates.plains[i][position] == letter for i in indices)


def test_a_value_made_in_the_background_is_waited_for_where_it_is_wanted():
    release, made_on = threading.Event(), []

    def make():
        release.wait(timeout=10)
        made_on.append(threading.current_thread())
        return "loaded"

    loading = InBackground(make)  # returns at once: the value is still being made
    release.set()
    assert loading.value() == "loaded" and loading.value() == "loaded"
    assert made_on and made_on[0] is not threading.current_thread()


def test_a_failure_in_the_background_is_raised_where_the_value_is_wanted():
    def make():
        raise OSError("model file missing")

    loading = InBackground(make)
    with pytest.raises(OSError, match="model file missing"):
        loading.value()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")
def test_a_process_forked_while_the_value_is_made_makes_it_itself():
    parent, release = os.getpid(), threading.Event()

    def make():
        if os.getpid() == parent:
            release.wait(timeout=10)  # the parent's thread is still making it at the fork
        return os.getpid()

    loading = InBackground(make)
    child = os.fork()
    if child == 0:
        os._exit(0 if loading.value() == os.getpid() else 1)
    release.set()
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert loading.value() == parent


def test_a_one_off_command_runs_without_the_garbage_collector_a_caller_keeps_it(capsys):
    example = get_kind("cryptogram").example
    program = (
        "import gc, sys\n"
        "from bot.cli import main\n"
        f"sys.argv = ['puzzlebot', 'solve', 'cryptogram', {example!r}]\n"
        "main()\n"
        "print('collecting' if gc.isenabled() else 'not collecting')\n"
    )
    run = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.splitlines()[-1] == "not collecting"
    assert "DON'T COUNT YOUR CHICKENS" in run.stdout
    assert cli.main(["solve", "cryptogram", example]) == 0
    assert gc.isenabled() and "DON'T COUNT YOUR CHICKENS" in capsys.readouterr().out


@pytest.mark.skipif(spoken_model() is None, reason="pocketsphinx is not installed")
def test_the_spoken_model_read_through_ctypes_scores_as_pocketsphinx_itself():
    from pocketsphinx import NGramModel, get_model_path

    path = os.path.join(get_model_path(), "en-us", "en-us.lm.bin")
    ours, theirs = read_spoken_model(path), NGramModel.readfile(path)
    if not isinstance(ours, TrigramFile):  # pocketsphinx 5.0.1 does not export them
        pytest.skip("this pocketsphinx does not export its C functions: read by its binding")
    words = [
        "<s>",
        "</s>",
        "the",
        "to",
        "be",
        "or",
        "not",
        "lend",
        "bend",
        "me",
        "your",
        "ears",
        "mr",
        "bond",
        "fond",
        "zyzzyvaqx",
    ]
    rng = random.Random(16)
    for _ in range(3000):
        ngram = [rng.choice(words) for _ in range(rng.randint(1, 3))]
        assert ours.prob(ngram) == theirs.prob(ngram), ngram


@pytest.mark.skipif(spoken_model() is None, reason="pocketsphinx is not installed")
def test_where_the_c_functions_are_not_exported_pocketsphinx_reads_the_model_itself(
    monkeypatch,
):
    import ctypes

    from pocketsphinx import NGramModel, get_model_path

    monkeypatch.setattr(ctypes, "CDLL", lambda path: object())  # exports nothing
    model = read_spoken_model(os.path.join(get_model_path(), "en-us", "en-us.lm.bin"))
    assert isinstance(model, NGramModel) and model.prob(["be", "to"]) < 0
