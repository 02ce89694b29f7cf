from __future__ import annotations

import io
import itertools
import random
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from renderers import common
from renderers import text as text_drawing
from renderers.common import (
    INK,
    OKABE_ITO,
    PATH_COLOURS,
    SURFACE,
    WHITE,
    Canvas,
    contrast_ratio,
    flow,
    png_bytes,
    text_colour_on,
    wrap_text,
)
from renderers.text import font, text_width

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
    ofl = (RENDERERS_DIR / "fonts" / "LICENSE-OFL.txt").read_text()
    assert "SIL OPEN FONT LICENSE Version 1.1" in ofl
    for face in {face for faces in text_drawing.FACES.values() for face in faces}:
        if face.path.name.startswith("Noto"):  # every Noto file is named in the notice
            assert face.path.name.split("-")[0] in ofl, face.path.name


def test_png_bytes_round_trips_and_is_deterministic():
    image = Image.new("RGB", (30, 20), (1, 2, 3))
    data = png_bytes(image)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    decoded = Image.open(io.BytesIO(data))
    assert decoded.size == (30, 20)
    assert decoded.mode == "RGB"
    assert decoded.getpixel((5, 5)) == (1, 2, 3)
    assert png_bytes(image) == data


@pytest.mark.parametrize("mode", ["L", "RGB", "RGBA"])
@pytest.mark.parametrize("size", [(37, 23), (5, 1), (1, 6)])
def test_png_bytes_is_lossless_for_every_pixel(mode, size):
    """Noise, where every row differs from the one above in every byte (mod 256)."""
    rng = random.Random(f"{mode}{size}")
    bands = len(Image.new(mode, (1, 1)).getbands())
    noise = bytes(rng.randrange(256) for _ in range(size[0] * size[1] * bands))
    image = Image.frombytes(mode, size, noise)
    decoded = Image.open(io.BytesIO(png_bytes(image)))
    decoded.load()
    assert (decoded.mode, decoded.size) == (mode, size)
    assert decoded.tobytes() == noise


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


@pytest.mark.parametrize("scale", [1, 2])
def test_angled_lines_and_circles_are_smooth_at_every_scale(scale):
    canvas = Canvas(120, 80, background=WHITE, scale=scale)
    canvas.circle((30, 40), 15, fill=PATH_COLOURS[0])
    canvas.circle((30, 40), 6, outline=PATH_COLOURS[2], width=2)
    canvas.line([(70, 10), (110, 70)], fill=PATH_COLOURS[1], width=8)
    image = canvas.image()
    assert image.getpixel((30, 40)) == PATH_COLOURS[0]  # inside the ring
    assert image.getpixel((30, 34)) == PATH_COLOURS[2]  # on the ring, inside the disc
    assert image.getpixel((40, 40)) == PATH_COLOURS[0]
    assert image.getpixel((90, 40)) == PATH_COLOURS[1]
    # Smoothed: the rim of the disc and the sides of the line have in-between shades.
    rim = {image.getpixel((30 + x, 40 + y)) for x in range(-16, 17) for y in (-8, 8)}
    assert len(rim - {WHITE, PATH_COLOURS[0], PATH_COLOURS[2]}) >= 2
    side = {image.getpixel((x, 40)) for x in range(80, 100)}
    assert len(side - {WHITE, PATH_COLOURS[1]}) >= 2


@pytest.mark.parametrize("box", [(10, 12, 70, 52), (10.4, 12.6, 69.5, 51.9)])
def test_rounded_rectangle_at_final_size_covers_its_box_with_smooth_corners(box):
    canvas = Canvas(80, 60, background=WHITE, scale=1)
    canvas.rounded_rectangle(box, 12, fill=PATH_COLOURS[0], outline=INK, width=2)
    image = canvas.image()
    blank = Image.new("RGB", (80, 60), WHITE)
    # From corner to corner of the box rounded to whole pixels (older Pillows cut fractions off).
    left, top, right, bottom = (round(v) for v in box)
    assert ImageChops.difference(image, blank).getbbox() == (left, top, right + 1, bottom + 1)
    assert image.getpixel((40, 32)) == PATH_COLOURS[0]
    assert image.getpixel((40, top)) == INK  # the outline, inside the box
    corner = {image.getpixel((x, y)) for x in range(left, left + 10) for y in range(top, top + 10)}
    assert len(corner - {WHITE, INK, PATH_COLOURS[0]}) >= 4  # smooth, not jagged


