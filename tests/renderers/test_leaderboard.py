from __future__ import annotations

import dataclasses
import io
import pickle

import pytest
from PIL import Image, ImageChops

import renderers
from renderers import leaderboard
from renderers.common import WIDTH
from renderers.leaderboard import (
    HIGHLIGHT_FILL,
    MAX_ROWS,
    MEDALS,
    ROW_HEIGHT,
    ROW_SIZE,
    TEXT_LIMIT,
    LeaderboardRow,
    LeaderboardView,
    cap_widths,
    draw_leaderboard,
    layout,
    leaderboard_text,
)
from renderers.text import (
    ELLIPSIS,
    PLACEHOLDER,
    characters,
    drawable_text,
    face_for,
    fit_text,
    font_codepoints,
    text_width,
)
from tests.renderers.test_common import bundled_only  # noqa: F401  (a fixture)

LONG_NAME = "Bartholomew Montgomery-Featherstonehaugh of Lower Wallop, the Third"
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # man ZWJ woman ZWJ girl: one character
NAMES = ("Alice", "Bob", "王小明", "Zoë 😀", f"{FAMILY} family", "🇫🇷 Jean", LONG_NAME, "dave")


def row(rank: int, name: str = "", **changes) -> LeaderboardRow:
    values = dict(
        rank=rank,
        name=name or f"Player {rank}",
        solved=max(0, 30 - rank),
        played=31,
        score=f"{2000 - 37 * rank:,}",
        best_time=f"{1 + rank // 3}:{rank * 7 % 60:02d}",
        streak=rank % 9,
    )
    values.update(changes)
    return LeaderboardRow(**values)


def board(count: int = 8, names=NAMES, **changes) -> LeaderboardView:
    rows = tuple(row(rank, names[(rank - 1) % len(names)]) for rank in range(1, count + 1))
    values = dict(title="Letter Boxed leaderboard", period="This week", rows=rows)
    values.update(changes)
    return LeaderboardView(**values)


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def colour_mask(image: Image.Image, colour) -> Image.Image:
    """'1'-style mask (L, 255 where the pixel is exactly `colour`)."""
    r, g, b = (band.point(lambda v, c=c: 255 if v == c else 0) for band, c in
               zip(image.split(), colour, strict=True))  # fmt: skip
    return ImageChops.multiply(ImageChops.multiply(r, g), b)


# --- the picture -------------------------------------------------------------------


def test_pictures_decode_at_the_shared_width():
    for view in (board(), board(0), board(MAX_ROWS), board(40, highlight_rank=33)):
        image = decode(draw_leaderboard(view))
        assert image.mode == "RGB"
        assert image.width == WIDTH


def test_a_board_with_rows_differs_from_an_empty_one():
    full = decode(draw_leaderboard(board(5)))
    empty = decode(draw_leaderboard(board(0)))
    assert full.size != empty.size or ImageChops.difference(full, empty).getbbox()
    # The empty board has no table rows to stripe.
    assert layout(board(0)).rows == ()
    assert colour_mask(full, leaderboard.ZEBRA).getbbox() is not None
    assert colour_mask(empty, leaderboard.ZEBRA).getbbox() is None


def test_more_rows_make_a_taller_picture():
    heights = [decode(draw_leaderboard(board(count))).height for count in (1, 5, 25)]
    assert heights[0] < heights[1] < heights[2]
    assert heights[2] - heights[1] == pytest.approx(20 * ROW_HEIGHT, abs=1)


