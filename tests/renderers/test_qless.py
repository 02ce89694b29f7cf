"""Q-less pictures: the roll as tiles, a solution as a crossword of tiles."""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image

from puzzles.qless import parse
from puzzles.qless.rules import QlessHint
from renderers import draw as draw_kind
from renderers.common import WIDTH
from renderers.qless import HINT_FILL, PAD, TILE_FILL, _landscape, draw

ROLL = parse("aabcdlmnnptt")


@dataclass(frozen=True)
class Grid:
    rows: tuple[str, ...]
    words: tuple[str, ...] = ()
    solution_count: int = 0


def image(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG")
    return Image.open(io.BytesIO(png)).convert("RGB")


def tile_columns(picture: Image.Image, y: int, fill=TILE_FILL) -> int:
    """How many separate runs of tile colour cross the row of pixels at y."""
    runs, inside = 0, False
    for x in range(picture.width):
        is_tile = picture.getpixel((x, y)) == fill
        runs += is_tile and not inside
        inside = is_tile
    return runs


def test_roll_is_drawn_as_twelve_tiles_in_two_rows():
    picture = image(draw(ROLL))
    assert picture.width == WIDTH
    counts = [tile_columns(picture, y) for y in range(picture.height)]
    assert max(counts) >= 6 and 6 in counts  # six tiles side by side (letters split some rows)
    bands = sum(1 for above, here in zip([0, *counts], counts, strict=False) if here and not above)
    assert bands == 2  # two rows of them


def test_solution_is_drawn_as_tiles_where_the_letters_are():
    grid = Grid(("cat..", "a.o..", "bog.."), ("cat", "bog", "cab", "tog"), 5)
    picture = image(draw(ROLL, grid))
    step = (WIDTH - 2 * PAD) / 5 if (WIDTH - 2 * PAD) / 5 < 92 * 1.12 else 92 * 1.12
    left = (WIDTH - step * 5) / 2
    top_row_y = round(PAD + step * 0.3)  # inside the first row of tiles, above the letters
    assert tile_columns(picture, top_row_y) == 3  # C A T
    middle_y = round(PAD + step * 1.3)
    assert tile_columns(picture, middle_y) == 2  # A . O
    empty_x = round(left + step * 1.5)
    assert picture.getpixel((empty_x, round(PAD + step * 1.5))) != TILE_FILL


def tile_bands(picture: Image.Image, fill=TILE_FILL) -> list[int]:
    """For each horizontal band of tiles, top to bottom, how many tiles are side by side
    (the fewest runs across the band: letters only split a tile's run in two)."""
    counts = [tile_columns(picture, y, fill) for y in range(picture.height)]
    bands, current = [], []
    for count in [*counts, 0]:
        if count:
            current.append(count)
        elif current:
            bands.append(min(current))
            current = []
    return bands


def test_a_hint_from_scratch_shows_the_roll_and_the_hinted_words_first_letter():
    picture = image(draw(ROLL, QlessHint((), "band")))
    assert tile_bands(picture)[:2] == [6, 6]  # the roll, as without a hint
    assert tile_bands(picture, HINT_FILL) == [1]  # one orange tile: the first letter only
    assert picture.height > image(draw(ROLL)).height


def test_a_hint_shows_the_players_grid_so_far():
    picture = image(draw(ROLL, QlessHint((".p..", ".l..", "band"), "cant")))
    assert tile_bands(picture)[:3] == [1, 1, 4]  # P, L, BAND as the player typed them
    assert tile_bands(picture, HINT_FILL) == [1]


def test_tall_grids_are_turned_on_their_side():
    assert _landscape(("a", "b", "c")) == ("abc",)
    assert _landscape(("ab.", "c")) == ("ab.", "c..")


def test_registry_draws_qless_with_a_real_solution():
    from puzzles.qless import solve

    solution = solve(ROLL, tier="common", max_solutions=10)
    picture = image(draw_kind("qless", ROLL, solution))
    assert picture.width == WIDTH and 300 < picture.height < 1400
