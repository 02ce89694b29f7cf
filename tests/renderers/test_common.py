from __future__ import annotations

import io
import itertools
from pathlib import Path

import pytest
from PIL import Image

from renderers import common
from renderers.common import (
    INK,
    OKABE_ITO,
    PATH_COLOURS,
    SURFACE,
    WHITE,
    Canvas,
    contrast_ratio,
    flow,
    font,
    png_bytes,
    text_colour_on,
    text_width,
    wrap_text,
)

RENDERERS_DIR = Path(common.__file__).resolve().parent


@pytest.mark.parametrize(
    ("bold", "filename"), [(True, "DejaVuSans-Bold.ttf"), (False, "DejaVuSans.ttf")]
)
def test_font_loads_from_the_bundled_file(bold, filename):
    loaded = font(40, bold=bold)
    path = Path(loaded.path).resolve()
    assert path == RENDERERS_DIR / "fonts" / filename
    assert path.is_file()
    assert loaded.size == 40
    assert "DejaVu Sans" in loaded.getname()[0]


def test_font_is_cached_per_size():
    assert font(33) is font(33)
    assert font(33) is not font(34)
    assert font(33, bold=False) is not font(33)


def test_font_licence_is_bundled():
    licence = (RENDERERS_DIR / "fonts" / "LICENSE").read_text()
    assert "Bitstream Vera Fonts Copyright" in licence
    assert "Arev Fonts Copyright" in licence


def test_png_bytes_round_trips_and_is_deterministic():
    image = Image.new("RGB", (30, 20), (1, 2, 3))
    data = png_bytes(image)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    decoded = Image.open(io.BytesIO(data))
    assert decoded.size == (30, 20)
    assert decoded.mode == "RGB"
    assert decoded.getpixel((5, 5)) == (1, 2, 3)
    assert png_bytes(image) == data


def test_canvas_draws_at_final_size_and_keeps_exact_colours_inside_shapes():
    canvas = Canvas(120, 80, background=WHITE)
    canvas.circle((40, 40), 15, fill=PATH_COLOURS[0])
    canvas.line([(70, 10), (110, 70)], fill=PATH_COLOURS[1], width=8)
    image = canvas.image()
    assert image.size == (120, 80)
    assert image.getpixel((40, 40)) == PATH_COLOURS[0]
    assert image.getpixel((90, 40)) == PATH_COLOURS[1]
    assert image.getpixel((5, 75)) == WHITE
    # Anti-aliased: the circle's rim has in-between shades.
    assert len(image.getcolors(maxcolors=10_000)) > 3


def test_canvas_text_centred_puts_ink_around_the_point():
    canvas = Canvas(200, 200, background=WHITE)
    canvas.text_centred((100, 100), "W", 80, INK)
    left, top, right, bottom = Image.eval(canvas.image().convert("L"), lambda v: 255 - v).getbbox()
    assert abs((left + right) / 2 - 100) <= 2
    assert abs((top + bottom) / 2 - 100) <= 2


def test_path_colours_are_okabe_ito_and_neighbours_contrast():
    assert set(PATH_COLOURS) <= set(OKABE_ITO.values())
    assert OKABE_ITO["yellow"] not in PATH_COLOURS  # invisible on white
    assert len(set(PATH_COLOURS)) == len(PATH_COLOURS) >= 6
    for a, b in itertools.pairwise((*PATH_COLOURS, PATH_COLOURS[0])):
        distance = sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5
        assert distance > 120, (a, b)
    for colour in PATH_COLOURS:
        assert contrast_ratio(colour, SURFACE) >= 2.0, colour
    assert common.path_colour(len(PATH_COLOURS)) == PATH_COLOURS[0]


def test_contrast_and_text_colour_on_fills():
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert contrast_ratio(INK, INK) == pytest.approx(1)
    assert text_colour_on(OKABE_ITO["blue"]) == WHITE
    assert text_colour_on(OKABE_ITO["orange"]) == INK


def test_wrap_text_keeps_words_and_width():
    text = "the quick brown fox jumps over the lazy dog " * 3
    lines = wrap_text(text, 30, 300)
    assert len(lines) > 1
    assert " ".join(lines) == " ".join(text.split())
    assert all(text_width(line, 30) <= 300 for line in lines)
    assert wrap_text("supercalifragilistic", 30, 10) == ["supercalifragilistic"]


def test_flow_packs_items_in_order_into_rows():
    assert flow([40, 40, 40, 90, 10], 100, 10) == [[0, 1], [2], [3], [4]]
    assert flow([], 100, 10) == []
    assert flow([150], 100, 10) == [[0]]