def test_the_highlighted_row_changes_the_picture_where_that_row_is():
    plain = decode(draw_leaderboard(board()))
    assert colour_mask(plain, HIGHLIGHT_FILL).getbbox() is None
    bands = {}
    for rank in (2, 6):
        image = decode(draw_leaderboard(board(highlight_rank=rank)))
        assert image.size == plain.size
        changed = ImageChops.difference(image, plain).getbbox()
        assert changed is not None
        box = colour_mask(image, HIGHLIGHT_FILL).getbbox()
        assert box is not None
        top, bottom = box[1], box[3]
        assert bottom - top == pytest.approx(ROW_HEIGHT, abs=2)
        # Everything that changed is inside that row.
        assert top - 1 <= changed[1] and changed[3] <= bottom + 1
        bands[rank] = top
    assert bands[6] - bands[2] == pytest.approx(4 * ROW_HEIGHT, abs=1)


def test_tied_highlight_marks_every_row_with_that_rank():
    rows = (row(1), row(2, "Bo"), row(2, "Cy"), row(4))
    image = decode(draw_leaderboard(LeaderboardView("T", "P", rows, highlight_rank=2)))
    box = colour_mask(image, HIGHLIGHT_FILL).getbbox()
    assert box[3] - box[1] == pytest.approx(2 * ROW_HEIGHT, abs=2)


def test_medals_for_the_top_three_only():
    image = decode(draw_leaderboard(board(5)))
    for rank in (1, 2, 3):
        assert colour_mask(image, MEDALS[rank]).getbbox() is not None
    # A page that starts at rank 4 (ranks 4-8) awards none.
    later = tuple(row(rank) for rank in range(4, 9))
    image = decode(draw_leaderboard(LeaderboardView("T", "P", later)))
    for rank in (1, 2, 3):
        assert colour_mask(image, MEDALS[rank]).getbbox() is None


def test_long_names_are_cut_with_an_ellipsis_to_their_measured_column():
    plan = layout(board(highlight_rank=7))
    name_column = plan.columns[leaderboard.NAME]
    for shown_row, cells in zip(plan.rows, plan.cells, strict=True):
        name = cells[leaderboard.NAME]
        bold = shown_row.rank == 7
        assert text_width(name, ROW_SIZE, bold) <= name_column.width
        full = drawable_text(shown_row.name, bold=False)
        if shown_row.name == LONG_NAME:
            assert name.endswith(ELLIPSIS)
            assert full.startswith(name.removesuffix(ELLIPSIS).rstrip())
            assert len(name) < len(full)
        else:
            assert name == full


def test_a_long_name_leaves_the_next_column_blank_in_the_picture():
    """Measured in the picture: no ink of the name in the gap before 'Solved'."""
    view = LeaderboardView("T", "P", (row(4, "W" * 80),))
    plan = layout(view)
    image = decode(draw_leaderboard(view))
    name = plan.columns[leaderboard.NAME]
    top = round(plan.row_tops[0])
    gap = (round(name.left + name.width) + 2, top + 4, round(name.left + name.width) + 14, top + 48)
    assert {colour for _, colour in image.crop(gap).getcolors()} == {leaderboard.SURFACE}
    # ...while the name does reach its column's end.
    near_end = (gap[0] - 40, gap[1], gap[0] - 4, gap[3])
    assert len(image.crop(near_end).getcolors()) > 1


@pytest.mark.parametrize("language", ["en", "fr", "es", "nl"])
def test_headings_and_numbers_are_whole_beside_long_names_and_three_digit_values(
    recorder, language
):
    """Issue 29: at the readable size "Best time" was cut to fit its column. Each heading
    is drawn whole, on two lines if it must be, and so is every number, within its column;
    in French and Spanish too, whose headings are longer ("Meilleur temps", "Resueltos")."""
    values = dict(solved=365, played=365, score="36,500", best_time="1:23:45", streak=365)
    rows = tuple(row(rank, f"{LONG_NAME} {rank}", **values) for rank in [*range(1, 26), 250])
    view = LeaderboardView(
        "Letter Boxed leaderboard", "All time", rows, highlight_rank=250, language=language
    )
    plan = layout(view)
    draw_leaderboard(view)
    for heading, column in zip(leaderboard.headings(language), plan.columns, strict=True):
        assert " ".join(column.heading) == heading
        for line in column.heading:
            assert text_width(line, leaderboard.HEADING_SIZE) <= column.width, line
            assert line in recorder.texts
    narrowest = leaderboard.MIN_NAME_WIDTH if language == "en" else leaderboard.SHORTEST_NAME_WIDTH
    assert plan.columns[leaderboard.NAME].width >= narrowest
    for shown, cells in zip(plan.rows, plan.cells, strict=True):
        whole = leaderboard._cells(shown, shown.rank == 250, language)
        for index, (text, column) in enumerate(zip(cells, plan.columns, strict=True)):
            bold = leaderboard._bold(index, shown.rank == 250)
            assert text_width(text, ROW_SIZE, bold) <= column.width, text
            if index != leaderboard.NAME:
                assert text == whole[index]  # numbers are never cut, only names
    cut = [text for text in recorder.texts if text.endswith(ELLIPSIS)]
    assert cut and all(text.startswith("Bartholo") for text in cut), cut


