"""The host's table controls from the console: pause, resume, away and extend, end to end."""

from __future__ import annotations

from bot.console.session import ConsoleSession, seeded_source
from bot.core.systems import SYSTEM_FACTORIES


async def _play(script: list[str]) -> list[str]:
    printed: list[str] = []
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(7), print_line=printed.append)
    await session.run_lines(["/game new system:freeplay practice:no", "@bob /game join side:B", *script])
    return [line for text in printed for line in text.split("\n")]


def _after(lines: list[str], command: str) -> list[str]:
    """The lines printed for ``command`` (up to the next echoed command)."""
    start = lines.index(command) + 1
    end = next((i for i in range(start, len(lines)) if not lines[i].startswith(" ")), len(lines))
    return [line.strip() for line in lines[start:end]]


async def test_the_host_pauses_and_resumes_and_nothing_moves_in_between() -> None:
    lines = await _play(["/game pause reason:tea break", "@bob /roll dice:1d6", "@bob /game resume",
                         "/game pause", "/status", "/game resume", "@bob /roll dice:1d6"])
    assert _after(lines, "alice> /game pause reason:tea break") == [
        "The host pauses the game (tea break). Nothing moves until the host resumes it with /game resume."]
    refused = _after(lines, "bob> /roll dice:1d6")
    assert refused == ["[error to bob] roll refused: the game is paused by the host; "
                       "the host resumes it with /game resume"]
    assert _after(lines, "bob> /game resume") == ["[error to bob] resume refused: only the game's host may do this"]
    assert _after(lines, "alice> /game pause") == [
        "[error to alice] pause refused: the game is already paused; resume it with /game resume"]
    assert any(line.startswith("Freeplay, round 1.") for line in _after(lines, "alice> /status")), "queries still work"
    assert _after(lines, "alice> /game resume") == [
        "The host resumes the game; play goes on.",
        "Where we were: Freeplay, round 1. Seats: A: alice, B: bob. Scores: A: 0, B: 0. Pending: nothing."]
    rolled = lines[lines.index("alice> /game resume") + 3:]
    assert rolled[0] == "bob> /roll dice:1d6" and rolled[1].strip().startswith("Side B rolls for a free roll: d6")


async def test_an_away_side_passes_an_undo_request_and_the_host_extends_a_decision() -> None:
    lines = await _play(["/roll dice:1d6", "@bob /game away side:B", "/undo to:3", "@bob /game away side:B on:no",
                         "/undo to:3", "/game extend decision:d9 minutes:30", "/game extend decision:d11 minutes:30"])
    assert _after(lines, "bob> /game away side:B")[0].startswith("Side B is away")
    first_undo = _after(lines, "alice> /undo to:3")
    assert first_undo == ["Side B is away; their optional choice passes: Refuse.",
                          "The undo asked by side A was refused."]
    assert _after(lines, "alice> /game extend decision:d9 minutes:30") == [
        "[error to alice] choice d9 is not waiting for an answer (it was answered or has closed, or there never "
        "was one); waiting now: d11 (side B)"]
    assert _after(lines, "alice> /game extend decision:d11 minutes:30") == [
        "The host allows 30 more minutes for d11."]
