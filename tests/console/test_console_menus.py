"""The console's lettered menus: a letter answers its typist's own latest menu, and every decision, of any number of
parts, is answered by letters.

Issue 23's failures 5 and 10: each player has their own latest menu, and a decision of several parts is asked a part
at a time (``bot.core.deciding``), "keep the defaults" one pick away."""

from __future__ import annotations

from bot.console.session import ConsoleSession, seeded_source
from tests.menu_walk import FACTORIES

OPENING = ["/game new system:underworlds practice:no", "@bob /game join side:B", "@bob /act", "@bob a"]
"""Bob's board choice picked by letter; then alice owes the four-part choice of her board and the join."""


def _session(lines: list[str]) -> ConsoleSession:
    return ConsoleSession(FACTORIES, seeded_source(7), print_line=lines.append)


async def test_a_letter_answers_the_typists_own_menu_only() -> None:
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(OPENING)
    lines.clear()
    await session.run_line("a")
    assert not any("d11" in line for line in lines), lines


async def test_a_decision_of_four_parts_is_answered_by_letters() -> None:
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(OPENING)
    prompt = lines.index(next(line for line in lines if "[private to alice]" in line and "decide d16" in line))
    assert any(line.strip().startswith("a) ") for line in lines[prompt:]), lines[prompt:]


async def test_the_parts_are_asked_one_after_another_and_the_defaults_are_one_pick_away() -> None:
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(OPENING)
    labels = [line.strip() for line in lines if line.strip()[:3] in ("a) ", "b) ")]
    assert labels[-2].startswith("a) Keep the defaults (Mirror Well; long edges (at least 3 hexes); flush, not slid; "
                                 "neither): ") and "turned=none" in labels[-2], "in words, then the command"
    await session.run_line("b")  # the first board offered: then the join is asked, and so on
    assert any("(part 2 of 4: join)" in line for line in lines[-30:]), lines[-30:]
    for _ in range(3):
        await session.run_line("b")
    game = session._service.live_game("console")
    assert game is not None and "d16" not in game.state.pending
    assert any("Side A joins" in line for line in lines[-20:]), lines[-20:]


async def test_bare_decide_shows_the_owed_decisions_menu() -> None:
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(OPENING[:2])
    await session.run_line("@bob /decide")
    assert any(line.strip().startswith("a) Mirror Well") for line in lines[-12:]), lines[-12:]
