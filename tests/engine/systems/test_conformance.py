"""What every game must keep, checked for each registered system and the test-only toys: its actions fit the
shared verbs, its data loads, its demo table starts, and a game replays from its log to the same state."""

from __future__ import annotations

from typing import Any

import pytest

from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import Game, System, check_actions
from engine.systems import SYSTEMS
from tests.commands import parse_line
from tests.menu_walk import FACTORIES


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_the_actions_fit_the_shared_verbs(name: str) -> None:
    system: System[Any] = FACTORIES[name]()
    assert check_actions(system.actions()) == []
    assert system.spec.name == name and 2 <= system.spec.min_sides <= system.spec.max_sides <= 8


def test_every_registered_system_is_built_from_its_shipped_data() -> None:
    assert [spec.name for spec, _ in SYSTEMS] == list(SYSTEM_FACTORIES)
    for factory in SYSTEM_FACTORIES.values():
        assert isinstance(factory(), System)


@pytest.mark.parametrize("name", sorted(FACTORIES))
async def test_the_demo_table_starts_and_replays_to_the_same_state(name: str) -> None:
    service = TableService(MemoryRepository(), FACTORIES, pass_delay=lambda: 0.0)
    outputs = await service.execute("t", "alice", parse_line(f"/game demo system:{name}"))  # type: ignore[arg-type]
    assert not any(o.error for o in outputs), [o.text for o in outputs if o.error]
    game = service.live_game("t")
    assert game is not None
    replayed: Game[Any] = Game.from_records(game.system, game.setup, game.state.revealed_seed or "x",
                                            game.records())
    assert replayed.state.fingerprint() == game.state.fingerprint()
    (helped,) = await service.execute("t", "alice", parse_line("/help"))  # type: ignore[arg-type]
    assert helped.to == "alice" and not helped.error
