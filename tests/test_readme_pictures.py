"""The README's picture section: the photo shown is a credited training photo of the corpus, and
the answer shown is what the bot answers to it today (scripts/readme_pictures.py makes both)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from scripts.readme_pictures import ANSWER, PHOTO, PHOTO_NAME, answer_picture, shrunk_photo

ROOT = Path(__file__).resolve().parents[1]
PHOTOS = ROOT.parent / "shared" / "corpora" / "sudoku_photos"


def same_pixels(png: bytes, path: Path) -> bool:
    with Image.open(io.BytesIO(png)) as made, Image.open(path) as committed:
        made, committed = made.convert("RGB"), committed.convert("RGB")
        return made.size == committed.size and not ImageChops.difference(made, committed).getbbox()


def test_the_readme_shows_the_photo_and_the_bots_answer_to_it_with_credit():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Reading a puzzle from a picture") :]
    section = section[: section.index("\n## ", 4)]
    assert f"]({PHOTO.relative_to(ROOT).as_posix()})" in section
    assert f"]({ANSWER.relative_to(ROOT).as_posix()})" in section
    assert "CC-BY-4.0" in section and "Wicht" in section and "Hennebert" in section
    assert PHOTO.name in (ROOT / "NOTICE").read_text(encoding="utf-8")
    # The committed answer is the bot's answer to the committed photo, as it stands today.
    assert same_pixels(answer_picture(PHOTO.read_bytes()), ANSWER)


def test_the_photo_is_the_corpus_photo_shrunk():
    if not PHOTOS.is_dir():
        pytest.skip("../shared/corpora/sudoku_photos is not here")
    # Compared as pixels, loosely: another libjpeg may encode the same picture a little apart.
    with Image.open(io.BytesIO(shrunk_photo(PHOTOS))) as made, Image.open(PHOTO) as committed:
        assert made.size == committed.size
        difference = ImageStat.Stat(ImageChops.difference(made, committed)).mean
    assert max(difference) < 2, f"run scripts/readme_pictures.py ({PHOTO_NAME})"
