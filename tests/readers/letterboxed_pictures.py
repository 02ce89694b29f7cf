"""Letter Boxed pictures for the reader's tests and bench/readers_letterboxed.py: boxes made
from real NYT puzzles' letters, and screenshots drawn like NYT's game page (a white square
with a dark border on a coloured page, a dot on the border for each letter, the letters
outside it, dark or white, a title above and buttons below), in several fonts. Drawn here
with Pillow; nothing of NYT's is copied."""

from __future__ import annotations

import io
import json
import random
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from puzzles.letterboxed.puzzle import Board, parse
from tests.readers.pictures import as_jpeg, encoded

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpora" / "letterboxed"
FONTS = Path("/usr/share/fonts/truetype")
FONT_FILES = (
    "dejavu/DejaVuSans-Bold.ttf",
    "dejavu/DejaVuSans.ttf",
    "dejavu/DejaVuSerif-Bold.ttf",
    "dejavu/DejaVuSansCondensed-Bold.ttf",
    "liberation/LiberationSans-Bold.ttf",
    "liberation/LiberationSans-Regular.ttf",
    "liberation/LiberationSerif-Bold.ttf",
    "liberation/LiberationMono-Bold.ttf",
)
# Page colours a game might use: NYT's own is a warm pink; others are tints or deep shades.
PAGES = ((252, 113, 107), (250, 168, 160), (255, 200, 87), (120, 200, 190), (176, 196, 222))
DEEP_PAGES = ((252, 113, 107), (120, 200, 190))  # white letters stand out on these too
WHITE = (255, 255, 255)
INK = (24, 24, 24)
# Phones' screenshots, and computers' (the game a column in the middle of the page).
SCREENS = ((1170, 2532), (1080, 2340), (750, 1334), (1284, 2778), (1920, 1080), (1440, 900))


def nyt_boards() -> list[Board]:
    """The real NYT boxes in ../shared/corpora (the fixtures and the game data's two days)."""
    fixtures = json.loads((CORPUS / "nyt_letterboxed_fixtures.json").read_text("utf-8"))
    game = json.loads((CORPUS / "nyt_gamedata_2024-03-22.json").read_text("utf-8"))
    sides = [p.get("sides") or _threes(p["letters_ccw_from_top_left"]) for p in fixtures["puzzles"]]
    sides += [game["sides"], game["yesterdaysSides"]]
    return [parse(" ".join(s)) for s in dict.fromkeys(tuple(s) for s in sides)]


def _threes(letters: str) -> list[str]:
    """Twelve letters listed round the box as its four sides of three (which side comes
    first does not matter to a picture)."""
    return [letters[k : k + 3] for k in range(0, len(letters), 3)]


def letter_pool() -> str:
    """Every letter of the real NYT boxes, as often as it appears there: NYT's mix of
    letters (more vowels and R, S, T than Q, X, Z)."""
    return "".join(board.letters for board in nyt_boards()).upper()


def random_board(rng: random.Random, sides: int, per_side: int | tuple[int, ...]) -> Board:
    """A box of `sides` sides, `per_side` letters each (or each side its own count), its
    different letters drawn from the NYT boxes' mix."""
    counts = (per_side,) * sides if isinstance(per_side, int) else per_side
    pool = list(letter_pool())
    letters: list[str] = []
    while len(letters) < sum(counts):
        letter = rng.choice(pool)
        if letter not in letters:
            letters.append(letter)
    words, start = [], 0
    for count in counts:
        words.append("".join(letters[start : start + count]))
        start += count
    return parse(" ".join(words))


@dataclass(frozen=True)
class NytLike:
    """How one NYT-like screenshot is drawn."""

    font: str
    page: tuple[int, int, int]
    size: tuple[int, int]
    letter_size: float  # in hundredths of the column's width
    letter_ink: tuple[int, int, int]  # dark, or white on a deep page
    typed: str  # the word being typed, shown large above the box


