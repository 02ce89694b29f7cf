"""The picture reader fed random and corrupted files: each gives a reading or the reader's own
refusal (a PictureError a member can act on), never another exception, and quickly.

Malformed pictures go through the bot's own entry point (bot.jobs.read_job, what the worker
pool runs for a member's attachment and the command line for --picture), for every kind a
reader reads (bot.jobs.READERS): a kind added there is fuzzed without a change here."""

from __future__ import annotations

import importlib
import random
import time
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from bot.jobs import READERS, read_job
from puzzles.sudoku.grid import EMPTY
from puzzles.sudoku.solver import random_filled_grid
from readers.picture import MAX_BYTES, PictureError
from readers.reading import Reading
from renderers.sudoku import draw
from tests.fuzz.strategies import TRIED
from tests.readers.pictures import as_jpeg, encoded, png_claiming_size

pytestmark = pytest.mark.fuzz

LONGEST_MESSAGE = 700
SLOWEST_READ = 5.0  # seconds: far above a read's ~0.1 s, far below the bot's job deadline


@cache
def screenshots() -> tuple[bytes, bytes]:
    """A 9x9 puzzle as our renderer draws it (PNG) and as a phone shares it (JPEG)."""
    rng = random.Random(3)
    filled = random_filled_grid(rng, 3, 3)
    puzzle = filled.with_cells(tuple(v if rng.random() < 0.4 else EMPTY for v in filled.cells))
    png = draw(puzzle)
    return png, as_jpeg(png, width=540, quality=70)


def read_or_refuse(data: bytes) -> None:
    """Read by every kind's reader: a reading of the kind's own text, or a refusal."""
    for module in READERS.values():
        TRIED["picture"] += 1
        started = time.perf_counter()
        try:
            reading = importlib.import_module(module).read(data)
        except PictureError as refusal:
            assert 0 < len(refusal.message) <= LONGEST_MESSAGE
        else:
            assert isinstance(reading, Reading) and reading.text.strip()
        assert time.perf_counter() - started < SLOWEST_READ


@given(st.binary(max_size=2048))
def test_random_bytes_are_read_or_refused(data):
    read_or_refuse(data)


def _noise_photo() -> bytes:
    return encoded(Image.effect_noise((400, 400), 60).convert("RGB"), "JPEG", quality=90)


def _animated_gif() -> bytes:
    frames = [Image.new("RGB", (300, 300), colour) for colour in ("white", "black")]
    return encoded(frames[0], "GIF", save_all=True, append_images=frames[1:], duration=100)


def _no_grid() -> bytes:
    image = Image.new("RGB", (640, 480), (200, 190, 170))
    ImageDraw.Draw(image).ellipse((100, 80, 400, 380), outline="black", width=6)
    return encoded(image)


# Each malformed picture, and what its refusal must say (the member's next step is in the
# message's example).
MALFORMED = {
    "truncated PNG": (lambda: screenshots()[0][: len(screenshots()[0]) // 2], "damaged"),
    "truncated JPEG": (lambda: _noise_photo()[: len(_noise_photo()) // 2], "damaged"),
    "PNG cut short in its header": (lambda: screenshots()[0][:20], "damaged"),
    "decompression bomb": (lambda: png_claiming_size(60_000, 60_000), "million pixels"),
    "huge": (lambda: png_claiming_size(10_000, 6_000), "10000x6000"),
    "tiny": (lambda: encoded(Image.new("RGB", (60, 40), "white")), "too small"),
    "animated GIF": (_animated_gif, "animated"),
    "random bytes": (lambda: random.Random(5).randbytes(4096), "not a picture"),
    "empty": (lambda: b"", "empty"),
    "PNG with no puzzle": (_no_grid, "could not find"),
    "over the size limit": (lambda: b"\x89PNG\r\n\x1a\n" + bytes(MAX_BYTES), "20.1 MB"),
}


@pytest.mark.parametrize("kind_name", sorted(READERS))
@pytest.mark.parametrize("malformed", sorted(MALFORMED))
def test_a_malformed_picture_is_refused_by_the_bots_read_job(kind_name, malformed):
    """The bot's entry point (read_job) refuses each with a PictureError that says what is
    wrong and gives an example of what to send instead, within a read's time."""
    make, said = MALFORMED[malformed]
    data = make()
    TRIED["picture"] += 1
    started = time.perf_counter()
    with pytest.raises(PictureError) as refused:
        read_job(kind_name, data)
    assert time.perf_counter() - started < SLOWEST_READ
    assert said in str(refused.value.problem)  # a Message, rendered in English
    assert refused.value.example, "no example of what to send instead"
    assert len(refused.value.message) <= LONGEST_MESSAGE
    assert "Traceback" not in refused.value.message


@given(st.sampled_from(sorted(READERS)), st.binary(max_size=2048))
def test_any_bytes_through_the_bots_read_job_are_read_or_refused(kind_name, data):
    TRIED["picture"] += 1
    try:
        read = read_job(kind_name, data)
    except PictureError as refusal:
        assert 0 < len(refusal.message) <= LONGEST_MESSAGE and refusal.example
    else:
        assert read.text == read.value.reading.text


@given(
    st.sampled_from([0, 1]),
    st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 255)), max_size=8),
    st.floats(0.05, 1.0),
)
def test_a_corrupted_screenshot_is_read_or_refused(which, changes, kept):
    """Bytes overwritten anywhere (the header, the palette, the compressed data), then the
    file cut short: a damaged download."""
    data = bytearray(screenshots()[which])
    for where, value in changes:
        data[int(where * len(data))] = value
    read_or_refuse(bytes(data[: max(1, int(len(data) * kept))]))
