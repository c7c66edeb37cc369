"""The console's lettered menus: a letter answers its typist's own latest menu, and every decision, of any number of
parts, is answered by letters.

Issue 23's failures 5 and 10, strict expected failures until step 2's per-user menus and per-part decision menus."""

from __future__ import annotations

import pytest

from bot.console.session import ConsoleSession, seeded_source
from tests.menu_walk import FACTORIES

OPENING = ["/game new system:underworlds practice:no", "@bob /game join side:B", "@bob /act", "@bob a"]
"""Bob's board choice picked by letter; then alice owes the four-part choice of her board and the join."""


def _session(lines: list[str]) -> ConsoleSession:
    return ConsoleSession(FACTORIES, seeded_source(7), print_line=lines.append)


@pytest.mark.xfail(strict=True, reason="issue 23 failure 10: a letter answered the last menu printed, even another "
                                       "player's ('decision d11 belongs to side B')")
async def test_a_letter_answers_the_typists_own_menu_only() -> None:
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(OPENING)
    lines.clear()
    await session.run_line("a")
    assert not any("d11" in line for line in lines), lines


@pytest.mark.xfail(strict=True, reason="issue 23 failure 5: the four-part board choice has no console menu")
async def test_a_decision_of_four_parts_is_answered_by_letters() -> None:
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(OPENING)
    prompt = lines.index(next(line for line in lines if "[private to alice]" in line and "decide d16" in line))
    assert any(line.strip().startswith("a) ") for line in lines[prompt:]), lines[prompt:]