@pytest.mark.usefixtures("bundled_only")
def test_emoji_and_cjk_names_are_drawn_whole_each_character_by_a_font_that_has_it():
    plan = layout(board(highlight_rank=3))
    for shown_row, cells in zip(plan.rows, plan.cells, strict=True):
        bold = shown_row.rank == 3  # the highlighted name is bold
        for character in characters(cells[leaderboard.NAME]):
            assert character.isspace() or face_for(character, bold) is not None
    names = [cells[leaderboard.NAME] for cells in plan.cells]
    assert names[2:6] == ["王小明", "Zoë 😀", f"{FAMILY} family", "🇫🇷 Jean"]


def test_a_cjk_and_emoji_row_has_dark_strokes_and_colour_in_its_name_cell():
    view = LeaderboardView("T", "P", (row(1, "李小龍 🎉"),))
    plan = layout(view)
    image = decode(draw_leaderboard(view))
    name = plan.columns[leaderboard.NAME]
    top = round(plan.row_tops[0])
    cell = image.crop((round(name.left), top, round(name.left + 200), top + ROW_HEIGHT))
    colours = {colour for _, colour in cell.getcolors(100_000)}
    assert any(max(c) < 90 for c in colours)  # ink of the characters, not boxes' outlines
    assert any(r > 200 and 90 < g < 200 and b < 90 for r, g, b in colours)  # the 🎉's orange


def test_blank_and_invisible_names_get_a_placeholder():
    plan = layout(LeaderboardView("T", "P", (row(1, " \n\t"), row(2, "\u200b\u200d"))))
    assert [cells[leaderboard.NAME] for cells in plan.cells] == [PLACEHOLDER, PLACEHOLDER]


def test_more_than_max_rows_draws_max_rows_and_says_how_many_more():
    plan = layout(board(40))
    assert len(plan.rows) == MAX_ROWS
    assert [r.rank for r in plan.rows] == list(range(1, MAX_ROWS + 1))
    assert plan.hidden == 15
    assert plan.note_lines[0] == ("and 15 more members",)


def test_a_highlighted_member_below_the_top_rows_takes_the_last_place_after_a_gap():
    plan = layout(board(40, highlight_rank=33))
    assert len(plan.rows) == MAX_ROWS
    assert [r.rank for r in plan.rows] == [*range(1, MAX_ROWS), 33]
    assert plan.gap_before_last
    assert plan.row_tops[-1] - plan.row_tops[-2] > ROW_HEIGHT
    image = decode(draw_leaderboard(board(40, highlight_rank=33)))
    box = colour_mask(image, HIGHLIGHT_FILL).getbbox()
    assert box[1] == pytest.approx(plan.row_tops[-1], abs=1)


def test_rows_are_shown_in_rank_order_whatever_order_they_come_in():
    rows = tuple(row(rank) for rank in (3, 1, 2))
    assert [r.rank for r in layout(LeaderboardView("T", "P", rows)).rows] == [1, 2, 3]


