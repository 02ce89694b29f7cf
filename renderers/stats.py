"""A member's stats for one puzzle kind as a PNG card.

Not a puzzle kind: the stats cog builds a `StatsView` from the database and calls
`draw_stats` in a worker.

The card: the member's name and the kind, five tiles (played, solved, win rate,
current and longest streak), their personal bests, and a bar chart of the 30 days
ending on the last day given. A bar's height is the day's value (e.g. minutes taken),
its colour the result: bluish green solved, vermillion failed (Okabe-Ito, so colour
blind readers tell them apart). A solved or failed day without a value is a dot, a
missed day a small ring, a day before the member started playing ("not started": there
was nothing to miss yet) a pale grey band, and a day not in the view is left blank.
Mondays are labelled with their date under the axis. The name is drawn in its own script
(see renderers.common) and never cut: a long one shrinks, then wraps.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Sequence
from dataclasses import dataclass

from puzzles.i18n import (
    ENGLISH,
    Message,
    _,
    day_and_month,
    number,
    percent,
    pgettext,
    render,
)
from renderers.common import (
    INK,
    MUTED,
    OKABE_ITO,
    READABLE_SIZE,
    SURFACE,
    WIDTH,
    Canvas,
    Colour,
    Header,
    cap_height,
    draw_header,
    fit_header,
    wrap_text,
)
from renderers.text import PLACEHOLDER, drawable_text, fit_text, text_width

DAYS = 30
STATUSES = ("solved", "failed", "missed", "not started")
PLAYED = ("solved", "failed")  # the statuses a bar or dot stands for
MAX_BESTS = 8

PAD = 32
SECTION_GAP = 28
CARD_RADIUS = 16
TILE_GAP = 12
TILE_PAD = 14
TILE_NUMBER_SIZE = 44
TILE_NUMBER_MIN_SIZE = 32
TILE_LABEL_SIZE = READABLE_SIZE
HEADING_SIZE = READABLE_SIZE
HEADING_GAP = 14
BEST_LABEL_SIZE = READABLE_SIZE
BEST_VALUE_SIZE = 28
BEST_ROW_HEIGHT = 46
BEST_COLUMN_GAP = 28
PLOT_HEIGHT = 200
PLOT_TOP_ROOM = 16  # above the top gridline, so its label fits
AXIS_LABEL_SIZE = READABLE_SIZE
AXIS_ROOM = 96  # left of the plot, at least: more when a gridline label needs it
AXIS_LABEL_GAP = 8  # between a gridline label and the plot
AXIS_LABEL_GAPS = AXIS_LABEL_GAP + 10  # and between the label and the card's edge
GRIDLINES = (0.5, 1.0)  # labelled gridlines, as fractions of the top value
TICK_LENGTH = 6
TICK_LABEL_GAP = 8
BAR_FRACTION = 0.64  # of a day's slot
DOT_RADIUS = 6
RING_RADIUS = 5
RING_WIDTH = 2
LEGEND_SIZE = READABLE_SIZE
LEGEND_SWATCH = 16
NOTE_SIZE = READABLE_SIZE
CHART_CARD_HEIGHT = (
    PLOT_TOP_ROOM + PLOT_HEIGHT + TICK_LENGTH + TICK_LABEL_GAP + AXIS_LABEL_SIZE + 24
)

STATUS_COLOURS: dict[str, Colour] = {
    "solved": OKABE_ITO["bluish green"],
    "failed": OKABE_ITO["vermillion"],
    "missed": MUTED,
    "not started": (238, 235, 230),  # a pale band: nothing to play yet
}
RULE: Colour = (226, 222, 215)
GRID: Colour = (236, 233, 228)


@dataclass(frozen=True)
class DayResult:
    day: datetime.date
    status: str  # "solved" | "failed" | "missed" | "not started" (before the first play)
    value: float | None = None  # e.g. minutes taken; drawn as the bar's height

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"day status must be one of {', '.join(STATUSES)}: {self.status!r}")


@dataclass(frozen=True)
class StatsView:
    """A member's card; its labels, numbers and dates drawn in `language` (the member's
    name and the values given as text as they are)."""

    name: str
    kind_title: Message | str  # e.g. "Letter Boxed"
    played: int
    solved: int
    win_rate: float  # 0 to 1
    current_streak: int
    longest_streak: int
    bests: tuple[tuple[Message | str, str], ...]  # (label, value), e.g. ("Fastest", "2:41")
    last_30_days: tuple[DayResult, ...]
    value_unit: Message | str = "min"  # what DayResult.value counts, for the gridlines
    language: str = ENGLISH

    def __post_init__(self) -> None:
        if not 0 <= self.win_rate <= 1:
            raise ValueError(f"win_rate is a fraction from 0 to 1, not {self.win_rate!r}")


@dataclass(frozen=True)
class Plot:
    """The chart's geometry (final pixels, y down) and what goes on it."""

    card: tuple[float, float, float, float]  # the white card around the plot and ticks
    left: float
    right: float
    top: float  # of the top gridline, which stands for top_value
    baseline: float  # value 0
    first_day: datetime.date | None  # of slot 0; None when there are no days
    slots: dict[int, DayResult]  # slot 0-29 -> that day's result
    top_value: float
    labels: tuple[str, ...]  # of the GRIDLINES, the unit on the top one; none without values

    @property
    def slot_width(self) -> float:
        return (self.right - self.left) / DAYS

    def centre_x(self, slot: int) -> float:
        return self.left + (slot + 0.5) * self.slot_width


