"""Finding a square grid in a picture, straightening it, counting its cells, cutting them out.

1. The grid's outline is the largest four-cornered dark outline in the picture (its border is
   the longest connected line; text and other puzzles around it are smaller, or not closed).
2. A perspective transform maps those four corners to a square: a photo taken at an angle
   comes out as if taken from straight above.
3. The number of cells a side is the largest N for which every one of the N - 1 inner lines,
   across and down, is really there (a line is a narrow band dark along most of its length;
   the digits in a column of cells are dark along a small part of it).
4. Each cell is cut out around its ink, centred, as the classifier expects.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from puzzles.i18n import _

SQUARE = 576  # the straightened grid's side: a multiple of 4, 6, 9, 12 and 16
GLYPH = 28  # the classifier's input: a cell's ink, GLYPH x GLYPH
MIN_GRID_SHARE = 0.02  # the outline must cover this share of the picture at least
LINE_SHARE = 0.3  # an inner line is at least this strong against the strongest one
FAINT_LINE_SHARE = 0.12  # or this, when only box lines were found (grey thin lines, JPEG)
LINE_FLOOR = 0.04  # and at least this much darker than the paper, where it is weakest
LINE_WOBBLE = 4  # pixels a line may wander within one stretch
MOST_CELLS = 25
CANDIDATES = 4  # outlines tried, largest first
PIECES = 16  # stretches a line is followed along, each SQUARE / PIECES long

NO_GRID = _("I could not find a puzzle grid in the picture")
NO_GRID_HOW = _("a photo from straight above, with the whole grid in view and in focus")


@dataclass(frozen=True)
class Straightened:
    """The grid seen square: grey levels, SQUARE x SQUARE, and the cells a side."""

    square: np.ndarray
    ink: np.ndarray  # 0..1, how dark each pixel is against its own neighbourhood's paper
    size: int


def find_outlines(
    grey: np.ndarray, shape: Callable[[np.ndarray], bool] | None = None
) -> list[np.ndarray]:
    """Four-cornered outlines in `grey` that may be the grid, largest first, each as its
    corners (top-left, top-right, bottom-right, bottom-left). The grid's border is usually
    the largest, but a card or a page around it can be larger still: the caller tries them
    in turn and keeps the first whose lines make a grid. `shape` says which corners can be
    the outline looked for (by default: roughly square, as a grid is)."""
    shape = shape or _roughly_square
    dark = dark_lines(grey)
    contours, _hierarchy = cv2.findContours(dark, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    smallest = MIN_GRID_SHARE * grey.shape[0] * grey.shape[1]
    outlines = []
    for contour in sorted(contours, key=cv2.contourArea, reverse=True)[:CANDIDATES]:
        if cv2.contourArea(contour) < smallest:
            break
        corners = _four_corners(contour)
        if corners is not None and shape(corners):
            outlines.append(_cut_corners_restored(corners, contour))
    return outlines


def dark_lines(grey: np.ndarray) -> np.ndarray:
    """Pixels darker than their neighbourhood, as 255: the lines and the ink."""
    side = max(grey.shape)
    block = max(15, (side // 40) | 1)
    blurred = cv2.GaussianBlur(grey, (5, 5), 0)
    dark = cv2.adaptiveThreshold(
        blurred, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, 7
    )
    # Close small gaps in the border (a faint or broken line in a photo).
    return cv2.dilate(dark, np.ones((3, 3), np.uint8))


def _four_corners(contour: np.ndarray) -> np.ndarray | None:
    """The outline's corners: a simplified polygon with four points, or else the points of the
    convex hull furthest towards each corner (a border with a rounded or cut corner)."""
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    polygon = cv2.approxPolyDP(hull, 0.02 * perimeter, True).reshape(-1, 2)
    points = polygon if len(polygon) == 4 else hull.reshape(-1, 2)
    total = points.sum(axis=1)
    difference = points[:, 0] - points[:, 1]
    corners = np.array(
        [
            points[np.argmin(total)],  # top-left
            points[np.argmax(difference)],  # top-right
            points[np.argmax(total)],  # bottom-right
            points[np.argmin(difference)],  # bottom-left
        ],
        dtype=np.float32,
    )
    return corners if len({tuple(c) for c in corners}) == 4 else None


def _cut_corners_restored(corners: np.ndarray, contour: np.ndarray) -> np.ndarray:
    """The corners where the outline's sides meet, for corners the outline cuts short: a
    faint or glared corner leaves the border with a diagonal cut, and the hull's corner sits
    at the cut's end. Each side is fitted through the middle of its length (away from any
    cut), and a corner moved to where two fitted sides meet when that lies well outside the
    outline."""
    points = contour.reshape(-1, 2).astype(np.float64)
    sides = [side_through_middle(corners[k], corners[(k + 1) % 4], points) for k in range(4)]
    if any(side is None for side in sides):
        return corners
    restored = corners.copy()
    hull = cv2.convexHull(contour)
    reach = CUT_CORNER * cv2.arcLength(hull, True) / 4
    for k in range(4):
        meeting = meeting_point(sides[k - 1], sides[k])
        if meeting is not None and cv2.pointPolygonTest(hull, meeting, True) < -reach:
            restored[k] = meeting
    return restored


# How far outside the outline (a share of its side) two sides must meet for the corner to be
# taken as cut: a page's bowed border puts the meeting point about 1% outside as well.
CUT_CORNER = 0.025


def side_through_middle(
    start: np.ndarray, end: np.ndarray, points: np.ndarray
) -> tuple[np.ndarray, np.ndarray] | None:
    """The straight line (a point, a direction) fitted to the outline's points along the
    middle 60% of the side from `start` to `end`; None when too few lie there."""
    along = (end - start).astype(np.float64)
    length = float(np.linalg.norm(along))
    unit = along / length
    offset = points - start
    share = offset @ unit / length
    distance = np.abs(offset[:, 0] * unit[1] - offset[:, 1] * unit[0])
    near = points[(share > 0.2) & (share < 0.8) & (distance < 0.04 * length)]
    if len(near) < 8:
        return None
    vx, vy, x0, y0 = cv2.fitLine(near.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    return np.array([x0, y0]), np.array([vx, vy])


def meeting_point(
    first: tuple[np.ndarray, np.ndarray], second: tuple[np.ndarray, np.ndarray]
) -> tuple[float, float] | None:
    """Where two lines (a point, a direction each) cross; None when they are parallel."""
    (p, r), (q, s) = first, second
    directions = np.array([r, -s]).T
    if abs(np.linalg.det(directions)) < 1e-6:
        return None
    t, _along_q = np.linalg.solve(directions, q - p)
    x, y = p + t * r
    return float(x), float(y)


def _roughly_square(corners: np.ndarray) -> bool:
    """A grid seen at an angle is no square, but its sides stay within a factor of three."""
    sides = [np.linalg.norm(corners[i] - corners[(i + 1) % 4]) for i in range(4)]
    return min(sides) > 0 and max(sides) / min(sides) < 3


def straighten(
    grey: np.ndarray, corners: np.ndarray, size: tuple[int, int] = (SQUARE, SQUARE)
) -> np.ndarray:
    """The outline's inside seen from straight above, `size` (width, height) pixels."""
    width, height = size
    target = np.array([[0, 0], [width, 0], [width, height], [0, height]], dtype=np.float32)
    transform = cv2.getPerspectiveTransform(corners, target)
    return cv2.warpPerspective(
        grey, transform, size, flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )


