"""A typed action whose next parameter has no legal value says why in the game's words (newcomer finding 5), not
"nothing to choose for with: now": the core asks the parameter's own refusal of what a player might name, then the
action's precondition and check (engine.core.empty_menus). Checked in Eldfall and Shroudfall, and through
/act's menu."""

from __future__ import annotations

from typing import Any

from bot.console.session import ConsoleSession, seeded_source
from bot.core.acting import option_menu, resolve
from bot.core.parsing import Invocation
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import Game, ModelId, SideId, UserId, Viewer
from tests.engine.systems.eldfall.commands import Activate
from tests.engine.systems.eldfall.tables import ALICE, arrange, as_side, practice, settle, turn_of
from tests.engine.systems.shroudfall.staged import act, staged
from tests.engine.systems.shroudfall.tables import Put

A = SideId("A")


def _eldfall_caster_facing_away() -> Game[Any]:
    """A2 (a caster: Unarmed, Ignite, Flare) activated with every enemy behind it, outside its front arc."""
    game = practice(("Helian Expedition", "Sand Conclave"), "action-step-menu")
    turn_of(game, "A")
    arrange(game, {"A2": (18, 10, 270), "B1": (14, 26, 90), "B2": (16, 26, 90), "B3": (20, 26, 90),
                   "B4": (22, 26, 90)})
    game.apply(Activate(model=ModelId("A2"), how="idle"), as_side("A", ALICE))
    settle(game)
    return game


def _why(game: Game[Any], name: str) -> str:
    declarations = game.system.declarations
    decl = declarations.find(("act",), name)
    assert decl is not None
    asked = declarations.question(game.system, game.state, decl, Viewer.of_side(A), A, {})
    assert asked is not None and not asked.everything and asked.why_empty is not None
    return asked.why_empty()


def test_an_eldfall_attack_with_nothing_to_aim_at_names_the_rule() -> None:
    game = _eldfall_caster_facing_away()
    arc = "B2 is outside A2's front arc: it sees only in front of it (L655-657)"
    assert _why(game, "attack") == f"no weapons to choose now: {arc}"
    assert _why(game, "cast") == f"no spells to choose now: {arc}"


def test_typed_act_attack_is_refused_with_the_reason_not_an_empty_menu() -> None:
    game = _eldfall_caster_facing_away()
    invocation = Invocation(("act",), {"action": "attack"})
    action, args = resolve(game.system, invocation)
    out = option_menu(game, action, args, Viewer.of_side(A), UserId("alice"), invocation, "with")
    assert out.error and not out.picks
    assert out.text == ("act attack refused: no weapons to choose now: B2 is outside A2's front arc: it sees "
                        "only in front of it (L655-657)"), out.text


def test_a_shroudfall_unit_with_no_enemy_in_reach_says_so_when_attack_is_typed() -> None:
    game = staged(Put("A1", "razhu", 10, 10), Put("B1", "razhu", 10, 30))
    act(game, A, "activate", model="A1")
    assert _why(game, "attack") == ("no units to choose now: no enemy is within range and sight of A1's weapons now "
                                    "(L681-688, L729); move it first or take another action")


async def test_an_action_refused_by_its_precondition_says_that_rule_in_any_game() -> None:
    """No parameter of its own to explain it: the action's precondition on what is known says why (Sunshard L421)."""
    printed: list[str] = []
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(7), print_line=printed.append)  # type: ignore[arg-type]
    await session.run_lines(["/game demo system:sunshard", "/act action:held-shot"])
    assert printed[-1] == ("  [error to alice] act held-shot refused: a Held Shot is taken during an enemy model's "
                           "activation (L421)"), printed[-3:]