def test_views_are_frozen_and_picklable():
    view = board(3, footer="Ranked by time", highlight_rank=2)
    assert pickle.loads(pickle.dumps(view)) == view
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.title = "x"  # type: ignore[misc]


def test_not_mistaken_for_a_puzzle_kind():
    for name in ("leaderboard", "stats"):
        with pytest.raises(LookupError):
            renderers.renderer(name)


def test_cap_widths_keeps_narrow_columns_and_meets_the_budget():
    assert cap_widths([10, 20, 30], 100) == [10, 20, 30]
    capped = cap_widths([10, 50, 80, 90], 130)
    assert capped[0] == 10
    assert sum(capped) == pytest.approx(130)
    assert capped[2] == capped[3] <= 80


# --- text the fonts can draw (helpers added to renderers/common.py) ----------------


def test_drawable_text_replaces_each_missing_character_once():
    assert drawable_text("Zoe\u0301") == "Zoé"  # composed: DejaVu has é
    assert drawable_text("\U0010fffd\U0010fffd x") == PLACEHOLDER * 2 + " x"  # no font has
    assert drawable_text(f"{FAMILY}{FAMILY}") == FAMILY * 2  # the colour emoji font has
    assert drawable_text("a\n\tb   c") == "a b c"
    assert drawable_text("a\u200bb") == "ab"


def test_drawable_text_caps_stacked_combining_marks():
    zalgo = "Z" + "\u0337\u0322\u031b\u0338\u0334\u0335" * 5 + "algo"
    drawn = drawable_text(zalgo)
    assert drawn.endswith("algo")
    assert len(characters(drawn)[0]) <= 1 + leaderboard.MAX_MARKS_PER_CHARACTER


@pytest.mark.parametrize("text", [LONG_NAME, "😀" * 40, FAMILY * 30, "é" * 60])
def test_fit_text_cuts_whole_characters_to_the_width(text):
    for width in (40, 120, 300):
        fitted = fit_text(text, ROW_SIZE, width)
        assert fitted.endswith(ELLIPSIS)
        assert text_width(fitted, ROW_SIZE) <= width or fitted == ELLIPSIS
        kept = fitted.removesuffix(ELLIPSIS)
        assert characters(text)[: len(characters(kept))] == characters(kept)
    assert fit_text("Al", ROW_SIZE, 300) == "Al"


# --- the text fallback -------------------------------------------------------------


def test_text_has_a_heading_then_one_line_per_row_in_rank_order():
    view = board(8)
    lines = leaderboard_text(view).splitlines()
    assert lines[0].split() == ["#", "Member", "Solved", "Points", "Best", "Streak"]
    assert len(lines) == 1 + 8
    assert [int(line[1:].split()[0]) for line in lines[1:]] == list(range(1, 9))
    assert "Alice" in lines[1] and "王小明" in lines[3]  # Discord draws these: kept as they are


def test_text_columns_line_up_for_plain_names():
    lines = leaderboard_text(board(12, names=("Al", "Bea", "Christopher"))).splitlines()
    ends = {line.index("/31") for line in lines[1:]}
    assert len(ends) == 1


def test_text_marks_the_highlighted_row():
    lines = leaderboard_text(board(8, highlight_rank=5)).splitlines()
    marked = [line for line in lines if line.startswith(leaderboard.HIGHLIGHT_MARK)]
    assert len(marked) == 1 and marked[0][1:].split()[0] == "5"


def test_text_of_an_empty_board():
    assert leaderboard_text(board(0)) == "No results yet."


