"""Drawing helpers shared by every puzzle renderer: fonts, colours, a canvas, PNG output.

Renderers are pure functions (puzzle, solution or state) -> PNG bytes that run in
worker processes, so everything here is synchronous and module-level. The only file
access is reading the bundled DejaVu fonts in renderers/fonts/ (never system fonts).

Drawing goes through `Canvas`, which draws at SUPERSAMPLE times the final size and
shrinks by box averaging at the end: lines, dots and text come out anti-aliased, and
the inside of any shape keeps its exact colour (tests can look for path colours).
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import regex
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILES = {True: FONT_DIR / "DejaVuSans-Bold.ttf", False: FONT_DIR / "DejaVuSans.ttf"}

# Canvas width in pixels. Discord previews images about 400 px wide, so text drawn at
# this width is seen at half size: keep body text >= 26 px and headline letters >= 56 px.
WIDTH = 800
SUPERSAMPLE = 2

Colour = tuple[int, int, int]
Point = tuple[float, float]

# Theme: a warm off-white card, white puzzle surfaces, near-black ink.
BACKGROUND: Colour = (250, 247, 242)
SURFACE: Colour = (255, 255, 255)
INK: Colour = (28, 28, 30)
MUTED: Colour = (102, 102, 108)
WHITE: Colour = (255, 255, 255)

# Okabe & Ito (2008), "Color Universal Design": distinguishable with every common
# form of colour blindness.
OKABE_ITO: dict[str, Colour] = {
    "black": (0, 0, 0),
    "orange": (230, 159, 0),
    "sky blue": (86, 180, 233),
    "bluish green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "blue": (0, 114, 178),
    "vermillion": (213, 94, 0),
    "reddish purple": (204, 121, 167),
}

# Colours for paths, words and highlights, in order. Each differs from its neighbours
# in hue and lightness (also across the wrap from last to first); yellow is left out
# (invisible on white) and black is the ink.
PATH_COLOURS: tuple[Colour, ...] = tuple(
    OKABE_ITO[name]
    for name in ("blue", "vermillion", "bluish green", "reddish purple", "sky blue", "orange")
)


def path_colour(index: int) -> Colour:
    """The colour of the index-th path (0-based); cycles after len(PATH_COLOURS)."""
    return PATH_COLOURS[index % len(PATH_COLOURS)]


def relative_luminance(colour: Colour) -> float:
    """WCAG 2 relative luminance, 0 (black) to 1 (white)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: Colour, b: Colour) -> float:
    """WCAG 2 contrast ratio, 1 (same) to 21 (black on white)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_colour_on(fill: Colour) -> Colour:
    """WHITE or INK, whichever reads better on `fill`."""
    return WHITE if contrast_ratio(WHITE, fill) >= contrast_ratio(INK, fill) else INK


@cache
def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans (Bold by default) at `size` pixels, loaded once per size."""
    return ImageFont.truetype(str(FONT_FILES[bold]), size)


def text_width(text: str, size: int, bold: bool = True) -> float:
    """Advance width of `text` in pixels at `size`."""
    return font(size, bold).getlength(text)


def cap_height(size: int, bold: bool = True) -> float:
    """Height of a capital letter at `size`: the visual height of an upper-case line."""
    _, top, _, bottom = font(size, bold).getbbox("H", anchor="ls")
    return bottom - top


def ink_size(text: str, size: int, bold: bool = True) -> tuple[float, float]:
    """Width and height of the inked pixels of `text` (tighter than the advance box)."""
    left, top, right, bottom = font(size, bold).getbbox(text, anchor="ls")
    return right - left, bottom - top


def wrap_text(text: str, size: int, max_width: float, bold: bool = True) -> list[str]:
    """Split `text` into lines no wider than max_width, breaking at spaces.

    A single word wider than max_width gets a line of its own (it is not broken).
    """
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if current and text_width(candidate, size, bold) > max_width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def flow(widths: Sequence[float], max_width: float, gap: float) -> list[list[int]]:
    """Pack items of the given widths into rows no wider than max_width (indices per row).

    Like wrap_text for boxes (chips, tiles): items stay in order, and an item wider
    than max_width gets a row of its own.
    """
    rows: list[list[int]] = []
    used = 0.0
    for index, width in enumerate(widths):
        if rows and rows[-1] and used + gap + width <= max_width:
            rows[-1].append(index)
            used += gap + width
        else:
            rows.append([index])
            used = width
    return rows


