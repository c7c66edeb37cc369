"""Eldfall weapon and spell traits read against the glossary (Eldfall core rules v1.5, L2011-2206), in play: each
test cites the line it plays."""

from __future__ import annotations

from engine.core import SPECTATOR, Game, ModelId, RigDice
from engine.schema import UnitProfile
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.strikes import power
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
from tests.table_commands import add_model, change_token, wound_model


def _copy(base: str, name: str, *keywords: str) -> UnitProfile:
    unit = next(u for u in eldfall().data.units if u.name == base)
    return unit.model_copy(update={"name": name, "keywords": (*unit.keywords, *keywords)})


def _duel(attacker: UnitProfile, seed: str) -> tuple[Game[EldfallState], ModelId, ModelId]:
    """Side A's turn: ``attacker`` in base contact with side B's Clan Champion, facing each other."""
    mine = PartySpec(id="mine", name="Mine", faction="Helian League", game_size=60, leader="Expeditionary Hierophant",
                     members=(PartyMember(unit="Expeditionary Hierophant"), PartyMember(unit=attacker.name)))
    game = practice((mine, "Soga Vanguard"), seed, system=eldfall(attacker))
    turn_of(game, "A")
    a, t = ModelId(unit_id(game, attacker.name)), ModelId(unit_id(game, "Clan Champion"))
    arrange(game, {a: (25, 15, 90.0), t: (25, 16.26, 270.0)})
    return game, a, t


def _burning_hit(hp_left: int, incapacitated: bool, seed: str) -> tuple[Game[EldfallState], ModelId]:
    """A Burning Guard's one Hit on a Clan Champion left at ``hp_left`` HP: its damage roll and Burn's both wound."""
    burner = _copy("Citadel Guard", "Burning Guard", "trait:Spellbound (Burning Touch)")
    game, guard, target = _duel(burner, seed)
    full = game.state.models[target].wounds
    if full - hp_left:
        game.apply(wound_model(model=target, amount=full - hp_left), HOST)
    if incapacitated:
        game.apply(change_token(model=target, token="incapacitated"), HOST)
    game.apply(Activate(model=guard, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 20, 1, 1)), HOST)
    game.apply(Declare(kind="attack", means="short-sword", targets=((target, 0),)), as_side("A", ALICE))
    return game, target


def test_a_burn_wound_that_takes_a_standing_model_to_0_hp_incapacitates_it_on_the_table() -> None:
    # L2021: a Burn Wound removes the model only where it would make it Dead; one taken to 0 HP that was not
    # Incapacitated becomes Incapacitated at the end of the sequence (L872), on the table.
    game, target = _burning_hit(2, False, "burn-down")
    assert game.state.models[target].wounds_left == 0
    assert target in game.state.models and "incapacitated" in game.state.models[target].tokens
    assert "dead" not in game.state.models[target].tokens


def test_a_burn_wound_that_kills_removes_the_model() -> None:
    # L2021: an Incapacitated model's Burn Wound makes it Dead (L872): it is removed from the field.
    game, target = _burning_hit(0, True, "burn-kill")
    assert target not in game.state.models


def test_a_rogue_makes_one_knockdown_roll_an_activation_however_many_it_hits() -> None:
    # L1855: once per Activation, on at least one Hit, a Rogue may make one AG roll for its Hit to gain Knockdown. The
    # Nightshade (a Rogue) shares its strikes between two enemies and hits both: one AG roll, not one a target.
    game = practice(("Thenion Shadows", "Soga Vanguard"), "rogue-once")
    turn_of(game, "A")
    shade = ModelId(unit_id(game, "Nightshade"))
    arrange(game, {shade: (25, 15, 90.0), "B1": (25, 16.26, 270.0), "B2": (26.1, 15.6, 200.0), "B3": (5, 30, 270.0)})
    game.apply(Activate(model=shade, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(5, 5, 1, 1, 20, 20, 20)), HOST)  # 3 Hits; the AG roll passes; no damage roll wounds
    game.apply(Declare(kind="attack", means="mastercrafted-piercing-dagger",
                       targets=((ModelId("B1"), 1), (ModelId("B2"), 1))), as_side("A", ALICE))
    rolls = [line.text for line in game.log_view(SPECTATOR).lines if "Rogue (L1855)" in line.text]
    assert len(rolls) == 1, rolls
    assert "crouched" in game.state.models[ModelId("B1")].tokens


def _elemental_and_guard(seed: str, *enchantments: str) -> tuple[Game[EldfallState], ModelId, ModelId]:
    """Side A's turn: a Citadel Guard (enchanted with ``enchantments``) and a Water Elemental of side B (Resistance
    (Non-Spell) I, Resistance (Burn) II)."""
    game, guard, _ = _duel(_copy("Citadel Guard", "Test Guard", *(f"trait:Spellbound ({e})" for e in enchantments)),
                           seed)
    game.apply(add_model(unit="Water Elemental", at=(18.0, 20.0), side="B", facing=180.0), HOST)
    elemental = next(m for m, f in game.state.figures.items() if f.unit == "Water Elemental")
    return game, guard, elemental


def test_resistance_non_spell_halves_the_power_of_an_attack_that_is_no_spell() -> None:
    # L2131: Resistance I (X) halves the Power of Hits from attacks of type or trait X; the Water Elemental's is
    # "Non-Spell": every attack but a spell's (a Small Bludgeon's PW T+3, 15, becomes 8).
    game, guard, elemental = _elemental_and_guard("non-spell")
    world = game.system.kit.world(game.state)
    a, d = world.fighter(guard), world.fighter(elemental)
    champion = world.fighter(ModelId(unit_id(game, "Clan Champion")))
    club = next(m for m in a.weapons if m.kind == "melee" and m.item is not None and "Weapon" in m.item.types)
    full = power(a, club, "active", None, champion, backstab=False).value
    assert power(a, club, "active", None, d, backstab=False).value == (full + 1) // 2, "halved, rounded up (L573)"


def test_a_star_enchantment_makes_the_models_attacks_spells_past_a_non_spell_resistance() -> None:
    # L963: an Enchantment whose Power is the star makes the enchanted model's Attacks of the Spell type (Spectral
    # Blade): the Water Elemental's Resistance (Non-Spell) I no longer halves them (L2131).
    game, guard, elemental = _elemental_and_guard("star-spell", "Spectral Blade")
    world = game.system.kit.world(game.state)
    a, d = world.fighter(guard), world.fighter(elemental)
    assert "spectral-blade" in a.figure.enchantments
    champion = world.fighter(ModelId(unit_id(game, "Clan Champion")))
    club = next(m for m in a.weapons if m.kind == "melee" and m.item is not None and "Weapon" in m.item.types)
    full = power(a, club, "active", None, champion, backstab=False).value
    assert power(a, club, "active", None, d, backstab=False).value == full
