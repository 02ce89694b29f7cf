"""Drawing helpers shared by every puzzle renderer: fonts, colours, a canvas, PNG output.

Renderers are pure functions (puzzle, solution or state) -> PNG bytes that run in
worker processes, so everything here is synchronous and module-level. The only file
access is reading fonts: the bundled ones in renderers/fonts/ (DejaVu Sans for Latin,
Greek and Cyrillic; Noto for Arabic, Hebrew, Devanagari, Thai, CJK and colour emoji),
and Debian's Noto fonts, when installed, for a character none of those has.

Drawing goes through `Canvas`, which draws at SUPERSAMPLE times the final size and
shrinks by box averaging at the end: lines, dots and text come out anti-aliased, and
the inside of any shape keeps its exact colour (tests can look for path colours). A
canvas made with scale=1 draws at the final size, about twice as fast: FreeType smooths
the text, upright lines and squares need no smoothing, and circles, angled lines and
rounded corners are drawn through small cached masks drawn SMOOTHING times larger.
Every renderer but Letter Boxed (its box is any polygon) draws so.
"""

from __future__ import annotations

import io
import math
import struct
import unicodedata
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import regex
from fontTools.ttLib import TTFont
from isal import isal_zlib
from PIL import Image, ImageDraw, ImageFont, features

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


@lru_cache(maxsize=4096)
def ink_box(text: str, size: int, bold: bool = True) -> tuple[int, int, int, int]:
    """Left, top, right and bottom of the inked pixels of `text` at `size`, from a pen
    on the baseline."""
    return font(size, bold).getbbox(text, anchor="ls")


@lru_cache(maxsize=4096)
def text_mask(
    font_: ImageFont.FreeTypeFont, text: str, anchor: str
) -> tuple[Image.Image, int, int]:
    """`text` in `font_` as a coverage mask ('L': 255 where fully inked) and the offset of
    the mask's top left from the anchor point. Laying out and rendering text is most of
    the time of drawing it: a text that comes again (pencil marks, letters, digits, the
    headings of a table, the names on a board) is rendered once per worker and pasted."""
    left, top, right, bottom = font_.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=font_, fill=255, anchor=anchor)
    return mask, left, top


def paste_text(
    draw: ImageDraw.ImageDraw,
    point: Point,
    text: str,
    font_: ImageFont.FreeTypeFont,
    fill: Colour,
    anchor: str = "ls",
) -> None:
    """Draw `text` from its cached mask, placed by a Pillow anchor at the nearest whole
    pixel to `point` (of the drawing: a quarter of a final pixel when supersampled)."""
    mask, left, top = text_mask(font_, text, anchor)
    draw.bitmap((round(point[0]) + left, round(point[1]) + top), mask, fill=fill)


def cap_height(size: int, bold: bool = True) -> float:
    """Height of a capital letter at `size`: the visual height of an upper-case line."""
    _, top, _, bottom = ink_box("H", size, bold)
    return bottom - top


READABLE_GLYPHS = "0H"  # a digit and a capital: the ink whose height makes text readable


def capital_height(size: int, bold: bool = True) -> float:
    """Height of the ink of a digit or a capital at `size`, the smaller of the two: what
    a reader sees as the size of a number or a word in capitals."""
    return min(ink_size(glyph, size, bold)[1] for glyph in READABLE_GLYPHS)


def ink_size(text: str, size: int, bold: bool = True) -> tuple[float, float]:
    """Width and height of the inked pixels of `text` (tighter than the advance box)."""
    left, top, right, bottom = ink_box(text, size, bold)
    return right - left, bottom - top


def _readable_size() -> int:
    from renderers import min_font_size  # the package's rule, once capital_height exists

    return min_font_size(WIDTH)


# The smallest font size of any text on a WIDTH px picture: its digits and capitals are
# MIN_TEXT_PX high on a phone.
READABLE_SIZE = _readable_size()


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


# A canvas drawn at its final size (scale=1) draws lines at an angle and circles this many
# times larger into a coverage mask and shrinks it, as a supersampled canvas would.
SMOOTHING = 4


def _to_smoothing(value: float) -> float:
    """`value` to the nearest 1/SMOOTHING of a pixel: shapes repeated at the same offset
    from the pixel grid (a hint's struck-out marks) share one cached mask."""
    return round(value * SMOOTHING) / SMOOTHING