class Canvas:
    """An RGB image addressed in final pixels, drawn SUPERSAMPLE times larger.

    Coordinates and sizes are given at the final size; `image()` and `png()` return
    the anti-aliased result at that size.
    """

    def __init__(
        self,
        width: int,
        height: int,
        background: Colour = BACKGROUND,
        scale: int = SUPERSAMPLE,
    ):
        self.width = width
        self.height = height
        self.scale = scale
        self._image = Image.new("RGB", (width * scale, height * scale), background)
        self._draw = ImageDraw.Draw(self._image)

    def _xy(self, point: Point) -> tuple[float, float]:
        return point[0] * self.scale, point[1] * self.scale

    def _w(self, width: float) -> int:
        return max(1, round(width * self.scale))

    def line(self, points: Sequence[Point], fill: Colour, width: float) -> None:
        """A polyline with rounded joints and round ends."""
        if not points:
            return
        scaled = [self._xy(p) for p in points]
        if len(scaled) > 1:
            self._draw.line(scaled, fill=fill, width=self._w(width), joint="curve")
        for end in (points[0], points[-1]):
            self.circle(end, width / 2, fill=fill)

    def polygon(
        self,
        points: Sequence[Point],
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 1,
    ) -> None:
        """A closed polygon; the outline is centred on the edges, with rounded corners."""
        scaled = [self._xy(p) for p in points]
        if fill is not None:
            self._draw.polygon(scaled, fill=fill)
        if outline is not None:
            self.line([*points, points[0]], fill=outline, width=width)
            for corner in points:
                self.circle(corner, width / 2, fill=outline)

    def circle(
        self,
        centre: Point,
        radius: float,
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 1,
    ) -> None:
        x, y = self._xy(centre)
        r = radius * self.scale
        self._draw.ellipse(
            (x - r, y - r, x + r, y + r),
            fill=fill,
            outline=outline,
            width=self._w(width) if outline is not None else 0,
        )

    def rounded_rectangle(
        self,
        box: tuple[float, float, float, float],
        radius: float,
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 1,
    ) -> None:
        left, top = self._xy(box[:2])
        right, bottom = self._xy(box[2:])
        self._draw.rounded_rectangle(
            (left, top, right, bottom),
            radius=radius * self.scale,
            fill=fill,
            outline=outline,
            width=self._w(width) if outline is not None else 0,
        )

    def text(
        self,
        point: Point,
        text: str,
        size: int,
        fill: Colour = INK,
        bold: bool = True,
        anchor: str = "ls",
    ) -> None:
        """Text placed by a Pillow anchor ('ls' = left baseline, 'ms' = middle baseline...)."""
        self._draw.text(
            self._xy(point), text, font=font(size * self.scale, bold), fill=fill, anchor=anchor
        )

    def text_centred(
        self, centre: Point, text: str, size: int, fill: Colour = INK, bold: bool = True
    ) -> None:
        """Text whose inked pixels are centred on `centre` (best for single letters)."""
        f = font(size * self.scale, bold)
        left, top, right, bottom = f.getbbox(text, anchor="ls")
        x, y = self._xy(centre)
        self._draw.text(
            (x - (left + right) / 2, y - (top + bottom) / 2), text, font=f, fill=fill, anchor="ls"
        )

    def text_line_centred(
        self, centre: Point, text: str, size: int, fill: Colour = INK, bold: bool = True
    ) -> None:
        """A line of text centred horizontally on centre[0], with its capitals centred
        vertically on centre[1], so lines of different text share a baseline."""
        x, y = centre
        self.text((x, y + cap_height(size, bold) / 2), text, size, fill, bold, anchor="ms")

    def text_wrapped(
        self,
        centre_x: float,
        top: float,
        text: str,
        size: int,
        max_width: float,
        fill: Colour = INK,
        bold: bool = True,
        line_height: float | None = None,
    ) -> float:
        """Centred lines of wrapped text starting at `top`; returns the y below the last line."""
        step = line_height if line_height is not None else size * 1.3
        y = top
        for line in wrap_text(text, size, max_width, bold):
            self.text_line_centred((centre_x, y + step / 2), line, size, fill, bold)
            y += step
        return y

    def image(self) -> Image.Image:
        """The finished drawing at its final size."""
        if self.scale == 1:
            return self._image.copy()
        return self._image.reduce(self.scale)

    def png(self, optimize: bool = True) -> bytes:
        return png_bytes(self.image(), optimize)


