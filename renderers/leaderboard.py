"""A server's leaderboard as a PNG table, and the same table as monospace text.

Not a puzzle kind: the leaderboard cog builds a `LeaderboardView` from the database
and calls `draw_leaderboard` (in a worker) or `leaderboard_text` (the embed fallback).

The picture: a title and period, then a white card with one row per member: rank (1-3
on gold, silver and bronze discs), name, solved/played, points, best time and streak.
Headings and numbers are never cut: the name column gives way first, then a heading of
two words goes on two lines, then the name narrows further; only a board too wide even so
cuts cells with an ellipsis. Headings, the notes and numbers are in the board's language.
Names may hold any Unicode: every script and emoji is drawn in its own font (see
renderers.common), a character no font has becomes a placeholder, and a long name ends in
an ellipsis where it stops fitting its column. The title is never cut: it shrinks, then
wraps onto a second line. At most
MAX_ROWS rows are drawn; when the highlighted member ranks below them, the last place
goes to their row after a gap. A board without rows says there are no results yet.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from puzzles.i18n import ENGLISH, Message, _, ngettext, number, pgettext, render
from renderers import min_font_size
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
    fit_lines,
    text_colour_on,
    wrap_text,
)
from renderers.text import (
    ELLIPSIS,
    MAX_MARKS_PER_CHARACTER,
    PLACEHOLDER,
    characters,
    drawable_text,
    fit_text,
    text_width,
)

MAX_ROWS = 25
TEXT_LIMIT = 4000  # characters in leaderboard_text: an embed description holds 4,096

PAD = 32
CARD_GAP = 26
CARD_PAD_X = 16
CARD_PAD_Y = 8
CARD_RADIUS = 18
HEADING_SIZE = min_font_size(WIDTH)  # the smallest readable: headings are the smallest text
HEADING_HEIGHT = 46  # a row of one-line headings
HEADING_LINE = round(HEADING_SIZE * 1.25)  # each line more, when a heading takes two
ROW_SIZE = READABLE_SIZE
ROW_HEIGHT = 44
GAP_ROW_HEIGHT = 30  # the "⋯" between the top rows and a highlighted row further down
CELL_GAP = 12
TIGHT_CELL_GAP = 6  # on a board whose name column has already narrowed as far as it may
MIN_NAME_WIDTH = 160  # about ten letters
# Narrower still, before a heading or number is cut: a language's longer one-word heading
# (Spanish "Resueltos") beside three-digit values.
SHORTEST_NAME_WIDTH = 120
MEDAL_RADIUS = 17
MEDAL_TEXT_SIZE = min_font_size(WIDTH)
ACCENT_WIDTH = 6
NOTE_SIZE = READABLE_SIZE
NOTE_GAP = 20
EMPTY_HEIGHT = 300  # the card of a board without rows
EMPTY_TITLE_SIZE = 36
EMPTY_NOTE_SIZE = READABLE_SIZE

MEDALS: dict[int, Colour] = {1: (222, 172, 32), 2: (168, 175, 186), 3: (190, 120, 58)}
RULE: Colour = (226, 222, 215)
ZEBRA: Colour = (247, 245, 241)
HIGHLIGHT_FILL: Colour = (218, 238, 250)  # light sky blue; INK reads well above 7:1 on it
HIGHLIGHT_ACCENT: Colour = OKABE_ITO["blue"]
EMPTY_TITLE = _("No results yet")
EMPTY_NOTE = _("Solve a daily puzzle to get on the board.")


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int  # 1-based; tied members share a rank
    name: str
    solved: int
    played: int
    score: str
    best_time: str
    streak: int


@dataclass(frozen=True)
class LeaderboardView:
    """A board to draw; its title, period and footer, and the headings, in `language`
    (numbers too; a member's name and the cells given as text are drawn as they are)."""

    title: Message | str  # e.g. "Letter Boxed leaderboard"
    period: Message | str  # e.g. "This week · 16–22 Nov"
    rows: tuple[LeaderboardRow, ...]  # in rank order; more than MAX_ROWS are cut
    footer: Message | str = ""  # e.g. how the score is worked out
    highlight_rank: int | None = None  # the viewer's rank: every row with it is marked
    language: str = ENGLISH


@dataclass(frozen=True)
class Column:
    heading: tuple[str, ...]  # its lines: two when the column is narrower than the heading
    left: float  # x of the column's left edge, in final pixels
    width: float
    anchor: str  # Pillow's horizontal anchor for the column's text: l, m or r


@dataclass(frozen=True)
class Layout:
    """Where everything on the picture goes (final pixels, y down) and the text of
    every cell exactly as drawn."""

    header: Header  # the title, wrapped if it has to be, and the period
    rows: tuple[LeaderboardRow, ...]
    gap_before_last: bool  # a "⋯" row before the last row (the highlighted member)
    hidden: int  # rows left out
    columns: tuple[Column, ...]
    heading_height: float
    cells: tuple[tuple[str, ...], ...]  # per row, fitted to the columns
    row_tops: tuple[float, ...]
    card: tuple[float, float, float, float]
    note_lines: tuple[tuple[str, ...], ...]  # "and N more members", the footer
    height: int


# --- which rows show ---------------------------------------------------------------


def visible_rows(board: LeaderboardView) -> tuple[tuple[LeaderboardRow, ...], bool, int]:
    """The rows to show, whether a gap comes before the last of them (the highlighted
    member, ranked below the top rows), and how many rows are left out."""
    rows = sorted(board.rows, key=lambda row: row.rank)  # stable: ties keep their order
    if len(rows) <= MAX_ROWS:
        return tuple(rows), False, 0
    top = rows[:MAX_ROWS]
    if board.highlight_rank is None or any(r.rank == board.highlight_rank for r in top):
        return tuple(top), False, len(rows) - MAX_ROWS
    below = [row for row in rows[MAX_ROWS:] if row.rank == board.highlight_rank]
    if not below:
        return tuple(top), False, len(rows) - MAX_ROWS
    return (*top[: MAX_ROWS - 1], below[0]), True, len(rows) - MAX_ROWS


def is_highlighted(board: LeaderboardView, row: LeaderboardRow) -> bool:
    return board.highlight_rank is not None and row.rank == board.highlight_rank


def _more_note(hidden: int, language: str) -> str:
    more = ngettext("and {count} more member", "and {count} more members", hidden)
    return render(more, language) if hidden else ""


# --- layout ------------------------------------------------------------------------

HEADINGS = (
    "#",
    pgettext("leaderboard heading", "Member"),
    pgettext("leaderboard heading", "Solved"),
    pgettext("leaderboard heading", "Points"),
    pgettext("leaderboard heading", "Best time"),
    pgettext("leaderboard heading", "Streak"),
)
ANCHORS = ("m", "l", "r", "r", "r", "r")  # ranks centred under the medals, numbers right
NAME = 1  # the member's name: the column that gives way


def headings(language: str) -> tuple[str, ...]:
    """The columns' headings in `language`."""
    return tuple(render(heading, language) for heading in HEADINGS)


def _bold(column: int, highlighted: bool) -> bool:
    """Rank and score stand out; so does the highlighted member's name."""
    return column in (0, 3) or (highlighted and column == NAME)


def _cells(row: LeaderboardRow, highlighted: bool, language: str = ENGLISH) -> tuple[str, ...]:
    """The row's text, column by column, as the fonts it is drawn in can draw it."""
    return (
        number(row.rank, language),
        drawable_text(row.name, _bold(NAME, highlighted)) or PLACEHOLDER,
        _solved_of_played(row, language),
        drawable_text(row.score, _bold(3, highlighted)),
        drawable_text(row.best_time, _bold(4, highlighted)),
        number(row.streak, language),
    )


def _solved_of_played(row: LeaderboardRow, language: str) -> str:
    return f"{number(row.solved, language)}/{number(row.played, language)}"


def cap_widths(widths: Sequence[float], budget: float) -> list[float]:
    """Widths no larger than a common cap chosen so they sum to at most `budget`
    (the narrow ones keep their width; the widest give up the same amount)."""
    if sum(widths) <= budget:
        return list(widths)
    remaining, cap = budget, 0.0
    for count_done, width in enumerate(sorted(widths)):
        share = remaining / (len(widths) - count_done)
        if width > share:
            cap = share
            break
        remaining -= width
    return [min(width, cap) for width in widths]


def layout_columns(cells: Sequence[tuple[str, ...]], language: str = ENGLISH) -> tuple[Column, ...]:
    """Column widths from the widest heading or cell; the name takes what is left. Where
    that would leave it under MIN_NAME_WIDTH, headings of two words go on two lines (a
    column as wide as the longer word), then the name may narrow to SHORTEST_NAME_WIDTH
    and the gaps between columns close up, and only then do the other columns shrink
    (cells ending in an ellipsis)."""
    inner = WIDTH - 2 * PAD - 2 * CARD_PAD_X
    gap = CELL_GAP
    gaps = gap * (len(HEADINGS) - 1)
    others = [i for i in range(len(HEADINGS)) if i != NAME]
    budget = inner - gaps - MIN_NAME_WIDTH
    titles = headings(language)
    natural = _natural_widths(cells, titles, lambda heading: text_width(heading, HEADING_SIZE))
    if sum(natural[i] for i in others) > budget:
        natural = _natural_widths(cells, titles, _longest_word_width)
    if sum(natural[i] for i in others) > budget:
        gap = TIGHT_CELL_GAP
        gaps = gap * (len(HEADINGS) - 1)
        name_heading = text_width(titles[NAME], HEADING_SIZE)
        budget = inner - gaps - max(SHORTEST_NAME_WIDTH, name_heading)
    capped = cap_widths([natural[i] for i in others], budget)
    widths = dict(zip(others, capped, strict=True))
    widths[NAME] = inner - gaps - sum(capped)

    columns, x = [], PAD + CARD_PAD_X
    for index, heading in enumerate(titles):
        lines = _heading_lines(heading, widths[index])
        columns.append(Column(lines, x, widths[index], ANCHORS[index]))
        x += widths[index] + gap
    return tuple(columns)


def _natural_widths(
    cells: Sequence[tuple[str, ...]], titles: Sequence[str], heading_width
) -> list[float]:
    """Each column as wide as its widest cell or `heading_width(heading)`."""
    natural = []
    for index, heading in enumerate(titles):
        bold = _bold(index, highlighted=False)  # the name, bold when highlighted, flexes
        widest = max((text_width(row[index], ROW_SIZE, bold) for row in cells), default=0)
        natural.append(max(heading_width(heading), widest))
    natural[0] = max(natural[0], 2 * MEDAL_RADIUS)
    return natural


def _longest_word_width(heading: str) -> float:
    return max(text_width(word, HEADING_SIZE) for word in heading.split())


def _heading_lines(heading: str, width: float) -> tuple[str, ...]:
    """The heading on one line, or on two (a word a line) when the column is narrower."""
    if text_width(heading, HEADING_SIZE) <= width:
        return (heading,)
    if _longest_word_width(heading) <= width:
        return tuple(wrap_text(heading, HEADING_SIZE, width))
    return (fit_text(heading, HEADING_SIZE, width),)  # a board too wide for every heading


def heading_height(columns: Sequence[Column]) -> float:
    return HEADING_HEIGHT + HEADING_LINE * (max(len(c.heading) for c in columns) - 1)


def layout(board: LeaderboardView) -> Layout:
    rows, gap_before_last, hidden = visible_rows(board)
    language = board.language
    raw = [_cells(row, is_highlighted(board, row), language) for row in rows]
    columns = layout_columns(raw, language)
    cells = tuple(
        tuple(
            fit_text(text, ROW_SIZE, column.width, _bold(index, is_highlighted(board, row)))
            for index, (text, column) in enumerate(zip(row_cells, columns, strict=True))
        )
        for row, row_cells in zip(rows, raw, strict=True)
    )

    title = drawable_text(render(board.title, language))
    header = fit_header(title, render(board.period, language), PAD)
    card_top = header.bottom + CARD_GAP
    row_tops = []
    headings = heading_height(columns)
    y = card_top + CARD_PAD_Y + headings
    for index in range(len(rows)):
        if gap_before_last and index == len(rows) - 1:
            y += GAP_ROW_HEIGHT
        row_tops.append(y)
        y += ROW_HEIGHT
    card_bottom = y + CARD_PAD_Y if rows else card_top + EMPTY_HEIGHT

    notes = [_more_note(hidden, language), drawable_text(render(board.footer, language), False)]
    note_lines = tuple(
        tuple(wrap_text(note, NOTE_SIZE, WIDTH - 2 * PAD, bold=False)) for note in notes if note
    )
    height = card_bottom + PAD
    height += sum(NOTE_GAP + len(lines) * NOTE_SIZE * 1.3 for lines in note_lines)
    return Layout(
        header=header,
        rows=rows,
        gap_before_last=gap_before_last,
        hidden=hidden,
        columns=columns,
        heading_height=headings,
        cells=cells,
        row_tops=tuple(row_tops),
        card=(PAD, card_top, WIDTH - PAD, card_bottom),
        note_lines=note_lines,
        height=math.ceil(height),
    )


# --- drawing -----------------------------------------------------------------------


def draw_leaderboard(board: LeaderboardView) -> bytes:
    """PNG of the board, WIDTH pixels wide."""
    plan = layout(board)
    canvas = Canvas(WIDTH, plan.height, scale=1)
    draw_header(canvas, plan.header)
    canvas.rounded_rectangle(plan.card, CARD_RADIUS, fill=SURFACE, outline=RULE, width=1.5)
    if plan.rows:
        _draw_table(canvas, board, plan)
    else:
        _draw_empty(canvas, plan.card, board.language)

    y = plan.card[3]
    for lines in plan.note_lines:
        y += NOTE_GAP
        for line in lines:
            centre = (WIDTH / 2, y + NOTE_SIZE * 0.65)
            canvas.text_line_centred(centre, line, NOTE_SIZE, MUTED, bold=False)
            y += NOTE_SIZE * 1.3
    return canvas.png()


def _draw_table(canvas: Canvas, board: LeaderboardView, plan: Layout) -> None:
    left, top, right, _bottom = plan.card
    rule_y = top + CARD_PAD_Y + plan.heading_height
    # every heading's last line on one baseline, over the rule
    last_baseline = rule_y - HEADING_HEIGHT / 2 + cap_height(HEADING_SIZE) / 2
    for column in plan.columns:
        for above, line in enumerate(reversed(column.heading)):
            baseline = last_baseline - above * HEADING_LINE
            _cell_text(canvas, column, baseline, line, HEADING_SIZE, MUTED, True)
    canvas.line([(left + CARD_PAD_X, rule_y), (right - CARD_PAD_X, rule_y)], fill=RULE, width=2)

    name = plan.columns[NAME]
    for index, (row, cells, y) in enumerate(zip(plan.rows, plan.cells, plan.row_tops, strict=True)):
        if plan.gap_before_last and index == len(plan.rows) - 1:
            gap_middle = y - GAP_ROW_HEIGHT / 2
            canvas.text_line_centred((name.left + name.width / 2, gap_middle), "⋯", ROW_SIZE, MUTED)
        box = (left + 1, y, right - 1, y + ROW_HEIGHT)
        highlighted = is_highlighted(board, row)
        if highlighted:
            canvas.rounded_rectangle(box, 0, fill=HIGHLIGHT_FILL)
            accent = (box[0], box[1], box[0] + ACCENT_WIDTH, box[3])
            canvas.rounded_rectangle(accent, 0, fill=HIGHLIGHT_ACCENT)
        elif index % 2 == 1:
            canvas.rounded_rectangle(box, 0, fill=ZEBRA)
        _draw_row(canvas, row, cells, plan.columns, y, highlighted)


def _draw_row(
    canvas: Canvas,
    row: LeaderboardRow,
    cells: Sequence[str],
    columns: Sequence[Column],
    top: float,
    highlighted: bool,
) -> None:
    middle = top + ROW_HEIGHT / 2
    baseline = middle + cap_height(ROW_SIZE) / 2
    for index, (column, text) in enumerate(zip(columns, cells, strict=True)):
        if index == 0 and row.rank in MEDALS:
            _draw_medal(canvas, (column.left + column.width / 2, middle), row.rank)
            continue
        colour = MUTED if index == 0 else INK
        _cell_text(canvas, column, baseline, text, ROW_SIZE, colour, _bold(index, highlighted))


def _cell_text(
    canvas: Canvas,
    column: Column,
    baseline: float,
    text: str,
    size: int,
    colour: Colour,
    bold: bool,
) -> None:
    offset = {"l": 0, "m": column.width / 2, "r": column.width}[column.anchor]
    canvas.text(
        (column.left + offset, baseline), text, size, colour, bold, anchor=column.anchor + "s"
    )


def _draw_medal(canvas: Canvas, centre: tuple[float, float], rank: int) -> None:
    fill = MEDALS[rank]
    canvas.circle(centre, MEDAL_RADIUS, fill=fill)
    canvas.text_centred(centre, str(rank), MEDAL_TEXT_SIZE, text_colour_on(fill))


def _draw_empty(canvas: Canvas, card: tuple[float, float, float, float], language: str) -> None:
    """An empty podium (second, first, third) over "No results yet", and what to do, each
    shrunk to fit the card's width when a language's words are longer."""
    centre_x = (card[0] + card[2]) / 2
    floor = card[1] + 130
    step_width = 64
    for offset, rank, step_height in ((-1, 2, 50), (0, 1, 74), (1, 3, 34)):
        x = centre_x + offset * (step_width + 6) - step_width / 2
        box = (x, floor - step_height, x + step_width, floor)
        canvas.rounded_rectangle(box, 6, fill=MEDALS[rank])
        canvas.text_centred(
            (x + step_width / 2, floor - step_height / 2),
            str(rank),
            MEDAL_TEXT_SIZE,
            text_colour_on(MEDALS[rank]),
        )
    room = card[2] - card[0] - 2 * CARD_PAD_X
    title = render(EMPTY_TITLE, language)
    title_size, title_lines = fit_lines(title, EMPTY_TITLE_SIZE, READABLE_SIZE, room, max_lines=1)
    canvas.text_line_centred((centre_x, floor + 56), title_lines[0], title_size, INK)
    note = render(EMPTY_NOTE, language)
    note_size, note_lines = fit_lines(note, EMPTY_NOTE_SIZE, READABLE_SIZE, room, False, 2)
    for index, line in enumerate(note_lines):  # Spanish's takes two lines
        middle = floor + 110 + index * note_size * 1.3
        canvas.text_line_centred((centre_x, middle), line, note_size, MUTED, bold=False)


# --- the text fallback -------------------------------------------------------------

NAME_COLUMNS = 18  # monospace columns for names in the text table
NAME_MAX_CHARS = 40  # and code points, so marks and joiners cannot blow the limit
VALUE_COLUMNS = 10  # the most any other cell takes
HIGHLIGHT_MARK = ">"
REGIONAL = frozenset(map(chr, range(0x1F1E6, 0x1F200)))  # the letters that pair into flags


def _display_width(character: str) -> int:
    """Monospace columns a character takes, about: two for East Asian wide characters,
    emoji and flags, one for the rest."""
    wide = any(
        unicodedata.east_asian_width(c) in ("W", "F") or c == "\ufe0f" or c in REGIONAL
        for c in character
    )
    return 2 if wide else 1


def _plain(text: str) -> str:
    """A name for monospace text: one line, NFC, and no pile-ups of combining marks.

    Discord draws every character itself, so nothing is replaced by a placeholder."""
    kept = []
    for character in characters(unicodedata.normalize("NFC", text)):
        if character[0].isspace() or unicodedata.category(character[0]) in ("Cc", "Cf"):
            kept.append(" ")
            continue
        marks = 0
        for index, codepoint in enumerate(character):
            if unicodedata.category(codepoint) in ("Mn", "Me") and index > 0:
                marks += 1
                if marks > MAX_MARKS_PER_CHARACTER:
                    continue
            kept.append(codepoint)
    return " ".join("".join(kept).split())


def _fit_columns(text: str, columns: int, max_chars: int) -> str:
    """`text` cut to whole characters within `columns` (and max_chars code points),
    ending in an ellipsis when cut."""
    parts = characters(text)
    if (
        sum(_display_width(part) for part in parts) <= columns
        and sum(len(part) for part in parts) <= max_chars
    ):
        return text
    kept, used, chars = [], 0, 0
    for part in parts:
        width = _display_width(part)
        if used + width > columns - 1 or chars + len(part) > max_chars - 1:
            break
        kept.append(part)
        used += width
        chars += len(part)
    return "".join(kept).rstrip() + ELLIPSIS


def _pad(text: str, columns: int, right: bool) -> str:
    padding = " " * max(0, columns - sum(_display_width(part) for part in characters(text)))
    return padding + text if right else text + padding


def leaderboard_text(board: LeaderboardView) -> str:
    """The board as a monospace table: a heading line, then one line per shown row in
    rank order (the highlighted member's marked with '>'), then 'and N more members'
    if rows were left out. Under TEXT_LIMIT characters; nothing is escaped."""
    rows, _gap, hidden = visible_rows(board)
    language = board.language
    if not rows:
        return render(_("No results yet."), language)
    table = [
        (
            number(row.rank, language),
            _fit_columns(_plain(row.name), NAME_COLUMNS, NAME_MAX_CHARS) or "?",
            _solved_of_played(row, language),
            _fit_columns(_plain(row.score), VALUE_COLUMNS, VALUE_COLUMNS),
            _fit_columns(_plain(row.best_time), VALUE_COLUMNS, VALUE_COLUMNS),
            number(row.streak, language),
        )
        for row in rows
    ]
    titles = list(headings(language))
    # Translators: the heading of the best-time column in a narrow text table; one short word.
    titles[4] = render(pgettext("leaderboard heading", "Best"), language)
    widths = [
        max(len(heading), *(sum(map(_display_width, characters(r[i]))) for r in table))
        for i, heading in enumerate(titles)
    ]

    def line(mark: str, values: Sequence[str]) -> str:
        cells = [_pad(value, widths[i], right=i != 1) for i, value in enumerate(values)]
        return (mark + "  ".join(cells)).rstrip()

    lines = [line(" ", titles)]
    for row, values in zip(rows, table, strict=True):
        highlighted = board.highlight_rank is not None and row.rank == board.highlight_rank
        lines.append(line(HIGHLIGHT_MARK if highlighted else " ", values))
    return _within_limit(lines, hidden, language)


def _within_limit(lines: list[str], hidden: int, language: str) -> str:
    """The lines joined, dropping rows from the end (counted as hidden) until the text
    is under TEXT_LIMIT; a safety net, as the column limits keep 25 rows well under."""
    while True:
        note = _more_note(hidden, language)
        text = "\n".join([*lines, note] if note else lines)
        if len(text) < TEXT_LIMIT or len(lines) <= 1:
            return text
        lines = lines[:-1]
        hidden += 1