@lru_cache(maxsize=4096)
def smooth_mask(shape: tuple, points: tuple[Point, ...], size: tuple[int, int]) -> Image.Image:
    """The coverage mask ('L') of `shape` at `points` (pixels from the mask's top left):
    ("line", width) a polyline with round joints and ends, ("disc", radius) a filled
    circle, ("ring", radius, width) a circle's outline drawn inside its radius."""
    big = Image.new("L", (size[0] * SMOOTHING, size[1] * SMOOTHING))
    draw = ImageDraw.Draw(big)
    at = [(x * SMOOTHING, y * SMOOTHING) for x, y in points]

    def disc(centre: Point, radius: float, **style) -> None:
        x, y = centre
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), **style)

    if shape[0] == "line":
        width = shape[1] * SMOOTHING
        if len(at) > 1:
            draw.line(at, fill=255, width=max(1, round(width)), joint="curve")
        for end in (at[0], at[-1]):
            disc(end, width / 2, fill=255)
    elif shape[0] == "disc":
        disc(at[0], shape[1] * SMOOTHING, fill=255)
    else:
        disc(at[0], shape[1] * SMOOTHING, outline=255, width=max(1, round(shape[2] * SMOOTHING)))
    return big.reduce(SMOOTHING)


@lru_cache(maxsize=256)
def corner_mask(radius: int, line: int, turn: Image.Transpose | None) -> Image.Image:
    """The radius x radius coverage mask of a rounded rectangle's top left corner (turned
    by `turn` for the others): the quarter disc, or with `line` its outline that wide."""
    big = Image.new("L", (radius * SMOOTHING, radius * SMOOTHING))
    bounds = (0, 0, 2 * radius * SMOOTHING - 1, 2 * radius * SMOOTHING - 1)
    if line:
        ImageDraw.Draw(big).ellipse(bounds, outline=255, width=line * SMOOTHING)
    else:
        ImageDraw.Draw(big).ellipse(bounds, fill=255)
    mask = big.reduce(SMOOTHING)
    return mask if turn is None else mask.transpose(turn)


def _upright(start: Point, end: Point) -> bool:
    """Whether the segment runs straight across or straight down."""
    return start[0] == end[0] or start[1] == end[1]


