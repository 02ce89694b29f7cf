"""The workers' warm-up reads a picture of every kind a reader reads, each the one its reader
draws for it (`warm_up_drawing`), and none of them fails: a failure is logged at every start
and leaves that reader cold for the member's first picture."""

from __future__ import annotations

import importlib
import logging

import pytest

from bot import jobs
from renderers import draw


@pytest.mark.parametrize("kind_name", sorted(jobs.READERS))
def test_each_reader_reads_back_its_own_warm_up_picture(kind_name):
    reader = importlib.import_module(jobs.READERS[kind_name])
    puzzle, shown = reader.warm_up_drawing()
    reading = reader.read(draw(kind_name, puzzle, shown))
    assert reading.text == puzzle.text()
    assert reading.unsure == ()


@pytest.mark.parametrize("kind_name", sorted(jobs.READERS))
def test_each_warm_up_picture_is_a_puzzle_with_one_answer(kind_name):
    """The warm-up read is judged like a member's: a grid with many fillings (the first
    codeword warm-up grid) made every start solve it at length, a second of each start."""
    reader = importlib.import_module(jobs.READERS[kind_name])
    picture = draw(kind_name, *reader.warm_up_drawing())
    assert jobs.read_job(kind_name, picture).value.problem is None


def test_warming_up_with_pictures_logs_no_failure(caplog):
    with caplog.at_level(logging.INFO, logger="bot.jobs"):
        jobs.warm_up(draw=True)
    failures = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert failures == []
    assert any("warmed up" in r.getMessage() for r in caplog.records)
