"""Drawing helpers shared by every puzzle renderer: colours, a canvas, PNG output, a
picture's header. Fonts and text from users (any script, emoji) are renderers/text.py's.

Renderers are pure functions (puzzle, solution or state) -> PNG bytes that run in
worker processes, so everything here is synchronous and module-level. The only file
access is reading fonts, in renderers/text.py.

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
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from isal import isal_zlib
from PIL import Image, ImageDraw

from puzzles.i18n import Message, render
from renderers.text import (
    characters,
    draw_runs,
    drawable_text,
    fit_text,
    font,
    paste_text,
    single_font,
    text_width,
)

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


@lru_cache(maxsize=4096)
def ink_box(text: str, size: int, bold: bool = True) -> tuple[int, int, int, int]:
    """Left, top, right and bottom of the inked pixels of `text` at `size`, from a pen
    on the baseline."""
    return font(size, bold).getbbox(text, anchor="ls")


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


def first_line(text: Message | str, language: str) -> str:
    """The first line of what a puzzle says (a solution's text saying there is none), in
    `language`: the one line a picture has room for."""
    return next(iter(render(text, language).splitlines()), "")


def dotted(parts: Iterable[Message | str], language: str) -> str:
    """A status line of short parts, each whole, in `language`: "2 words · par 3"."""
    return " · ".join(shown for part in parts if (shown := render(part, language)))


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
    message: Message | str = ""


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
        if single_font(text, bold):
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
