from __future__ import annotations

import dataclasses
import datetime
import io
import math
import pickle

import pytest
from PIL import Image, ImageChops

from renderers.common import WIDTH
from renderers.stats import (
    DAYS,
    HEADING_SIZE,
    PAD,
    PLOT_HEIGHT,
    STATUS_COLOURS,
    TILE_LABEL_SIZE,
    TILE_PAD,
    DayResult,
    StatsView,
    bar_height,
    chart_days,
    compact,
    draw_stats,
    layout,
    legend_entries,
    nice_ceiling,
    tick_labels,
)
from renderers.stats import _legend_width as legend_width
from renderers.text import ELLIPSIS, drawable_text, text_width

END = datetime.date(2026, 11, 21)  # a Saturday
SOLVED = STATUS_COLOURS["solved"]
FAILED = STATUS_COLOURS["failed"]


def month(statuses, values=None) -> tuple[DayResult, ...]:
    """Results for the DAYS days ending on END, one status (and value) per day."""
    statuses = list(statuses)
    values = list(values) if values is not None else [5.0] * len(statuses)
    first = END - datetime.timedelta(days=len(statuses) - 1)
    return tuple(
        DayResult(
            first + datetime.timedelta(days=i),
            status,
            value if status in ("solved", "failed") else None,
        )
        for i, (status, value) in enumerate(zip(statuses, values, strict=True))
    )


def view(days=(), **changes) -> StatsView:
    values = dict(
        name="Zoë 😀 王",
        kind_title="Letter Boxed",
        played=40,
        solved=31,
        win_rate=31 / 40,
        current_streak=4,
        longest_streak=12,
        bests=(("Fastest solve", "1:42"), ("Fewest words", "2")),
        last_30_days=tuple(days),
    )
    values.update(changes)
    return StatsView(**values)


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def count(image: Image.Image, colour, box=None) -> int:
    region = image.crop(box) if box else image
    return sum(n for n, c in region.getcolors(maxcolors=1 << 20) if c == colour)


def plot_box(plan) -> tuple[int, int, int, int]:
    plot = plan.plot
    return (round(plot.left), round(plot.top) - 2, round(plot.right), round(plot.baseline))


def test_cards_decode_at_the_shared_width():
    for days in ((), month(["solved"] * DAYS), month(["missed"] * DAYS)):
        image = decode(draw_stats(view(days)))
        assert image.mode == "RGB"
        assert image.width == WIDTH


def test_an_all_solved_month_draws_a_bar_per_day_and_nothing_failed():
    values = [1 + i for i in range(DAYS)]  # 1..30 minutes
    shown = view(month(["solved"] * DAYS, values))
    plan = layout(shown)
    image = decode(draw_stats(shown))
    assert count(image, FAILED, plot_box(plan)) == 0
    assert plan.plot.top_value == 40  # the nice number above the 30-minute maximum
    for slot, value in enumerate(values):
        x = round(plan.plot.centre_x(slot))
        column = (x, round(plan.plot.top) - 2, x + 1, round(plan.plot.baseline))
        measured = count(image, SOLVED, column)
        # Bar height is the value on the scale of the top gridline (solid inside; the
        # anti-aliased rounded top may lose a pixel or two).
        assert measured == pytest.approx(PLOT_HEIGHT * value / 40, abs=3)


def test_an_all_missed_month_draws_marks_but_no_bars():
    missed = view(month(["missed"] * DAYS))
    plan = layout(missed)
    image = decode(draw_stats(missed))
    assert count(image, SOLVED, plot_box(plan)) == 0
    assert count(image, FAILED, plot_box(plan)) == 0
    background = image.getpixel((round(plan.plot.centre_x(0)), round(plan.plot.top) + 40))
    for slot in range(DAYS):
        # Each missed day has its ring just above the axis, in every slot.
        x = round(plan.plot.centre_x(slot))
        y = round(plan.plot.baseline) - 10
        ring = image.crop((x - 7, y - 7, x + 8, y + 8))
        assert any(colour != background for _, colour in ring.getcolors()), slot
    # And the all-missed card differs from one with no days at all (no marks there).
    empty = decode(draw_stats(view(())))
    assert ImageChops.difference(image, empty).getbbox() is not None


