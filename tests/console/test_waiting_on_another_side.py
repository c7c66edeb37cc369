"""What a player reads while the table waits on someone else (newcomer findings): an action taken while another side
owes a decision says that side decides first (never a menu the referee would refuse, nor "not one of the choices
(nothing now)"); /status says who must play when no decision is owed (never "Pending: nothing" while alice must
act); a private message's later lines stand under its label, apart from the public lines. Played on the Hexfire
toy (``tests/toys/hexfire-game.gm``): bob strikes at alice, who is offered a shield in secret."""

from __future__ import annotations

from pathlib import Path

from bot.console.session import ConsoleSession, seeded_source
from tests.toys.hexfire import Hexfire

SCRIPT = Path(__file__).parents[1] / "toys" / "hexfire-game.gm"
STRIKE = "@bob /act action:strike target:A"
THEN = ["@bob /act action:step", "@bob /act action:strike target:C", "@bob a", "/status", "/decide choice:pass",
        "/status"]
_PRINTED: list[str] = []


async def _printed() -> list[str]:
    """The console's lines from bob's strike on (alice then owes her secret shield choice), played once: bob's
    stale menu of steps (asked just before), his actions while alice decides, then /status before and after."""
    if not _PRINTED:
        lines = [line for line in SCRIPT.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
        printed: list[str] = []
        session = ConsoleSession({"hexfire": Hexfire}, seeded_source(3), print_line=printed.append)
        await session.run_lines([*lines[:lines.index(STRIKE)], "@bob /act action:step", STRIKE, *THEN])
        lines = "\n".join(printed).splitlines()
        _PRINTED.extend(lines[lines.index("bob> " + STRIKE.removeprefix("@bob ")):])
    return _PRINTED


def _answers(printed: list[str], typed: str, after: int = 0) -> list[str]:
    """What the console printed for the line ``typed`` (its first time after line ``after``), up to the next."""
    start = printed.index(typed, after) + 1
    return printed[start:next((n for n in range(start, len(printed)) if ">" in printed[n][:12]), len(printed))]


async def test_an_action_while_another_side_decides_says_that_side_decides_first() -> None:
    printed = await _printed()
    for typed in ("bob> /act action:step", "bob> /act action:strike target:C", "bob> a"):
        said = _answers(printed, typed)
        assert said == ["  [error to bob] act "
                        f"{'strike' if 'strike' in typed else 'step'} refused: side A must first decide "
                        "(d65: a secret choice)"], (typed, said)


async def test_status_names_who_must_play_when_no_decision_is_owed() -> None:
    printed = await _printed()
    owed = _answers(printed, "alice> /status")[0]
    turn = _answers(printed, "alice> /status", printed.index("alice> /decide choice:pass"))[0]
    assert owed.endswith("Pending: d65 owed by side A.")
    assert "Pending: nothing" not in turn and turn.endswith("Waiting for alice (side A) to play."), turn


async def test_a_private_messages_later_lines_stand_under_its_label() -> None:
    printed = await _printed()
    prompt = printed.index("  [private to alice] alice (side A), decide d65: React to strike?")
    assert printed[prompt + 1].startswith("      reaction:"), printed[prompt:prompt + 3]
    public = [line for line in printed if line.startswith("  ") and not line.startswith("   ")]
    assert not [line for line in public if "Answer with /decide" in line], "a private line read as public"
