"""Letter Boxed from a picture: a box (any polygon of 3 to 8 sides) with letters outside
each side, as NYT's game shows it and as renderers/letterboxed.py draws it.

1. The box is found from the paper its border closes in (or, when words drawn across it cut
   that apart, from the dark shape its border, dots and words make): the fewest corners,
   three to eight, that fit it. The picture is then scaled so the box is BOX_WIDTH wide, so
   letters and strokes have about the same size whatever the screenshot's.
2. The letters are the letter-sized marks outside the box and clear of its dots, each taken
   by the side it is nearest to; of a side's marks, only the row nearest the side counts (a
   title above the box, buttons or a status line below it are further away). They must
   stand as a box's letters do: all as far from the box, evenly along each side.
3. Sides are ordered as a member types them: the top side first, then clockwise on screen;
   each side's letters left to right, or top to bottom on an upright side (the order
   renderers/letterboxed.py places them in, and NYT's game data lists them in).
4. Each letter is cut out the way the classifier saw its cells' marks (readers/grid.py): its
   ink alone, centred, scaled so its height fills LETTER_SHARE of a 28x28 glyph.
5. The box's letters are all different, so no letter is given twice: the positions the
   classifier is surest of take their letters first. A position is unsure when the
   classifier gives its letter less than SURE, or when two read as one letter.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from puzzles.i18n import _
from puzzles.letterboxed.puzzle import MAX_SIDES, MIN_SIDES, Board
from readers import grid as grids
from readers.classifier import LETTERS, chances, upright
from readers.picture import PictureError, open_grey
from readers.reading import Reading, drawn_example

BOX_WIDTH = 600  # the box's width once the picture is scaled
LETTERS_REACH = 0.4  # of the box's width: how far outside it its letters may lie
MIN_BOX_SHARE = 0.02  # the box covers this share of the picture at least
OUTLINES_TRIED = 6  # closed outlines tried as the box, largest first
BUMP_SHARE = 0.05  # of a dark shape's width: bumps narrower than twice this are dots, rings
MISFIT = 0.03  # an octagon's hull seen as a heptagon misfits by 5%
LETTER_INK = 0.3  # a pixel belongs to a letter when this far from the page, of the most it can
PAGE_REACH = 100  # pixels round a letter's stroke the page's level is taken from
ROW_REACH = 0.6  # of the side's letters' height: marks further out than the row are not letters
LARGEST_LETTER = 0.4  # of the box's shortest side
THINNEST_STROKE = 4  # pixels: a mark thinner than this is no letter
WIDEST_LETTER = 1.6  # of its height: a W in a wide font is 1.3
DOT_REACH = 24  # pixels round the box where its dots are; letters stand further out
SMALLEST_LETTER = 0.55  # of the side's tallest mark: smaller marks are dots or specks
LETTER_SHARE = 0.6  # a letter's height over its glyph's side, as a cell's digit
WIDEST_SHARE = 0.9  # a wide letter's (W, M) width over its glyph's side, at most
SPACING_SLACK = 0.05  # of a side's length: how far a letter may stand from its even place
ALIKE_REACH = 1.5  # a box's letters stand within this factor of one distance from it
UPRIGHT = np.deg2rad(10)  # a side within this of vertical is read top to bottom
SURE = 0.9

SQUARE_SIDES = ("the top side", "the right side", "the bottom side", "the left side")
NO_BOX = _("I could not find a Letter Boxed box in the picture")
LETTER_MISSING = _(
    "I found the box, but a letter seems to be missing beside it (hidden, cut off or too "
    "faint): the letters do not stand evenly along every side"
)
NO_BOX_HOW = _("a screenshot of the whole box with its letters, e.g. from NYT's Letter Boxed")


@dataclass(frozen=True)
class Mark:
    """A letter found outside the box: its pixels' bounding box in the scaled picture."""

    left: int
    top: int
    width: int
    height: int
    label: int  # its component in the letter mask

    @property
    def centre(self) -> np.ndarray:
        return np.array([self.left + self.width / 2, self.top + self.height / 2])