@dataclass(frozen=True)
class Layout:
    header: Header  # the name, wrapped if it has to be, and the puzzle kind
    tiles: tuple[tuple[int | str, str], ...]  # (number, label)
    tiles_top: float
    tile_columns: int  # all five tiles in a row, or in rows of three when a label needs room
    tile_width: float
    tile_height: float
    bests: tuple[tuple[str, str], ...]
    bests_top: float
    chart_top: float  # of the "Last 30 days" heading
    chart_heading: str
    legend: tuple[tuple[str, str], ...]  # (status, label)
    legend_middle: float  # beside the heading, or on a line of its own under it
    plot: Plot
    height: int


def layout(view: StatsView) -> Layout:
    language = view.language
    tiles = _tiles(view)
    tile_columns = _tile_columns(tiles)
    tile_width = _tile_width(tile_columns)
    tile_height = _tile_height(tiles, tile_width)
    tile_rows = math.ceil(len(tiles) / tile_columns)
    bests = tuple((render(label, language), value) for label, value in view.bests[:MAX_BESTS])

    kind_title = render(view.kind_title, language)
    header = fit_header(drawable_text(view.name) or PLACEHOLDER, kind_title, PAD)
    tiles_top = header.bottom + SECTION_GAP
    bests_top = tiles_top + tile_rows * (tile_height + TILE_GAP) - TILE_GAP + SECTION_GAP
    chart_top = bests_top
    if bests:
        best_rows = math.ceil(len(bests) / 2)
        chart_top += HEADING_SIZE + HEADING_GAP + best_rows * BEST_ROW_HEIGHT + SECTION_GAP
    chart_heading = render(_("Last 30 days"), language)
    first_day, slots = chart_days(view.last_30_days)
    statuses = {result.status for result in slots.values()}
    legend = legend_entries("not started" in statuses, language)
    legend_middle = chart_top + HEADING_SIZE / 2
    card_top = chart_top + HEADING_SIZE + HEADING_GAP
    beside = WIDTH - 2 * PAD - text_width(chart_heading, HEADING_SIZE) - LEGEND_GAP
    if _legend_width(legend) > beside:  # a language's longer words: a line of its own
        legend_middle = card_top + LEGEND_SIZE / 2
        card_top += LEGEND_SIZE + HEADING_GAP
    card = (PAD, card_top, WIDTH - PAD, card_top + CHART_CARD_HEIGHT)

    values = [v for result in slots.values() if (v := _value(result)) is not None]
    top_value = nice_ceiling(max(values, default=0))
    unit = render(view.value_unit, language)
    labels = _gridline_labels(top_value, unit, language) if values else ()
    widest_label = max((text_width(label, AXIS_LABEL_SIZE, False) for label in labels), default=0)
    plot_top = card_top + PLOT_TOP_ROOM + 8
    plot = Plot(
        card=card,
        left=card[0] + max(AXIS_ROOM, widest_label + AXIS_LABEL_GAPS),
        right=card[2] - 18,
        top=plot_top,
        baseline=plot_top + PLOT_HEIGHT,
        first_day=first_day,
        slots=slots,
        top_value=top_value,
        labels=labels,
    )
    return Layout(
        header=header,
        tiles=tuple(tiles),
        tiles_top=tiles_top,
        tile_columns=tile_columns,
        tile_width=tile_width,
        tile_height=tile_height,
        bests=bests,
        bests_top=bests_top,
        chart_top=chart_top,
        chart_heading=chart_heading,
        legend=tuple(legend),
        legend_middle=legend_middle,
        plot=plot,
        height=math.ceil(card[3] + PAD),
    )