def test_failed_days_are_vermillion_and_missed_days_leave_gaps():
    statuses = ["solved", "failed", "missed"] * 10
    shown = view(month(statuses))
    plan = layout(shown)
    image = decode(draw_stats(shown))
    for slot, status in enumerate(statuses):
        x = round(plan.plot.centre_x(slot))
        column = (x, round(plan.plot.top), x + 1, round(plan.plot.baseline) - 2)
        solved, failed = count(image, SOLVED, column), count(image, FAILED, column)
        if status == "solved":
            assert solved > 50 and failed == 0
        elif status == "failed":
            assert failed > 50 and solved == 0
        else:
            assert solved == failed == 0


def test_days_without_a_value_are_dots_not_bars():
    days = tuple(dataclasses.replace(day, value=None) for day in month(["solved"] * DAYS))
    shown = view(days)
    plan = layout(shown)
    image = decode(draw_stats(shown))
    x = round(plan.plot.centre_x(10))
    column = (x, round(plan.plot.top), x + 1, round(plan.plot.baseline))
    assert 0 < count(image, SOLVED, column) <= 14  # a dot, about 12 px across


def test_days_not_given_are_blank_and_the_window_ends_on_the_latest_day():
    days = month(["solved"] * 10)  # the last 10 days only
    first, slots = chart_days(days)
    assert first == END - datetime.timedelta(days=DAYS - 1)
    assert sorted(slots) == list(range(DAYS - 10, DAYS))
    plan = layout(view(days))
    image = decode(draw_stats(view(days)))
    early = (round(plan.plot.left), round(plan.plot.top), round(plan.plot.centre_x(19)),
             round(plan.plot.baseline) - 2)  # fmt: skip
    assert count(image, SOLVED, early) == 0


def test_chart_days_drops_old_days_and_keeps_the_last_duplicate():
    old = DayResult(END - datetime.timedelta(days=45), "solved", 3.0)
    first = DayResult(END, "failed", 2.0)
    again = DayResult(END, "solved", 1.0)
    _, slots = chart_days((again, old, first, again))
    assert slots == {DAYS - 1: again}


def test_bad_values_do_not_break_the_chart():
    days = (
        DayResult(END - datetime.timedelta(days=2), "solved", math.nan),
        DayResult(END - datetime.timedelta(days=1), "failed", -4.0),
        DayResult(END, "solved", 1e9),
    )
    decode(draw_stats(view(days)))


def test_tick_labels_are_the_mondays():
    first = END - datetime.timedelta(days=DAYS - 1)
    labels = tick_labels(first)
    assert 4 <= len(labels) <= 5
    for slot, label in labels.items():
        day = first + datetime.timedelta(days=slot)
        assert day.weekday() == 0
        assert label == f"{day.day} {day:%b}"
    assert labels[DAYS - 6] == "16 Nov"


def test_tick_labels_name_the_months_the_readers_way():
    first = END - datetime.timedelta(days=DAYS - 1)
    assert tick_labels(first, "fr")[DAYS - 6] == "16 nov."
    assert tick_labels(first, "es")[DAYS - 6] == "16 nov"
    assert tick_labels(datetime.date(2026, 9, 7), "fr")[0] == "7 sept."


def test_a_card_in_french_says_every_label_number_and_date_in_french(recorder):
    days = month(["solved", "failed", "missed"] * 10, [0.03 * i for i in range(30)])
    shown = dataclasses.replace(view(days), played=1_234, win_rate=0.5, language="fr")
    draw_stats(shown)
    drawn = recorder.texts
    for label in ("Joués", "Résolus", "réussite", "Records personnels", "30 derniers jours"):
        assert label in drawn, (label, drawn)
    assert {"Résolu", "Échoué", "Manqué", "16 nov.", "2 nov."} <= set(drawn)
    assert "1\u202f234" in drawn  # thousands apart by a narrow no-break space
    assert "50\u00a0%" in drawn  # the percent sign after a no-break space
    assert {"0,5", "1 min"} <= set(drawn)  # the gridlines, with a decimal comma
    english = ("Played", "Solved", "Last 30", "Nov", "Win")
    assert not any(word in text for text in drawn for word in english), drawn


