"""Shroudfall at the console: the demo table (the menu-only first evening is tests/console/test_first_evening.py's)."""

from __future__ import annotations

from bot.console.session import ConsoleSession, seeded_source
from bot.core.outputs import Output
from bot.core.systems import SYSTEM_FACTORIES


def _said(outputs: list[Output]) -> str:
    return "\n".join(str(o.text) for o in outputs)


async def test_the_demo_is_a_ready_table_at_the_first_activation_in_one_command() -> None:
    printed: list[str] = []
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(7), print_line=printed.append)
    outputs = await session.run_line("/game demo system:shroudfall")
    assert not any(o.error for o in outputs), _said(outputs)
    text = _said(outputs)
    assert "Game round 1 begins." in text and "deploys" in text and "terrain" in text.lower()
    printed.clear()
    await session.run_line("/act")
    assert "Attack twice" in "\n".join(printed) or "Advance (two moves)" in "\n".join(printed), printed


async def test_the_table_tools_it_keeps_answer_by_shroudfall_sight_and_the_others_are_refused() -> None:
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(7), print_line=lambda line: None)
    await session.run_line("/game demo system:shroudfall")
    seen = await session.run_line("/los from:A1 to:B1")
    assert not any(o.error for o in seen) and "L683-701" in _said(seen), _said(seen)  # Shroudfall's sight
    wounded = await session.run_line("/model wound model:A1")
    assert not any(o.error for o in wounded) and "A1 takes 1 wound" in _said(wounded), _said(wounded)
    refused = await session.run_line("/model add unit:razhu")
    assert any(o.error for o in refused) and "/model add is not part of Shroudfall" in _said(refused)
