"""The rules digest's derived cases (section 12.3) that no test asserted yet, each played through the referee where the
rule lives in play (Eldfall core rules v1.5; docs/eldfall.md says where the others are)."""

from __future__ import annotations

from engine.core import ModelId, RigDice
from engine.core.errors import IllegalCommand
from engine.systems.eldfall.actions import SPECIAL_ACTIONS, allowed_actions
from engine.systems.eldfall.schema import PartyMember, PartySpec
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.tables import (
    ALICE,
    HOST,
    arrange,
    as_side,
    eldfall,
    practice,
    settle,
    turn_of,
    unit_id,
)
from tests.refusals import refusing


def test_a_special_action_needs_idle_in_the_movement_step() -> None:
    # L1556: after a Walk no Special Action may be declared; after Idle the Active model may (L714: never reacting).
    walked = allowed_actions("active", movement="walk")
    assert not set(SPECIAL_ACTIONS) & set(walked.actions)
    assert any("needs Idle" in reason and "L1556" in reason for reason in walked.reasons)
    assert set(SPECIAL_ACTIONS) <= set(allowed_actions("active", movement="idle").actions)
    assert not set(SPECIAL_ACTIONS) & set(allowed_actions("reactive", movement="idle").actions)


def _guard_against_champion(seed: str) -> tuple[object, ModelId, ModelId]:
    game = practice(("Helian Expedition", "Soga Vanguard"), seed)
    turn_of(game, "A")
    guard, champion = (ModelId(unit_id(game, n)) for n in ("Citadel Guard", "Clan Champion"))
    arrange(game, {guard: (25, 15, 90.0), champion: (25, 16.26, 270.0)})  # base contact, facing each other
    return game, guard, champion


def test_an_engaged_model_may_not_run_but_may_stay_idle() -> None:
    # L1453-1455: engaged by the Champion in base contact, the Citadel Guard's Run is refused; Idle is allowed.
    game, guard, _champion = _guard_against_champion("engaged-run")
    with refusing(game, r"Engaged: it may only stay Idle or Walk straight at an enemy engaging it \(L1453-1455\)",
                  error=IllegalCommand):
        game.apply(Activate(model=guard, how="run", to="25,10"), as_side("A", ALICE))
    game.apply(Activate(model=guard, how="idle"), as_side("A", ALICE))
    assert any(f"{guard} activates" in e.body.describe() and "stays Idle" in e.body.describe() for e in game.log[-4:])


def test_unkeen_lets_the_target_cancel_each_unarmed_wound_with_a_toughness_roll() -> None:
    # L2190-2192 (Unarmed carries Unkeen): two unarmed Hits both wound the Champion (T 13); its T rolls 2 (success,
    # the Wound is cancelled) and 20 (failure): one Wound in all.
    game, guard, champion = _guard_against_champion("unkeen")
    game.apply(Activate(model=guard, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 2, 1, 1, 2, 20)), HOST)  # two Hits, two Wounds, T rolls 2 and 20
    game.apply(Declare(kind="attack", means="unarmed", targets=((champion, 0),)), as_side("A", ALICE))
    assert game.state.models[champion].wounds_taken == 1
    said = [event.body.describe() for event in game.log[-12:]]
    assert sum("Unkeen (L2192)" in line for line in said) == 2


def test_an_ally_caught_in_an_area_attack_rolls_morale_or_panics() -> None:
    # L1286-1288 (its first example): a Fireball (AoE Circular L, L2255) at the Champion also covers the caster's own
    # Hierophant; the Hit that could wound it, though it does not, calls for its M roll, and a 20 fails: Panicked.
    base = next(u for u in eldfall().data.units if u.name == "Flameshaper")
    adept = base.model_copy(update={"name": "Fire Adept", "keywords": tuple(
        "spellcraft:Art of Sorcery III" if k.startswith("spellcraft") else k for k in base.keywords)})
    party = PartySpec(id="mine", name="Mine", faction="Helian League", game_size=60, leader="Expeditionary Hierophant",
                      members=(PartyMember(unit="Expeditionary Hierophant"), PartyMember(unit="Fire Adept")))
    game = practice((party, "Soga Vanguard"), "area-friendly-fire", system=eldfall(adept))
    turn_of(game, "A")
    mage, ally, champion = (ModelId(unit_id(game, n))
                            for n in ("Fire Adept", "Expeditionary Hierophant", "Clan Champion"))
    arrange(game, {mage: (18, 6, 90.0), champion: (18, 16, 270.0), ally: (19.4, 17.0, 90.0)})
    game.apply(Activate(model=mage, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 20, 20, 20)), HOST)  # the Hit; no Wound on either; the ally's M roll fails
    game.apply(Declare(kind="cast", means="fireball", targets=((champion, 0),)), as_side("A", ALICE))
    said = [event.body.describe() for event in game.log[-12:]]
    assert any(f"{ally}'s M roll for friendly fire (L1286)" in line for line in said), said
    assert "panicked" in game.state.models[ally].tokens and game.state.models[ally].wounds_taken == 0