@dataclass(frozen=True)
class Filled:
    """A puzzle being filled in by hand (a co-op game): the letters so far by square (a
    cryptogram's cipher letter, a codeword's number), the squares just changed (marked), and a
    line under the picture. Renderers of kinds that can be filled in draw it."""

    letters: tuple[tuple[str | int, str], ...]
    new: tuple[str | int, ...] = ()
    message: str = ""


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
        if len(scaled) == 2 and _upright(*scaled):
            self._band(scaled[0], scaled[1], self._w(width), fill)
        elif self.scale == 1:  # drawn smooth with its round ends, in one mask
            self._smooth(("line", width), points, width / 2, fill)
            return
        elif len(scaled) > 1:
            self._draw.line(scaled, fill=fill, width=self._w(width), joint="curve")
        for end in (points[0], points[-1]):
            self.circle(end, width / 2, fill=fill)

    def _band(self, start: Point, end: Point, width: int, fill: Colour) -> None:
        """An upright segment `width` pixels wide, as the pixels whose centres lie in it: a
        rectangle, a few times faster to fill than Pillow's wide line (a polygon), which
        grids and rules are made of."""
        (x0, y0), (x1, y1) = sorted((start, end))
        half = width / 2
        if y0 == y1:
            x0, x1, y0, y1 = x0, x1, y0 - half, y0 + half
        else:
            x0, x1, y0, y1 = x0 - half, x0 + half, y0, y1
        # The first pixel whose centre is in, and the first past it (at least one pixel).
        left, top = math.ceil(x0 - 0.5), math.ceil(y0 - 0.5)
        right = max(left + 1, math.ceil(x1 - 0.5))
        bottom = max(top + 1, math.ceil(y1 - 0.5))
        self._fill_pixels(left, top, right, bottom, fill)

    def _smooth(self, shape: tuple, points: Sequence[Point], reach: float, fill: Colour) -> None:
        """A shape Pillow draws only aliased (`smooth_mask`), on a canvas at its final
        size: placed from the whole pixel at the top left of its points less `reach`."""
        left = math.floor(min(x for x, _ in points) - reach)
        top = math.floor(min(y for _, y in points) - reach)
        right = max(left + 1, math.ceil(max(x for x, _ in points) + reach))
        bottom = max(top + 1, math.ceil(max(y for _, y in points) + reach))
        relative = tuple((_to_smoothing(x - left), _to_smoothing(y - top)) for x, y in points)
        mask = smooth_mask(shape, relative, (right - left, bottom - top))
        self._draw.bitmap((left, top), mask, fill=fill)

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
        if self.scale == 1:
            if fill is not None:
                self._smooth(("disc", radius), [centre], radius, fill)
            if outline is not None:
                self._smooth(("ring", radius, width), [centre], radius, outline)
            return
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
        if self.scale == 1 and radius >= 1:
            self._smooth_rounded_rectangle(box, radius, fill, outline, width)
            return
        left, top = self._xy(box[:2])
        right, bottom = self._xy(box[2:])
        self._draw.rounded_rectangle(
            (left, top, right, bottom),
            radius=radius * self.scale,
            fill=fill,
            outline=outline,
            width=self._w(width) if outline is not None else 0,
        )

    def _smooth_rounded_rectangle(
        self,
        box: tuple[float, float, float, float],
        radius: float,
        fill: Colour | None,
        outline: Colour | None,
        width: float,
    ) -> None:
        """A rounded rectangle on a canvas at final size, over the pixels Pillow's would
        cover: the straight parts filled as rectangles, the corners from smooth masks
        (Pillow draws them jagged). The outline lies inside the box, as Pillow's does."""
        left, top = round(box[0]), round(box[1])
        right, bottom = round(box[2]) + 1, round(box[3]) + 1  # past the last pixel
        r = min(round(radius), (right - left) // 2, (bottom - top) // 2)
        if r < 1:  # too small a box for its corners to show: Pillow's square one
            self._draw.rectangle(box, fill=fill, outline=outline, width=self._w(width))
            return
        corners = {
            (left, top): None,
            (right - r, top): Image.Transpose.FLIP_LEFT_RIGHT,
            (left, bottom - r): Image.Transpose.FLIP_TOP_BOTTOM,
            (right - r, bottom - r): Image.Transpose.ROTATE_180,
        }
        if fill is not None:
            self._fill_pixels(left + r, top, right - r, bottom, fill)
            self._fill_pixels(left, top + r, right, bottom - r, fill)
            for corner, turn in corners.items():
                self._draw.bitmap(corner, corner_mask(r, 0, turn), fill=fill)
        if outline is not None:
            line = self._w(width)
            self._fill_pixels(left + r, top, right - r, top + line, outline)
            self._fill_pixels(left + r, bottom - line, right - r, bottom, outline)
            self._fill_pixels(left, top + r, left + line, bottom - r, outline)
            self._fill_pixels(right - line, top + r, right, bottom - r, outline)
            for corner, turn in corners.items():
                self._draw.bitmap(corner, corner_mask(r, line, turn), fill=outline)

    def _fill_pixels(self, left: int, top: int, right: int, bottom: int, fill: Colour) -> None:
        """The pixels from (left, top) up to, not including, (right, bottom), if any."""
        if right > left and bottom > top:
            self._draw.rectangle((left, top, right - 1, bottom - 1), fill=fill)

    def text(
        self,
        point: Point,
        text: str,
        size: int,
        fill: Colour = INK,
        bold: bool = True,
        anchor: str = "ls",
    ) -> None:
        """Text placed by a Pillow anchor ('ls' = left baseline, 'ms' = middle baseline...).
        Any script and emoji: text DejaVu lacks is drawn with the other faces (FACES)."""
        if _single_font(text, bold):
            paste_text(
                self._draw, self._xy(point), text, font(size * self.scale, bold), fill, anchor
            )
        else:
            draw_runs(self._image, self._xy(point), text, size * self.scale, fill, bold, anchor)

    def text_centred(
        self, centre: Point, text: str, size: int, fill: Colour = INK, bold: bool = True
    ) -> None:
        """Text whose inked pixels are centred on `centre` (best for single letters)."""
        left, top, right, bottom = ink_box(text, size * self.scale, bold)
        x, y = self._xy(centre)
        middle = (x - (left + right) / 2, y - (top + bottom) / 2)
        paste_text(self._draw, middle, text, font(size * self.scale, bold), fill)

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
        final = self._final()
        return final.copy() if final is self._image else final

    def png(self) -> bytes:
        return png_bytes(self._final())

    def _final(self) -> Image.Image:
        """The drawing at its final size: itself when not supersampled (not a copy)."""
        return self._image if self.scale == 1 else self._image.reduce(self.scale)


# PNG output. Pillow's encoder tries all five PNG row filters on every row and keeps the
# best, which costs more than compressing: about 15 ms of an 800x900 picture at zlib level
# 1, and 110 ms with optimize=True. Here the rows go unfiltered to ISA-L (the isal
# package), whose deflate finds the repeats of flat-colour pictures itself, ten times
# faster than zlib: an 800x900 picture encodes in 2 to 3 ms, lossless, into a file
# mostly 10 to 40% larger than optimize=True's (unfiltered rows came out smaller than
# "Up"-filtered ones in ISA-L, and faster).
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_LEVEL = 1  # ISA-L's levels 0-3: 1 is as fast as 0 and as small as 2; 3 is 10x slower
PNG_COLOUR_TYPES = {"L": 0, "RGB": 2, "RGBA": 6}
PNG_NO_FILTER = b"\x00"


def png_bytes(image: Image.Image) -> bytes:
    """Encode as PNG, fast and deterministic (no timestamps or text chunks)."""
    colour_type = PNG_COLOUR_TYPES.get(image.mode)
    if colour_type is None:  # not drawn here (palette, 16-bit): Pillow's own encoder
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", compress_level=PNG_LEVEL)
        return buffer.getvalue()
    width, height = image.size
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return b"".join(
        (
            PNG_SIGNATURE,
            _png_chunk(b"IHDR", header),
            _png_chunk(b"IDAT", _deflated_rows(image)),
            _png_chunk(b"IEND", b""),
        )
    )


def _deflated_rows(image: Image.Image) -> bytes:
    """The picture's rows, each after its PNG filter type (none), deflated as one stream
    (fed row by row: no copy of the whole picture with the filter bytes put in)."""
    pixels = memoryview(image.tobytes())
    stride = len(pixels) // image.height
    deflate = isal_zlib.compressobj(PNG_LEVEL)
    parts = []
    for start in range(0, len(pixels), stride):
        parts.append(deflate.compress(PNG_NO_FILTER))
        parts.append(deflate.compress(pixels[start : start + stride]))
    parts.append(deflate.flush())
    return b"".join(parts)


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


# --- text from users (member names): any script, and emoji ------------------------
#
# A name is split into user-perceived characters, and each is drawn with the first face
# of FACES that has all of it (emoji-style characters try the emoji face first). Runs of
# characters sharing a face are drawn one after the other, ordered right-to-left where the
# Unicode bidirectional rules say so; inside a run Pillow's Raqm layout (HarfBuzz and
# FriBiDi) joins Arabic letters and places Devanagari and Thai marks. The bundled faces
# (renderers/fonts, built by scripts/build_fonts.py) are the guaranteed base; Noto fonts
# from Debian's packages, when installed, are asked only for a character none of them has.

PLACEHOLDER = "\ufffd"  # U+FFFD REPLACEMENT CHARACTER, drawn for a character no font has
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
# A character drawn as a colour emoji: emoji by default, or asked for with U+FE0F, a
# keycap, or a flag's regional indicators.
EMOJI_STYLE = "\ufe0f"  # VARIATION SELECTOR-16: "draw the character before as an emoji"
_EMOJI_STYLE = regex.compile(r"\p{Emoji_Presentation}|\ufe0f|\u20e3|[\U0001F1E6-\U0001F1FF]")
RAQM = features.check("raqm")  # Pillow's shaping layout: needs FriBiDi on the system
# Colour emoji are drawn at this fraction of the text size in ems. Noto's emoji are 1.19 em
# tall, so they come out about as tall as the text size: a little above the capitals,
# without towering over the line.
EMOJI_EM = 0.85


@dataclass(frozen=True)
class Face:
    path: Path
    index: int = 0  # the face's number in a font collection (.ttc)
    colour: bool = False  # a colour bitmap font (emoji), drawn at its strike size and scaled


def _bundled(name: str) -> Face:
    return Face(FONT_DIR / name)


def _chain(weight: str, dejavu: str) -> tuple[Face, ...]:
    """Bundled faces in the order they are asked. The script fonts come first, so Arabic
    and Hebrew (which DejaVu has too, in plainer forms) are Noto's; each is cut down to
    its own script, so it never takes a Latin letter or a digit from DejaVu."""
    scripts = [_bundled(f"NotoSans{s}-{weight}.ttf") for s in ("Arabic", "Hebrew")]
    scripts += [_bundled(f"NotoSans{s}-{weight}.ttf") for s in ("Devanagari", "Thai")]
    chain = (*scripts, _bundled(dejavu), _bundled(f"NotoSansCJKsc-{weight}-subset.otf"))
    return tuple(face for face in (*chain, EMOJI_FACE) if face.path.is_file())


EMOJI_FACE = Face(FONT_DIR / "NotoColorEmoji-small.ttf", colour=True)
FACES: dict[bool, tuple[Face, ...]] = {
    True: _chain("Bold", "DejaVuSans-Bold.ttf"),
    False: _chain("Regular", "DejaVuSans.ttf"),
}
DEJAVU: dict[bool, Face] = {bold: _bundled(path.name) for bold, path in FONT_FILES.items()}

# Debian's fonts, asked (in this order) for characters the bundled faces lack: the whole
# Noto Sans CJK (fonts-noto-cjk), then every Noto Sans script font (fonts-noto-core).
SYSTEM_CJK = Path("/usr/share/fonts/opentype/noto")
SYSTEM_NOTO = Path("/usr/share/fonts/truetype/noto")
SYSTEM_CJK_SC = 2  # Noto Sans CJK SC's number in the collection, like the bundled subset


@cache
def system_faces(bold: bool) -> tuple[Face, ...]:
    """The installed Debian Noto faces of this weight (none when not installed)."""
    weight = "Bold" if bold else "Regular"
    faces = []
    cjk = SYSTEM_CJK / f"NotoSansCJK-{weight}.ttc"
    if cjk.is_file():
        faces.append(Face(cjk, SYSTEM_CJK_SC))
    if SYSTEM_NOTO.is_dir():
        faces += [Face(p) for p in sorted(SYSTEM_NOTO.glob(f"NotoSans*-{weight}.ttf"))]
    return tuple(faces)


@cache
def face_codepoints(face: Face) -> frozenset[int]:
    """The code points `face` has a glyph for (its character map)."""
    with TTFont(face.path, lazy=True, fontNumber=face.index) as ttf:
        return frozenset(ttf.getBestCmap())


@cache
def font_codepoints(bold: bool = True) -> frozenset[int]:
    """The code points the bundled DejaVu font has a glyph for (its character map)."""
    return face_codepoints(DEJAVU[bold])


@cache
def _dejavu_only(bold: bool) -> frozenset[str]:
    """Characters drawn with DejaVu whatever surrounds them: text made only of these
    takes the one-font path (no runs, no bidi), as fast as before any other font."""
    taken = set()
    for face in FACES[bold]:
        if face == DEJAVU[bold]:
            break
        taken |= face_codepoints(face)
    taken = {c for c in taken if not chr(c).isspace()}  # spaces go with the words around
    emoji_style = {c for c in map(chr, font_codepoints(bold)) if _EMOJI_STYLE.match(c)}
    plain = {chr(c) for c in font_codepoints(bold) - taken} - emoji_style
    return frozenset(plain - {chr(c) for c in range(0x0590, 0x0900)})  # right-to-left


def _is_decoration(codepoint: str) -> bool:
    return unicodedata.category(codepoint) in _DECORATIONS or ord(codepoint) in _SKIN_TONES


def _covers(face: Face, character: str) -> bool:
    available = face_codepoints(face)
    return all(ord(c) in available or _is_decoration(c) for c in character) and (
        ord(character[0]) in available
    )


@lru_cache(maxsize=8192)
def face_for(character: str, bold: bool = True) -> Face | None:
    """The face that draws `character` (one user-perceived character), or None when no
    font here has it. Emoji-style characters go to the emoji face first."""
    bundled = FACES[bold]
    if _EMOJI_STYLE.search(character) and EMOJI_FACE in bundled:
        bundled = (EMOJI_FACE, *bundled)
    for face in (*bundled, *system_faces(bold)):
        if _covers(face, character):
            return face
    return None


def characters(text: str) -> list[str]:
    """`text` split into user-perceived characters (Unicode extended grapheme clusters):
    a letter with its accents, a flag, or an emoji family joined by ZWJs is one item."""
    return _CHARACTER.findall(text)


def _drawable_character(character: str, bold: bool) -> str:
    """The character as a font here can draw it: whole, without the decorations its font
    lacks, PLACEHOLDER if no font has the character itself, or '' for an invisible one."""
    base, rest = character[0], character[1:]
    if base.isspace() or unicodedata.category(base) == "Cc":
        return " "
    face = face_for(character, bold)
    if face is None:
        return PLACEHOLDER
    if _is_decoration(base):
        return ""  # a stray mark, or an invisible one such as a zero-width space
    available = face_codepoints(face)
    kept, marks = [base], 0
    for codepoint in rest:
        if ord(codepoint) not in available and not (face.colour and codepoint == EMOJI_STYLE):
            continue  # (U+FE0F stays: it is what makes "❤️" an emoji, not a text heart)
        if unicodedata.category(codepoint) in _MARKS:
            marks += 1
            if marks > MAX_MARKS_PER_CHARACTER:
                continue
        kept.append(codepoint)
    return "".join(kept)


@lru_cache(maxsize=4096)  # the same names come back board after board
def drawable_text(text: str, bold: bool = True) -> str:
    """`text` on one line with only what the fonts here can draw: each character none
    has becomes one PLACEHOLDER instead of a tofu box; runs of spaces, tabs and newlines
    become one space."""
    drawn = "".join(
        _drawable_character(character, bold)
        for character in characters(unicodedata.normalize("NFC", text))
    )
    return " ".join(drawn.split())


# --- runs: the pieces of a line drawn with one face each ----------------------------


@dataclass(frozen=True)
class Run:
    face: Face
    text: str
    rtl: bool  # drawn right to left (Arabic, Hebrew)


def _strong_direction(text: str) -> str | None:
    """'R' or 'L' for the first strongly directional character of `text`, else None."""
    for c in text:
        kind = unicodedata.bidirectional(c)
        if kind in ("R", "AL"):
            return "R"
        if kind == "L":
            return "L"
    return None


def _logical_runs(text: str, bold: bool) -> list[tuple[Face, str]]:
    runs: list[tuple[Face, list[str]]] = []
    for character in characters(text):
        if character.isspace():  # a space belongs to the words around it
            face = runs[-1][0] if runs else DEJAVU[bold]
        else:
            face = face_for(character, bold) or DEJAVU[bold]
        if runs and runs[-1][0] == face:
            runs[-1][1].append(character)
        else:
            runs.append((face, [character]))
    # Spaces after a run's last word stand between two runs: a run of their own, whose
    # direction comes from its neighbours, so they fall between the runs in either order.
    split: list[tuple[Face, str]] = []
    for face, parts in runs:
        text_ = "".join(parts)
        words = text_.rstrip()
        split.append((face, words))
        if words != text_:
            split.append((DEJAVU[bold], text_[len(words) :]))
    return [(face, part) for face, part in split if part]


@lru_cache(maxsize=4096)
def runs(text: str, bold: bool = True) -> tuple[Run, ...]:
    """The runs of `text` in the order they are drawn, left to right (the Unicode
    bidirectional algorithm's reordering, applied to whole runs: a name that starts
    right-to-left reads from the right, and a right-to-left word inside a left-to-right
    name keeps its place)."""
    logical = _logical_runs(text, bold)
    directions = [_strong_direction(part) for _, part in logical]
    paragraph = _strong_direction(text) or "L"
    resolved = []
    for index, direction in enumerate(directions):
        if direction is None:  # emoji, digits, punctuation: like both neighbours, or the line
            before = next((d for d in reversed(directions[:index]) if d), paragraph)
            after = next((d for d in directions[index + 1 :] if d), paragraph)
            direction = before if before == after else paragraph
        resolved.append(direction)
    base = 1 if paragraph == "R" else 0
    levels = [base + (d != paragraph) if paragraph == "L" else base + (d == "L") for d in resolved]
    order = list(range(len(logical)))
    for level in range(max(levels, default=0), 0, -1):  # rule L2: reverse from the top level
        index = 0
        while index < len(order):
            if levels[order[index]] < level:
                index += 1
                continue
            end = index
            while end < len(order) and levels[order[end]] >= level:
                end += 1
            order[index:end] = reversed(order[index:end])
            index = end
    return tuple(Run(logical[i][0], logical[i][1], resolved[i] == "R") for i in order)


@cache
def face_font(face: Face, size: int) -> ImageFont.FreeTypeFont:
    """`face` at `size` pixels (a colour face at its one bitmap size, whatever `size`)."""
    engine = ImageFont.Layout.RAQM if RAQM else ImageFont.Layout.BASIC
    size = emoji_strike(face) if face.colour else size
    return ImageFont.truetype(str(face.path), size, index=face.index, layout_engine=engine)


@cache
def emoji_strike(face: Face) -> int:
    """The pixel size of a colour bitmap font's one strike (FreeType draws no other)."""
    with TTFont(face.path, lazy=True, fontNumber=face.index) as ttf:
        return ttf["CBLC"].strikes[0].bitmapSizeTable.ppemY


def _emoji_scale(face: Face, size: int) -> float:
    return size * EMOJI_EM / emoji_strike(face)


@lru_cache(maxsize=1024)
def emoji_image(character: str, size: int) -> tuple[Image.Image, int, int, float]:
    """A colour emoji drawn `size` pixels tall: the RGBA picture, its left and top offsets
    from the pen on the baseline, and its advance."""
    font_ = face_font(EMOJI_FACE, size)
    left, top, right, bottom = map(round, font_.getbbox(character, mode="RGBA", anchor="ls"))
    glyph = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (0, 0, 0, 0))
    ImageDraw.Draw(glyph).text(
        (-left, -top), character, font=font_, anchor="ls", embedded_color=True
    )
    scale = _emoji_scale(EMOJI_FACE, size)
    width, height = max(1, round(glyph.width * scale)), max(1, round(glyph.height * scale))
    advance = font_.getlength(character) * scale
    return (
        glyph.resize((width, height), Image.LANCZOS),
        round(left * scale),
        round(top * scale),
        advance,
    )


