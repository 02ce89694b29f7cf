"""Real picture files made in the tests: PNG, JPEG, GIF bytes drawn with Pillow."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image, ImageDraw


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
