"""The table's declared actions as commands, for tests that set a table up by hand: ``add_model("Knight", at=(5, 5))``
is ``/model add unit:Knight at:5,5``, checked and applied by the table's declarations like any typed command (the
keywords are the options' old names, so a test reads as it did)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import ActionCommand
from engine.core.uploads import SHARED_KINDS, written_upload
from engine.schema import MapPreset

__all__ = ["add_model", "add_terrain", "change_token", "deploy_auto", "import_map", "load_force", "move_model",
           "place_model", "remove_model", "use_map", "wound_model"]

Point = tuple[float, float]
Value = str | float | bool | Point | None


def _text(value: str | float | bool | Point) -> str:
    if isinstance(value, tuple):
        return f"{value[0]:g},{value[1]:g}"
    return str(value)


def _command(verb: tuple[str, ...], **options: Value) -> ActionCommand:
    return ActionCommand(path=verb, values=tuple((k, _text(v)) for k, v in options.items() if v is not None))


def add_model(unit: str, *, at: Point | None = None, side: str | None = None,
              facing: float | None = None) -> ActionCommand:
    return _command(("model", "add"), unit=unit, at=at, side=side, facing=facing)


def load_force(name: str, *, side: str | None = None) -> ActionCommand:
    return _command(("force", "load"), name=name, side=side)


def deploy_auto(side: str | None = None) -> ActionCommand:
    return _command(("deploy", "auto"), side=side)


def move_model(model: str, to: str, *, max_distance: float | None = None) -> ActionCommand:
    return _command(("move",), model=model, to=to, max=max_distance)


def place_model(model: str, at: Point, *, facing: float | None = None) -> ActionCommand:
    return _command(("model", "place"), model=model, at=at, facing=facing)


def wound_model(model: str, amount: int = 1) -> ActionCommand:
    return _command(("model", "wound"), model=model, amount=amount)


def change_token(model: str, token: str, *, remove: bool = False) -> ActionCommand:
    return _command(("model", "token"), model=model, name=token, remove=remove or None)


def remove_model(model: str) -> ActionCommand:
    return _command(("model", "remove"), model=model)


def add_terrain(kind: str, polygon: Sequence[Point], *, height: float | None = None,
                keywords: Sequence[str] = ()) -> ActionCommand:
    shape = "poly:" + ";".join(f"{x:g},{y:g}" for x, y in polygon)
    return _command(("terrain", "add"), kind=kind, shape=shape, height=height, keywords=",".join(keywords) or None)


def use_map(name: str) -> ActionCommand:
    return _command(("map", "use"), name=name)


def import_map(preset: MapPreset) -> ActionCommand:
    """``/map import`` with ``preset`` as the loader read the file, written as a declared action carries it."""
    return _command(("map", "import"), file=written_upload(preset, SHARED_KINDS))
