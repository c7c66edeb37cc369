"""What a Construct or an Elemental is untouched by, and the Demon's own rules, in play (Eldfall core rules v1.5): a
Construct or Elemental loses no AP to Stagger and is never Charmed (L2031-2033, L2057-2059); a Construct regains no HP
from a spell that is not of Earth (L2039), nor gives any to a Life Leech, which may heal past full HP (L2037,
L2326); a Demon's Critical Hit
panics with no Wound, and its +4 does not work against another Demon (L2049). No shipped profile pairs these with
the weapons that show them: test-only copies of shipped models carry the traits."""

from __future__ import annotations

import pytest

from engine.core import Answer, Game, ModelId, RigDice
from engine.schema import UnitProfile
from engine.systems.eldfall import Eldfall
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import EldfallState
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
from tests.table_commands import change_token, wound_model


def _copy(base: str, name: str, *keywords: str) -> UnitProfile:
    unit = next(u for u in eldfall().data.units if u.name == base)
    return unit.model_copy(update={"name": name, "keywords": (*unit.keywords, *keywords)})


def _helian(name: str) -> PartySpec:
    return PartySpec(id="mine", name="Mine", faction="Helian League", game_size=60, leader="Expeditionary Hierophant",
                     members=(PartyMember(unit="Expeditionary Hierophant"), PartyMember(unit=name)))


def _soga(name: str) -> PartySpec:
    return PartySpec(id="theirs", name="Theirs", faction="Empire of Soga", game_size=60, leader="Clan Champion",
                     members=(PartyMember(unit="Clan Champion"), PartyMember(unit=name)))


def _duel(attacker: UnitProfile, target: UnitProfile, seed: str) -> tuple[Game[EldfallState], ModelId, ModelId]:
    """Side A's turn: ``attacker`` (side A) stands in base contact with ``target`` (side B), both facing it."""
    system: Eldfall = eldfall(attacker, target)
    game = practice((_helian(attacker.name), _soga(target.name)), seed, system=system)
    turn_of(game, "A")
    a, t = ModelId(unit_id(game, attacker.name)), ModelId(unit_id(game, target.name))
    arrange(game, {a: (25, 15, 90.0), t: (25, 16.26, 270.0)})
    return game, a, t


def _texts(game: Game[EldfallState], last: int = 40) -> list[str]:
    found = []
    for event in game.log[-last:]:
        found.append(event.body.describe())
        found += list(event.body.working())
    return found


@pytest.mark.parametrize("trait", ["Construct", "Elemental"])
def test_stagger_takes_no_activation_point_from_a_construct_or_an_elemental(trait: str) -> None:
    # L2031 and L2057: neither is affected by Stagger (L2151), while the same Hits' Knockdown still lays it down.
    fists = _copy("Citadel Guard", "Stone Guard", "item:Earthen Fists")
    game, guard, target = _duel(fists, _copy("Bushi Attendant", "Brass Attendant", f"trait:{trait}"), "stagger")
    ap = game.state.figures[target].ap
    game.apply(Activate(model=guard, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 2, 20, 20)), HOST)  # two Hits, two failed damage rolls
    game.apply(Declare(kind="attack", means="earthen-fists", targets=((target, 0),)), as_side("A", ALICE))
    assert "crouched" in game.state.models[target].tokens, "Knockdown still applies"
    assert game.state.figures[target].ap == ap, "no Stagger"
    assert any(f"is a {trait}: Stagger" in t for t in _texts(game))


def test_a_construct_reacting_to_a_charming_model_is_not_charmed() -> None:
    # L2033: a Construct cannot be affected by the Charm skill (L1902): it reacts with no INT roll and stays put.
    siren = _copy("Citadel Guard", "Siren Guard", "skill:Charm II")
    game, guard, brass = _duel(siren, _copy("Bushi Attendant", "Brass Attendant", "trait:Construct"), "charm")
    arrange(game, {guard: (25, 12, 90.0), brass: (25, 24, 270.0)})
    game.apply(Activate(model=guard, how="walk", to="25,14"), as_side("A", ALICE))
    game.apply(RigDice(values=(20,)), HOST)
    (decision,) = [d for d in game.state.pending.values() if d.owner == "B"]
    game.apply(Answer(decision_id=decision.id, answers={brass: "short-bow", f"{brass}.at": "25,14"}),
               as_side("B", ALICE))
    assert game.state.models[brass].y == 24, "it did not walk toward the charmer"
    assert not any("charmed" in t for t in _texts(game))