def test_a_card_in_spanish_puts_its_tiles_in_rows_of_three_for_its_longer_words(recorder):
    """ "Resueltos" is wider than a fifth of the card holds at the readable size: the tiles
    go in rows of three, and every label is drawn whole inside its tile."""
    shown = dataclasses.replace(view(month(["solved"] * 30)), language="es")
    plan = layout(shown)
    draw_stats(shown)
    assert plan.tile_columns == 3 and layout(view()).tile_columns == 5
    assert plan.bests_top > plan.tiles_top + 2 * plan.tile_height  # below both rows
    for _number, label in plan.tiles:
        for word in label.split():
            assert text_width(word, TILE_LABEL_SIZE, bold=False) <= plan.tile_width - 2 * TILE_PAD
    assert "Resueltos" in recorder.texts and "Tasa de éxito" in recorder.texts


def test_nice_ceiling_is_a_round_number_at_most_twice_the_value():
    for value in (0.03, 0.7, 1, 1.01, 2.4, 3, 7.5, 12, 45, 99, 100, 101, 3600):
        top = nice_ceiling(value)
        assert value <= top <= 2 * value + 1e-9
        mantissa = top / 10 ** math.floor(math.log10(top))
        assert round(mantissa, 9) in (1, 2, 4, 5)
    assert nice_ceiling(0) == 1


def test_bar_height_is_proportional_and_never_invisible():
    assert bar_height(20, 40) == PLOT_HEIGHT / 2
    assert bar_height(40, 40) == PLOT_HEIGHT
    assert bar_height(0.001, 40) >= 3


def test_compact_counts_never_overstate():
    for n in (0, 7, 999, 1000, 1049, 1234, 9999, 12_345, 99_999, 123_456, 1_234_567):
        text = compact(n)
        assert len(text) <= 4
        number = float(text.rstrip("kMB")) * {"k": 1e3, "M": 1e6, "B": 1e9}.get(text[-1], 1)
        assert number <= n < number * 1.1 + 1
    assert compact(1234) == "1.2k" and compact(12_345) == "12k"


def test_huge_numbers_fit_their_tiles():
    big = view(month(["solved"] * DAYS), played=123_456_789, solved=98_765_432, win_rate=0.8)
    assert decode(draw_stats(big)).width == WIDTH


def test_long_emoji_names_and_many_long_bests_draw_with_bests_capped():
    bests = tuple((f"Best thing number {i} " * 3, "1:23:45 " * 4) for i in range(20))
    shown = view(month(["failed"] * DAYS), name="👨\u200d👩\u200d👧 " + "long " * 40, bests=bests)
    plan = layout(shown)
    assert len(plan.bests) == 8
    assert decode(draw_stats(shown)).width == WIDTH


def test_the_sample_name_is_drawn_whole():
    assert drawable_text(view().name) == view().name  # the emoji and 王 keep their glyphs


def test_a_long_name_shrinks_then_wraps_and_keeps_every_word():
    name = "Bartholomew Montgomery-Featherstonehaugh of Lower Wallop"
    plan = layout(view(name=name))
    header = plan.header
    assert " ".join(header.title_lines) == name
    assert header.title_size < 44
    assert all(text_width(line, header.title_size) <= WIDTH - 64 for line in header.title_lines)
    image = decode(draw_stats(view(name=name)))
    header = image.crop((WIDTH - 32, 0, WIDTH, round(plan.tiles_top)))
    assert {c for _, c in header.getcolors()} == {image.getpixel((WIDTH - 1, 1))}  # no overflow