@dataclass(frozen=True)
class Box:
    """The box's corners (the top side's first corner first, then clockwise on screen) and
    the letters found along each of its sides, in typing order."""

    corners: np.ndarray
    sides: tuple[tuple[Mark, ...], ...]
    glyphs: np.ndarray  # every letter's glyph, side after side, as the classifier reads them


def read(data: bytes) -> Reading:
    """The Letter Boxed in the picture `data` (a file's bytes), as puzzles.letterboxed.parse
    reads it: the sides' letters, sides separated by spaces ("VRO WAL ETH BDI"). Unsure
    positions count the letters in that text from 0, spaces left out."""
    box = find_box(open_grey(data))
    letters, unsure = distinct_letters(letter_chances(box.glyphs))
    words, start = [], 0
    for side in box.sides:
        words.append("".join(letters[start : start + len(side)]))
        start += len(side)
    return Reading("letterboxed", " ".join(words), unsure, size=len(box.sides))


PLACE = "letter"  # what a place of the reading is, for the member


@dataclass(frozen=True)
class ShadedBoard:
    """What was read, for renderers/letterboxed.py: the box, its doubted letters shaded
    (positions in `board.letters`)."""

    board: Board
    highlight: tuple[int, ...]


def as_drawn(reading: Reading) -> tuple[ShadedBoard, None]:
    # Not parsed: a misread box (a side too long) is still drawn, and judged apart.
    board = Board(tuple(reading.text.lower().split()))
    return ShadedBoard(board, reading.unsure), None


def warm_up_drawing() -> tuple[Board, None]:
    """What to draw for the workers to read once as they start: the kind's example."""
    return drawn_example("letterboxed")


def place_name(reading: Reading, position: int) -> str:
    """A letter position of the reading as the member finds it in their picture:
    "R (2nd on the top side)"; a box of other than four sides counts its sides from the top,
    clockwise ("R (2nd on side 3)")."""
    sides = reading.text.split()
    for number, side in enumerate(sides, start=1):
        if position < len(side):
            where = SQUARE_SIDES[number - 1] if len(sides) == 4 else f"side {number}"
            return f"{side[position]} ({_ordinal(position + 1)} on {where})"
        position -= len(side)
    raise IndexError("no such letter in the reading")


def _ordinal(n: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n, "th")  # a side holds at most six letters
    return f"{n}{suffix}"


def find_box(grey: np.ndarray) -> Box:
    """The box and its letters, cut out: of the outlines that could be the box, the first
    with letters beside every side that stand as a box's letters do."""
    refusal = PictureError(NO_BOX, example=NO_BOX_HOW)
    for corners in box_outlines(grey):
        around, corners = _around_box(grey, corners)
        ink = ink_of(around)
        count, labels, stats, _centroids = cv2.connectedComponentsWithStats(
            (ink >= LETTER_INK).astype(np.uint8), connectivity=8
        )
        on_the_box = set(np.unique(labels[_box_and_dots(corners, labels.shape)]))
        marks = [_mark(stats, label) for label in range(1, count) if label not in on_the_box]
        sides = marks_by_side(corners, [m for m in marks if _letter_sized(corners, m)])
        if all(sides) and letters_line_up(corners, sides):
            if evenly_spaced(corners, sides):
                glyphs = np.stack([cut_glyph(ink, labels, m) for side in sides for m in side])
                return Box(corners, tuple(tuple(side) for side in sides), glyphs)
            if refusal.problem == NO_BOX:
                refusal = PictureError(LETTER_MISSING, example=NO_BOX_HOW)
        if any(sides) and not all(sides) and refusal.problem == NO_BOX:
            empty = sum(1 for side in sides if not side)
            refusal = PictureError(
                _(
                    "I found the box, but no letters beside {empty} of its {sides} sides",
                    empty=empty,
                    sides=len(sides),
                ),
                example=NO_BOX_HOW,
            )
    raise refusal


