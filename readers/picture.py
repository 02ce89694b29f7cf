"""Opening a member's file as a picture: every way it can fail becomes a PictureError that
says what is wrong and what to send instead, never a traceback.

Pillow reads the header first, so the size is checked before any pixel is decoded (a small
file that claims a huge picture, a decompression bomb, costs nothing). A photo is turned
upright by its EXIF orientation, shrunk while decoding (JPEG's draft mode decodes a
12-megapixel photo at a quarter of the size, four times faster) and returned as grey levels.
"""

from __future__ import annotations

import io
import math
import warnings

import numpy as np
from PIL import Image, ImageOps

from puzzles.core import PuzzleError
from puzzles.i18n import _

MAX_BYTES = 20 * 1024 * 1024
MAX_PIXELS = 50_000_000  # a 12-megapixel phone photo is well inside; 8000x6250 is the edge
MIN_SIDE = 120  # below this a 9x9 grid has cells under 13 pixels: too few to read a digit
WORKING_SIDE = 1600  # longest side the grid is looked for at: enough for a 16x16 screenshot
FORMATS = "PNG, JPEG or WebP"
SEND_INSTEAD = _("a photo or screenshot of the puzzle, as PNG or JPEG")
DAMAGED = _("the picture is damaged or cut short; send it again, or save it anew")
# The first bytes of the formats read: a file that starts so is a picture, damaged if it
# cannot be opened, not a file of another kind.
SIGNATURES = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF87a", b"GIF89a")


# MALFORMED: Pillow's format plugins report a malformed file with whatever their parsing hits
# (OSError, SyntaxError, struct.error, zlib.error, IndexError, ...); every one of them means
# the member's file is damaged, so every exception while opening or decoding is said so.


class PictureError(PuzzleError):
    """A file that cannot be read as a puzzle picture, said so a member can act on it."""


def open_grey(data: bytes) -> np.ndarray:
    """The picture in `data` as a 2-D uint8 array of grey levels, upright, with its longest
    side at most WORKING_SIDE pixels."""
    if not isinstance(data, bytes | bytearray | memoryview):
        raise TypeError("open_grey takes the file's bytes")
    if len(data) == 0:
        raise PictureError(_("the file is empty"), example=SEND_INSTEAD)
    refuse_oversized(len(data))
    image = _open(data)
    _refuse_animation(image)
    _refuse_size(image.size)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image.draft("L", _draft_size(image.size))
            image = ImageOps.exif_transpose(image)
            grey = _on_white(image).convert("L")
    except Exception:  # see MALFORMED
        raise PictureError(DAMAGED, example=SEND_INSTEAD) from None
    if max(grey.size) > WORKING_SIDE:
        grey.thumbnail((WORKING_SIDE, WORKING_SIDE), Image.Resampling.BILINEAR)
    return np.asarray(grey, dtype=np.uint8)


def refuse_oversized(size: int) -> None:
    """A file over MAX_BYTES refused, with its size and the limit: the one message for it,
    whether the size is known before the download (Discord's attachment) or after."""
    if size > MAX_BYTES:
        shown = math.ceil(size / 2**20 * 10) / 10  # rounded up: a byte over is never "20.0"
        raise PictureError(
            # Translators: {size} is written with one decimal, as 23.0
            _(
                "the picture is {size} MB; pictures up to {limit} MB can be read",
                size=f"{shown:.1f}",
                limit=MAX_BYTES // 2**20,
            ),
            example=_("a screenshot, or the photo saved at a smaller size"),
        )


def _open(data: bytes) -> Image.Image:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            return Image.open(io.BytesIO(bytes(data)))
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise PictureError(
            _(
                "the picture claims more than {millions} million pixels, too many to open",
                millions=MAX_PIXELS // 1_000_000,
            ),
            example=SEND_INSTEAD,
        ) from None
    except Exception:  # see MALFORMED
        if _starts_like_a_picture(data):
            raise PictureError(DAMAGED, example=SEND_INSTEAD) from None
        raise PictureError(
            _("this file is not a picture I can open; send a PNG, JPEG or WebP file"),
            example=SEND_INSTEAD,
        ) from None


def _starts_like_a_picture(data: bytes) -> bool:
    head = bytes(data[:12])
    is_webp = head[:4] == b"RIFF" and head[8:12] == b"WEBP"
    return is_webp or head.startswith(SIGNATURES)


def _refuse_animation(image: Image.Image) -> None:
    if getattr(image, "is_animated", False) or getattr(image, "n_frames", 1) > 1:
        raise PictureError(
            _("the picture is animated; send a still photo or screenshot of the puzzle"),
            example=SEND_INSTEAD,
        )


def _refuse_size(size: tuple[int, int]) -> None:
    width, height = size
    if width * height > MAX_PIXELS:
        raise PictureError(
            # Translators: {size} is the picture's width x height in pixels, as 8000x7000
            _(
                "the picture is {size} pixels, more than the {millions} million pixels that "
                "can be read",
                size=f"{width}x{height}",
                millions=MAX_PIXELS // 1_000_000,
            ),
            example=_("the photo saved at a smaller size (12 megapixels is fine)"),
        )
    if min(width, height) < MIN_SIDE:
        raise PictureError(
            # Translators: {size} is the picture's width x height in pixels, as 100x80
            _(
                "the picture is only {size} pixels, too small to read; it needs at least "
                "{least} pixels each way",
                size=f"{width}x{height}",
                least=MIN_SIDE,
            ),
            example=_("a screenshot at your screen's full size, or a closer photo"),
        )


def _draft_size(size: tuple[int, int]) -> tuple[int, int]:
    """The smallest size JPEG's draft may decode to that keeps WORKING_SIDE pixels."""
    width, height = size
    scale = min(1.0, WORKING_SIDE / max(width, height))
    return max(1, round(width * scale)), max(1, round(height * scale))


def _on_white(image: Image.Image) -> Image.Image:
    """Transparent parts become white paper, as they look in Discord's light theme."""
    if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
        rgba = image.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(white, rgba)
    return image