@pytest.mark.parametrize("scale", [1, 2])
def test_shapes_too_small_to_see_are_drawn_without_failing(scale):
    canvas = Canvas(50, 50, background=WHITE, scale=scale)
    canvas.circle((10, 10), 0, fill=INK)
    canvas.circle((10, 10), 0, outline=INK, width=1)
    canvas.line([(5, 5), (5, 5)], INK, 0)
    canvas.line([(5, 5), (20, 30)], INK, 0)
    canvas.rounded_rectangle((30, 30, 30, 30), 5, fill=INK, outline=INK)
    canvas.rounded_rectangle((40, 10, 41, 40), 5, fill=INK, outline=INK, width=3)
    image = canvas.image()
    assert image.getpixel((40, 25)) == INK  # the thin box, square at its ends
    assert image.getpixel((45, 45)) == WHITE


def test_rounded_rectangle_at_final_size_lies_where_pillows_does():
    box = (10, 12, 70, 52)
    canvas = Canvas(80, 60, background=WHITE, scale=1)
    canvas.rounded_rectangle(box, 12, fill=PATH_COLOURS[0], outline=INK, width=2)
    pillows = Image.new("RGB", (80, 60), WHITE)
    ImageDraw.Draw(pillows).rounded_rectangle(box, 12, fill=PATH_COLOURS[0], outline=INK, width=2)
    blank = Image.new("RGB", (80, 60), WHITE)
    assert ImageChops.difference(canvas.image(), blank).getbbox() == (
        ImageChops.difference(pillows, blank).getbbox()
    )


@pytest.mark.parametrize("scale", [1, 2])
@pytest.mark.parametrize(
    ("y", "width", "rows"), [(10, 2, [9, 10]), (10.5, 1, [10]), (20, 4, [18, 21])]
)
def test_an_upright_line_covers_the_pixels_whose_centres_it_covers(scale, y, width, rows):
    canvas = Canvas(60, 40, background=WHITE, scale=scale)
    canvas.line([(10, y), (50, y)], fill=INK, width=width)
    canvas.line([(y, 25), (y, 35)], fill=INK, width=width)
    image = canvas.image()
    inked = [row for row in range(40) if image.getpixel((30, row)) == INK]
    assert (inked[0], inked[-1]) == (rows[0], rows[-1])
    across = [col for col in range(60) if image.getpixel((col, 30)) == INK]
    assert (across[0], across[-1]) == (rows[0], rows[-1])


def test_canvas_text_centred_puts_ink_around_the_point():
    canvas = Canvas(200, 200, background=WHITE)
    canvas.text_centred((100, 100), "W", 80, INK)
    left, top, right, bottom = Image.eval(canvas.image().convert("L"), lambda v: 255 - v).getbbox()
    assert abs((left + right) / 2 - 100) <= 2
    assert abs((top + bottom) / 2 - 100) <= 2


@pytest.mark.parametrize(
    ("text", "size", "anchor", "face"),
    [
        ("8", 124, "ls", None),
        ("Hello, World!", 36, "ms", None),
        ("gjy Q", 50, "lt", None),
        ("WAVE", 30, "rm", None),
        ("مرحبا", 40, "ls", "Arabic"),  # joined by Raqm, laid out right to left
    ],
)
def test_text_pasted_from_its_cached_mask_is_what_pillow_draws(text, size, anchor, face):
    """At a whole pixel, pasting the cached mask gives exactly Pillow's own text drawing,
    so caching changes nothing but the time."""
    if face is None:
        font_ = font(size)
    else:
        matches = [f for f in text_drawing.FACES[True] if face in f.path.name]
        font_ = text_drawing.face_font(matches[0], size)
    direct = Image.new("RGB", (500, 200), SURFACE)
    pasted = direct.copy()
    ImageDraw.Draw(direct).text((150, 100), text, font=font_, fill=INK, anchor=anchor)
    text_drawing.paste_text(ImageDraw.Draw(pasted), (150, 100), text, font_, INK, anchor)
    blank = Image.new("RGB", direct.size, SURFACE)
    assert ImageChops.difference(direct, blank).getbbox() is not None  # there is ink
    assert ImageChops.difference(direct, pasted).getbbox() is None


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


# --- every script a member's name can be in, and emoji -------------------------------

SCRIPTS = {
    "Latin": "Zoë Łukasz",
    "Greek": "Αλέξανδρος",
    "Cyrillic": "Дмитрий",
    "Chinese": "李小龍 王小明",
    "Japanese": "さくら タロウ",
    "Korean": "김민준",
    "Arabic": "محمد علي",
    "Hebrew": "דוד כהן",
    "Devanagari": "अर्जुन",
    "Thai": "สมชาย",
    "Emoji": "😀🎉👍🏽🇫🇷❤️👨‍👩‍👧",
}
NOWHERE = "\U0010fffd"  # private use: no font has it


