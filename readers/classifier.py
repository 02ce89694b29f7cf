"""The cell classifier: a small convolutional network run with numpy alone.

It was trained by scripts/train_glyphs.py (PyTorch, at build time) and ships as
readers/data/glyphs.npz: three 3x3 convolutions (each followed by ReLU and 2x2 max pooling)
and two dense layers, stored as float16. Its classes are LABELS: '.' for an empty cell, then
every symbol a grid can hold, then '~' for a mark seen turned (on its side, or upside down
where that is no other symbol). Nothing here needs PyTorch.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

WEIGHTS = Path(__file__).resolve().parent / "data" / "glyphs.npz"
EMPTY_LABEL = "."
TURNED_LABEL = "~"  # a mark seen on its side or upside down: the picture is turned
LABELS = EMPTY_LABEL + "123456789ABCDEFG" + TURNED_LABEL  # 16x16 sudokus write 1-9 then A-G
CONVOLUTIONS = ("conv1", "conv2", "conv3")


@dataclass(frozen=True)
class Network:
    convolutions: tuple[tuple[np.ndarray, np.ndarray], ...]  # (weights O x I x 3 x 3, bias)
    dense: tuple[tuple[np.ndarray, np.ndarray], ...]  # (weights out x in, bias)


@cache
def network() -> Network:
    with np.load(WEIGHTS) as stored:
        if str(stored["labels"]) != LABELS:
            raise RuntimeError(f"{WEIGHTS.name} was trained for other labels; retrain it")
        weights = {n: stored[n].astype(np.float32) for n in stored.files if n != "labels"}
    return Network(
        convolutions=tuple((weights[f"{n}.weight"], weights[f"{n}.bias"]) for n in CONVOLUTIONS),
        dense=tuple((weights[f"{n}.weight"], weights[f"{n}.bias"]) for n in ("fc1", "fc2")),
    )


def probabilities(glyphs: np.ndarray) -> np.ndarray:
    """For each glyph (B x 28 x 28, 0 paper .. 1 ink), the probability of each of LABELS."""
    net = network()
    x = glyphs[:, None, :, :].astype(np.float32)
    for weight, bias in net.convolutions:
        x = _max_pool(np.maximum(_convolve(x, weight, bias), 0.0))
    x = x.reshape(len(x), -1)
    (w1, b1), (w2, b2) = net.dense
    x = np.maximum(x @ w1.T + b1, 0.0)
    return _softmax(x @ w2.T + b2)


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
