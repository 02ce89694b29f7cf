"""What the renderer tests share: a recorder of every text a picture draws."""

from __future__ import annotations

import inspect

import pytest

import renderers.common
from renderers.common import Canvas
from renderers.text import text_width

# Where text meets the pixels: every text a renderer draws must get there through a Canvas
# text method, which the recorder sees.
GLYPH_DRAWERS = ("paste_text", "draw_runs")


class Recorder:
    """The font sizes, weights and texts of every text drawn while it is installed, and
    any text that reached the pixels without a Canvas text method (so was not recorded)."""

    def __init__(self):
        self.sizes: list[tuple[float, int]] = []  # (font size, canvas width)
        self.bolds: list[bool] = []  # the weight of each of them
        self.texts: list[str] = []
        self.spans: list[tuple[float, float, int]] = []  # (left, right, canvas width) of each
        self.unrecorded: list[str] = []
        self.depth = 0  # inside a recorded Canvas text method

    def clear(self) -> None:
        self.sizes.clear()
        self.bolds.clear()
        self.texts.clear()
        self.spans.clear()
        self.unrecorded.clear()


def span(point, text: str, size: int, arguments, canvas_width: int) -> tuple[float, float, int]:
    """Where a text runs across the canvas: placed by its anchor's first letter (l, m, r;
    text_centred centres it)."""
    width = text_width(text, size, arguments["bold"])
    horizontal = arguments.get("anchor", "m")[0]
    left = point[0] - {"l": 0, "m": width / 2, "r": width}[horizontal]
    return left, left + width, canvas_width


@pytest.fixture
def recorder(monkeypatch):
    recorded = Recorder()
    for name in ("text", "text_centred"):
        original = getattr(Canvas, name)
        signature = inspect.signature(original)

        def wrapped(
            self, point, text, size, *args, _original=original, _signature=signature, **kwargs
        ):
            call = _signature.bind(self, point, text, size, *args, **kwargs)
            call.apply_defaults()
            recorded.sizes.append((size, self.width))
            recorded.bolds.append(call.arguments["bold"])
            recorded.texts.append(text)
            recorded.spans.append(span(point, text, size, call.arguments, self.width))
            recorded.depth += 1
            try:
                return _original(self, point, text, size, *args, **kwargs)
            finally:
                recorded.depth -= 1

        monkeypatch.setattr(Canvas, name, wrapped)
    for name in GLYPH_DRAWERS:
        drawer = getattr(renderers.common, name)

        def watched(target, point, text, *args, _drawer=drawer, **kwargs):
            if recorded.depth == 0:
                recorded.unrecorded.append(text)
            return _drawer(target, point, text, *args, **kwargs)

        monkeypatch.setattr(renderers.common, name, watched)
    return recorded