def draw_stats(view: StatsView) -> bytes:
    """PNG of the member's stats card, WIDTH pixels wide."""
    plan = layout(view)
    canvas = Canvas(WIDTH, plan.height, scale=1)
    draw_header(canvas, plan.header)
    _draw_tiles(canvas, plan, view.language)
    if plan.bests:
        _draw_bests(canvas, plan.bests, plan.bests_top, view.language)
    _draw_chart_section(canvas, view, plan)
    return canvas.png()


# --- header and tiles --------------------------------------------------------------


TILE_LABELS = (
    pgettext("stats tile", "Played"),
    pgettext("stats tile", "Solved"),
    pgettext("stats tile", "Win rate"),
    pgettext("stats tile", "Current streak"),
    pgettext("stats tile", "Longest streak"),
)


def _tiles(view: StatsView) -> list[tuple[int | str, str]]:
    """(number, label) for each tile, the labels in the view's language (a label of two
    words or more wraps onto as many lines as it needs, and every tile grows to match)."""
    numbers = (
        view.played,
        view.solved,
        percent(view.win_rate, view.language),
        view.current_streak,
        view.longest_streak,
    )
    labels = (render(label, view.language) for label in TILE_LABELS)
    return list(zip(numbers, labels, strict=True))


TILES_IN_A_ROW = 5
TILES_IN_A_NARROW_ROW = 3


def _tile_width(columns: int) -> float:
    return (WIDTH - 2 * PAD - TILE_GAP * (columns - 1)) / columns


def _tile_columns(tiles: Sequence[tuple[int | str, str]]) -> int:
    """Five tiles in a row, unless a word of a label is wider than such a tile holds
    (Spanish "Resueltos"): then rows of three, whose tiles are wider."""
    room = _tile_width(TILES_IN_A_ROW) - 2 * TILE_PAD
    words = [word for _number, label in tiles for word in label.split()]
    if all(text_width(word, TILE_LABEL_SIZE, bold=False) <= room for word in words):
        return TILES_IN_A_ROW
    return TILES_IN_A_NARROW_ROW


def _label_lines(label: str, tile_width: float) -> list[str]:
    return wrap_text(label, TILE_LABEL_SIZE, tile_width - 2 * TILE_PAD, bold=False)


def _tile_height(tiles: Sequence[tuple[int | str, str]], tile_width: float) -> float:
    lines = max(len(_label_lines(label, tile_width)) for _number, label in tiles)
    return 2 * TILE_PAD + TILE_NUMBER_SIZE + 10 + lines * TILE_LABEL_SIZE * 1.25


def compact(count: int, language: str = ENGLISH) -> str:
    """A count in four characters or fewer, rounded down so it never overstates:
    '950', '1.2k', '12k', '999k', '1.2M' (with the language's decimal mark: '1,2k')."""
    for divisor, suffix in ((1_000_000_000, "B"), (1_000_000, "M"), (1_000, "k")):
        if count >= divisor:
            tenths = count * 10 // divisor
            if tenths < 100:
                return number(tenths / 10, language) + suffix
            return f"{tenths // 10}{suffix}"
    return str(count)


