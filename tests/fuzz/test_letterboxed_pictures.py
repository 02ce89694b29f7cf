"""The Letter Boxed reader fed damaged and drawn-over pictures: each gives a reading of a box
or the reader's own refusal (a PictureError a member can act on), never another exception."""

from __future__ import annotations

import io
import time
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from puzzles.letterboxed.puzzle import MAX_SIDES, MIN_SIDES, parse
from readers import letterboxed
from readers.picture import PictureError
from renderers.letterboxed import draw
from tests.fuzz.strategies import TRIED
from tests.readers.pictures import as_jpeg, encoded

pytestmark = pytest.mark.fuzz

LONGEST_MESSAGE = 700
SLOWEST_READ = 5.0  # seconds: far above a read's ~0.1 s, far below the bot's job deadline


@cache
def pictures() -> tuple[bytes, bytes]:
    """A square box as our renderer draws it (PNG) and as a phone shares it (JPEG)."""
    png = draw(parse("vro wal eth bdi"))
    return png, as_jpeg(png, width=540, quality=70)


def read_or_refuse(data: bytes) -> None:
    TRIED["picture"] += 1
    started = time.perf_counter()
    try:
        reading = letterboxed.read(data)
    except PictureError as refusal:
        assert 0 < len(refusal.message) <= LONGEST_MESSAGE
    else:
        sides = reading.text.split()
        assert MIN_SIDES <= len(sides) <= MAX_SIDES and reading.size == len(sides)
        letters = "".join(sides)
        assert len(set(letters)) == len(letters)  # never a letter twice
        assert all(0 <= place < len(letters) for place in reading.unsure)
    assert time.perf_counter() - started < SLOWEST_READ


@given(
    st.sampled_from([0, 1]),
    st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 255)), max_size=8),
    st.floats(0.05, 1.0),
)
def test_a_corrupted_picture_is_read_or_refused(which, changes, kept):
    data = bytearray(pictures()[which])
    for where, value in changes:
        data[int(where * len(data))] = value
    read_or_refuse(bytes(data[: max(1, int(len(data) * kept))]))


@given(
    st.lists(
        st.tuples(
            st.floats(0, 1), st.floats(0, 1), st.floats(0, 0.5), st.floats(0, 0.5), st.booleans()
        ),
        min_size=1,
        max_size=6,
    )
)
def test_a_picture_drawn_over_is_read_or_refused(strokes):
    """Boxes painted white or black over any part: letters, corners, sides, the whole box."""
    image = Image.open(io.BytesIO(pictures()[0])).convert("RGB")
    pen = ImageDraw.Draw(image)
    for x, y, w, h, black in strokes:
        left, top = x * image.width, y * image.height
        box = (left, top, left + w * image.width, top + h * image.height)
        pen.rectangle(box, fill=(0, 0, 0) if black else (255, 255, 255))
    read_or_refuse(encoded(image))