@pytest.mark.parametrize(
    ("language", "title", "note"),
    [
        ("en", "No results yet", "Solve a daily puzzle to get on the board."),
        ("fr", "Pas encore de résultats", "Résous un jeu du jour pour entrer au classement."),
        (
            "es",
            "Aún no hay resultados",
            "Resuelve un reto del día para entrar en la clasificación.",
        ),
    ],
)
def test_an_empty_board_says_so_whole_in_its_language(language, title, note, recorder):
    """Spanish's note is wider than the card at the readable size: it takes two lines,
    never loses its end."""
    draw_leaderboard(board(0, language=language))
    assert title in recorder.texts
    shown = [text for text in recorder.texts if text not in (title, "1", "2", "3")]
    assert " ".join(shown[-2:] if language == "es" else shown[-1:]) == note
    assert leaderboard_text(board(0, language=language)) == f"{title}."


def test_the_text_table_is_headed_in_its_language():
    text = leaderboard_text(board(3, language="fr"))
    assert text.splitlines()[0].split() == ["#", "Membre", "Résolus", "Points", "Record", "Série"]


def test_text_of_25_long_names_stays_under_the_limit_and_cuts_names():
    zalgo = "Z" + "\u0337\u0322\u031b\u0338" * 40 + "algo"
    names = ("x" * 300, "王" * 200, FAMILY * 100, zalgo, LONG_NAME * 5)
    text = leaderboard_text(board(MAX_ROWS, names=names))
    assert len(text) < TEXT_LIMIT
    lines = text.splitlines()
    assert len(lines) == 1 + MAX_ROWS
    assert [int(line[1:].split()[0]) for line in lines[1:]] == list(range(1, MAX_ROWS + 1))
    assert all(ELLIPSIS in line for line in lines[1:] if "algo" not in line)


def test_text_limit_holds_even_for_absurd_scores():
    rows = tuple(
        row(rank, "n" * 500, score="9" * 900, best_time="t" * 900) for rank in range(1, 26)
    )
    text = leaderboard_text(LeaderboardView("T", "P", rows))
    assert len(text) < TEXT_LIMIT
    assert len(text.splitlines()) == 1 + 25


def test_text_beyond_max_rows_ends_with_how_many_more():
    lines = leaderboard_text(board(40, highlight_rank=33)).splitlines()
    assert len(lines) == 1 + MAX_ROWS + 1
    assert lines[-1] == "and 15 more members"
    assert lines[-2].startswith(">") and lines[-2][1:].split()[0] == "33"


@pytest.mark.usefixtures("bundled_only")
def test_a_highlighted_name_is_checked_against_the_bold_fonts():
    fancy = "\U0001d5a0\U0001d5c5"  # mathematical sans-serif "Al": in DejaVu Book, not Bold
    assert all(ord(c) in font_codepoints(False) for c in fancy)
    assert not any(ord(c) in font_codepoints(True) for c in fancy)
    rows = (row(1, fancy), row(2, fancy))
    plan = layout(LeaderboardView("T", "P", rows, highlight_rank=2))
    assert [cells[leaderboard.NAME] for cells in plan.cells] == [fancy, PLACEHOLDER * 2]


def test_a_long_title_shrinks_or_wraps_and_is_never_cut():
    title = "All puzzles: Puzzle Test Server of the Long Names Society of Lower Wallop"
    plan = layout(board(3, title=title))
    header = plan.header
    assert " ".join(header.title_lines) == title  # every word, none cut with an ellipsis
    assert all(text_width(line, header.title_size) <= WIDTH - 64 for line in header.title_lines)
    short = layout(board(3))
    assert (short.header.title_size, short.header.title_lines) == (
        44,
        ("Letter Boxed leaderboard",),
    )
    assert plan.card[1] > short.card[1]  # the card moves down under a second line
    image = decode(draw_leaderboard(board(3, title=title)))
    margin = image.crop((WIDTH - 32, 0, WIDTH, round(plan.card[1]) - 2))
    assert len(margin.getcolors()) == 1  # nothing spills into the right margin


def test_a_medium_title_shrinks_onto_one_line():
    title = "All puzzles: Puzzle Test Server Name"
    plan = layout(board(3, title=title))
    assert plan.header.title_lines == (title,) and plan.header.title_size < 44
