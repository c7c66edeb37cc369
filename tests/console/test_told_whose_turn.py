"""A player with nothing to do is told whose turn it is, by name, and what would be accepted (not sent to /status)."""

from __future__ import annotations

from bot.console.session import ConsoleSession, seeded_source
from bot.core.deciding import part_picks
from bot.core.systems import SYSTEM_FACTORIES
from engine.core.decisions import DecisionPart, Option, PartKind


async def _lines(script: list[str]) -> list[str]:
    lines: list[str] = []
    await ConsoleSession(SYSTEM_FACTORIES, seeded_source(3), print_line=lines.append).run_lines(script)
    return lines


async def test_help_before_any_game_says_how_to_start_one_and_is_no_error() -> None:
    lines = await _lines(["/help"])
    assert lines[1].startswith("  [private to alice] There is no game at this table yet. /game new system:<game>")
    assert "/game demo" in lines[1]


async def test_the_player_waiting_is_told_who_plays_and_bare_decide_says_none_is_owed() -> None:
    # Shroudfall: alice gives bob the first terrain piece; while bob sets it, alice has nothing to do.
    lines = await _lines(["/game new system:shroudfall opponent:bob", "a", "/act", "/decide"])
    act, decide = lines[lines.index("alice> /act") + 1], lines[lines.index("alice> /decide") + 1]
    assert act == "  [private to alice] Nothing you can do right now. Waiting for bob (side B) to play."
    assert decide == ("  [error to alice] You owe no decision now. Waiting for bob (side B) to play. "
                      "/act lists what you can do.")


async def test_a_secret_choice_is_announced_once_naming_its_player() -> None:
    # Eldfall: once both parties are in, each side keeps a scheme in secret.
    lines = await _lines(["/game new system:eldfall opponent:bob", "/act", "a", "a", "as bob", "/act", "a", "b"])
    said = lines[lines.index("bob> b") + 1:]
    assert sum("alice (side A) is choosing." in line for line in said) == 1
    assert not any("is choosing in secret" in line for line in said)


def test_options_of_one_label_are_told_apart_by_their_keys() -> None:
    part = DecisionPart(key="model", prompt="Which model?", kind=PartKind.CHOICE,
                        options=(Option(key="B1", label="Pariah"), Option(key="B2", label="Pariah"),
                                 Option(key="B3", label="Evolved")))
    found = part_picks("d45", (part,), {})
    assert found is not None and [label for label, _ in found[1]] == ["B1 (Pariah)", "B2 (Pariah)", "Evolved"]


async def test_the_letters_of_a_decision_of_several_parts_say_which_part_they_answer() -> None:
    lines = await _lines(["/game new system:underworlds opponent:bob", "as bob", "a"])
    letters = next(i for i, line in enumerate(lines) if "a) Keep the defaults (Mirror Well;" in line)
    assert lines[letters - 1] == "  Your board (the side facing up) (part 1 of 4: board):"
