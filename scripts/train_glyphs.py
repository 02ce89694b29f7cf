#!/usr/bin/env python3
"""Train the cell classifier the readers ship, readers/data/glyphs.npz.

    pip install -e '.[train]'          # PyTorch (CPU), for this script only
    python scripts/train_glyphs.py [--seed 1] [--photos ../shared/corpora/sudoku_photos]
                                   [--validate 16] [--cache FILE]

Its examples are cells cut by the reader's own pipeline (readers/grid.py), so that it learns
exactly what it will be shown:

- the training part of the newspaper photos (bench/readers.py's split: every fifth photo by
  number is held out and never seen here), each labelled by its .dat file. The photo's turn
  (phones save some sideways) is found by a first network trained on drawn cells alone: the
  turn whose reading agrees most with the labels. --validate N sets N of them aside too and
  reads them with the new weights at the end (for tuning: the held-out photos are never
  read here);
- screenshots of our own renderers of every size, with random givens: sudokus
  (renderers/sudoku.py) and letter sudokus in random capital letters with some cells shaded
  (renderers/spelling.py), in the bundled DejaVu fonts, as PNG or shrunk to a phone's width
  and saved as JPEG at random quality;
- newspaper-like 9x9 grids drawn here, of 1-9, of nine of 0-9 or of nine capital letters,
  in the fonts of Debian's fonts-dejavu-core, fonts-dejavu-extra, fonts-liberation and
  fonts-texgyre (free Helvetica, Times, Century Schoolbook, Bookman, Palatino, Avant Garde
  and Courier) and the renderers' bundled DejaVu Sans; with thin and thick lines, grey ink
  (sometimes red, blue or green givens), tinted paper, a slanted view, blur, noise and JPEG
  artefacts;
- and, labelled '~' (turned), 30% of the marked cells turned a quarter or a half turn (a 6
  upside down is labelled 9, an upside-down N is N, an M is W): the reader turns a picture
  whose marks look turned. Symbols that a quarter turn makes into another (N and Z, O, 0,
  H and I, X) are not shown on their side.

Cells are augmented while training (small shifts, scaling, contrast). The network is three
3x3 convolutions with pooling and two dense layers (GlyphNet), stored as float16. Everything
is drawn from --seed, so the same seed and fonts give the same file.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
import zipfile
from pathlib import Path

import numpy as np
import torch
from PIL import Image, ImageDraw, ImageFilter, ImageFont
from torch import nn

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.readers import (  # noqa: E402
    PHOTOS,
    photo_split,
    photo_truth,
    read_photos,
    validation_split,
)
from puzzles.spelling.puzzle import SpellingPuzzle  # noqa: E402
from puzzles.sudoku.grid import Grid  # noqa: E402
from puzzles.sudoku.puzzle import BOX_SHAPES, DIGITS  # noqa: E402
from readers import classifier  # noqa: E402
from readers import grid as grids  # noqa: E402
from readers.classifier import EMPTY_LABEL, LABELS, LETTERS, TURNED_LABEL, WEIGHTS  # noqa: E402
from readers.picture import open_grey  # noqa: E402
from readers.sudoku import READABLE_SIZES, find_grid  # noqa: E402
from renderers import spelling, sudoku  # noqa: E402

DEBIAN_FONTS = Path("/usr/share/fonts/truetype")
NEWSPAPER_FONTS = (
    "dejavu/DejaVuSans.ttf",
    "dejavu/DejaVuSans-Bold.ttf",
    "dejavu/DejaVuSerif.ttf",
    "dejavu/DejaVuSerif-Bold.ttf",
    "dejavu/DejaVuSansCondensed.ttf",
    "dejavu/DejaVuSansCondensed-Bold.ttf",
    "dejavu/DejaVuSansMono.ttf",
    "dejavu/DejaVuSansMono-Bold.ttf",
    "dejavu/DejaVuSerifCondensed.ttf",
    "dejavu/DejaVuSerifCondensed-Bold.ttf",
    "dejavu/DejaVuSans-ExtraLight.ttf",
    "liberation/LiberationSans-Regular.ttf",
    "liberation/LiberationSans-Bold.ttf",
    "liberation/LiberationSerif-Regular.ttf",
    "liberation/LiberationSerif-Bold.ttf",
    "liberation/LiberationSansNarrow-Regular.ttf",
    "liberation/LiberationSansNarrow-Bold.ttf",
    "liberation/LiberationMono-Regular.ttf",
    "liberation/LiberationMono-Bold.ttf",
)
# Debian's fonts-texgyre: free versions of the classic newspaper and book faces (Helvetica,
# Times, Century Schoolbook, Bookman, Palatino, Avant Garde, Courier); GUST Font License.
TEX_GYRE = Path("/usr/share/texmf/fonts/opentype/public/tex-gyre")
NEWSPAPER_FONTS += tuple(
    f"{TEX_GYRE}/texgyre{face}-{weight}.otf"
    for face in ("heros", "heroscn", "termes", "schola", "bonum", "pagella", "adventor", "cursor")
    for weight in ("regular", "bold")
)
BUNDLED_FONTS = ROOT / "renderers" / "fonts"  # the renderers' own DejaVu Sans, as shipped
SHIFT = 1.12  # pixels a cell is moved at most each way while training (a cut's wobble)
DOUBT = 0.5  # the share of a partial mark's label learnt as empty: read below the reader's SURE
EMPTY = LABELS.index(EMPTY_LABEL)


class GlyphNet(nn.Module):
    """The network readers/classifier.py runs with numpy: keep the two in step."""

    def __init__(self) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(1, 16, 3, padding=1)
        self.conv2 = nn.Conv2d(16, 32, 3, padding=1)
        self.conv3 = nn.Conv2d(32, 48, 3, padding=1)
        self.fc1 = nn.Linear(48 * 3 * 3, 96)
        self.fc2 = nn.Linear(96, len(LABELS))
        self.pool = nn.MaxPool2d(2)
        self.dropout = nn.Dropout(0.1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for conv in (self.conv1, self.conv2, self.conv3):
            x = self.pool(torch.relu(conv(x)))
        x = self.dropout(torch.relu(self.fc1(x.flatten(1))))
        return self.fc2(x)


# --- examples ---------------------------------------------------------------------------------


def cells_of(data: bytes, size: int) -> np.ndarray:
    """The reader's own cut of every cell of the picture, upright; a ValueError when the
    reader would not find this grid (the example is of no use)."""
    ink, found = find_grid(open_grey(data))
    if found != size:
        raise ValueError(f"a {size}x{size} grid read as {found}x{found}")
    return grids.cell_glyphs(ink, size)


def label_indexes(values: list[int], symbols: str) -> np.ndarray:
    """Each cell's label: 0 (empty) for value 0, else its symbol's, symbols[value - 1]."""
    return np.array([LABELS.index(symbols[v - 1]) if v else 0 for v in values], dtype=np.int64)


def random_symbols(rng: random.Random, size: int) -> str:
    """What a grid of `size` is written in: a sudoku's digits, or (a Sudoku Spelling) as many
    capital letters, any of them."""
    if rng.random() < 0.5:
        return DIGITS[size]
    return "".join(rng.sample(LETTERS, size))


def random_givens(rng: random.Random, size: int) -> list[int]:
    share = rng.uniform(0.25, 0.6)
    return [rng.randint(1, size) if rng.random() < share else 0 for _ in range(size * size)]


def as_phone_jpeg(png: bytes, rng: random.Random) -> bytes:
    """A screenshot as a phone shares it: another width, JPEG at some quality."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    width = rng.randint(360, 1200)
    image = image.resize((width, round(image.height * width / image.width)), Image.LANCZOS)
    out = io.BytesIO()
    image.save(out, "JPEG", quality=rng.randint(35, 95))
    return out.getvalue()