def ink_of(square: np.ndarray) -> np.ndarray:
    """How dark each pixel is against the paper around it, 0..1: shadows and tinted paper
    drop out, the ink stays (the paper is the brightest level nearby)."""
    paper = cv2.dilate(square, np.ones((15, 15), np.uint8))
    paper = cv2.GaussianBlur(paper, (31, 31), 0).astype(np.float32)
    darkness = 1.0 - square.astype(np.float32) / np.maximum(paper, 1.0)
    # Scale so that the grid's own lines (the darkest ink) come out near 1.
    strongest = float(np.percentile(darkness, 99.5))
    return np.clip(darkness / max(strongest, 0.15), 0.0, 1.0)


def lines_a_side(ink: np.ndarray, share: float = LINE_SHARE, paper: float = 50) -> tuple[int, int]:
    """(rows, columns): for each direction the largest N whose N - 1 inner lines are all
    there, each at least `share` as strong as the strongest; 1 when none is. A photo's or a
    small JPEG's thin lines may be missed and only the box lines counted: the caller knows
    which sizes have such boxes, and may look again with a smaller share. `paper` is the
    percentile of the rows' darkness taken as the paper's (a codeword's black squares make
    the middle row dark, so it asks for a lower one)."""
    return (
        _cells_along(_line_strength(ink, paper), share),
        _cells_along(_line_strength(ink.T, paper), share),
    )