def _run_text(run: Run) -> str:
    """The run's characters in drawing order: Raqm reorders right-to-left text itself;
    without it the characters are reversed here (legible, if unjoined)."""
    if run.rtl and not RAQM:
        return "".join(reversed(characters(run.text)))
    return run.text


def _emoji_advance(character: str, size: int) -> float:
    if character.isspace():  # a space between two emoji
        return font(size).getlength(" ")
    return emoji_image(character, size)[3]


def _run_width(run: Run, size: int) -> float:
    if run.face.colour:
        return sum(_emoji_advance(c, size) for c in characters(run.text))
    return face_font(run.face, size).getlength(_run_text(run))


def _single_font(text: str, bold: bool) -> bool:
    """Whether DejaVu draws all of `text` in order (the common, fast case; ASCII, as in
    every puzzle picture, without even reading a character map)."""
    return text.isascii() or set(text) <= _dejavu_only(bold)


@lru_cache(maxsize=8192)  # layouts measure the same texts again and again
def text_width(text: str, size: int, bold: bool = True) -> float:
    """Advance width of `text` in pixels at `size`."""
    if _single_font(text, bold):
        return font(size, bold).getlength(text)
    return sum(_run_width(run, size) for run in runs(text, bold))


def _baseline_shift(size: int, bold: bool, vertical: str) -> float:
    """How far below a point anchored by `vertical` (a Pillow anchor's second letter)
    the baseline is, by DejaVu's metrics, so mixed-font text lines up with plain text."""
    if vertical == "s":
        return 0.0
    dejavu = font(size, bold)
    return dejavu.getbbox("H", anchor="l" + vertical)[1] - dejavu.getbbox("H", anchor="ls")[1]


