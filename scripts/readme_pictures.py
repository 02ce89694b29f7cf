"""The README's "Reading a puzzle from a picture": a newspaper photo and the bot's answer to it.

    .venv/bin/python scripts/readme_pictures.py [--photos ../shared/corpora/sudoku_photos]

The photo is image1006 of Wicht and Hennebert's sudoku dataset (its training split,
CC-BY-4.0, credited in the README and NOTICE; never one of the photos bench/readers.py holds
out), shrunk to 540 pixels wide and saved as JPEG: examples/sudoku-photo.jpg. The answer is
what the bot replies to `/solve sudoku picture:` with that file (read, solve and draw, as the
worker pool runs them): examples/sudoku-photo-answer.png. tests/test_readme_pictures.py
checks the committed files are what this script makes.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PHOTO_NAME = "image1006"
WIDTH = 540
PHOTO = ROOT / "examples" / "sudoku-photo.jpg"
ANSWER = ROOT / "examples" / "sudoku-photo-answer.png"


def shrunk_photo(photos: Path) -> bytes:
    """The corpus photo, shrunk to WIDTH pixels wide (JPEG, quality 85)."""
    from bench.readers import photo_split

    assert PHOTO_NAME in photo_split(photos)[0], "only a training photo may be shown"
    image = Image.open(photos / f"{PHOTO_NAME}.jpg").convert("RGB")
    height = round(image.height * WIDTH / image.width)
    out = io.BytesIO()
    image.resize((WIDTH, height), Image.Resampling.LANCZOS).save(out, "JPEG", quality=85)
    return out.getvalue()


def answer_picture(photo: bytes) -> bytes:
    """The picture of the bot's answer to the photo: read, then solved and drawn as the bot
    does when it is sure of every cell (bot/jobs.py)."""
    from bot.jobs import read_job, solve_job
    from puzzles import get_kind

    read = read_job("sudoku", photo)
    if read.value.problem is not None or read.value.doubted:
        raise SystemExit(
            f"the photo is not read surely: {read.value.problem or read.value.doubted}"
        )
    kind = get_kind("sudoku")
    return solve_job("sudoku", kind.parse(read.text), {}, True).png


def main() -> None:
    from bench.readers import PHOTOS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=Path, default=PHOTOS)
    args = parser.parse_args()
    photo = shrunk_photo(args.photos)
    PHOTO.write_bytes(photo)
    ANSWER.write_bytes(answer_picture(photo))
    print(f"wrote {PHOTO.relative_to(ROOT)} and {ANSWER.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