@pytest.fixture
def bundled_only(monkeypatch):
    """Only the fonts in renderers/fonts: what every machine has, Debian's Noto or not."""
    monkeypatch.setattr(text_drawing, "system_faces", lambda bold: ())
    text_drawing.face_for.cache_clear()
    text_drawing.runs.cache_clear()
    text_drawing.drawable_text.cache_clear()
    yield
    text_drawing.face_for.cache_clear()
    text_drawing.runs.cache_clear()
    text_drawing.drawable_text.cache_clear()


def glyph_picture(face: text_drawing.Face, character: str, size: int = 48) -> bytes:
    """How `face` draws `character`, alone, as grey pixels."""
    if face.colour:
        return text_drawing.emoji_image(character, size)[0].tobytes()
    loaded = text_drawing.face_font(face, size)
    image = Image.new("L", (4 * size, 2 * size), 0)
    from PIL import ImageDraw

    ImageDraw.Draw(image).text((size, 1.5 * size), character, font=loaded, fill=255, anchor="ls")
    return image.tobytes()


@pytest.mark.parametrize("bold", [True, False])
@pytest.mark.parametrize("script", SCRIPTS)
def test_every_script_and_emoji_has_a_real_glyph_in_the_bundled_fonts(bundled_only, script, bold):
    """Every character of the sample goes to a face whose character map has it, and
    that face draws it as something other than its missing-glyph box (.notdef)."""
    text = SCRIPTS[script]
    assert text_drawing.drawable_text(text, bold) == text  # nothing became a placeholder
    for character in text_drawing.characters(text):
        if character.isspace():
            continue
        face = text_drawing.face_for(character, bold)
        assert face is not None, (script, character)
        assert face.path.parent == RENDERERS_DIR / "fonts"
        assert ord(character[0]) in text_drawing.face_codepoints(face)
        if not face.colour:
            assert glyph_picture(face, character) != glyph_picture(face, NOWHERE), character
            assert any(glyph_picture(face, character)), character  # it has ink


def test_emoji_are_drawn_in_colour_and_cjk_with_ink():
    canvas = Canvas(400, 100, background=WHITE)
    canvas.text((10, 60), "李小龍 😀", 40, fill=INK)
    image = canvas.image()
    colours = {colour for _, colour in image.getcolors(100_000)}
    # The emoji's yellow: red and green high, blue low (ink and white are grey).
    assert any(r > 200 and g > 150 and b < 100 for r, g, b in colours)
    left_half = image.crop((0, 0, 200, 100)).convert("L")
    assert left_half.getextrema()[0] < 80  # dark CJK strokes


def test_a_character_no_font_has_is_one_placeholder(bundled_only):
    assert (
        text_drawing.drawable_text(f"{NOWHERE}{NOWHERE} x") == text_drawing.PLACEHOLDER * 2 + " x"
    )
    assert text_drawing.face_for(NOWHERE) is None


def test_emoji_style_characters_prefer_the_colour_face_and_text_style_stays_text():
    assert text_drawing.face_for("😀").colour  # DejaVu has a black-and-white one too
    assert text_drawing.face_for("❤️").colour  # asked for with U+FE0F
    assert text_drawing.face_for("🇫🇷").colour  # a flag
    assert not text_drawing.face_for("©").colour  # text by default
    assert not text_drawing.face_for("A").colour


def words(text: str) -> list[str]:
    """The runs of `text` as drawn, left to right, without the spaces between them."""
    return [run.text for run in text_drawing.runs(text) if run.text.strip()]


def test_right_to_left_runs_are_ordered_by_the_bidi_rules(bundled_only):
    assert words("Ali علي 😀") == ["Ali", "علي", "😀"]
    # A right-to-left name reads from the right: its first word is drawn last.
    assert words("علي Ali") == ["Ali", "علي"]
    assert [run.rtl for run in text_drawing.runs("علي Ali") if run.text.strip()] == [False, True]
    # An emoji between two Hebrew words belongs to their right-to-left stretch.
    assert words("דוד 😀 כהן") == ["כהן", "😀", "דוד"]
    # Spaces between runs stay between them, in either direction.
    assert "".join(run.text for run in text_drawing.runs("علي Ali")) == "Ali علي"


