"""Changing equipment once an activation (Eldfall core rules v1.5, L428-432): taking another weapon, laying the shield
down to free a hand (L910), and attacking with a weapon not held counting as that one change (ruling
equip-on-attack)."""

from __future__ import annotations

from engine.core import Answer, Command, Game, ModelId, SideId
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, Declare, Equip
from tests.engine.systems.eldfall.tables import ALICE, arrange, as_side, practice, settle, turn_of, unit_id
from tests.refusals import refused


def _guard_in_contact(rulings: dict[str, str] | None = None) -> tuple[Game[EldfallState], str, str]:
    """Helian's Citadel Guard (Small Bludgeon, Short Sword, Shield) activated Idle in base contact with Soga's Clan
    Champion."""
    game = practice(("Helian Expedition", "Soga Vanguard"), "equip", rulings=rulings)
    turn_of(game, "A")
    guard, champion = unit_id(game, "Citadel Guard"), unit_id(game, "Clan Champion")
    arrange(game, {
        guard: (18, 10, 90.0),
        champion: (18, 11.26, 270.0),  # two 32 mm bases touch 1.26 inches apart
    })
    game.apply(Activate(model=ModelId(guard), how="idle"), as_side("A", ALICE))
    settle(game)
    return game, guard, champion


def _refused(game: Game[EldfallState], command: Command, match: str) -> None:
    refused(game, command, as_side("A", ALICE), match)


def test_a_model_changes_its_equipment_once_an_activation() -> None:
    # L430: items are equipped or unequipped once per activation (or reaction).
    game, guard, champion = _guard_in_contact()
    assert "equip" in [a.name for a in game.system.legal_actions(game.state, SideId("A"))]
    fighter = game.system.kit.world(game.state).fighter(ModelId(guard))
    assert fighter.loadout.weapon is not None and fighter.loadout.weapon.id == "small-bludgeon"
    game.apply(Equip(item="short-sword"), as_side("A", ALICE))
    assert game.state.figures[ModelId(guard)].weapon == "short-sword"
    assert "equip" not in [a.name for a in game.system.legal_actions(game.state, SideId("A"))]
    _refused(game, Equip(item="no-shield"), "already changed its equipment this activation.*L430")
    _refused(game, Declare(kind="attack", means="small-bludgeon", targets=((ModelId(champion), 0),)),
             "already changed its equipment this activation.*L430")


def test_laying_the_shield_down_frees_a_hand_for_a_spell() -> None:
    # L910-912: weapon and shield fill both hands; L430: the shield may be unequipped in the activation.
    game, guard, _champion = _guard_in_contact()
    assert game.system.kit.world(game.state).fighter(ModelId(guard)).loadout.hands_full
    game.apply(Equip(item="no-shield"), as_side("A", ALICE))
    loadout = game.system.kit.world(game.state).fighter(ModelId(guard)).loadout
    assert loadout.shield is None and not loadout.hands_full


def test_by_ruling_equipped_only_a_model_attacks_with_the_weapon_it_holds() -> None:
    game, guard, champion = _guard_in_contact({"equip-on-attack": "equipped-only"})
    attack = Declare(kind="attack", means="short-sword", targets=((ModelId(champion), 0),))
    _refused(game, attack, "holds its small-bludgeon.*/act action:equip with:short-sword.*L430")
    game.apply(Equip(item="Short Sword"), as_side("A", ALICE))
    game.apply(attack, as_side("A", ALICE))
    assert game.state.figures[ModelId(guard)].weapon == "short-sword"


def test_an_unknown_item_names_what_the_model_carries() -> None:
    game, _guard, _champion = _guard_in_contact()
    _refused(game, Equip(item="greatsword"), "carries no weapon 'greatsword'; choose one of: small-bludgeon, "
                                             "short-sword, shield, no-shield")


def _guard_reacting(rulings: dict[str, str] | None = None) -> tuple[Game[EldfallState], str, Answer]:
    """Soga's Clan Champion walks into base contact with Helian's Citadel Guard, which reacts with its Short Sword
    (it holds its Small Bludgeon)."""
    game = practice(("Helian Expedition", "Soga Vanguard"), "equip-react", rulings=rulings)
    turn_of(game, "B")
    guard, champion = unit_id(game, "Citadel Guard"), unit_id(game, "Clan Champion")
    arrange(game, {guard: (18, 10, 90.0), champion: (18, 14, 270.0)})
    game.apply(Activate(model=ModelId(champion), how="walk", to="18,11.26"), as_side("B", ALICE))
    (decision,) = game.state.pending.values()
    return game, guard, Answer(decision_id=decision.id, answers={guard: "short-sword"})


def test_a_reaction_with_a_weapon_not_held_is_that_models_change_of_equipment() -> None:
    # L430: "once per Activation (or Reaction)": the Guard now holds the Short Sword.
    game, guard, answer = _guard_reacting()
    game.apply(answer, as_side("A", ALICE))
    assert game.state.figures[ModelId(guard)].weapon == "short-sword"


def test_by_ruling_equipped_only_a_reaction_uses_the_weapon_held() -> None:
    game, _guard, answer = _guard_reacting({"equip-on-attack": "equipped-only"})
    refused(game, answer, as_side("A", ALICE), r"'short-sword' is not an option for A3; choose one of .*small-bludgeon")
