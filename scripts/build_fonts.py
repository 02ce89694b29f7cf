"""Build the fonts in renderers/fonts/ that draw members' names in every script.

    apt-get install fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
    .venv/bin/python scripts/build_fonts.py

DejaVu Sans (already in renderers/fonts) draws Latin, Greek and Cyrillic. This script adds,
from Debian's Noto packages (SIL Open Font License 1.1, see NOTICE):

- Noto Sans Arabic, Hebrew, Devanagari and Thai, Regular and Bold, each cut down to its own
  script (so it never draws a Latin letter or a digit in place of DejaVu) with its shaping
  tables kept (joined Arabic, Devanagari conjuncts, Thai marks).
- Noto Sans CJK SC, Regular and Bold, cut down to the everyday characters of the national
  standard sets: all of GB 2312 (simplified Chinese), Big5's frequent level 1 (traditional
  Chinese), JIS X 0208's level 1 kanji and the kana (Japanese), and KS X 1001's Hangul
  syllables (Korean). The whole font is 20 MB a weight; this is about a fifth of it.
  Rarer characters come from Debian's fonts-noto-cjk when it is installed.
- Noto Color Emoji, whose 136x128 colour bitmaps are shrunk to half size (a 54 px strike)
  in 64 colours: names are drawn at 23-44 px (88 px supersampled), so the big strike only
  made the file twice as large.

The output is deterministic for the same input packages; commit it.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont
from PIL import Image

OUT = Path(__file__).resolve().parent.parent / "renderers" / "fonts"
NOTO = Path("/usr/share/fonts/truetype/noto")
NOTO_CJK = Path("/usr/share/fonts/opentype/noto")
CJK_FACE = "Noto Sans CJK SC"
EMOJI_SCALE = 2  # the emoji strike's pixels are divided by this
EMOJI_COLOURS = 64  # in each emoji's palette
NO_DITHER = Image.Dither.NONE

# Always kept: spaces and the joiners and dotted circle that shaping uses.
COMMON = [0x20, 0xA0, 0x200B, 0x200C, 0x200D, 0x25CC]
SCRIPTS = {
    "Arabic": [
        *range(0x0600, 0x0700),
        *range(0x0750, 0x0780),
        *range(0x08A0, 0x0900),
        *range(0xFB50, 0xFE00),
        *range(0xFE70, 0xFF00),
    ],
    "Hebrew": [*range(0x0590, 0x0600), *range(0xFB1D, 0xFB50)],
    "Devanagari": [*range(0x0900, 0x0980), *range(0xA8E0, 0xA900), *range(0x1CD0, 0x1D00)],
    "Thai": list(range(0x0E00, 0x0E80)),
}


def _subset(font: TTFont, unicodes: list[int], out: Path, hinting: bool = True) -> None:
    options = subset.Options()
    options.hinting = hinting
    options.layout_features = ["*"]  # keep every shaping feature of the kept glyphs
    options.name_IDs = ["*"]  # keep the copyright and licence records
    options.notdef_outline = True
    options.recalc_timestamp = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    font.save(out)
    print(f"{out.name}: {out.stat().st_size:,} bytes", file=sys.stderr)


def build_scripts() -> None:
    for script, unicodes in SCRIPTS.items():
        for weight in ("Regular", "Bold"):
            name = f"NotoSans{script}-{weight}.ttf"
            _subset(TTFont(NOTO / name), COMMON + unicodes, OUT / name)


def _decoded(codec: str, first_bytes: range, second_bytes: range) -> set[int]:
    found = set()
    for first in first_bytes:
        for second in second_bytes:
            try:
                found.update(map(ord, bytes((first, second)).decode(codec)))
            except UnicodeDecodeError:
                continue
    return found


def cjk_characters() -> list[int]:
    wanted = set()
    wanted |= _decoded("gb2312", range(0xA1, 0xF8), range(0xA1, 0xFF))  # all of it
    wanted |= _decoded("big5", range(0xA1, 0xC7), range(0x40, 0xFF))  # to level 1's end
    wanted |= _decoded("euc_jp", range(0xA1, 0xD0), range(0xA1, 0xFF))  # rows to level 1's end
    wanted |= _decoded("euc_kr", range(0xA1, 0xC9), range(0xA1, 0xFF))  # rows to Hangul's end
    wanted |= set(range(0x3000, 0x3100))  # CJK punctuation, kana
    wanted |= set(range(0x31F0, 0x3200))  # kana extensions
    wanted |= set(range(0xFF00, 0xFFF0))  # full- and half-width forms
    # Latin, Greek and Cyrillic come from DejaVu; keep only what DejaVu cannot draw.
    return sorted(COMMON + [c for c in wanted if c >= 0x2E80])


def build_cjk(weights: tuple[str, ...] = ("Regular", "Bold")) -> None:
    unicodes = cjk_characters()
    for weight in weights:
        collection = TTCollection(NOTO_CJK / f"NotoSansCJK-{weight}.ttc")
        (face,) = (f for f in collection.fonts if f["name"].getDebugName(1) == CJK_FACE)
        # Unhinted: a tenth smaller, and the text is antialiased and supersampled anyway.
        _subset(face, unicodes, OUT / f"NotoSansCJKsc-{weight}-subset.otf", hinting=False)


def _shrink_emoji(font: TTFont, scale: int) -> None:
    """Divide the colour bitmaps' size (and their metrics) by `scale`."""
    strike = font["CBLC"].strikes[0]
    size = strike.bitmapSizeTable
    size.ppemX //= scale
    size.ppemY //= scale
    for line in (size.hori, size.vert):
        for field in vars(line):
            value = getattr(line, field)
            if isinstance(value, int) and field != "caretSlopeNumerator":
                setattr(line, field, round(value / scale))
    for glyphs in font["CBDT"].strikeData:
        for glyph in glyphs.values():
            glyph.ensureDecompiled()
            image = Image.open(io.BytesIO(glyph.imageData))
            width = max(1, round(image.width / scale))
            height = max(1, round(image.height / scale))
            buffer = io.BytesIO()
            small = image.convert("RGBA").resize((width, height), Image.LANCZOS)
            # A palette with alpha, as the original's PNGs have (FreeType reads them);
            # emoji are flat colours, and dithering would only add noise to compress.
            palette = small.quantize(EMOJI_COLOURS, Image.Quantize.FASTOCTREE, dither=NO_DITHER)
            palette.save(buffer, "PNG", optimize=True)
            glyph.imageData = buffer.getvalue()
            m = glyph.metrics
            m.width, m.height = width, height
            for field in ("BearingX", "BearingY", "Advance"):
                if hasattr(m, field):
                    setattr(m, field, round(getattr(m, field) / scale))
            for field in ("horiBearingX", "horiBearingY", "horiAdvance"):
                if hasattr(m, field):
                    setattr(m, field, round(getattr(m, field) / scale))
            for field in ("vertBearingX", "vertBearingY", "vertAdvance"):
                if hasattr(m, field):
                    setattr(m, field, round(getattr(m, field) / scale))


def build_emoji() -> None:
    font = TTFont(NOTO / "NotoColorEmoji.ttf")
    _shrink_emoji(font, EMOJI_SCALE)
    out = OUT / "NotoColorEmoji-small.ttf"
    font.save(out)
    print(f"{out.name}: {out.stat().st_size:,} bytes", file=sys.stderr)


def main() -> None:
    """Build every font, or only the groups named: scripts, cjk, emoji."""
    builders = {"scripts": build_scripts, "cjk": build_cjk, "emoji": build_emoji}
    for name in sys.argv[1:] or builders:
        builders[name]()


if __name__ == "__main__":
    main()
