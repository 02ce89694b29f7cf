"""read_job, the worker pool's reading of a member's picture, for each kind that can be read:
the reading, why it cannot be a puzzle (if it cannot), the places in doubt named, and what
was read drawn as the kind's renderer draws it."""

from __future__ import annotations

import importlib
import io
import pickle

from PIL import Image

from bot.jobs import READERS, ReadPicture, read_job
from puzzles.letterboxed.puzzle import Board
from renderers import draw
from renderers.sudoku import HIGHLIGHT_FILL


def colours(png: bytes) -> set[tuple[int, int, int]]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return {colour for _, colour in image.getcolors(maxcolors=1 << 20)}


def test_every_reader_has_its_hooks_and_names_its_places():
    assert set(READERS) >= {"sudoku", "spelling", "codeword", "letterboxed"}
    for module in map(importlib.import_module, READERS.values()):
        assert callable(module.read) and callable(module.as_drawn)
        assert callable(module.place_name)
    places = {kind: importlib.import_module(module).PLACE for kind, module in READERS.items()}
    assert places == {
        "sudoku": "cell",
        "spelling": "cell",
        "codeword": "cell",
        "letterboxed": "letter",
    }


def test_a_letter_boxed_picture_is_read_judged_and_drawn_as_read():
    result = read_job("letterboxed", draw("letterboxed", Board(("vro", "wal", "eth", "bdi"))))
    outcome = result.value
    assert isinstance(outcome, ReadPicture)
    assert result.text == "VRO WAL ETH BDI"
    assert outcome.problem is None and outcome.doubted == () and outcome.names == ()
    assert outcome.place == "letter"
    assert result.png is not None and HIGHLIGHT_FILL not in colours(result.png)
    assert set(result.timings_ms) == {"read", "judge", "draw"}
    assert pickle.loads(pickle.dumps(result)).value == outcome  # it crosses the pool


def test_a_box_that_cannot_be_a_puzzle_says_why():
    too_long = Board(("vrowalk", "eth", "bdi", "nsu"))  # seven letters on a side
    result = read_job("letterboxed", draw("letterboxed", too_long))
    assert result.text == "VROWALK ETH BDI NSU"
    assert "has 7 letters" in str(result.value.problem)
