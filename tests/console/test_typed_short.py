"""A typed command missing declared parameters is asked for the first missing one by menu where a menu exists, as
bare ``/act`` is (``/model wound`` alone: "Which fighter?" and a letter for each), and told what is accepted where
none does (a file to attach, a value to type); the front-ends never refuse it before the game's declaration is asked.
Checked for every declared tool beside the rules, and the declared questions, in every hosted game."""

from __future__ import annotations

import pytest

from bot.console.session import ConsoleSession, seeded_source
from bot.core.registry import Registry, Route
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import ActionDecl

SYSTEMS = sorted(SYSTEM_FACTORIES)


def _asked(decl: ActionDecl[object, object]) -> str | None:
    """The option a bare command must ask for first: its first parameter, where nothing decides whether it is asked."""
    first = decl.params[0] if decl.params else None
    return first.option if first is not None and not first.optional and first.asked_when is None else None


async def _replies(system: str, lines: list[str]) -> dict[str, list[str]]:
    printed: list[str] = []
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(7), print_line=printed.append)  # type: ignore[arg-type]
    await session.run_lines([f"/game demo system:{system}"])
    replies: dict[str, list[str]] = {}
    for line in lines:
        start = len(printed)
        await session.run_lines([line])
        replies[line] = printed[start:]
    return replies


SEEN: dict[str, dict[str, tuple[str, ...]]] = {
    "underworlds": {"/model wound": ("  [private to alice] /model wound: Which fighter?",
                                     "  a) A1 Severin Steelheart: /model wound model:A1"),
                    "/force import": ("  [error to alice] /force import needs a YAML file attached as file: (The YAML "
                                      "file of your cards, decks or dice).",)},
    "eldfall": {"/act action:awareness": ("  a) A1 Clan Champion: /act action:awareness model:A1",
                                          "  d) B3 Thenrin Swashbuckler: /act action:awareness model:B3")},
}
"""Lines a bare command shows, as examples: a menu of fighters; the file to attach; Awareness rings offered only for
models known by name (a Shrouded enemy's ring would tell its Agility)."""


@pytest.mark.parametrize("system", SYSTEMS)
async def test_every_typed_tool_typed_bare_asks_for_its_first_parameter(system: str) -> None:
    declarations = SYSTEM_FACTORIES[system]().declarations
    tools = {"/" + " ".join(decl.verb): option for decl in declarations.every
             if decl.verb != ("act",) and (option := _asked(decl)) is not None}
    questions = {query.title: query.params[0].option for _, query in declarations.queries()
                 if query.params and query.params[0].values is not None and not query.params[0].optional}
    replies = await _replies(system, [*tools, *questions])
    for line, option in {**tools, **questions}.items():
        said = "\n".join(replies[line])
        assert "Usage:" not in said, f"{line}: refused by the front-end before the game was asked:\n{said}"
        menu = f"{line} {option}:" in said  # a lettered pick carrying the command on with this option
        named = f"needs {option}:" in said or f"needs a YAML file attached as {option}:" in said or \
            f"nothing to choose for {option}:" in said
        ruled = " refused: " in said  # the declaration's own refusal (who may, when), naming why
        assert menu or named or ruled, f"{line}: neither a menu of {option}: nor what it accepts:\n{said}"
    for line, shown in SEEN.get(system, {}).items():
        assert set(shown) <= set(replies[line]), replies[line]
    if system == "eldfall":
        assert not any("Shrouded" in said for said in replies["/act action:awareness"])


def test_no_option_of_a_game_verb_is_required_of_discord() -> None:
    """Discord refuses to send a slash command missing a required option: a game's verb requires none, so its
    declaration is asked (and answers with a menu) instead."""
    registry = Registry({verb for system in SYSTEM_FACTORIES.values() for action in system().actions()
                         for verb in (action.verb,)})
    routed = [spec for _, spec in registry.walk() if spec.route is Route.ACTION]
    assert routed and not [(spec.name, o.name) for spec in routed for o in spec.options if o.required]