def test_a_construct_regains_no_hp_from_a_divine_healing_spell() -> None:
    # L2039: a Construct regains HP only from spells or skills of the Earth element; Curative Touch is Divine.
    brass = _copy("Citadel Guard", "Brass Guard", "trait:Construct")
    game = practice((_helian(brass.name), "Soga Vanguard"), "heal-construct", system=eldfall(brass))
    turn_of(game, "A")
    priest, guard = ModelId(unit_id(game, "Expeditionary Hierophant")), ModelId(unit_id(game, "Brass Guard"))
    arrange(game, {priest: (18, 10, 90.0), guard: (19.26, 10, 90.0)})
    game.apply(wound_model(model=guard, amount=1), HOST)
    game.apply(Activate(model=priest, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(Declare(kind="assist", means="Curative Touch", targets=((guard, 0),)), as_side("A", ALICE))
    assert game.state.models[guard].wounds_left == 1
    assert any("regains no HP from a spell that is not of Earth (L2039)" in t for t in _texts(game))


@pytest.mark.parametrize(("trait", "hp"), [(None, 3), ("trait:Construct", 2)])
def test_life_leech_heals_past_full_hp_by_the_wounds_on_an_enemy_that_is_no_construct(trait: str | None,
                                                                                      hp: int) -> None:
    # L2326: the enchanted model regains 1 HP for every Wound it deals to an enemy without the Construct trait
    # (L2037), up to double its HP. A Spellbound (Life Leech) Citadel Guard at its full 2 HP wounds the Attendant.
    leech = _copy("Citadel Guard", "Leech Guard", "trait:Spellbound (Life Leech)")
    target = _copy("Bushi Attendant", "Brass Attendant", *([trait] if trait else []))
    game, guard, t = _duel(leech, target, f"leech-{hp}")
    game.apply(Activate(model=guard, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(1, 20, 1)), HOST)  # a critical Hit, a miss; the damage roll wounds
    game.apply(Declare(kind="attack", means="short-sword", targets=((t, 0),)), as_side("A", ALICE))
    assert game.state.models[t].wounds_taken == 1
    assert game.state.models[guard].wounds_left == hp


def test_a_demons_critical_hit_panics_without_a_wound() -> None:
    # L2049: a Demon's Critical Hit makes the hit model Panicked until the end of the turn, wounded or not.
    demon = _copy("Citadel Guard", "Demon Guard", "trait:Demon")
    game, guard, target = _duel(demon, _copy("Bushi Attendant", "Plain Attendant"), "demon-crit")
    game.apply(Activate(model=guard, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(1, 20, 20)), HOST)  # a critical Hit, a miss; the damage roll fails
    game.apply(Declare(kind="attack", means="short-sword", targets=((target, 0),)), as_side("A", ALICE))
    assert game.state.models[target].wounds_taken == 0
    assert "panicked" in game.state.models[target].tokens


@pytest.mark.parametrize(("trait", "bonus"), [(None, True), ("trait:Demon", False)])
def test_a_demons_four_against_the_panicked_works_on_no_other_demon(trait: str | None, bonus: bool) -> None:
    # L2049: +4 to a Demon's attack on a Panicked model; the trait does not work against models with it.
    demon = _copy("Citadel Guard", "Demon Guard", "trait:Demon")
    target = _copy("Bushi Attendant", "Other Attendant", *([trait] if trait else []))
    game, guard, t = _duel(demon, target, f"demon-{bonus}")
    game.apply(change_token(model=t, token="panicked"), HOST)
    game.apply(Activate(model=guard, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(20, 20)), HOST)
    game.apply(Declare(kind="attack", means="short-sword", targets=((t, 0),)), as_side("A", ALICE))
    assert any("Demon against a Panicked model" in t for t in _texts(game)) is bonus


def test_mindgame_cannot_affect_a_construct() -> None:
    # L2031: a Construct is not affected by Mindgame (L2117): no INT roll replaces the damage roll, and a dodge
    # against the attack is rolled with AG. The Taskmage's Confuse Target hits the Construct.
    target = _copy("Bushi Attendant", "Brass Attendant", "trait:Construct")
    game = practice(("Sand Conclave", _soga(target.name)), "mindgame", system=eldfall(target))
    turn_of(game, "A")
    mage, brass = ModelId(unit_id(game, "Taskmage Explorer")), ModelId(unit_id(game, "Brass Attendant"))
    arrange(game, {mage: (25, 10, 90.0), brass: (25, 18, 270.0)})
    game.apply(Activate(model=mage, how="idle"), as_side("A", ALICE))
    (decision,) = [d for d in game.state.pending.values() if d.owner == "B"]
    game.apply(Answer(decision_id=decision.id, answers={brass: "dodge"}), as_side("B", ALICE))
    game.apply(RigDice(values=(2, 20, 20)), HOST)
    game.apply(Declare(kind="cast", means="confuse-target", targets=((brass, 0),)), as_side("A", ALICE))
    texts = _texts(game)
    assert any("is a Construct: Mindgame" in t for t in texts)
    assert not any("resists" in t for t in texts)
    assert any(f"{brass}'s Dodge against {mage}: AG" in t for t in texts)


def test_crippling_rolls_toughness_for_each_wound() -> None:
    # L2045: each Wound with Crippling brings a T roll (unlike Frostbite's single roll, L2085); the Champion passes
    # the first and fails the second, so two Wounds of Berserk III's Limb Fracture (L2236) cripple it.
    fracture = _copy("Citadel Guard", "Fracture Guard", "art:Berserk III")
    game, guard, champion = _duel(fracture, _copy("Clan Champion", "Tough Champion"), "crippling")
    game.apply(Activate(model=guard, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 2, 1, 1, 2, 20)), HOST)  # two Hits, two Wounds, T rolls 2 and 20
    game.apply(Declare(kind="attack", means="short-sword", targets=((champion, 0),), art="Berserk III"),
               as_side("A", ALICE))
    assert game.state.models[champion].wounds_taken == 2
    assert "crippled" in game.state.models[champion].tokens


def test_purgation_wounds_a_model_with_a_profane_affinity() -> None:
    # L2267: a target of Purgation with the Undead trait, or Profane as its Affinity or Elemental Essence, suffers a
    # Wound. The Hierophant (a Vitalist, no roll) purges an allied Citadel Guard with Affinity (Profane).
    profane = _copy("Citadel Guard", "Profane Guard", "trait:Affinity (Profane)")
    game = practice((_helian(profane.name), "Soga Vanguard"), "purgation", system=eldfall(profane))
    turn_of(game, "A")
    priest, guard = ModelId(unit_id(game, "Expeditionary Hierophant")), ModelId(unit_id(game, "Profane Guard"))
    arrange(game, {priest: (18, 10, 90.0), guard: (19.26, 10, 90.0)})
    game.apply(Activate(model=priest, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(Declare(kind="assist", means="Purgation", targets=((guard, 0),)), as_side("A", ALICE))
    assert game.state.models[guard].wounds_taken == 1


def test_burns_extra_wound_brings_no_cleave() -> None:
    # L2021, L2025, ruling burn-cleave-recursion: Cleave adds a Wound for each Wound of the damage rolls, none for
    # Burn's. One Hit wounds, Burn (1) adds one: Cleave makes it 3, not 4. Burning Touch (Spellbound) gives Burn,
    # Berserk IV Cleave.
    cleaver = _copy("Citadel Guard", "Burning Guard", "trait:Spellbound (Burning Touch)", "art:Berserk IV")
    champion = _copy("Clan Champion", "Tough Champion")
    champion = champion.model_copy(update={"wounds": 8, "stats": {**champion.stats, "HP": 8}})
    game, guard, target = _duel(cleaver, champion, "burn-cleave")
    game.apply(Activate(model=guard, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 20, 1, 1)), HOST)  # one Hit; its damage roll and Burn's roll both wound
    game.apply(Declare(kind="attack", means="short-sword", targets=((target, 0),), art="Berserk IV"),
               as_side("A", ALICE))
    assert game.state.models[target].wounds_taken == 3
