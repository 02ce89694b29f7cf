"""Text in pictures: the bundled fonts, and text from users (member names) in any script
and with emoji, drawn with fallback faces, measured and fitted to a width.

The fonts are the bundled ones in renderers/fonts/ (DejaVu Sans for Latin, Greek and
Cyrillic; Noto for Arabic, Hebrew, Devanagari, Thai, CJK and colour emoji), and Debian's
Noto fonts, when installed, for a character none of those has. renderers/common.py draws
with this (Canvas.text); like it, everything here is synchronous and module-level, for the
worker processes.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import regex
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont, features

if TYPE_CHECKING:
    from renderers.common import Colour, Point

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILES = {True: FONT_DIR / "DejaVuSans-Bold.ttf", False: FONT_DIR / "DejaVuSans.ttf"}


@cache
def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans (Bold by default) at `size` pixels, loaded once per size."""
    return ImageFont.truetype(str(FONT_FILES[bold]), size)


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


def single_font(text: str, bold: bool) -> bool:
    """Whether DejaVu draws all of `text` in order (the common, fast case; ASCII, as in
    every puzzle picture, without even reading a character map)."""
    return text.isascii() or set(text) <= _dejavu_only(bold)


@lru_cache(maxsize=8192)  # layouts measure the same texts again and again
def text_width(text: str, size: int, bold: bool = True) -> float:
    """Advance width of `text` in pixels at `size`."""
    if single_font(text, bold):
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
