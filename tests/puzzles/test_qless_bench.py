"""The Q-less benchmark's before-and-after tools: another checkout's solver timed beside
ours, and every answer written out for comparing two versions."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from bench.qless import answers, compare_rolls, load_baseline
from puzzles.lexicon import Tier
from puzzles.qless import fill as ours
from puzzles.qless import parse, solve

# The write-up finder's form of a shape: one line of twelve letters, crossing nothing.
ONE_WORD = [[{"length": 12, "intersects": []}]]
ROLLS = [("monday", "relationship")]


def baseline_copy(tmp_path: Path, extra: str = "") -> Path:
    path = tmp_path / "solver.py"
    shutil.copy(ours.__file__, path)
    path.write_text(path.read_text() + extra)
    return path


def test_a_baseline_is_another_copy_solving_beside_ours(tmp_path):
    baseline = load_baseline(baseline_copy(tmp_path))
    assert baseline is not ours
    roll = parse("aabcdlmnnptt")
    theirs = next(baseline.solutions(roll, Tier.COMMON))
    found = next(ours.solutions(roll, Tier.COMMON))
    assert (theirs.rows(), theirs.shape_rank) == (found.rows(), found.shape_rank)


def test_the_comparison_times_the_baseline_and_reports_where_it_answers_otherwise(tmp_path):
    same = compare_rolls(ROLLS, Tier.COMMON, ONE_WORD, 1, load_baseline(baseline_copy(tmp_path)))
    assert same["solved_by_both"] == 1  # the finder's one shape holds RELATIONSHIP
    assert same["baseline"]["solved_differently"] == []
    assert same["baseline"]["first_ms"]["max"] > 0

    never = "\n\ndef solutions(*args, **kwargs):\n    return iter(())\n"
    broken = load_baseline(baseline_copy(tmp_path, never))
    differs = compare_rolls(ROLLS, Tier.COMMON, ONE_WORD, 1, broken)
    assert differs["baseline"]["solved_differently"] == ["relationship"]
    assert differs["baseline"]["first_ms"] is None


def test_answers_hold_what_players_see_in_both_lists():
    found = answers("aabcdlmnnptt")
    assert json.loads(json.dumps(found)) == found  # one JSON line, compared as text
    roll = parse("aabcdlmnnptt")
    assert found["common solve"] == solve(roll, "common").text()
    assert found["standard solve, 10"] == solve(roll, "standard", max_solutions=10).text()
    for name in ("common", "standard"):
        first = found[f"{name} first 40"]
        assert len(first) == 40
        ranks = [rank for _, _, rank in first]
        assert ranks == sorted(ranks)  # shape by shape, most likely first
    assert found["hint"]
