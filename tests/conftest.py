"""Shared test fixtures: where the real corpora live, skipping (not failing) when absent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest_plugins = ["tests.postgres"]  # postgres_server, postgres_url: a throwaway PostgreSQL

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"


def corpus_path(*parts: str) -> Path:
    path = CORPORA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"corpus not available: {path}")
    return path


@pytest.fixture(scope="session")
def nyt_gamedata() -> dict:
    return json.loads(corpus_path("letterboxed", "nyt_gamedata_2024-03-22.json").read_text())


@pytest.fixture(scope="session")
def nyt_fixtures() -> list[dict]:
    data = json.loads(corpus_path("letterboxed", "nyt_letterboxed_fixtures.json").read_text())
    return data["puzzles"]


@pytest.fixture(autouse=True)
def _command_line_language_unset(monkeypatch):
    """The command line speaks PUZZLEBOT_LANG when no --lang is given: a developer's own
    setting must not change what the tests read."""
    monkeypatch.delenv("PUZZLEBOT_LANG", raising=False)
