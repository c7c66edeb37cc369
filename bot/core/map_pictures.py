"""Pictures of each hosted game's maps or boards on their own, for the docs (``docs/maps/<system>/``).

Run ``python -m bot.core.map_pictures`` to redraw them; a test keeps them current.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from engine.core import System
from renderers import render_board

__all__ = ["MAP_PICTURES", "map_pictures", "write_map_pictures"]

MAP_PICTURES = Path(__file__).parents[2] / "docs" / "maps"
"""One folder per system, one ``<name>.png`` per map or board it pictures."""


def map_pictures(systems: Iterable[System[Any]]) -> dict[str, bytes]:
    """Every system's map pictures, keyed by ``<system>/<file name>``."""
    return {f"{system.spec.name}/{name}": render_board(board)
            for system in systems for name, board in system.previews().items()}


def write_map_pictures(systems: Iterable[System[Any]], folder: Path = MAP_PICTURES) -> list[Path]:
    """Redraw the pictures into ``folder``; returns the files written."""
    written = []
    for name, png in map_pictures(systems).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png)
        written.append(path)
    return written


if __name__ == "__main__":
    from bot.core.systems import SYSTEM_FACTORIES

    for written in write_map_pictures(factory() for factory in SYSTEM_FACTORIES.values()):
        print(written)