def draw_runs(
    image: Image.Image,
    point: Point,
    text: str,
    size: int,
    fill: Colour,
    bold: bool = True,
    anchor: str = "ls",
) -> None:
    """Draw `text` in as many faces as it needs, placed by a Pillow anchor ('ls', 'ms',
    'rs'...; point and size in the image's own pixels)."""
    line = runs(text, bold)
    widths = [_run_width(run, size) for run in line]
    x = point[0] - {"l": 0.0, "m": sum(widths) / 2, "r": sum(widths)}[anchor[0]]
    baseline = point[1] - _baseline_shift(size, bold, anchor[1])
    draw = ImageDraw.Draw(image)
    for run, width in zip(line, widths, strict=True):
        if run.face.colour:
            _draw_emoji_run(image, (x, baseline), run, size)
        else:
            paste_text(draw, (x, baseline), _run_text(run), face_font(run.face, size), fill)
        x += width


def _draw_emoji_run(image: Image.Image, pen: Point, run: Run, size: int) -> None:
    x, baseline = pen
    parts = characters(run.text)
    for character in reversed(parts) if run.rtl else parts:
        if not character.isspace():
            glyph, left, top, _ = emoji_image(character, size)
            image.paste(glyph, (round(x + left), round(baseline + top)), glyph)
        x += _emoji_advance(character, size)


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


