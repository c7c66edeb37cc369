"""Burning Touch's Assist (Eldfall core rules, L2307): the model it enchants may declare an Assist that ends Bleeding
on an allied model in base contact with it."""

from __future__ import annotations

from engine.core import ActionCommand, Game, ModelId
from engine.systems.eldfall.state import EldfallState, strategic_of
from tests.engine.systems.eldfall.commands import Activate
from tests.engine.systems.eldfall.tables import ALICE, HOST, arrange, as_side, practice, settle, turn_of, unit_id
from tests.refusals import refused
from tests.table_commands import change_token


def _assist(target: str) -> ActionCommand:
    return ActionCommand(path=("act",), name="burning-touch", values=(("target", target),))


def _table(enchanted: bool = True) -> tuple[Game[EldfallState], str, str, str]:
    """Thenion's Hunter (enchanted) activated Idle in base contact with its Bleeding Swashbuckler; its Bleeding
    Nightshade stands 3 inches off."""
    game = practice(("Thenion Shadows", "Soga Vanguard"), "trade")
    turn_of(game, "A")
    hunter, swash = unit_id(game, "Rangers-Guild Hunter"), unit_id(game, "Thenrin Swashbuckler")
    far = next(m for m in sorted(game.state.models) if game.state.models[m].side == "A" and m not in (hunter, swash))
    arrange(game, {hunter: (18, 10, 90.0), swash: (18, 11.26, 270.0), far: (21, 10, 90.0),
                   unit_id(game, "Clan Champion"): (30, 30, 270.0)})
    for model in (swash, far):
        game.apply(change_token(model, "bleeding"), HOST)
    if enchanted:
        game.state.figures[ModelId(hunter)].enchantments = {"burning-touch": strategic_of("A")}
    game.apply(Activate(model=ModelId(hunter), how="idle"), as_side("A", ALICE))
    settle(game)
    return game, hunter, swash, far


def test_the_enchanted_model_ends_an_allys_bleeding_in_base_contact() -> None:
    game, hunter, swash, far = _table()
    refused(game, _assist(far), as_side("A", ALICE), rf"{far} is not in base contact with {hunter} \(L2307\)")
    refused(game, _assist(hunter), as_side("A", ALICE), r"helps another model")
    game.apply(_assist(swash), as_side("A", ALICE))
    settle(game)
    assert "bleeding" not in game.state.models[ModelId(swash)].tokens
    assert "bleeding" in game.state.models[ModelId(far)].tokens


def test_a_model_not_enchanted_is_not_offered_it_and_is_refused() -> None:
    game, _hunter, swash, _far = _table(enchanted=False)
    refused(game, _assist(swash), as_side("A", ALICE), r"not enchanted with Burning Touch.*\(L2307\)")
