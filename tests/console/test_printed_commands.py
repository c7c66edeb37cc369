"""A menu's printed command leaves out the options its entry left out (newcomer finding 8): "Activate and stay Idle"
reads ``/act model:A1 action:activate``, not ``/act model:A1 choice:- at:- action:activate``, and typing the printed
line does what picking the entry does."""

from __future__ import annotations

from bot.console.session import TABLE, ConsoleSession, seeded_source
from bot.core.systems import SYSTEM_FACTORIES


async def _session() -> tuple[ConsoleSession, list[str]]:
    printed: list[str] = []
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(7), print_line=printed.append)  # type: ignore[arg-type]
    await session.run_lines(["/game demo system:eldfall", "/act"])
    return session, printed


async def test_a_left_out_option_is_not_printed_and_the_printed_line_plays_the_same() -> None:
    picking, shown = await _session()
    idle = next(line for line in shown if "Activate and stay Idle" in line)
    assert not any(":-" in line for line in shown), shown
    letter, command = idle.strip()[0], idle.rsplit(": ", 1)[1]
    assert command == "/act model:A1 action:activate", idle
    typing, _ = await _session()
    start_seq = picking._service.live_game(TABLE).seq  # type: ignore[union-attr]
    await picking.run_lines([letter])
    await typing.run_lines([command])
    picked, typed = (session._service.live_game(TABLE) for session in (picking, typing))
    assert picked is not None and typed is not None and picked.seq > start_seq
    assert [event.body for event in picked.log] == [event.body for event in typed.log]  # the same seed: the same game