def _break_long_words(lines: list[str], size: int, max_width: float, bold: bool) -> list[str]:
    """Lines still wider than max_width (one long word, or CJK with no spaces) split
    between characters, which is where CJK text breaks anyway."""
    broken: list[str] = []
    for line in lines:
        current = ""
        for character in characters(line):
            if current and text_width(current + character, size, bold) > max_width:
                broken.append(current.rstrip())
                current = character.lstrip()
            else:
                current += character
        if current:
            broken.append(current)
    return broken


def fit_lines(
    text: str,
    size: int,
    min_size: int,
    max_width: float,
    bold: bool = True,
    max_lines: int = 2,
) -> tuple[int, list[str]]:
    """A heading made to fit max_width whole: the largest size from `size` down to
    min_size (in steps of 2) at which it takes one line, else at which it wraps into
    at most max_lines lines, else min_size with as many lines as it needs. Words are
    never cut short; only a word wider than the whole line is split."""
    sizes = range(size, min_size - 1, -2)
    for lines_allowed in range(1, max_lines + 1):
        for candidate in sizes:
            lines = wrap_text(text, candidate, max_width, bold)
            if len(lines) <= lines_allowed and all(
                text_width(line, candidate, bold) <= max_width for line in lines
            ):
                return candidate, lines
    return min_size, _break_long_words(
        wrap_text(text, min_size, max_width, bold), min_size, max_width, bold
    )


