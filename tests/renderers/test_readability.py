"""Every puzzle picture is bounded and readable on a phone.

Discord shows a picture about PHONE_WIDTH px wide on a phone; every text in every
picture must then be at least MIN_TEXT_PX tall. The drawing calls are recorded (the
Canvas text methods, wrapped), so the test sees every size used, and the texts drawn.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

import renderers
from puzzles import all_kinds, get_kind
from renderers import MAX_HEIGHT, MAX_WIDTH, MIN_TEXT_PX, PHONE_WIDTH


def picture(kind_name: str, puzzle, shown=None) -> Image.Image:
    image = Image.open(io.BytesIO(renderers.draw(kind_name, puzzle, shown)))
    image.load()
    return image


def assert_bounded_and_readable(image: Image.Image, recorded, what: str) -> None:
    assert image.width <= MAX_WIDTH and image.height <= MAX_HEIGHT, (what, image.size)
    assert recorded.sizes, what
    smallest = min(size * PHONE_WIDTH / width for size, width in recorded.sizes)
    assert smallest >= MIN_TEXT_PX, (what, smallest)


def pictures_of(kind_name: str):
    """The example puzzle alone, solved, and with a hint from scratch."""
    kind = get_kind(kind_name)
    puzzle = kind.parse(kind.example)
    yield "puzzle", puzzle, None
    yield "solution", puzzle, kind.solve(puzzle)
    if kind.hint is not None:
        hint = kind.hint(puzzle, "")
        yield "hint", puzzle, None if isinstance(hint, str) else hint


@pytest.mark.parametrize("kind_name", [kind.name for kind in all_kinds()])
def test_every_example_picture_is_readable_on_a_phone(kind_name, recorder):
    for what, puzzle, shown in pictures_of(kind_name):
        recorder.clear()
        assert_bounded_and_readable(
            picture(kind_name, puzzle, shown), recorder, f"{kind_name} {what}"
        )