def screenshot_examples(rng: random.Random, count: int) -> tuple[np.ndarray, np.ndarray]:
    glyphs, labels = [], []
    for _ in range(count):
        size = rng.choice(READABLE_SIZES)
        values = random_givens(rng, size)
        box_rows, box_cols = BOX_SHAPES[size]
        symbols = random_symbols(rng, size)
        grid = Grid(box_rows, box_cols, tuple(values), symbols)
        if symbols == DIGITS[size]:
            png = sudoku.draw(grid)
        else:  # a Sudoku Spelling, some cells shaded as its phrase's are
            shaded = tuple(sorted(rng.sample(range(size * size), rng.randint(0, size))))
            png = spelling.draw(SpellingPuzzle(grid, "", shaded))
        data = png if rng.random() < 0.3 else as_phone_jpeg(png, rng)
        try:
            glyphs.append(cells_of(data, size))
        except ValueError:  # left out and counted by the test suite's round trips instead
            continue
        labels.append(label_indexes(values, symbols))
    return np.concatenate(glyphs), np.concatenate(labels)


def newspaper_grid(rng: random.Random, fonts: list[Path], symbols: str) -> tuple[bytes, list[int]]:
    """A printed-looking 9x9 grid of `symbols`, photographed: tinted paper, grey ink, a
    slanted view."""
    cell = rng.randint(28, 60)
    margin = rng.randint(cell // 2, cell * 2)
    side = 9 * cell + 2 * margin
    paper = tuple(rng.randint(170, 255) for _ in range(3))
    ink = tuple(rng.randint(0, 90) for _ in range(3))
    # Some puzzles print their givens in colour (red, blue): lighter than the lines in grey.
    marks = _coloured(rng) if rng.random() < 0.2 else ink
    image = Image.new("RGB", (side, side), paper)
    pen = ImageDraw.Draw(image)
    thin, thick = rng.randint(1, 2), rng.randint(3, 6)
    for k in range(10):
        width = thick if k % 3 == 0 else thin
        at = margin + k * cell
        pen.line([(margin, at), (margin + 9 * cell, at)], ink, width)
        pen.line([(at, margin), (at, margin + 9 * cell)], ink, width)
    font = ImageFont.truetype(str(rng.choice(fonts)), round(cell * rng.uniform(0.5, 0.8)))
    values = random_givens(rng, 9)
    for index, value in enumerate(values):
        if value:
            row, col = divmod(index, 9)
            centre = (margin + (col + 0.5) * cell, margin + (row + 0.5) * cell)
            pen.text(centre, symbols[value - 1], marks, font=font, anchor="mm")
    image = _slanted(image, rng).filter(ImageFilter.GaussianBlur(rng.uniform(0, 1.2)))
    pixels = np.asarray(image, dtype=np.float32)
    noise = np.random.default_rng(rng.randint(0, 2**31))
    pixels += noise.normal(0, rng.uniform(0, 8), pixels.shape)
    out = io.BytesIO()
    Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8)).save(
        out, "JPEG", quality=rng.randint(40, 95)
    )
    return out.getvalue(), values


