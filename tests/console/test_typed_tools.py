"""Each game's tools beside the rules (the shared table's ``/measure``, ``/los``, fixes by hand; Underworlds' own fixes)
are declared once: accepted typed on a demo table, answering by the game's own rules (its sight for ``/los``), never
offered in ``/act``'s menu or the bot's moves; a tool a game does not keep is refused naming the game."""

from __future__ import annotations

from bot.console.session import ConsoleSession, seeded_source
from bot.core.outputs import Output
from bot.core.systems import SYSTEM_FACTORIES


def _said(outputs: list[Output]) -> str:
    return "\n".join(str(o.text) for o in outputs)


async def _demo(game: str) -> tuple[ConsoleSession, list[str]]:
    printed: list[str] = []
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(7), print_line=printed.append)
    outputs = await session.run_line(f"/game demo system:{game}")
    assert not any(o.error for o in outputs), _said(outputs)
    return session, printed


async def _accepted(session: ConsoleSession, line: str, *said: str) -> None:
    outputs = await session.run_line(line)
    assert not any(o.error for o in outputs) and all(s in _said(outputs) for s in said), (line, _said(outputs))


async def _refused(session: ConsoleSession, line: str, said: str) -> None:
    outputs = await session.run_line(line)
    assert any(o.error for o in outputs) and said in _said(outputs), (line, _said(outputs))


async def _menu(session: ConsoleSession, printed: list[str]) -> str:
    """The ``/act`` menu the acting player is shown now."""
    printed.clear()
    await session.run_line("/act")
    assert printed, "the demo's acting player is offered actions"
    return "\n".join(printed)


_TOOLS = ("by hand", "Wound or heal", "Give or take a token", "Take off the table", "Line of sight", "Distance")


async def test_sunshard_keeps_the_tables_tools_and_sees_by_its_own_sight_and_cover() -> None:
    session, printed = await _demo("sunshard")
    await _accepted(session, "/los from:A1 to:B1", "Sunshard:Embren core rules v1.0, L282")
    await _accepted(session, "/measure from:A1 to:B1", "16.00\"", "L282")
    await _accepted(session, "/model token model:A1 name:stunned", "A1 gains the token stunned")
    await _accepted(session, "/model wound model:A1", "A1")
    await _accepted(session, "/template kind:circle size:3 at:A1", "touches A1")
    await _accepted(session, "/model place model:A1 at:10,10", "A1 is placed at 10,10")
    await _accepted(session, "/model remove model:A2", "A2 is taken off the table")
    await _refused(session, "/model add unit:razhu", "/model add is not part of Sunshard:Embren")
    menu = await _menu(session, printed)
    assert not any(tool.casefold() in menu.casefold() for tool in _TOOLS), menu


async def test_shroudfall_keeps_the_tables_tools_and_sees_by_its_own_sight() -> None:
    session, printed = await _demo("shroudfall")
    await _accepted(session, "/los from:A1 to:B1", "L683-701")
    await _accepted(session, "/measure from:A1 to:B1", "24.10\"", "L683-701")
    await _accepted(session, "/model token model:A1 name:stunned", "A1 gains the token stunned")
    await _accepted(session, "/model wound model:A1", "A1 takes 1 wound")
    await _accepted(session, "/template kind:circle size:3 at:A1", "touches A1")
    await _accepted(session, "/model place model:A1 at:10,10", "A1 is placed at 10,10")
    await _accepted(session, "/model remove model:A2", "A2 is taken off the table")
    await _refused(session, "/force load side:A name:x", "/force load is not part of Shroudfall")
    await _refused(session, "/model add unit:razhu", "/model add is not part of Shroudfall")
    menu = await _menu(session, printed)
    assert not any(tool.casefold() in menu.casefold() for tool in _TOOLS), menu


async def test_underworlds_fixes_by_hand_are_its_own_and_the_inch_tables_tools_are_refused() -> None:
    session, printed = await _demo("underworlds")
    await _accepted(session, "/model wound model:A1 amount:1", "A1 suffers 1 damage (by hand)")
    await _accepted(session, "/model token model:A1 name:guard", "A1 goes on Guard (by hand)")
    await _refused(session, "/model place model:A1 at:Q99", "there is no hex Q99")
    await _accepted(session, "/hand show", "Your hand (side A)")
    await _refused(session, "/los from:A1 to:B1", "/los is not part of Warhammer Underworlds")
    await _refused(session, "/measure from:A1 to:B1", "/measure is not part of Warhammer Underworlds")
    menu = await _menu(session, printed)
    assert not any(tool.casefold() in menu.casefold() for tool in _TOOLS), menu


async def test_eldfall_keeps_the_tables_tools_sees_by_its_front_arc_and_places_and_adds_its_own_way() -> None:
    session, printed = await _demo("eldfall")
    await _accepted(session, "/los from:A1 to:A2", "in its front arc", "L655-662", "Awareness (10\", L683-685)")
    await _accepted(session, "/measure from:A1 to:B1", "20.50\"", "L662-664")
    await _accepted(session, "/model wound model:A1", "A1 takes 1 wound")
    await _accepted(session, "/model token model:A1 name:stunned", "A1 gains the token stunned")
    await _accepted(session, "/template kind:circle size:3 at:A1", "touches A1")
    await _accepted(session, "/model place model:A1 at:5,5", "A1 is placed at 5,5")  # after deployment: a fix
    await _refused(session, "/model place model:A1 at:500,5", "500,5 is off the 36\" x 36\" table")
    await _refused(session, "/model add unit:zzz", "there is no profile 'zzz'")
    await _accepted(session, "/model add unit:Thenrin Swashbuckler at:10,10 side:A", "A4 joins side A")
    await _refused(session, "/deploy auto", "the game is in tactical")
    menu = await _menu(session, printed)
    assert not any(tool.casefold() in menu.casefold() for tool in (*_TOOLS, "Place a model", "Add a model")), menu