def nyt_like_style(rng: random.Random, board: Board) -> NytLike:
    letters = board.letters.upper()
    page = rng.choice(PAGES)
    return NytLike(
        font=rng.choice(FONT_FILES),
        page=page,
        size=rng.choice(SCREENS),
        letter_size=rng.uniform(5.5, 8),
        letter_ink=WHITE if page in DEEP_PAGES and rng.random() < 0.4 else INK,
        typed="".join(rng.sample(letters, rng.randint(0, 5))),
    )


def nyt_like(board: Board, style: NytLike) -> bytes:
    """A screenshot of a square Letter Boxed game, drawn like NYT's page, as PNG: a phone's
    (the page fills its width) or a computer's (a column in the middle)."""
    width, height = style.size
    image = Image.new("RGB", style.size, style.page)
    pen = ImageDraw.Draw(image)
    unit = min(width, height / 1.6) / 100  # everything in hundredths of the column's width
    margin = (width - 100 * unit) / 2

    def at(x: float, y: float) -> tuple[float, float]:
        return margin + x * unit, y * unit

    def font(size: float) -> ImageFont.FreeTypeFont:
        return ImageFont.truetype(str(FONTS / style.font), round(size * unit))

    pen.text(at(50, 12), "Letter Boxed", font=font(6), fill=INK, anchor="mm")
    pen.text(at(50, 30), style.typed, font=font(8), fill=INK, anchor="mm")
    pen.line([at(30, 36), at(70, 36)], fill=INK, width=4)
    box = (*at(20, 52), *at(80, 112))  # left, top, right, bottom
    pen.rectangle(box, fill=(255, 255, 255), outline=INK, width=round(0.9 * unit))
    _draw_letters(pen, board, box, font(style.letter_size), style.letter_ink, unit)
    for k, label in enumerate(("Restart", "Delete", "Enter")):
        left = 6 + 32 * k
        pen.rounded_rectangle((*at(left, 135), *at(left + 28, 145)), 5 * unit, None, INK, 3)
        pen.text(at(left + 14, 140), label, font=font(4), fill=INK, anchor="mm")
    return encoded(image)


def _draw_letters(pen, board: Board, box, font, ink, unit: float) -> None:
    """Each side's letters spaced along it, a dot on the border and the letter outside:
    top and bottom left to right, right and left top to bottom."""
    left, top, right, bottom = box
    reach = 7 * unit  # from the border to the letter's middle
    ends = (  # (start, end, outward step) of each side, clockwise from the top
        ((left, top), (right, top), (0, -reach)),
        ((right, top), (right, bottom), (reach, 0)),
        ((left, bottom), (right, bottom), (0, reach)),
        ((left, top), (left, bottom), (-reach, 0)),
    )
    for side, ((x0, y0), (x1, y1), (dx, dy)) in zip(board.sides, ends, strict=True):
        for k, letter in enumerate(side):
            share = (k + 1) / (len(side) + 1)
            x, y = x0 + (x1 - x0) * share, y0 + (y1 - y0) * share
            r = 1.6 * unit
            pen.ellipse(
                (x - r, y - r, x + r, y + r),
                fill=(255, 255, 255),
                outline=INK,
                width=round(0.5 * unit),
            )
            pen.text((x + dx, y + dy), letter.upper(), font=font, fill=ink, anchor="mm")


def in_discord(png: bytes, dark: bool = True) -> bytes:
    """The bot's picture as a phone screenshot of Discord shows it: on Discord's dark (or
    light) theme, under the bot's name and message, as JPEG."""
    page, ink = ((49, 51, 56), (220, 221, 222)) if dark else ((255, 255, 255), (46, 48, 52))
    screen = Image.new("RGB", (1080, 1600), page)
    pen = ImageDraw.Draw(screen)
    font = ImageFont.truetype(str(FONTS / FONT_FILES[1]), 36)
    pen.text((40, 80), "puzzlebot  Today at 09:12", font=font, fill=ink)
    pen.text((40, 140), "Letter Boxed: what I read from your picture", font=font, fill=ink)
    picture = Image.open(io.BytesIO(png)).convert("RGB")
    screen.paste(picture.resize((900, round(900 * picture.height / picture.width))), (90, 220))
    return as_jpeg(encoded(screen), quality=80)