def _coloured(rng: random.Random) -> tuple[int, int, int]:
    strong, weak = rng.randint(150, 230), rng.randint(20, 90)
    return rng.choice([(strong, weak, weak), (weak, weak, strong), (weak, strong // 2, weak)])


def _slanted(image: Image.Image, rng: random.Random) -> Image.Image:
    """The picture as seen a little from the side: each corner moved by up to 6%."""
    w, h = image.size
    reach = 0.06 * w
    corners = [(0, 0), (w, 0), (w, h), (0, h)]
    moved = [(x + rng.uniform(-reach, reach), y + rng.uniform(-reach, reach)) for x, y in corners]
    coefficients = _perspective(corners, moved)
    return image.transform((w, h), Image.PERSPECTIVE, coefficients, Image.BICUBIC, fillcolor=None)


def _perspective(target, source) -> list[float]:
    rows = []
    for (x, y), (u, v) in zip(target, source, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    answer = np.linalg.solve(np.array(rows), np.array(source).reshape(8))
    return answer.tolist()


def newspaper_examples(rng: random.Random, count: int) -> tuple[np.ndarray, np.ndarray]:
    fonts = [DEBIAN_FONTS / name for name in NEWSPAPER_FONTS]
    fonts += sorted(BUNDLED_FONTS.glob("DejaVu*.ttf"))
    missing = [str(f) for f in fonts if not f.exists()]
    if missing:
        sys.exit(
            "missing fonts (apt-get install fonts-dejavu-core fonts-dejavu-extra "
            f"fonts-liberation fonts-texgyre): {', '.join(missing)}"
        )
    glyphs, labels = [], []
    for _ in range(count):
        symbols = newspaper_symbols(rng)
        data, values = newspaper_grid(rng, fonts, symbols)
        try:
            glyphs.append(cells_of(data, 9))
        except ValueError:  # a PictureError: the slant hid the outline; draw another
            continue
        labels.append(label_indexes(values, symbols))
    return np.concatenate(glyphs), np.concatenate(labels)


def newspaper_symbols(rng: random.Random) -> str:
    """A newspaper grid's nine symbols: a sudoku's 1-9 most often, else nine of 0-9 (a
    codeword's clue numbers have zeros) or nine capital letters (a Sudoku Spelling)."""
    roll = rng.random()
    if roll < 0.45:
        return DIGITS[9]
    if roll < 0.55:
        return "".join(rng.sample("0123456789", 9))
    return "".join(rng.sample(LETTERS, 9))


def photo_examples(
    names: list[str], folder: Path, model: GlyphNet
) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """The training photos' cells, each photo turned the way `model` agrees most with its
    labels' marks; photos whose grid is not found, or whose marks read mostly wrong in every
    turn, are left out and named."""
    glyphs, labels, skipped = [], [], []
    for name in names:
        truth = label_indexes(photo_truth(folder / f"{name}.dat"), DIGITS[9])
        data = (folder / f"{name}.jpg").read_bytes()
        try:
            ink, size = find_grid(open_grey(data))
            if size != 9:
                raise ValueError(f"read as {size}x{size}")
        except ValueError:
            skipped.append(name)
            continue
        turns = [grids.cell_glyphs(np.rot90(ink, turn), 9) for turn in range(4)]
        # Agreement on the marked cells only: a grid read all empty agrees on most cells.
        marked = truth != 0
        agreement = [(predict(model, cells)[marked] == truth[marked]).mean() for cells in turns]
        best = int(np.argmax(agreement))
        if agreement[best] < 0.5:
            skipped.append(name)
            continue
        glyphs.append(turns[best])
        labels.append(truth)
    return np.concatenate(glyphs), np.concatenate(labels), skipped


# --- training ---------------------------------------------------------------------------------


def predict(model: GlyphNet, glyphs: np.ndarray) -> np.ndarray:
    model.eval()
    with torch.no_grad():
        return model(torch.from_numpy(glyphs[:, None])).argmax(1).numpy()


# Upside down, these symbols are another symbol (or themselves); every other mark turned a
# quarter or a half is TURNED_LABEL, which tells the reader to turn the picture.
UPSIDE_DOWN = {"6": "9", "9": "6", "M": "W", "W": "M"} | {ch: ch for ch in "08HINOSXZ"}
# A quarter turn makes these another symbol or nearly (N and Z, H and I in a serif font, the
# round O and 0): they are not shown turned a quarter, neither as themselves nor as turned.
LIKE_ANOTHER_ON_ITS_SIDE = set("0HINOXZ")


def turned_examples(
    glyphs: np.ndarray, labels: np.ndarray, share: float, rng: random.Random
) -> tuple[np.ndarray, np.ndarray]:
    """A `share` of the marked cells, each turned by a random number of quarter turns."""
    marked = np.flatnonzero(labels != 0)
    chosen = rng.sample(list(marked), int(share * len(marked)))
    out_glyphs, out_labels = [], []
    for index in chosen:
        turns = rng.choice((1, 2, 3))
        symbol = LABELS[labels[index]]
        if turns != 2 and symbol in LIKE_ANOTHER_ON_ITS_SIDE:
            continue
        turned = UPSIDE_DOWN.get(symbol, TURNED_LABEL) if turns == 2 else TURNED_LABEL
        out_glyphs.append(np.rot90(glyphs[index], turns).copy())
        out_labels.append(LABELS.index(turned))
    return np.array(out_glyphs, dtype=np.float32), np.array(out_labels, dtype=np.int64)


def partial_examples(
    glyphs: np.ndarray, labels: np.ndarray, share: float, rng: random.Random
) -> tuple[np.ndarray, np.ndarray]:
    """A `share` of the marked cells with part of their mark gone: rubbed out, cut off by the
    cell's edge (a grid line over it), or half printed. Each keeps its label, to be learnt as
    a doubt between it and an empty cell (DOUBT): the reader then marks such a cell for the
    member to check rather than reading it surely as a digit or as empty."""
    marked = np.flatnonzero(labels != 0)
    chosen = rng.sample(list(marked), int(share * len(marked)))
    noise = np.random.default_rng(rng.randint(0, 2**31))
    out, kept = [], []
    for index in chosen:
        glyph = glyphs[index]
        for _attempt in range(5):
            partial = _partly_gone(glyph, rng, noise)
            # Neither all there nor all gone: an empty cell must stay surely empty.
            if (
                LEFT_OF_A_PARTIAL_MARK[0]
                <= partial.sum() / glyph.sum()
                <= LEFT_OF_A_PARTIAL_MARK[1]
            ):
                out.append(partial)
                kept.append(index)
                break
    return np.array(out, dtype=np.float32), labels[kept]


LEFT_OF_A_PARTIAL_MARK = (0.2, 0.6)  # the share of its ink a partial mark keeps


def _partly_gone(glyph: np.ndarray, rng: random.Random, noise: np.random.Generator) -> np.ndarray:
    size = glyph.shape[0]
    ys, xs = np.mgrid[0:size, 0:size] - (size - 1) / 2
    way = rng.choice(("rubbed", "cut", "half"))
    if way == "cut":  # the mark moved over the cut's edge, the part beyond it lost
        by = rng.randint(size // 3, size // 2) * rng.choice((-1, 1))
        return _cut(glyph, by, rng.choice((0, 1)))
    angle = rng.uniform(0, 2 * np.pi)
    across = xs * np.cos(angle) + ys * np.sin(angle)
    if way == "half":  # printed on one side of a line only
        return glyph * (across < rng.uniform(-3, 3))
    # rubbed out: an eraser's stroke across the mark, leaving a little of the ink it crossed
    left = rng.uniform(0, 0.3)
    stroke = np.abs(across - rng.uniform(-4, 4)) < rng.uniform(4, 9)
    return glyph * np.where(stroke, left * noise.random(glyph.shape), 1.0)


def _cut(glyph: np.ndarray, by: int, axis: int) -> np.ndarray:
    """The glyph moved `by` pixels along `axis`, the part moved past the edge lost."""
    moved = np.roll(glyph, by, axis=axis)
    lost = slice(0, by) if by > 0 else slice(by, None)
    if axis == 0:
        moved[lost] = 0
    else:
        moved[:, lost] = 0
    return moved


def augmented(
    batch: torch.Tensor, generator: torch.Generator, shift_pixels: float = SHIFT
) -> torch.Tensor:
    """Small random shifts, scalings and contrast changes, as the cut of a cell varies."""
    n = len(batch)
    scale = 1 + (torch.rand(n, generator=generator) - 0.5) * 0.2
    # affine_grid's coordinates run from -1 to 1 across the glyph
    reach = shift_pixels / (grids.GLYPH / 2)
    shift = (torch.rand(n, 2, generator=generator) - 0.5) * (2 * reach)
    theta = torch.zeros(n, 2, 3)
    theta[:, 0, 0] = scale
    theta[:, 1, 1] = scale
    theta[:, :, 2] = shift
    grid = nn.functional.affine_grid(theta, list(batch.shape), align_corners=False)
    moved = nn.functional.grid_sample(batch, grid, align_corners=False, padding_mode="zeros")
    contrast = 0.4 + 0.8 * torch.rand(n, 1, 1, 1, generator=generator)
    return (moved * contrast).clamp(0, 1)


def train(
    glyphs: np.ndarray,
    labels: np.ndarray,
    weights: np.ndarray,
    epochs: int,
    seed: int,
    epoch_size: int,
    doubted: np.ndarray | None = None,
    shift_pixels: float = SHIFT,
) -> GlyphNet:
    """The network trained on `glyphs`, each epoch drawing `epoch_size` of them by `weights`.
    A `doubted` example is learnt as DOUBT empty and the rest its label."""
    torch.manual_seed(seed)
    generator = torch.Generator().manual_seed(seed)
    model = GlyphNet()
    optimiser = torch.optim.Adam(model.parameters(), lr=2e-3)
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(optimiser, epochs)
    x, y = torch.from_numpy(glyphs[:, None]), torch.from_numpy(labels)
    w = torch.from_numpy(weights.astype(np.float64))
    doubt = None if doubted is None else DOUBT * torch.from_numpy(doubted)
    for epoch in range(epochs):
        model.train()
        # Draw each epoch's examples by weight: the few photos count as much as the many
        # drawn pictures.
        order = torch.multinomial(w, epoch_size, replacement=True, generator=generator)
        total = 0.0
        for start in range(0, len(order), 256):
            batch = order[start : start + 256]
            optimiser.zero_grad()
            logits = model(augmented(x[batch], generator, shift_pixels))
            if doubt is None:
                loss = nn.functional.cross_entropy(logits, y[batch])
            else:
                loss = _doubting_loss(logits, y[batch], doubt[batch])
            loss.backward()
            optimiser.step()
            total += loss.item() * len(batch)
        schedule.step()
        print(f"  epoch {epoch + 1}/{epochs}: loss {total / len(order):.4f}", flush=True)
    model.eval()
    return model


def _doubting_loss(logits: torch.Tensor, labels: torch.Tensor, doubt: torch.Tensor) -> torch.Tensor:
    """Cross-entropy against each example's label, a `doubt` share of it moved to empty."""
    log_p = nn.functional.log_softmax(logits, dim=1)
    of_label = log_p.gather(1, labels[:, None])[:, 0]
    return -((1 - doubt) * of_label + doubt * log_p[:, EMPTY]).mean()


def save(model: GlyphNet, path: Path) -> None:
    arrays = {name: t.detach().numpy().astype(np.float16) for name, t in model.state_dict().items()}
    path.parent.mkdir(parents=True, exist_ok=True)
    write_npz(path, {"labels": np.array(LABELS), **arrays})


def write_npz(path: Path, arrays: dict[str, np.ndarray]) -> None:
    """np.savez_compressed's file, but every entry dated 1980-01-01 (savez dates them now):
    the same weights make the same bytes, so a rerun can be checked by its checksum."""
    with zipfile.ZipFile(path, "w") as archive:
        for name, array in arrays.items():
            entry = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            with archive.open(entry, "w", force_zip64=True) as out:
                np.lib.format.write_array(out, np.asanyarray(array), allow_pickle=False)


def drawn_examples(rng: random.Random, args: argparse.Namespace) -> tuple[np.ndarray, np.ndarray]:
    """The drawn cells, or those kept in --cache by an earlier run with the same settings."""
    if args.cache and args.cache.exists():
        with np.load(args.cache) as kept:
            return kept["x"], kept["y"]
    print("drawing screenshots and newspaper grids ...", flush=True)
    drawn = [screenshot_examples(rng, args.screenshots), newspaper_examples(rng, args.newspapers)]
    x = np.concatenate([g for g, _ in drawn])
    y = np.concatenate([label for _, label in drawn])
    if args.cache:
        np.savez_compressed(args.cache, x=x, y=y)
    return x, y


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--photos", type=Path, default=PHOTOS)
    parser.add_argument("--screenshots", type=int, default=1000, help="rendered grids")
    parser.add_argument("--newspapers", type=int, default=1600, help="drawn newspaper grids")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--epoch-size", type=int, default=40_000, help="examples per epoch")
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    parser.add_argument(
        "--cache", type=Path, help="keep the drawn cells here, for another run with the same seed"
    )
    parser.add_argument(
        "--validate",
        type=int,
        default=16,
        help="train without this many of the training photos (every k-th) and read them with "
        "the new weights at the end, to tune by (the held-out photos stay unseen either way)",
    )
    parser.add_argument(
        "--shift", type=float, default=SHIFT, help="pixels a cell is moved at most each way"
    )
    parser.add_argument(
        "--partial",
        type=float,
        default=0.0,
        help="the share of each epoch given to partial marks (rubbed out, cut, half printed), "
        "learnt as a doubt",
    )
    args = parser.parse_args()
    torch.set_num_threads(2)
    rng = random.Random(args.seed)
    started = time.perf_counter()
    x, y = drawn_examples(rng, args)
    print(f"  {len(x)} drawn cells ({time.perf_counter() - started:.0f} s)")
    print("first network, on drawn cells only, to turn the photos upright ...", flush=True)
    first = train(x, y, np.ones(len(x)), 1, args.seed, args.epoch_size)
    training, held_out = photo_split(args.photos)
    training, validation = validation_split(training, args.validate)
    px, py, skipped = photo_examples(training, args.photos, first)
    print(
        f"  {len(px)} photo cells from {len(training) - len(skipped)} of {len(training)} "
        f"training photos (left out: {', '.join(skipped) or 'none'}; "
        f"{len(held_out)} held out, unseen)"
    )
    # Its own generator, so that a run from --cache turns the same cells as one that draws.
    turning = random.Random(args.seed)
    tx, ty = turned_examples(np.concatenate([x, px]), np.concatenate([y, py]), 0.3, turning)
    # Each epoch draws photo cells (a few of the examples, digits only) 45% of the time,
    # turned marks a tenth, drawn cells (every symbol) the rest.
    weights = [
        np.full(len(x), 0.45 / len(x)),
        np.full(len(px), 0.45 / len(px)),
        np.full(len(tx), 0.1 / len(tx)),
    ]
    glyphs, labels = [x, px, tx], [y, py, ty]
    doubted = [np.zeros(len(x) + len(px) + len(tx), dtype=np.float32)]
    if args.partial:  # (without, as the shipped weights were trained)
        # A share of each epoch (the others' shares unchanged, relative to each other).
        partly = random.Random(args.seed + 1)
        gx, gy = partial_examples(np.concatenate([x, px]), np.concatenate([y, py]), 0.1, partly)
        glyphs.append(gx)
        labels.append(gy)
        weights.append(np.full(len(gx), args.partial / (1 - args.partial) / len(gx)))
        doubted.append(np.ones(len(gx), dtype=np.float32))
    print("final network ...", flush=True)
    model = train(
        np.concatenate(glyphs),
        np.concatenate(labels),
        np.concatenate(weights),
        args.epochs,
        args.seed,
        args.epoch_size,
        np.concatenate(doubted) if args.partial else None,
        args.shift,
    )
    accuracy = (predict(model, px) == py).mean()
    print(f"  training photo cells right: {accuracy:.4f}")
    save(model, args.out)
    print(
        f"wrote {args.out} ({args.out.stat().st_size / 1024:.0f} kB) in "
        f"{time.perf_counter() - started:.0f} s"
    )
    if validation:
        report = read_with(args.out, validation, args.photos)
        print(
            f"validation photos: {report['grids_exact']}/{report['photos']} grids exact, cells "
            f"right {report['cells_right_share']:.2%}, {report['of_those_exact']}/"
            f"{report['reads_with_no_unsure_cell']} reads with no unsure cell exact"
        )
        for line in report["misread"]:
            print(f"  {line}")


def read_with(weights: Path, names: list[str], folder: Path) -> dict:
    """bench/readers.py's report on the photos `names`, read with the weights just written."""
    classifier.WEIGHTS = weights
    classifier.network.cache_clear()
    return read_photos(names, folder)


if __name__ == "__main__":
    main()