def png_bytes(image: Image.Image, optimize: bool = True) -> bytes:
    """Encode as PNG, optimised unless told not to (deterministic: no timestamps or
    text chunks). optimize=False encodes tall pictures several times faster (about
    60 ms instead of 400 ms for 800x1700) for a few percent more bytes."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=optimize)
    return buffer.getvalue()


# --- text from users (member names): any Unicode, drawn with what DejaVu has ---------

PLACEHOLDER = "\ufffd"  # U+FFFD REPLACEMENT CHARACTER, drawn for a character DejaVu lacks
ELLIPSIS = "\u2026"
# Combining marks kept on one character: enough for any real accent, and stops the
# tall "Zalgo" stacks some names use from spilling over the lines around them.
MAX_MARKS_PER_CHARACTER = 2
_MARKS = frozenset({"Mn", "Me"})
# Parts of a character that only modify how it looks (accents, joiners, variation
# selectors, skin tones): when the font lacks one, the character is drawn without it.
_DECORATIONS = _MARKS | {"Cf"}
_SKIN_TONES = range(0x1F3FB, 0x1F400)
_CHARACTER = regex.compile(r"\X")  # one extended grapheme cluster


@cache
def font_codepoints(bold: bool = True) -> frozenset[int]:
    """The code points the bundled font has a glyph for (its character map)."""
    with TTFont(FONT_FILES[bold], lazy=True) as ttf:
        return frozenset(ttf.getBestCmap())


def characters(text: str) -> list[str]:
    """`text` split into user-perceived characters (Unicode extended grapheme clusters):
    a letter with its accents, a flag, or an emoji family joined by ZWJs is one item."""
    return _CHARACTER.findall(text)


def _is_decoration(codepoint: str) -> bool:
    return unicodedata.category(codepoint) in _DECORATIONS or ord(codepoint) in _SKIN_TONES


def _drawable_character(character: str, available: frozenset[int]) -> str:
    """The character as the font can draw it: whole, without the decorations the font
    lacks, PLACEHOLDER if it lacks the character itself, or '' for an invisible one."""
    base, rest = character[0], character[1:]
    if base.isspace() or unicodedata.category(base) == "Cc":
        return " "
    if any(ord(c) not in available and not _is_decoration(c) for c in character):
        return PLACEHOLDER
    if _is_decoration(base):
        return ""  # a stray mark, or an invisible one such as a zero-width space
    kept, marks = [base], 0
    for codepoint in rest:
        if ord(codepoint) not in available:
            continue
        if unicodedata.category(codepoint) in _MARKS:
            marks += 1
            if marks > MAX_MARKS_PER_CHARACTER:
                continue
        kept.append(codepoint)
    return "".join(kept)


def drawable_text(text: str, bold: bool = True) -> str:
    """`text` on one line with only what the bundled font can draw: each character it
    lacks (CJK, most emoji) becomes one PLACEHOLDER instead of a tofu box; runs of
    spaces, tabs and newlines become one space."""
    available = font_codepoints(bold)
    drawn = "".join(
        _drawable_character(character, available)
        for character in characters(unicodedata.normalize("NFC", text))
    )
    return " ".join(drawn.split())


def fit_text(text: str, size: int, max_width: float, bold: bool = True) -> str:
    """`text` if it fits in max_width at `size`, else its longest prefix of whole
    characters (never half an emoji) that fits with an ellipsis after it."""
    if text_width(text, size, bold) <= max_width:
        return text
    parts = characters(text)

    def shortened(count: int) -> str:
        return "".join(parts[:count]).rstrip() + ELLIPSIS

    fits, too_long = 0, len(parts)  # shortened(fits) fits (or is the bare ellipsis)
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if text_width(shortened(middle), size, bold) <= max_width:
            fits = middle
        else:
            too_long = middle
    return shortened(fits)
