"""What the renderer tests share: a recorder of every text a picture draws."""

from __future__ import annotations

import inspect

import pytest

from renderers.common import Canvas


class Recorder:
    """The font sizes, weights and texts of every text drawn while it is installed."""

    def __init__(self):
        self.sizes: list[tuple[float, int]] = []  # (font size, canvas width)
        self.bolds: list[bool] = []  # the weight of each of them
        self.texts: list[str] = []

    def clear(self) -> None:
        self.sizes.clear()
        self.bolds.clear()
        self.texts.clear()


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
            return _original(self, point, text, size, *args, **kwargs)

        monkeypatch.setattr(Canvas, name, wrapped)
    return recorded
