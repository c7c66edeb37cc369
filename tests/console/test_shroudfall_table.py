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
