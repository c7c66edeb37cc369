"""Shroudfall at the console: the introductory scenario played from the menus alone against the bot, to a winner;
and the menu-only first evening of two players counted (issue 23's rule: every line a bare /act, a bare /decide or a
letter picking the first entry or the default; at most 12 per player from /game new to the first activation, at
most 3 a player's activation on average and never more than 5)."""

from __future__ import annotations

import re
from pathlib import Path

from bot.console.session import ConsoleSession, seeded_source
from bot.core.outputs import Output
from bot.core.systems import SYSTEM_FACTORIES

EXAMPLES = Path(__file__).parents[2] / "examples" / "shroudfall"
_ACTIVATES = re.compile(r"\b([AB]) activates ")


def _said(outputs: list[Output]) -> str:
    return "\n".join(str(o.text) for o in outputs)


async def test_the_introductory_scenario_plays_from_the_menus_to_a_winner_in_few_clicks() -> None:
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(7), print_line=lambda _: None)
    lines = [t for t in (EXAMPLES / "introductory-from-the-menus.gm").read_text(encoding="utf-8").splitlines()
             if t.strip() and not t.startswith("#")]
    said: list[str] = []
    per_activation: list[int] = []  # alice's lines from the bare /act that begins an activation to the activation
    first, since_act = None, 0
    for typed, line in enumerate(lines, start=1):
        outputs = await session.run_line(line)
        assert not any(o.error for o in outputs), (line, _said(outputs))
        assert line.startswith("/game new") or line in ("/act", "/decide") or re.fullmatch("[a-z]", line), line
        text = _said(outputs)
        said.append(text)
        since_act = 1 if line == "/act" else since_act + 1
        if re.search(r"\bA activates ", text):
            if first is None:
                first = typed
            else:
                per_activation.append(since_act)
    text = "\n".join(said)
    assert "Scenarios in play: captivating-crystal-creations." in text
    assert "scores 1 VP for controlling" in text, "the crystal mines score (L1297)"
    assert "Game over" in text
    assert first is not None and first <= 12, f"{first} interactions to alice's first activation"
    assert max(per_activation) <= 5 and sum(per_activation) / len(per_activation) <= 3, per_activation


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
