"""The Action step's menu names the activated model it declares for (L1250): a player with several models reads
"B2: Attack", not a bare "Attack" that could be any of them; entries of other models keep their own names."""

from __future__ import annotations

from engine.core import ModelId, SideId
from tests.engine.systems.eldfall.commands import Activate
from tests.engine.systems.eldfall.tables import ALICE, as_side, practice, settle, turn_of


def test_each_action_step_entry_names_the_activated_model() -> None:
    game = practice(("Helian Expedition", "Sand Conclave"), "action-step-menu")
    turn_of(game, "A")
    game.apply(Activate(model=ModelId("A2"), how="idle"), as_side("A", ALICE))
    settle(game)
    labels = [a.label for a in game.system.legal_actions(game.state, SideId("A"))]
    step = [a.label for a in game.system.legal_actions(game.state, SideId("A")) if "model" not in a.options]
    assert "A2: Do nothing" in labels and "A2: Dodge" in labels, labels
    assert all(label.startswith("A2: ") for label in step), step


def test_what_a_caster_may_spend_on_its_rolls_is_said_in_words() -> None:
    # L1835: a Mage spends an unspent AP to re-roll its casting dice; the menu says so rather than "reroll".
    from engine.core import Viewer
    game = practice(("Helian Expedition", "Sand Conclave"), "action-step-menu")
    turn_of(game, "A")
    game.apply(Activate(model=ModelId("A1"), how="idle"), as_side("A", ALICE))
    settle(game)
    declarations = game.system.declarations
    cast = declarations.find(("act",), "cast")
    asked = declarations.question(game.system, game.state, cast, Viewer.of_side(SideId("A")), SideId("A"),
                                  {"with": "blinding-light"})
    assert asked is not None and asked.option == "choice"
    spent = {choice.value: choice.label for _, choice in asked.entries}
    assert "re-roll" in spent["reroll"] and "AP" in spent["reroll"], spent
