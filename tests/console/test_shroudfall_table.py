"""Shroudfall at the console: the demo table, and the menu-only first evening of two players counted (issue 23's
rule: every line a bare /act, a bare /decide or a letter picking the first entry or the default; at most 12 per player
from /game new to the first activation). The example game's counts are checked where it is played, in
test_examples.py."""

from __future__ import annotations

import re

from bot.console.session import ConsoleSession, seeded_source
from bot.core.outputs import Output
from bot.core.systems import SYSTEM_FACTORIES

_ACTIVATES = re.compile(r"\b([AB]) activates ")


def _said(outputs: list[Output]) -> str:
    return "\n".join(str(o.text) for o in outputs)


async def _first_evening() -> dict[str, int]:
    """Two players from /game new to the first activation, menu-only: whoever the table waits on types a bare /act
    (or a bare /decide when a decision is theirs) and then the first letter of each menu it shows."""
    printed: list[str] = []
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(11), print_line=printed.append)
    counts = {"alice": 1, "bob": 0}
    outputs = await session.run_line("/game new system:shroudfall opponent:bob practice:no")
    assert not any(o.error for o in outputs), _said(outputs)

    async def typed(user: str, line: str) -> tuple[bool, bool]:
        """Whether the line was accepted, and whether it left a menu for the typist to pick from."""
        printed.clear()
        outputs = await session.run_line(f"@{user} {line}")
        if any(o.error for o in outputs):
            return False, False
        counts[user] += 1
        if _ACTIVATES.search(_said(outputs)):
            raise _Activated
        return True, "(type a letter to pick)" in "\n".join(printed)

    try:
        for _ in range(60):
            for user in ("alice", "bob"):
                for line in ("/act", "/decide"):
                    accepted, menu = await typed(user, line)
                    while menu:
                        accepted, menu = await typed(user, "a")
                        assert accepted, "\n".join(printed)
                    if accepted:
                        break
    except _Activated:
        return counts
    raise AssertionError(f"no activation after {counts}")


class _Activated(Exception):
    """The first activation has begun."""


async def test_a_menu_only_first_evening_reaches_the_first_activation_within_12_interactions_each() -> None:
    counts = await _first_evening()
    assert all(n <= 12 for n in counts.values()), counts


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