def test_days_before_the_first_play_are_a_pale_band_not_missed_rings():
    statuses = ["not started"] * 10 + ["solved", "missed"] * 10
    shown = view(month(statuses))
    plan = layout(shown)
    image = decode(draw_stats(shown))
    band = STATUS_COLOURS["not started"]
    for slot, status in enumerate(statuses):
        x = round(plan.plot.centre_x(slot))
        ring = (x - 7, round(plan.plot.baseline) - 17, x + 8, round(plan.plot.baseline) - 2)
        middle = (x, round(plan.plot.top) + 60, x + 1, round(plan.plot.top) + 70)
        if status == "not started":
            assert count(image, band, middle) == 10, slot  # pale from top to bottom
            assert count(image, STATUS_COLOURS["missed"], ring) == 0, slot  # no ring
        else:
            assert count(image, band, middle) == 0, slot
    assert [label for _, label in legend_entries(True)][-1] == "Not started"


def legend_box(plan) -> tuple[int, int, int, int]:
    """From the chart's heading down to its card, right half: where the legend is."""
    return (WIDTH // 2, round(plan.chart_top) - 4, WIDTH, round(plan.plot.card[1]) - 2)


def test_the_legend_names_not_started_only_on_a_chart_that_has_such_days():
    with_band = view(month(["not started"] + ["solved"] * 29))
    without = view(month(["missed"] + ["solved"] * 29))
    swatch = STATUS_COLOURS["not started"]
    assert count(decode(draw_stats(with_band)), swatch, legend_box(layout(with_band))) > 50
    assert count(decode(draw_stats(without)), swatch, legend_box(layout(without))) == 0


@pytest.mark.parametrize("language", ["en", "fr", "es", "nl"])
@pytest.mark.parametrize("not_started", [False, True])
def test_the_legend_never_runs_into_the_charts_heading(language, not_started, recorder):
    """Four entries do not fit beside "Last 30 days" (nor French's "30 derniers jours"):
    the legend then takes a line of its own under the heading, over the chart's card."""
    days = month((["not started"] if not_started else ["missed"]) + ["solved"] * 29)
    shown = dataclasses.replace(view(days), language=language)
    plan = layout(shown)
    draw_stats(shown)
    heading = recorder.texts.index(plan.chart_heading)
    heading_right = PAD + text_width(plan.chart_heading, HEADING_SIZE)
    legend_left = WIDTH - PAD - legend_width(plan.legend)
    beside = plan.legend_middle < plan.chart_top + HEADING_SIZE
    assert heading_right < legend_left if beside else plan.legend_middle < plan.plot.card[1]
    labels = [label for _status, label in plan.legend]
    assert recorder.texts[heading + 1 : heading + 1 + len(labels)] == labels[::-1]
    assert beside == (not not_started)  # three entries fit beside it in every language


def test_a_month_not_started_says_no_games():
    shown = view(month(["not started"] * DAYS))
    plan = layout(shown)
    image = decode(draw_stats(shown))
    assert count(image, SOLVED, plot_box(plan)) == count(image, FAILED, plot_box(plan)) == 0


def test_invalid_views_are_rejected():
    with pytest.raises(ValueError, match="status"):
        DayResult(END, "won", 1.0)
    with pytest.raises(ValueError, match="win_rate"):
        view(win_rate=77.5)


def test_views_are_frozen_and_picklable():
    shown = view(month(["solved", "missed"] * 15))
    assert pickle.loads(pickle.dumps(shown)) == shown
    with pytest.raises(dataclasses.FrozenInstanceError):
        shown.played = 3  # type: ignore[misc]


def test_gridline_labels_are_drawn_whole_with_their_unit(recorder):
    """Issue 29: at the readable size the top label was cut to "500…"; the plot now starts
    where the widest label ends."""
    days = month(["solved", "failed", "missed"] * 10, [95.0 + 13 * i for i in range(30)])
    plan = layout(view(days))
    draw_stats(view(days))
    assert plan.plot.labels == ("250", "500 min")
    assert "500 min" in recorder.texts and "250" in recorder.texts
    assert not [text for text in recorder.texts if text.endswith(ELLIPSIS)]
