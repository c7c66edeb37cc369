"""The conformance property walks every registered game and every toy (issue 23, "Done when"): the walk's factories
(``tests/menu_walk.FACTORIES``, which the property is parametrized over) hold each game of the registry and each
toy system the tests declare (``tests/toys/``, ``tests/engine/core/toy_*.py``), so a toy added later is walked or
this fails naming it."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path
from typing import Any

from engine.core import System
from engine.systems import SYSTEMS
from tests.menu_walk import FACTORIES, table

ROOT = Path(__file__).resolve().parents[3]


def _toys() -> dict[str, type[System[Any]]]:
    """Every System class a toy module defines, by module and name."""
    paths = [*sorted((ROOT / "tests" / "toys").glob("*.py")), *sorted((ROOT / "tests/engine/core").glob("toy_*.py"))]
    found: dict[str, type[System[Any]]] = {}
    for path in paths:
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        module = importlib.import_module(name)
        found |= {f"{name}.{cls.__name__}": cls for cls in vars(module).values()
                  if inspect.isclass(cls) and issubclass(cls, System) and cls.__module__ == name}
    return found


def test_every_registered_game_and_every_toy_is_walked() -> None:
    walked = set(FACTORIES.values())
    assert {spec.name for spec, _ in SYSTEMS} <= set(FACTORIES)
    toys = _toys()
    assert len(toys) >= 5, toys  # Tally, Hexfire, Muster, the Secret Duel, the Council
    assert [name for name, cls in toys.items() if cls not in walked] == []


async def test_a_three_player_toy_is_walked_with_every_seat_taken() -> None:
    walk = await table("council", demo=False, seed="seats")
    state = walk.game.state
    assert [state.controller(side) for side in state.sides] == ["alice", "bob", "carol"]
    await walk.play(12)
    assert walk.steps == 12 and not walk.troubles
    assert {line.split(":")[1].split()[0] for line in walk.history[3:]} == {"A", "B", "C"}