def _line_strength(ink: np.ndarray, paper: float = 50) -> np.ndarray:
    """For each row of the square, how clearly a line runs along it: its darkness above the
    paper's, in each of PIECES stretches, taken where it is weakest (the 20th percentile of
    the stretches). A line is followed piece by piece, so one that bends (a curved page) or
    slants a little still counts; digits are dark in a few stretches only and drop out."""
    pieces = ink.reshape(ink.shape[0], PIECES, -1).mean(axis=2).T  # (piece, row)
    pieces = pieces - np.percentile(pieces, paper, axis=1, keepdims=True)
    # Within each piece the line may sit a few pixels off: take the most in a small reach.
    pieces = cv2.dilate(pieces, np.ones((1, 2 * LINE_WOBBLE + 1), np.uint8))
    return np.percentile(pieces, 20, axis=0)


def _cells_along(strength: np.ndarray, share: float) -> int:
    # Leave out the outline itself, at both edges: the inner lines are measured against it.
    inner = strength[SQUARE // 40 : -SQUARE // 40]
    needed = max(LINE_FLOOR, share * float(inner.max()))
    for n in range(MOST_CELLS, 1, -1):
        step = SQUARE / n
        reach = max(1, round(step * 0.15) - LINE_WOBBLE)
        if all(
            strength[max(0, round(k * step) - reach) : round(k * step) + reach + 1].max() >= needed
            for k in range(1, n)
        ):
            return n
    return 1


def cell_glyphs(ink: np.ndarray, size: int) -> np.ndarray:
    """Every cell's ink, row by row, as GLYPH x GLYPH float32 arrays (0 paper .. 1 ink),
    the mark centred where it is found (a photo's bent paper moves it off the cell's middle)."""
    step = SQUARE / size
    glyphs = np.zeros((size * size, GLYPH, GLYPH), dtype=np.float32)
    for row in range(size):
        for col in range(size):
            glyphs[row * size + col] = glyph_at(ink, row * step, col * step, step, step)
    return glyphs


def glyph_at(ink: np.ndarray, top: float, left: float, height: float, width: float) -> np.ndarray:
    """The classifier's view of the cell whose lines box (top, left, height, width) in `ink`
    (grids.ink_of: 0 paper .. 1 ink): its inner part, moved onto the mark's middle, scaled to
    GLYPH x GLYPH. Every reader cuts its cells with this, as the classifier learnt them."""
    inset_y, inset_x = height * 0.12, width * 0.12  # keep the cell's own lines out
    y0, y1 = round(top + inset_y), round(top + height - inset_y)
    x0, x1 = round(left + inset_x), round(left + width - inset_x)
    inner = ink[y0:y1, x0:x1]
    dy, dx = _mark_offset(inner)
    y0, y1 = _shifted(y0, y1, dy, ink.shape[0])
    x0, x1 = _shifted(x0, x1, dx, ink.shape[1])
    return cv2.resize(ink[y0:y1, x0:x1], (GLYPH, GLYPH), interpolation=cv2.INTER_AREA)


def _mark_offset(inner: np.ndarray) -> tuple[int, int]:
    """How far the middle of the mark (the ink that is no piece of the cell's lines) lies
    from the middle of the cut; (0, 0) for an empty cell."""
    strong = (inner > 0.4).astype(np.uint8)
    count, _labels, stats, _centroids = cv2.connectedComponentsWithStats(strong, connectivity=8)
    h, w = inner.shape
    boxes = []
    for label in range(1, count):
        x, y, bw, bh, area = stats[label]
        if area >= 0.01 * h * w and not _piece_of_a_line(x, y, bw, bh, h, w):
            boxes.append((x, y, x + bw, y + bh))
    if not boxes:
        return 0, 0
    left = min(b[0] for b in boxes)
    top = min(b[1] for b in boxes)
    right = max(b[2] for b in boxes)
    bottom = max(b[3] for b in boxes)
    return round((top + bottom - h) / 2), round((left + right - w) / 2)


def _piece_of_a_line(x: int, y: int, bw: int, bh: int, h: int, w: int) -> bool:
    """Whether ink boxed (x, y, bw, bh) in an h x w cut is a cell line reaching into it: it
    runs across most of the cut from an edge, or lies along an edge as a thin sliver (a thick
    border, or a slanted line, enters the cut for part of its width)."""
    along_top_or_bottom = (y == 0 or y + bh == h) and bh <= LINE_SLIVER * h
    along_a_side = (x == 0 or x + bw == w) and bw <= LINE_SLIVER * w
    touches_edge = x == 0 or y == 0 or x + bw == w or y + bh == h
    return along_top_or_bottom or along_a_side or (touches_edge and (bw > 0.8 * w or bh > 0.8 * h))


LINE_SLIVER = 0.15  # ink along an edge no thicker than this share of the cut is a line


def _shifted(start: int, end: int, by: int, limit: int) -> tuple[int, int]:
    span = end - start
    by = max(-span // 4, min(span // 4, by))
    start = min(max(0, start + by), limit - span)
    return start, start + span
