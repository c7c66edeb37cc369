"""Hastened Recovery (Eldfall core rules, L2299): its caster picks the one thing it does, ending Crippled, Bleeding,
Weakened or Poisoned, or giving back 1 HP; a menu asks only when the target has more than one of them to gain from."""

from __future__ import annotations

from engine.core import Ask, Game, ModelId, RigDice, SideId, Viewer, ViewerKind
from engine.systems.eldfall import action_menus
from engine.systems.eldfall.rules import Reading
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.tables import ALICE, HOST, arrange, as_side, practice, settle, turn_of, unit_id
from tests.refusals import refused
from tests.table_commands import change_token, wound_model


def _caster_and_ally(states: tuple[str, ...], wounded: bool) -> tuple[Game[EldfallState], str, str]:
    """The Sand Conclave's Taskmage Explorer (Wizardry III) activated Idle, its Vizier in sight 4 inches away."""
    game = practice(("Sand Conclave", "Soga Vanguard"), "recovery")
    turn_of(game, "A")
    mage, ally = unit_id(game, "Taskmage Explorer"), unit_id(game, "Vizier of Conjurations")
    arrange(game, {mage: (18, 10, 90.0), ally: (18, 14, 270.0)})
    for state in states:
        game.apply(change_token(ally, state), HOST)
    if wounded:
        game.apply(wound_model(ally), HOST)
    game.apply(Activate(model=ModelId(mage), how="idle"), as_side("A", ALICE))
    settle(game)
    return game, mage, ally


def _menu(game: Game[EldfallState], ally: str) -> list[str]:
    """What the Assist's ``choice:`` menu offers for the spell on ``ally``."""
    reading = Reading(game.system.kit, game.state, game.system.disclosure)
    side = SideId("A")
    ask = Ask(("act",), side, Viewer(ViewerKind.SIDE, side), {"with": "hastened-recovery", "target": ally})
    return [c.value for c in action_menus.spends(reading, ask, "assist")]


def test_the_caster_chooses_which_state_ends_and_the_menu_asks_only_among_several() -> None:
    # L2299: one of the four states, or 1 HP, as the caster chooses (here Poisoned, though Bleeding comes first).
    game, _mage, ally = _caster_and_ally(("bleeding", "poisoned"), wounded=True)
    assert _menu(game, ally)[:3] == ["bleeding", "poisoned", "hp"]
    refused(game, Declare(kind="assist", means="hastened-recovery", targets=((ModelId(ally), 1),)),
            as_side("A", ALICE), r"say what Hastened Recovery does: choice:bleeding or choice:poisoned or choice:hp")
    refused(game, Declare(kind="assist", means="hastened-recovery", targets=((ModelId(ally), 1),), art="crippled"),
            as_side("A", ALICE), r"choice:crippled is nothing its target gains from: choose bleeding, poisoned, hp")
    game.apply(RigDice(values=(1, 1, 1, 1, 1)), HOST)
    game.apply(Declare(kind="assist", means="hastened-recovery", targets=((ModelId(ally), 1),), art="poisoned"),
               as_side("A", ALICE))
    settle(game)
    tokens = game.state.models[ModelId(ally)].tokens
    assert "poisoned" not in tokens and "bleeding" in tokens and game.state.models[ModelId(ally)].wounds_taken == 1


def test_a_target_with_one_thing_to_gain_is_not_asked() -> None:
    # L2299: a wounded target with no state can only regain 1 HP: taken unasked.
    game, _mage, ally = _caster_and_ally((), wounded=True)
    assert "hp" not in _menu(game, ally)
    game.apply(RigDice(values=(1, 1, 1, 1, 1)), HOST)
    game.apply(Declare(kind="assist", means="hastened-recovery", targets=((ModelId(ally), 1),)), as_side("A", ALICE))
    settle(game)
    assert game.state.models[ModelId(ally)].wounds_taken == 0
