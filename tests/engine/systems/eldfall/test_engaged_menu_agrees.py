"""An Engaged model may make only a Melee Attack (Eldfall core rules v1.5, L1457). The Action step's check reads
Engaged from the model's Engaged state as well as from the enemies whose melee reach covers it; the attack menu
read only the second, so a model still marked Engaged was offered its bow and then refused (a menu walk found it)."""

from __future__ import annotations

from engine.core import ModelId, SideId, Viewer
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.tables import ALICE, HOST, arrange, as_side, practice, settle, turn_of
from tests.refusals import refused
from tests.table_commands import change_token


def test_a_model_marked_engaged_is_offered_only_melee_means_and_the_check_agrees() -> None:
    game = practice(("Soga Vanguard", "Thenion Shadows"), "engaged-menu")
    turn_of(game, "A")
    arrange(game, {"A3": (24.5, 4, 90.0), "B3": (24.5, 14, 270.0)})  # 10" apart: no melee reach covers A3
    game.apply(change_token(model=ModelId("A3"), token="engaged"), HOST)
    game.apply(Activate(model=ModelId("A3"), how="idle"), as_side("A", ALICE))
    settle(game)
    declarations = game.system.declarations
    attack = declarations.find(("act",), "attack")
    asked = declarations.question(game.system, game.state, attack, Viewer.of_side(SideId("A")), SideId("A"), {})
    assert asked is not None and asked.option == "with", asked
    offered = {choice.value for _, choice in asked.entries}
    assert offered and "short-bow" not in offered, offered
    refused(game, Declare(kind="attack", means="short-bow", targets=((ModelId("B3"), 0),)), as_side("A", ALICE),
            r"Engaged: it may only make a Melee Attack \(L1457\)")