def _fitted_number(value: int | str, max_width: float, language: str) -> tuple[str, int]:
    """The tile's number and its size: the largest size down to TILE_NUMBER_MIN_SIZE
    at which it fits, in full ('12,345') if it can, else compact ('12.3k')."""
    forms = (
        [value] if isinstance(value, str) else [number(value, language), compact(value, language)]
    )
    for text in forms:
        for size in range(TILE_NUMBER_SIZE, TILE_NUMBER_MIN_SIZE - 1, -2):
            if text_width(text, size) <= max_width:
                return text, size
    return forms[-1], TILE_NUMBER_MIN_SIZE


def _draw_tiles(canvas: Canvas, plan: Layout, language: str) -> None:
    tile_width, tile_height = plan.tile_width, plan.tile_height
    for index, (value, label) in enumerate(plan.tiles):
        row, column = divmod(index, plan.tile_columns)
        in_row = min(plan.tile_columns, len(plan.tiles) - row * plan.tile_columns)
        indent = (plan.tile_columns - in_row) * (tile_width + TILE_GAP) / 2  # a short row, centred
        left = PAD + indent + column * (tile_width + TILE_GAP)
        top = plan.tiles_top + row * (tile_height + TILE_GAP)
        box = (left, top, left + tile_width, top + tile_height)
        canvas.rounded_rectangle(box, CARD_RADIUS, fill=SURFACE, outline=RULE, width=1.5)
        centre_x = left + tile_width / 2
        text, size = _fitted_number(value, tile_width - 2 * TILE_PAD, language)
        number_middle = top + TILE_PAD + TILE_NUMBER_SIZE / 2
        canvas.text_line_centred((centre_x, number_middle), text, size, INK)
        y = top + TILE_PAD + TILE_NUMBER_SIZE + 10
        for line in _label_lines(label, tile_width):
            middle = y + TILE_LABEL_SIZE * 0.62
            canvas.text_line_centred((centre_x, middle), line, TILE_LABEL_SIZE, MUTED, bold=False)
            y += TILE_LABEL_SIZE * 1.25


# --- personal bests ----------------------------------------------------------------


def _draw_bests(
    canvas: Canvas, bests: Sequence[tuple[str, str]], top: float, language: str
) -> None:
    heading = render(_("Personal bests"), language)
    canvas.text((PAD, top + cap_height(HEADING_SIZE)), heading, HEADING_SIZE, INK)
    top += HEADING_SIZE + HEADING_GAP
    column_width = (WIDTH - 2 * PAD - BEST_COLUMN_GAP) / 2
    for index, (label, value) in enumerate(bests):
        row, column = divmod(index, 2)
        left = PAD + column * (column_width + BEST_COLUMN_GAP)
        right = left + column_width
        baseline = top + row * BEST_ROW_HEIGHT + BEST_ROW_HEIGHT / 2
        baseline += cap_height(BEST_VALUE_SIZE) / 2
        value_text = fit_text(drawable_text(value), BEST_VALUE_SIZE, column_width * 0.5)
        value_width = text_width(value_text, BEST_VALUE_SIZE)
        label_room = column_width - value_width - 12
        label_text = fit_text(
            drawable_text(label, bold=False), BEST_LABEL_SIZE, label_room, bold=False
        )
        canvas.text((left, baseline), label_text, BEST_LABEL_SIZE, MUTED, bold=False)
        canvas.text((right, baseline), value_text, BEST_VALUE_SIZE, INK, anchor="rs")
        rule_y = top + (row + 1) * BEST_ROW_HEIGHT - 1
        canvas.line([(left, rule_y), (right, rule_y)], fill=GRID, width=1.5)


# --- the chart of the last 30 days -------------------------------------------------


def chart_days(days: Sequence[DayResult]) -> tuple[datetime.date | None, dict[int, DayResult]]:
    """The first date of the chart (the 30 days end on the latest day given) and the
    results by slot 0-29; days before the window are dropped, the last of duplicates
    wins. (None, {}) without days."""
    if not days:
        return None, {}
    first = max(result.day for result in days) - datetime.timedelta(days=DAYS - 1)
    slots = {}
    for result in days:
        slot = (result.day - first).days
        if 0 <= slot < DAYS:
            slots[slot] = result
    return first, slots