# --- a picture's header: a title never cut, over a line in smaller muted type -------

HEADER_TITLE_SIZE = 44
HEADER_TITLE_MIN_SIZE = 30  # a long title shrinks to this before it wraps
HEADER_LINE_STEP = 1.2  # between a wrapped title's baselines, times its size
HEADER_SUBTITLE_SIZE = 28
HEADER_GAP = 14  # between the title's last baseline and the top of the subtitle's capitals


@dataclass(frozen=True)
class Header:
    """The header of a WIDTH-wide picture (a leaderboard's title and period, a stats
    card's member and puzzle kind), laid out `margin` from the top and sides."""

    margin: float
    title_size: int
    title_lines: tuple[str, ...]  # the title, wrapped if it has to be
    subtitle: str  # cut with an ellipsis if it has to be

    @property
    def subtitle_top(self) -> float:
        """The top of the subtitle's capitals."""
        lines_below_first = (len(self.title_lines) - 1) * self.title_size * HEADER_LINE_STEP
        return self.margin + self.title_size + lines_below_first + HEADER_GAP

    @property
    def bottom(self) -> float:
        return self.subtitle_top + HEADER_SUBTITLE_SIZE


def fit_header(title: str, subtitle: str, margin: float) -> Header:
    """The title (text the fonts can draw) at the largest size that fits whole, and the
    subtitle as drawn, in regular weight."""
    width = WIDTH - 2 * margin
    size, lines = fit_lines(title, HEADER_TITLE_SIZE, HEADER_TITLE_MIN_SIZE, width)
    subtitle = drawable_text(subtitle, bold=False)
    fitted = fit_text(subtitle, HEADER_SUBTITLE_SIZE, width, bold=False)
    return Header(margin, size, tuple(lines), fitted)


def draw_header(canvas: Canvas, header: Header) -> None:
    left, size = header.margin, header.title_size
    for index, line in enumerate(header.title_lines):
        baseline = left + cap_height(size) + index * size * HEADER_LINE_STEP
        canvas.text((left, baseline), line, size, INK)
    baseline = header.subtitle_top + cap_height(HEADER_SUBTITLE_SIZE, bold=False)
    canvas.text((left, baseline), header.subtitle, HEADER_SUBTITLE_SIZE, MUTED, bold=False)
