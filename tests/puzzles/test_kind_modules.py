"""Where each kind reads text (the rule in puzzles/core.py's docstring): puzzle.py reads the
puzzle's text, rules.py reads and judges a player's answer and progress."""

from __future__ import annotations

import importlib
import inspect

import pytest

from puzzles.registry import KIND_MODULES, all_kinds


@pytest.mark.parametrize("kind", all_kinds(), ids=lambda kind: kind.name)
def test_the_puzzle_is_read_in_puzzle_py_and_answers_judged_in_rules_py(kind):
    package = f"puzzles.{kind.name}"
    assert kind.parse.__module__ == f"{package}.puzzle"
    assert kind.check.__module__ == f"{package}.rules"
    if kind.hint is not None:
        assert kind.hint.__module__ == f"{package}.rules"


@pytest.mark.parametrize("package", KIND_MODULES)
def test_a_kind_offers_its_answer_readers_from_rules_py(package):
    module = importlib.import_module(package)
    readers = {
        name: function
        for name, function in vars(module).items()
        if inspect.isfunction(function) and name.startswith("parse_")
    }
    for name, function in readers.items():
        assert function.__module__ == f"{package}.rules", name