def _value(result: DayResult) -> float | None:
    """The day's value if it is a real, non-negative number."""
    value = result.value
    if value is None or not math.isfinite(value) or value < 0 or result.status not in PLAYED:
        return None
    return value


def nice_ceiling(value: float) -> float:
    """The smallest of 1, 2, 4, 5 times a power of ten that is >= value (1 for 0): the
    top gridline, chosen so that it and its half read as short round numbers."""
    if value <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 4, 5, 10):
        if step * power >= value * (1 - 1e-9):
            return step * power
    return 10 * power  # unreachable: step 10 always fits


def _gridline_labels(top_value: float, unit: str, language: str) -> tuple[str, ...]:
    """The GRIDLINES' labels, whole ("12.5 min"): the unit once, on the top line."""
    labels = [_number(top_value * fraction, language) for fraction in GRIDLINES]
    labels[-1] = f"{labels[-1]} {drawable_text(unit, bold=False)}".strip()
    return tuple(labels)


def _number(value: float, language: str) -> str:
    """'20', '2.5', '1.25': as many decimals as a gridline value needs (at most 2), with
    the language's decimal mark."""
    return number(round(value, 2), language)


def _draw_chart_section(canvas: Canvas, view: StatsView, plan: Layout) -> None:
    heading_baseline = plan.chart_top + cap_height(HEADING_SIZE)
    canvas.text((PAD, heading_baseline), plan.chart_heading, HEADING_SIZE, INK)
    _draw_legend(canvas, plan.legend_middle, plan.legend)
    card = plan.plot.card
    canvas.rounded_rectangle(card, CARD_RADIUS, fill=SURFACE, outline=RULE, width=1.5)
    _draw_chart(canvas, view, plan.plot)


LEGEND_LABELS = {
    "solved": pgettext("chart legend", "Solved"),
    "failed": pgettext("chart legend", "Failed"),
    "missed": pgettext("chart legend", "Missed"),
    "not started": pgettext("chart legend", "Not started"),
}
LEGEND_GAP = 24  # at least, between the chart's heading and its legend
SWATCH_GAP = 8  # between a swatch and its label
ENTRY_GAP = 22  # between one entry and the next


def legend_entries(not_started: bool, language: str = ENGLISH) -> list[tuple[str, str]]:
    """(status, label) in the legend: "Not started" only on a chart that has such days."""
    shown = [*STATUSES[:3], "not started"] if not_started else list(STATUSES[:3])
    return [(status, render(LEGEND_LABELS[status], language)) for status in shown]


def _legend_width(entries: Sequence[tuple[str, str]]) -> float:
    """The legend's width: each label with a ring or a swatch before it."""
    swatches = sum(2 * RING_RADIUS if s == "missed" else LEGEND_SWATCH for s, _label in entries)
    labels = sum(text_width(label, LEGEND_SIZE, bold=False) for _status, label in entries)
    return labels + swatches + len(entries) * SWATCH_GAP + (len(entries) - 1) * ENTRY_GAP


def _draw_legend(canvas: Canvas, middle: float, entries: Sequence[tuple[str, str]]) -> None:
    """Swatches for solved and failed, a ring for missed and a pale outlined swatch for
    not started, right-aligned on `middle`."""
    size = LEGEND_SIZE
    x = WIDTH - PAD
    baseline = middle + cap_height(size, bold=False) / 2
    for status, label in reversed(entries):
        canvas.text((x, baseline), label, size, MUTED, bold=False, anchor="rs")
        x -= text_width(label, size, bold=False) + SWATCH_GAP
        colour = STATUS_COLOURS[status]
        if status == "missed":
            canvas.circle((x - RING_RADIUS, middle), RING_RADIUS, outline=colour, width=RING_WIDTH)
            x -= 2 * RING_RADIUS
        else:
            half = LEGEND_SWATCH / 2
            outline = RULE if status == "not started" else None
            canvas.rounded_rectangle(
                (x - LEGEND_SWATCH, middle - half, x, middle + half),
                3,
                fill=colour,
                outline=outline,
                width=1.5,
            )
            x -= LEGEND_SWATCH
        x -= ENTRY_GAP