def _around_box(grey: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The part of the picture where the box and its letters are, scaled so the box is
    BOX_WIDTH wide, and the corners in it."""
    width = float(np.ptp(corners[:, 0]))
    reach = LETTERS_REACH * width
    left, top = (max(0, int(v - reach)) for v in corners.min(axis=0))
    right, bottom = (int(v + reach) for v in corners.max(axis=0))
    scale = BOX_WIDTH / width
    part = grey[top:bottom, left:right]
    scaled = cv2.resize(part, None, fx=scale, fy=scale, interpolation=_resampling(scale))
    return scaled, (corners - (left, top)) * scale


def box_outlines(grey: np.ndarray) -> list[np.ndarray]:
    """Polygons of MIN_SIDES to MAX_SIDES corners that may be the box, each as its corners in
    typing order (see `typing_order`), the likeliest first.

    The box is found first from its inside: the paper its border closes in, which no letter
    touches and the dots bite into only a little. Words drawn across the box (a game in
    progress, the bot's answer) cut the inside apart; then the box is the outline of the
    dark shape its border, dots and words make, bumps (dots, rings) smoothed away. (A piece
    of the inside cut off by words fails find_box's checks of the letters round it.)"""
    dark = grids.dark_lines(grey)
    insides = _enclosed_paper(cv2.bitwise_not(dark), grey.shape)
    return insides + _dark_shapes(cv2.erode(dark, np.ones((3, 3), np.uint8)), grey.shape)


def _enclosed_paper(paper: np.ndarray, shape: tuple[int, ...]) -> list[np.ndarray]:
    """The largest regions of paper closed in by dark lines that fit a box, largest first."""
    count, labels, stats, _centroids = cv2.connectedComponentsWithStats(paper, connectivity=4)
    smallest = MIN_BOX_SHARE * shape[0] * shape[1]
    inside = [
        label
        for label in range(1, count)
        if stats[label, cv2.CC_STAT_AREA] >= smallest and not _touches_edge(stats[label], shape)
    ]
    inside.sort(key=lambda label: stats[label, cv2.CC_STAT_AREA], reverse=True)
    regions = []
    for label in inside[:OUTLINES_TRIED]:
        contours, _hierarchy = cv2.findContours(
            (labels == label).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE
        )
        regions.append(max(contours, key=cv2.contourArea))
    return _boxes(regions)


def _dark_shapes(dark: np.ndarray, shape: tuple[int, ...]) -> list[np.ndarray]:
    """The largest dark shapes filled in, bumps narrower than a tenth of their width taken
    off (a dot or a ring on a side), that fit a box, largest first."""
    contours, _hierarchy = cv2.findContours(dark, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    smallest = MIN_BOX_SHARE * shape[0] * shape[1]
    largest = sorted(contours, key=cv2.contourArea, reverse=True)[:OUTLINES_TRIED]
    regions = []
    for contour in (c for c in largest if cv2.contourArea(c) >= smallest):
        left, top, width, height = cv2.boundingRect(contour)
        filled = np.zeros((height + 2, width + 2), np.uint8)  # a pixel of room all round
        cv2.drawContours(filled, [contour], -1, 255, cv2.FILLED, offset=(1 - left, 1 - top))
        smooth, _hierarchy = cv2.findContours(
            _opened(filled, max(1, round(BUMP_SHARE * width))),
            cv2.RETR_EXTERNAL,
            cv2.CHAIN_APPROX_NONE,
            offset=(left - 1, top - 1),
        )
        if smooth:
            regions.append(max(smooth, key=cv2.contourArea))
    return _boxes(regions)


def _opened(shape: np.ndarray, reach: int) -> np.ndarray:
    """The shape with every part narrower than 2 * reach taken off (a morphological opening
    with a disc, done with two distance transforms: quick for a wide disc)."""
    core = cv2.distanceTransform(shape, cv2.DIST_L2, 3) > reach
    away = cv2.distanceTransform(np.where(core, 0, 255).astype(np.uint8), cv2.DIST_L2, 3)
    return np.where(away <= reach, 255, 0).astype(np.uint8)


def _boxes(regions: list[np.ndarray]) -> list[np.ndarray]:
    """Of these outlines, those that fit a box, as its corners in typing order."""
    boxes = []
    for region in regions:
        corners = _polygon(cv2.convexHull(region))
        if corners is not None and _sides_alike(corners):
            boxes.append(typing_order(_straightened(corners, region.reshape(-1, 2))))
    return boxes


def _straightened(corners: np.ndarray, outline: np.ndarray) -> np.ndarray:
    """The corners where lines fitted to each side meet (grid's fit: through the outline's
    points along the middle of the side, clear of the corners): a polygon fitted to a hull
    with rounded corners or bumps leans a little."""
    points = outline.astype(np.float64)
    ends = zip(corners, np.roll(corners, -1, axis=0), strict=True)
    lines = [grids.side_through_middle(a, b, points) for a, b in ends]
    if any(line is None for line in lines):
        return corners
    meets = [grids.meeting_point(lines[k - 1], lines[k]) for k in range(len(lines))]
    return corners if any(m is None for m in meets) else np.array(meets, dtype=np.float64)


def _touches_edge(stats: np.ndarray, shape: tuple[int, ...]) -> bool:
    left, top, width, height = stats[:4]
    return left == 0 or top == 0 or left + width == shape[1] or top + height == shape[0]


def _polygon(hull: np.ndarray) -> np.ndarray | None:
    """The fewest corners whose polygon matches the hull closely (what lies in one and not
    the other under MISFIT of it), or None when no polygon of MIN_SIDES to MAX_SIDES does."""
    area = cv2.contourArea(hull)
    for sides in range(MIN_SIDES, MAX_SIDES + 1):
        polygon = cv2.approxPolyN(hull, sides).astype(np.float32)
        common, _overlap = cv2.intersectConvexConvex(polygon, hull.astype(np.float32))
        if cv2.contourArea(polygon) + area - 2 * common < MISFIT * area:
            return polygon.reshape(-1, 2).astype(np.float64)
    return None


def _sides_alike(corners: np.ndarray) -> bool:
    """A box's sides are about equally long (a screenshot's frame or a button is no box)."""
    lengths = np.linalg.norm(corners - np.roll(corners, -1, axis=0), axis=1)
    return lengths.min() > 0 and lengths.max() / lengths.min() < 2


def typing_order(corners: np.ndarray) -> np.ndarray:
    """The corners clockwise on screen (y grows downwards), starting with the first corner of
    the top side (the side whose middle is highest), so side k runs from corner k to k+1."""
    centre = corners.mean(axis=0)
    angles = np.arctan2(corners[:, 1] - centre[1], corners[:, 0] - centre[0])
    corners = corners[np.argsort(angles)]  # increasing angle is clockwise on screen
    middles_y = (corners[:, 1] + np.roll(corners, -1, axis=0)[:, 1]) / 2
    return np.roll(corners, -int(np.argmin(middles_y)), axis=0)


def _resampling(scale: float) -> int:
    return cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC


def ink_of(grey: np.ndarray) -> np.ndarray:
    """How far each pixel is from the page around it, 0..1, darker or lighter: black letters
    on any page, and white ones on a coloured page (a game may show letters so, or turn
    those used). The page is the level most pixels nearby have (a median, taken on a picture
    a quarter the size), so letters, thinner than half its reach, drop out of it."""
    small = cv2.resize(grey, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    page = cv2.medianBlur(small, PAGE_REACH // 4 | 1)
    page = cv2.resize(page, grey.shape[::-1], interpolation=cv2.INTER_LINEAR).astype(np.float32)
    contrast = np.abs(grey.astype(np.float32) - page)
    most = np.maximum(np.maximum(page, 255.0 - page), 1.0)  # black on a light page, or white
    return np.clip(contrast / most, 0.0, 1.0)


def _mark(stats: np.ndarray, label: int) -> Mark:
    left, top, width, height, _area = (int(v) for v in stats[label])
    return Mark(left, top, width, height, label)


def _box_and_dots(corners: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Where the box is, and DOT_REACH round it: its border and the dots on it (and a
    JPEG's specks in them), never a letter."""
    outside = np.full(shape, 255, np.uint8)
    cv2.fillPoly(outside, [np.round(corners).astype(np.int32)], 0)
    return cv2.distanceTransform(outside, cv2.DIST_L2, 3) <= DOT_REACH


def _letter_sized(corners: np.ndarray, mark: Mark) -> bool:
    """No bigger than a letter can be beside a side, no wider than a capital (a word, a
    button, a chip of the bot's answer is) and no sliver (a JPEG's fringe)."""
    shortest = np.linalg.norm(corners - np.roll(corners, -1, axis=0), axis=1).min()
    narrow, wide = sorted((mark.width, mark.height))
    return (
        narrow >= THINNEST_STROKE
        and wide < LARGEST_LETTER * shortest
        and mark.width <= WIDEST_LETTER * mark.height
    )


def marks_by_side(corners: np.ndarray, marks: list[Mark]) -> list[list[Mark]]:
    """For each side, the letters beside it in typing order: the marks nearest that side,
    in the row nearest to it, letter-sized."""
    near: list[list[tuple[float, Mark]]] = [[] for _corner in corners]
    for mark in marks:
        distances = [_distance_to_side(corners, k, mark.centre) for k in range(len(corners))]
        side = int(np.argmin(distances))
        if _beside(corners, side, mark.centre):
            near[side].append((distances[side], mark))
    return [_in_order(corners, k, _letter_row(found)) for k, found in enumerate(near)]


def letters_line_up(corners: np.ndarray, sides: list[list[Mark]]) -> bool:
    """Every letter stands as far from its side as the others do, by its middle (NYT's
    game) or by its nearest ink (our pictures): what a box's own letters do, and marks
    taken beside a piece of a box cut off by words drawn across it do not."""
    middles, edges = [], []
    for k, side in enumerate(sides):
        a, b = _side(corners, k)
        normal = np.array([b[1] - a[1], a[0] - b[0]]) / np.linalg.norm(b - a)
        for mark in side:
            middle = _distance_to_side(corners, k, mark.centre)
            middles.append(middle)
            edges.append(middle - (abs(normal[0]) * mark.width + abs(normal[1]) * mark.height) / 2)
    return any(min(d) > 0 and max(d) <= ALIKE_REACH * min(d) for d in (middles, edges))


def evenly_spaced(corners: np.ndarray, sides: list[list[Mark]]) -> bool:
    """Each side's letters stand where a box puts them, evenly along it (n letters at
    1/(n+1), 2/(n+1), ... of its length): a letter missed or a mark taken for one shows."""
    for k, side in enumerate(sides):
        a, b = _side(corners, k)
        along = sorted(float(np.dot(m.centre - a, b - a) / np.dot(b - a, b - a)) for m in side)
        if along[0] > along[-1]:
            along.reverse()
        expected = [(n + 1) / (len(side) + 1) for n in range(len(side))]
        if max(abs(x - y) for x, y in zip(along, expected, strict=True)) > SPACING_SLACK:
            return False
    return True


def _side(corners: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    return corners[k], corners[(k + 1) % len(corners)]


def _distance_to_side(corners: np.ndarray, k: int, point: np.ndarray) -> float:
    a, b = _side(corners, k)
    along = np.clip(np.dot(point - a, b - a) / np.dot(b - a, b - a), 0.0, 1.0)
    return float(np.linalg.norm(point - (a + along * (b - a))))


def _beside(corners: np.ndarray, k: int, point: np.ndarray) -> bool:
    """The point lies level with the side, not off past one of its corners."""
    a, b = _side(corners, k)
    along = np.dot(point - a, b - a) / np.dot(b - a, b - a)
    return 0.0 < along < 1.0


def _letter_row(found: list[tuple[float, Mark]]) -> list[Mark]:
    """Of the marks beside one side, the letters: letter-sized, and in the row nearest it."""
    if not found:
        return []
    tallest = max(mark.height for _distance, mark in found)
    letters = [(d, m) for d, m in found if m.height >= SMALLEST_LETTER * tallest]
    nearest = min(d for d, _mark in letters)
    height = float(np.median([m.height for _distance, m in letters]))
    return [m for d, m in letters if d <= nearest + ROW_REACH * height]


def _in_order(corners: np.ndarray, k: int, marks: list[Mark]) -> list[Mark]:
    """Left to right along the side, or top to bottom when the side is upright."""
    a, b = _side(corners, k)
    direction = b - a
    slant = np.arctan2(abs(direction[0]), abs(direction[1]))  # 0 when upright
    if slant < UPRIGHT:
        direction = np.array([0.0, 1.0])
    elif direction[0] < 0:
        direction = -direction
    return sorted(marks, key=lambda m: float(np.dot(m.centre, direction)))


def cut_glyph(ink: np.ndarray, labels: np.ndarray, mark: Mark) -> np.ndarray:
    """The mark's ink alone (nothing of a neighbour's), centred on a square its height fills
    LETTER_SHARE of (a wide letter's width at most WIDEST_SHARE), scaled to the classifier's
    GLYPH x GLYPH."""
    side = max(mark.height / LETTER_SHARE, mark.width / WIDEST_SHARE)
    half = int(np.ceil(side / 2))
    cx, cy = (round(v) for v in mark.centre)
    own = _window(labels, cy, cx, half) == mark.label
    own = cv2.dilate(own.astype(np.uint8), np.ones((3, 3), np.uint8))  # its soft edge too
    square = np.where(own > 0, _window(ink, cy, cx, half), 0.0).astype(np.float32)
    square /= max(float(square.max()), 1e-6)  # a grey or white letter's strokes as a black one's
    return cv2.resize(square, (grids.GLYPH, grids.GLYPH), interpolation=cv2.INTER_AREA)


def _window(image: np.ndarray, cy: int, cx: int, half: int) -> np.ndarray:
    """The 2*half square of `image` centred on (cx, cy); what lies past its edges is 0."""
    window = np.zeros((2 * half, 2 * half), dtype=image.dtype)
    top, left = cy - half, cx - half
    y0, y1 = max(0, top), min(image.shape[0], cy + half)
    x0, x1 = max(0, left), min(image.shape[1], cx + half)
    window[y0 - top : y1 - top, x0 - left : x1 - left] = image[y0:y1, x0:x1]
    return window


def letter_chances(glyphs: np.ndarray) -> np.ndarray:
    """Per glyph, the probability of each of the LETTERS, A to Z: a letter was found there,
    so the share the classifier gave an empty cell is set aside like a turned mark's."""
    letters = upright(chances(glyphs, LETTERS))[:, 1:]
    return letters / np.maximum(letters.sum(axis=1, keepdims=True), 1e-12)


def distinct_letters(chances: np.ndarray) -> tuple[list[str], tuple[int, ...]]:
    """A different letter for every position, the surest positions choosing first; and the
    positions in doubt: read below SURE, or given a letter other than their likeliest."""
    if len(chances) > len(LETTERS):
        raise PictureError(
            _(
                "I found {count} letters around the box; a Letter Boxed has at most {most}, "
                "all different",
                count=len(chances),
                most=len(LETTERS),
            ),
            example=NO_BOX_HOW,
        )
    letters = [""] * len(chances)
    taker: dict[int, int] = {}  # letter -> the position given it
    doubted = {int(p) for p in np.flatnonzero(chances.max(axis=1) < SURE)}
    for position in (int(p) for p in np.argsort(-chances.max(axis=1), kind="stable")):
        likeliest = int(chances[position].argmax())
        if likeliest in taker:  # two positions read as one letter: one of them is misread
            doubted |= {position, taker[likeliest]}
        choice = next(int(c) for c in np.argsort(-chances[position]) if int(c) not in taker)
        taker[choice] = position
        letters[position] = LETTERS[choice]
    return letters, tuple(sorted(doubted))
