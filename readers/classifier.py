"""The cell classifier: a small convolutional network run with numpy alone.

It was trained by scripts/train_glyphs.py (PyTorch, at build time) and ships as
readers/data/glyphs.npz: 3x3 convolutions (each followed by ReLU and 2x2 max pooling) and
dense layers, stored as float16 (conv1, conv2, ..., fc1, fc2, ...). Its classes are LABELS:
'.' for an empty cell, the digits 0-9, the capital letters A-Z, and '~' for a mark seen
turned (on its side, or upside down where that is no other symbol). Nothing here needs PyTorch.

Its input is a cell's ink cut as readers/grid.py cuts it (`grid.cell_glyphs` for a square
grid, `grid.glyph_at` for any box): GLYPH x GLYPH, 0 paper .. 1 ink, the mark centred and
filling most of the square. A reader asks with the symbols its puzzle can hold:

    classify(glyphs, symbols="ABCDEFGHI")  # -> one Guess per cell: '.', or a letter

so a 9x9 sudoku never reads an 'O' for its '0' it cannot have.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

WEIGHTS = Path(__file__).resolve().parent / "data" / "glyphs.npz"
EMPTY_LABEL = "."
TURNED_LABEL = "~"  # a mark seen on its side or upside down: the picture is turned
DIGITS = "0123456789"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SYMBOLS = DIGITS + LETTERS  # every symbol a cell can hold
LABELS = EMPTY_LABEL + SYMBOLS + TURNED_LABEL


@dataclass(frozen=True)
class Guess:
    """What a cell holds: EMPTY_LABEL or one of the symbols asked for, and how sure."""

    symbol: str
    probability: float


@dataclass(frozen=True)
class Network:
    labels: str  # its classes, in order: LABELS when trained by today's script
    convolutions: tuple[tuple[np.ndarray, np.ndarray], ...]  # (weights O x I x 3 x 3, bias)
    dense: tuple[tuple[np.ndarray, np.ndarray], ...]  # (weights out x in, bias)


@cache
def network() -> Network:
    with np.load(WEIGHTS) as stored:
        labels = str(stored["labels"])
        weights = {n: stored[n].astype(np.float32) for n in stored.files if n != "labels"}
    return Network(labels, _layers(weights, "conv"), _layers(weights, "fc"))


def _layers(weights: dict[str, np.ndarray], kind: str) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
    """The stored layers named kind1, kind2, ... in order, each as (weight, bias)."""
    count = sum(1 for name in weights if name.startswith(kind) and name.endswith(".weight"))
    return tuple(
        (weights[f"{kind}{k}.weight"], weights[f"{kind}{k}.bias"]) for k in range(1, count + 1)
    )


def classify(glyphs: np.ndarray, symbols: str) -> list[Guess]:
    """Each glyph's likeliest of empty and `symbols`, with its probability among those (the
    share the network gave a turned mark set aside: the caller has chosen the turn)."""
    kept = upright(chances(glyphs, symbols))
    names = EMPTY_LABEL + symbols
    return [
        Guess(names[best], float(row[best]))
        for row, best in zip(kept, kept.argmax(axis=1), strict=True)
    ]


def chances(glyphs: np.ndarray, symbols: str) -> np.ndarray:
    """Per glyph, the probability of empty, of each of `symbols` in order, and last of a
    turned mark; symbols not asked for are left out and the rest shared out again."""
    unknown = set(symbols) - set(SYMBOLS)
    if unknown:
        raise ValueError(f"the classifier does not know {''.join(sorted(unknown))}")
    labels = network().labels
    every = probabilities(glyphs)
    # (a symbol the shipped weights were not trained on is never the answer)
    kept = np.stack(
        [
            every[:, labels.index(ch)] if ch in labels else np.zeros(len(every))
            for ch in EMPTY_LABEL + symbols + TURNED_LABEL
        ],
        axis=1,
    )
    return kept / kept.sum(axis=1, keepdims=True)


def upright(chances: np.ndarray) -> np.ndarray:
    """`chances` without the turned mark's column, shared out again over empty and the
    symbols: once the picture's turn is chosen, a mark is one of them."""
    kept = chances[:, :-1]
    return kept / kept.sum(axis=1, keepdims=True)


def probabilities(glyphs: np.ndarray) -> np.ndarray:
    """For each glyph (B x 28 x 28, 0 paper .. 1 ink), the probability of each of the
    network's labels (network().labels)."""
    net = network()
    x = glyphs[:, None, :, :].astype(np.float32)
    for weight, bias in net.convolutions:
        x = _max_pool(np.maximum(_convolve(x, weight, bias), 0.0))
    x = x.reshape(len(x), -1)
    *hidden, (last_weight, last_bias) = net.dense
    for weight, bias in hidden:
        x = np.maximum(x @ weight.T + bias, 0.0)
    return _softmax(x @ last_weight.T + last_bias)


def _convolve(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """A 3x3 convolution with one pixel of zero padding (PyTorch's padding=1), as one matrix
    product: every pixel's 3x3 neighbourhood in all channels is a row (im2col)."""
    b, channels, h, w = x.shape
    padded = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    windows = np.lib.stride_tricks.sliding_window_view(padded, (3, 3), axis=(2, 3))
    rows = windows.transpose(0, 2, 3, 1, 4, 5).reshape(b * h * w, channels * 9)
    out = rows @ weight.reshape(len(weight), -1).T + bias  # (B*H*W) x O
    return out.reshape(b, h, w, -1).transpose(0, 3, 1, 2)


def _max_pool(x: np.ndarray) -> np.ndarray:
    b, c, h, w = x.shape
    x = x[:, :, : h - h % 2, : w - w % 2]
    return x.reshape(b, c, h // 2, 2, w // 2, 2).max(axis=(3, 5))


def _softmax(logits: np.ndarray) -> np.ndarray:
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)