def _draw_chart(canvas: Canvas, view: StatsView, plot: Plot) -> None:
    for slot, result in plot.slots.items():
        if result.status == "not started":  # under the gridlines, like the card itself
            left = plot.left + slot * plot.slot_width
            band = (left, plot.top, left + plot.slot_width, plot.baseline)
            canvas.rounded_rectangle(band, 0, fill=STATUS_COLOURS["not started"])
    for index, fraction in enumerate(GRIDLINES):
        y = plot.baseline - fraction * PLOT_HEIGHT
        canvas.line([(plot.left, y), (plot.right, y)], fill=GRID, width=1.5)
        if not plot.labels:
            continue  # no scale to label
        label = plot.labels[index]
        label_baseline = y + cap_height(AXIS_LABEL_SIZE, bold=False) / 2
        canvas.text(
            (plot.left - AXIS_LABEL_GAP, label_baseline),
            label,
            AXIS_LABEL_SIZE,
            MUTED,
            False,
            anchor="rs",
        )

    for slot, result in plot.slots.items():
        _draw_day(canvas, result, plot.centre_x(slot), plot)

    canvas.line([(plot.left, plot.baseline), (plot.right, plot.baseline)], fill=MUTED, width=2)
    if plot.first_day is not None:
        _draw_ticks(canvas, plot, plot.first_day, view.language)
    if all(result.status not in PLAYED for result in plot.slots.values()):
        note = render(
            _("No games in these 30 days") if plot.slots else _("No games yet"), view.language
        )
        middle = plot.top + PLOT_HEIGHT * 0.45
        canvas.text_line_centred(((plot.left + plot.right) / 2, middle), note, NOTE_SIZE, MUTED)


def bar_height(value: float, top_value: float) -> float:
    """Pixels for `value` on a plot whose top gridline is top_value; at least 3 so a
    tiny value still shows as a bar."""
    return max(3.0, PLOT_HEIGHT * min(value, top_value) / top_value)


def _draw_day(canvas: Canvas, result: DayResult, centre_x: float, plot: Plot) -> None:
    colour = STATUS_COLOURS[result.status]
    if result.status == "not started":
        return  # drawn as a band under the gridlines
    if result.status == "missed":
        centre = (centre_x, plot.baseline - RING_RADIUS - 5)
        canvas.circle(centre, RING_RADIUS, outline=colour, width=RING_WIDTH)
        return
    value = _value(result)
    if value is None:
        canvas.circle((centre_x, plot.baseline - DOT_RADIUS - 4), DOT_RADIUS, fill=colour)
        return
    half = plot.slot_width * BAR_FRACTION / 2
    height = bar_height(value, plot.top_value)
    box = (centre_x - half, plot.baseline - height, centre_x + half, plot.baseline)
    canvas.rounded_rectangle(box, min(3, height / 2), fill=colour)


def tick_labels(first_day: datetime.date, language: str = ENGLISH) -> dict[int, str]:
    """Slot -> label for the Mondays of the 30 days from first_day: '16 Nov', '16 nov.'."""
    labels = {}
    for slot in range(DAYS):
        day = first_day + datetime.timedelta(days=slot)
        if day.weekday() == 0:
            labels[slot] = day_and_month(day, language)
    return labels


def _draw_ticks(canvas: Canvas, plot: Plot, first_day: datetime.date, language: str) -> None:
    """A tick under every day, longer on Mondays, which get their date."""
    labels = tick_labels(first_day, language)
    label_baseline = plot.baseline + TICK_LENGTH + TICK_LABEL_GAP + cap_height(AXIS_LABEL_SIZE)
    for slot in range(DAYS):
        x = plot.centre_x(slot)
        length = TICK_LENGTH if slot in labels else TICK_LENGTH / 2
        canvas.line([(x, plot.baseline), (x, plot.baseline + length)], fill=MUTED, width=1.5)
        if slot in labels:
            half = text_width(labels[slot], AXIS_LABEL_SIZE, bold=False) / 2
            x = min(max(x, plot.card[0] + 8 + half), plot.card[2] - 8 - half)  # on the card
            canvas.text(
                (x, label_baseline + 4), labels[slot], AXIS_LABEL_SIZE, MUTED, False, anchor="ms"
            )