@pytest.mark.skipif(not text_drawing.RAQM, reason="Pillow without Raqm (install libfribidi0)")
def test_arabic_letters_are_joined(bundled_only):
    arabic = text_drawing.face_for("س")
    seen = text_drawing.face_font(arabic, 40)
    # Joined (initial, medial, final) forms are narrower than three isolated letters.
    assert seen.getlength("سسس") < 0.9 * 3 * seen.getlength("س")


def _drawn(text: str, size: int = 60) -> Image.Image:
    canvas = Canvas(300, 100, background=WHITE, scale=1)
    canvas.text((20, 80), text, size)
    return canvas.image().convert("L")


def _difference(a: Image.Image, b: Image.Image) -> int:
    return sum(abs(x - y) for x, y in zip(a.tobytes(), b.tobytes(), strict=True))


def test_hebrew_reads_right_to_left(bundled_only):
    """Alef then bet (logical order) puts bet on the left: the word's left part looks
    like bet drawn alone, not like alef."""
    alef, bet = "א", "ב"
    word = _drawn(alef + bet)
    width = round(text_drawing.text_width(bet, 60))
    left = (20, 0, 20 + width, 100)
    assert _difference(word.crop(left), _drawn(bet).crop(left)) < _difference(
        word.crop(left), _drawn(alef).crop(left)
    )


def test_without_raqm_hebrew_still_reads_right_to_left(bundled_only, monkeypatch):
    """Pillow's basic layout (no FriBiDi on the machine) does not reorder: the letters of
    a right-to-left run are reversed here instead."""
    monkeypatch.setattr(text_drawing, "RAQM", False)
    text_drawing.face_font.cache_clear()
    try:
        assert text_drawing.face_font(text_drawing.face_for("א"), 60).layout_engine == (
            ImageFont.Layout.BASIC
        )
        test_hebrew_reads_right_to_left(None)
    finally:
        text_drawing.face_font.cache_clear()


@pytest.mark.skipif(not text_drawing.RAQM, reason="Pillow without Raqm (install libfribidi0)")
def test_devanagari_vowel_sign_i_is_placed_before_its_consonant():
    """कि is ka + the vowel sign i, drawn to the LEFT of ka: shaped, not in code order."""
    face = text_drawing.face_for("क")
    loaded = text_drawing.face_font(face, 60)
    ka_box = loaded.getbbox("क", anchor="ls")
    ki_box = loaded.getbbox("कि", anchor="ls")
    assert loaded.getlength("कि") < loaded.getlength("क") + loaded.getlength("ि") - 1
    assert ki_box[1] < ka_box[1]  # the sign's loop rises above the head line


def test_mixed_text_width_is_the_sum_of_its_runs():
    for text in SCRIPTS.values():
        parts = text_drawing.runs(text)
        assert text_drawing.text_width(text, 30) == pytest.approx(
            sum(text_drawing._run_width(run, 30) for run in parts)
        )
        assert text_drawing.text_width(text, 30) > 0


def test_fit_lines_shrinks_then_wraps_and_never_cuts_a_word():
    short = "Letter Boxed: Puzzles"
    assert common.fit_lines(short, 44, 30, 736) == (44, [short])
    long_title = "All puzzles: Puzzle Test Server of the Very Long Name Society of Wallop"
    size, lines = common.fit_lines(long_title, 44, 30, 736)
    assert 30 <= size <= 44
    assert " ".join(lines) == long_title  # every word, whole and in order
    assert all(text_width(line, size) <= 736 for line in lines)
    assert text_drawing.ELLIPSIS not in "".join(lines)
    medium = "All puzzles: Puzzle Test Server Name"
    size, lines = common.fit_lines(medium, 44, 30, 736)
    assert lines == [medium] and size < 44  # shrunk a little rather than wrapped


def test_fit_lines_splits_only_a_word_wider_than_the_line():
    cjk = "李小龍" * 20  # no spaces: breaks between characters, as CJK does
    size, lines = common.fit_lines(cjk, 44, 30, 300, max_lines=2)
    assert size == 30 and len(lines) > 2
    assert "".join(lines) == cjk
    assert all(text_width(line, size) <= 300 for line in lines)


def test_a_script_not_bundled_comes_from_debian_noto_when_installed():
    tamil = text_drawing.SYSTEM_NOTO / "NotoSansTamil-Regular.ttf"
    if not tamil.is_file():
        pytest.skip("Debian's fonts-noto-core is not installed")
    assert text_drawing.face_for("த", bold=False) == text_drawing.Face(tamil)  # DejaVu has no Tamil
    assert text_drawing.drawable_text("தமிழ்", bold=False) == "தமிழ்"
