"""Real picture files made in the tests: PNG, JPEG, GIF bytes drawn with Pillow."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont


def encoded(image: Image.Image, fmt: str = "PNG", **options) -> bytes:
    out = io.BytesIO()
    image.save(out, fmt, **options)
    return out.getvalue()


def as_jpeg(png: bytes, width: int | None = None, quality: int = 75) -> bytes:
    """A picture as a phone shares it: scaled to `width` and saved as JPEG."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    if width is not None:
        height = round(image.height * width / image.width)
        image = image.resize((width, height), Image.Resampling.LANCZOS)
    return encoded(image, "JPEG", quality=quality)


def png_claiming_size(width: int, height: int) -> bytes:
    """A small, valid PNG whose header says it is width x height (a decompression bomb's
    trick): the header's size is rewritten and its checksum made right again."""
    png = encoded(Image.new("L", (1, 1), 255))
    start = png.index(b"IHDR")
    header = struct.pack(">II", width, height) + png[start + 12 : start + 17]
    chunk = b"IHDR" + header
    return (
        png[: start - 4]
        + struct.pack(">I", 13)
        + chunk
        + struct.pack(">I", zlib.crc32(chunk))
        + png[start + 21 :]
    )


def lined_grid(cells: int, side: int = 600) -> bytes:
    """A blank square grid of `cells` x `cells`, black lines on white, as a PNG."""
    image = Image.new("L", (side + 80, side + 80), 255)
    pen = ImageDraw.Draw(image)
    for k in range(cells + 1):
        at = 40 + round(k * side / cells)
        width = 5 if k in (0, cells) else 2
        pen.line([(40, at), (40 + side, at)], 0, width)
        pen.line([(at, 40), (at, 40 + side)], 0, width)
    return encoded(image)


FONTS = Path("/usr/share/fonts/truetype")


def newspaper_codeword(puzzle, cell: int = 40, font: str = "liberation/LiberationSans") -> bytes:
    """A codeword as a newspaper or a puzzle app prints one, in another typeface than ours:
    thin lines, a title over the grid, small numbers in the cells' corners, the starters'
    letters large, and the key (1 to 26 in two rows of 13 boxes) under it."""
    rows, cols = len(puzzle.grid), len(puzzle.grid[0])
    margin, gap = 30, 30
    width = 2 * margin + cols * cell
    height = 2 * margin + 40 + rows * cell + gap + 2 * cell
    key_cell = (width - 2 * margin) / 13
    image = Image.new("RGB", (width, round(height + 2 * key_cell - 2 * cell)), (252, 250, 245))
    pen = ImageDraw.Draw(image)
    small = ImageFont.truetype(str(FONTS / f"{font}-Regular.ttf"), round(cell * 0.3))
    large = ImageFont.truetype(str(FONTS / f"{font}-Bold.ttf"), round(cell * 0.55))
    title = ImageFont.truetype(str(FONTS / f"{font}-Bold.ttf"), 24)
    pen.text((margin, margin), "CODEWORD No. 1,024", font=title, fill=(20, 20, 20))

    def box(left: float, top: float, side: float, number: int, letter: str | None) -> None:
        pen.rectangle([left, top, left + side, top + side], outline=(40, 40, 40), width=1)
        pen.text((left + 3, top + 2), str(number), font=small, fill=(30, 30, 30))
        if letter:
            centre = (left + side / 2, top + side * 0.6)
            pen.text(centre, letter.upper(), font=large, fill=(10, 10, 10), anchor="mm")

    top = margin + 40
    for r, row in enumerate(puzzle.grid):
        for c, number in enumerate(row):
            left, y = margin + c * cell, top + r * cell
            if number:
                box(left, y, cell, number, puzzle.given.get(number))
            else:
                pen.rectangle([left, y, left + cell, y + cell], fill=(25, 25, 25))
    pen.rectangle([margin, top, margin + cols * cell, top + rows * cell], outline=0, width=2)
    key_top = top + rows * cell + gap
    for n in range(1, 27):
        row, column = divmod(n - 1, 13)
        box(margin + column * key_cell, key_top + row * key_cell, key_cell, n, puzzle.given.get(n))
    return encoded(image)


def photographed(png: bytes, seed: int = 0) -> bytes:
    """The picture as a phone photographs a screen or a page: seen a little from the side,
    on a grey desk, lit unevenly, a little blurred and noisy, saved as JPEG."""
    image = np.asarray(Image.open(io.BytesIO(png)).convert("L"), dtype=np.float32)
    height, width = image.shape
    pad = 80
    desk = np.full((height + 2 * pad, width + 2 * pad), 150, np.float32)
    desk[pad : pad + height, pad : pad + width] = image
    h, w = desk.shape
    seen = np.float32([[w * 0.06, h * 0.02], [w * 0.97, 0], [w, h], [0, h * 0.98]])
    whole = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    slanted = cv2.warpPerspective(
        desk, cv2.getPerspectiveTransform(whole, seen), (w, h), borderValue=140
    )
    light = np.linspace(0.75, 1.0, w, dtype=np.float32)[None, :]
    noise = np.random.default_rng(seed).normal(0, 4, slanted.shape)
    photo = cv2.GaussianBlur(np.clip(slanted * light + noise, 0, 255), (3, 3), 0)
    return encoded(Image.fromarray(photo.astype(np.uint8)), "JPEG", quality=80)
