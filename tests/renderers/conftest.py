"""Boards built straight from the view models, and helpers to read pixels back."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from engine.core.audience import Viewer
from engine.core.board import BoardView, ModelMark
from engine.core.ids import ModelId, SideId

A, B = SideId("A"), SideId("B")


def model(model_id: str, x: float, y: float, **fields: Any) -> ModelMark:
    """A model of side A or B (by its id's first letter) on a 1" radius base, easy to hit with a pixel probe."""
    values: dict[str, Any] = {"name": f"Model {model_id}", "side": SideId(model_id[0]), "radius": 1.0}
    values.update(fields)
    return ModelMark(id=ModelId(model_id), x=x, y=y, **values)


def board(**fields: Any) -> BoardView:
    """A 24" x 24" board seen by side A; any field can be overridden."""
    values: dict[str, Any] = {"viewer": Viewer.of_side(A), "title": "Test table", "width": 24.0, "height": 24.0,
                              "sides": (A, B)}
    values.update(fields)
    return BoardView(**values)


def open_png(data: bytes) -> Image.Image:
    """Decode a PNG the way a client would, as RGB."""
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.convert("RGB")


def close(actual: tuple[int, ...], expected: tuple[int, ...], tolerance: int = 14) -> bool:
    """Tell whether two colours match within ``tolerance`` per channel (palette quantisation moves them a little)."""
    return all(abs(a - e) <= tolerance for a, e in zip(actual, expected, strict=True))
