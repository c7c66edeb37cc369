"""Abilities that change attacks, in play: Fencing I and II against the target attacking back, Advantage's re-rolls,
Throwing as a ranged attack, a Mage's AP re-roll, Lucky Charm, Intimidating, Ricochet, Trample and a Summoner's shared
Mana. Each test cites the lines it plays (Eldfall core rules v1.5)."""

from __future__ import annotations

from engine.core import Answer, Game, ModelId, RigDice
from engine.systems.eldfall.by_hand import added
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, ChannelMana, Declare
from tests.engine.systems.eldfall.tables import (
    ALICE,
    HOST,
    arrange,
    as_side,
    clear_table,
    eldfall,
    place,
    practice,
    settle,
    turn_of,
    unit_id,
)


def _texts(events: tuple[object, ...]) -> list[str]:
    found = []
    for event in events:
        body = event.body
        found.append(body.describe())
        found += list(body.working())
    return found


def _react(game: Game[EldfallState], side: str, answers: dict[str, str]) -> None:
    (decision,) = [d for d in game.state.pending.values() if d.owner == side]
    game.apply(Answer(decision_id=decision.id, answers=answers), as_side(side, ALICE))


def _duel_table(seed: str) -> Game[EldfallState]:
    """Soga's turn against the Helian Expedition. Tests play on the open ground at x = 25, between the watchtower,
    the wall and the ruin of the Border Ruins."""
    game = practice(("Helian Expedition", "Soga Vanguard"), seed)
    turn_of(game, "B")
    return game


def test_fencing_i_puts_minus_3_on_the_melee_attack_of_the_model_it_attacks_back() -> None:
    # L2222: Masterful Parry: the target's melee attack suffers -3. The Citadel Guard reacts to the Champion with
    # Fencing I; the Champion's melee attack on it rolls at -3.
    game = _duel_table("parry")
    arrange(game, {"A3": (25, 20, 270.0), "B1": (25, 17, 90.0)})
    game.apply(Activate(model=ModelId("B1"), how="walk", to="contact A3"), as_side("B", ALICE))
    _react(game, "A", {"A3": "short-sword", "A3.art": "Fencing I"})
    events = game.apply(Declare(kind="attack", means="sword", targets=((ModelId("A3"), 0),)), as_side("B", ALICE))
    texts = _texts(events)
    assert any("A3's Fencing Masterful Parry: B1's melee attack on it gets -3 (L2224-2225)." in t for t in texts)


def test_fencing_ii_takes_a_strike_from_the_target_attacking_back_never_below_one() -> None:
    # L2223: Harsh Riposte: the target's melee attack suffers -1 STK (never below 1). The Champion attacks the Guard
    # with Fencing II... the Guard reacting (a Sentinel: STK 2) strikes once.
    game = _duel_table("riposte")
    arrange(game, {"A3": (25, 20, 270.0), "B1": (25, 17, 90.0)})
    game.apply(Activate(model=ModelId("B1"), how="walk", to="contact A3"), as_side("B", ALICE))
    _react(game, "A", {"A3": "short-sword"})
    events = game.apply(Declare(kind="attack", means="sword", targets=((ModelId("A3"), 0),), art="Fencing II"),
                        as_side("B", ALICE))
    texts = _texts(events)
    assert any("B1's Fencing Harsh Riposte: A3's melee attack on it gets -1 STK" in t for t in texts)
    assert sum(1 for t in texts if "rolls for A3's attack" in t) == 1
    assert any(t.startswith("Side A rolls for A3's attack") and len(t.rsplit(": ", 1)[1].split(", ")) == 1
               for t in texts), \
        "a Sentinel's 2 strikes fall to 1"


def test_advantage_rerolls_every_failed_die_against_a_large_target() -> None:
    # L2003-2005: Advantage (Size: Large, Huge): once a sequence, re-roll any dice of an attack on such a target.
    game = _duel_table("advantage")
    clear_table(game, ("B2",))
    game.apply(added("Night-Temple Priestess", (25.0, 19.0), "A", 270.0), HOST)
    big = next(m.id for m in game.state.models.values() if m.unit == "Night-Temple Priestess")
    place(game, "B2", 25, 17.5, 90.0)
    game.apply(Activate(model=ModelId("B2"), how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(20, 19, 5, 6, 1, 1, 1, 1, 1, 1)), HOST)
    events = game.apply(Declare(kind="attack", means="greatsword", targets=((big, 0),)), as_side("B", ALICE))
    texts = _texts(events)
    assert any("re-roll of its 20 (Advantage (Size: Large, Huge), L2003-2005)" in t for t in texts)
    assert any("re-roll of its 19 (Advantage (Size: Large, Huge), L2003-2005)" in t for t in texts)


def test_a_thrown_dagger_is_a_ranged_attack_of_the_users_toughness_and_leaves_its_inventory() -> None:
    # L2175-2177: a Throwing item makes a ranged attack with RCH equal to T and STK up to its quantity; it leaves the
    # inventory even on a miss, and the thrower takes it back by touching the model it took down.
    game = _duel_table("throw")
    arrange(game, {"A2": (25, 25, 270.0), "B3": (25, 18, 90.0)})
    game.apply(Activate(model=ModelId("B3"), how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 1)), HOST)
    events = game.apply(Declare(kind="attack", means="thrown-dagger", targets=((ModelId("A2"), 0),)),
                        as_side("B", ALICE))
    texts = _texts(events)
    assert any("B3 throws 1 Dagger (L2177)." in t for t in texts)
    assert game.state.figures[ModelId("B3")].spent == {"dagger": 1}
    assert "thrown-dagger" not in [m.id for m in game.system.kit.world(game.state).fighter(ModelId("B3")).weapons]
    assert "incapacitated" in game.state.models[ModelId("A2")].tokens
    assert game.state.figures[ModelId("A2")].lying == {"B3:dagger": 1}
    game.apply(Activate(model=ModelId("B3"), how="walk", to="contact A2"), as_side("B", ALICE))
    assert game.state.figures[ModelId("B3")].spent == {}, "touching the model it took down, it takes it back"


def test_a_mage_spends_an_ap_to_reroll_its_failed_casting_dice() -> None:
    # L1835: a Mage may spend an unspent AP to re-roll any number of dice of a casting (declared: ruling
    # mage-reroll).
    game = practice(("Sand Conclave", "Soga Vanguard"), "mage")
    turn_of(game, "A")
    mage = next(m.id for m in game.state.models.values() if m.unit == "Academy Expeditioner")
    arrange(game, {mage: (18, 10, 90.0), "B1": (18, 20, 270.0)})
    game.apply(Activate(model=mage, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(20, 20, 19, 18, 20, 20)), HOST)
    events = game.apply(Declare(kind="cast", means="arcane-bolt", targets=((ModelId("B1"), 0),), extras=("reroll",)),
                        as_side("A", ALICE))
    texts = _texts(events)
    assert any("(a Mage's AP, L1835)" in t for t in texts)
    assert game.state.figures[mage].ap == 0, "1 AP to activate, 1 spent on the re-roll"


def test_a_luck_counter_rerolls_the_worst_failed_die() -> None:
    # L2737: a Luck counter (made in its own Strategic phase, up to 3) re-rolls one die in a sequence (ruling
    # lucky-charm-use: said with the attack, choice luck, its worst failed die re-rolled).
    game = _duel_table("luck")
    clear_table(game, ("A3", "B2"))
    assert game.state.figures[ModelId("B2")].luck == 1
    place(game, "A3", 25, 19.3, 270.0)
    place(game, "B2", 25, 18, 90.0)
    game.apply(Activate(model=ModelId("B2"), how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(20, 20, 20, 20, 1, 20, 20, 20, 20)), HOST)
    events = game.apply(Declare(kind="attack", means="greatsword", targets=((ModelId("A3"), 0),), extras=("luck",)),
                        as_side("B", ALICE))
    assert any("(a Luck counter, L2737)" in t for t in _texts(events))
    assert game.state.figures[ModelId("B2")].luck == 0


def test_intimidating_takes_6_m_from_a_panicked_model_that_sees_it() -> None:
    # L2099-2101: Panicked models with LoS to an Intimidating model suffer -6 M.
    game = _duel_table("fear")
    clear_table(game, ("A3",))
    game.apply(added("Colossus", (25.0, 25.0), "B", 270.0), HOST)
    place(game, "A3", 25, 15, 90.0)
    world = game.system.kit.world(game.state)
    calm = world.fighter(ModelId("A3")).value("M")
    from tests.table_commands import change_token
    game.apply(change_token(model=ModelId("A3"), token="panicked"), HOST)
    world = game.system.kit.world(game.state)
    assert world.fighter(ModelId("A3")).value("M") == calm - 6


def test_a_trampling_run_knocks_down_the_smaller_models_it_goes_through() -> None:
    # L2179-2182: a Run through smaller models: each takes a Hit with Knockdown at PW of the runner's T.
    game = _duel_table("trample")
    game.apply(added("Colossus", (25.0, 9.0), "B", 90.0), HOST)
    colossus = next(m.id for m in game.state.models.values() if m.unit == "Colossus")
    turn_of(game, "A")
    turn_of(game, "B")
    arrange(game, {"A3": (25, 15, 270.0), colossus: (25, 10.5, 90.0)})
    events = game.apply(Activate(model=colossus, how="run", to="25,19", skills=("trample",)), as_side("B", ALICE))
    settle(game)
    texts = _texts(events) + [e.body.describe() for e in game.log[-40:]]
    assert game.state.models[colossus].y == 19.0, "it ran through the smaller Citadel Guard"
    assert any("tramples A3: a Hit with Knockdown" in t for t in texts)


def test_summoners_share_their_mana() -> None:
    # L1871: a Summoner may spend the Mana Counters of its party's other Summoners.
    game = practice(("Sand Conclave", "Soga Vanguard"), "share")
    turn_of(game, "B")
    vizier = next(m.id for m in game.state.models.values() if m.unit == "Vizier of Conjurations")
    game.apply(added("Vizier of Conjurations", (30.0, 5.0), "A"), HOST)
    other = max(m.id for m in game.state.models.values() if m.unit == "Vizier of Conjurations")
    turn_of(game, "A")
    game.apply(ChannelMana(model=other, amount=1), as_side("A", ALICE))
    world = game.system.kit.world(game.state)
    assert world.mana_pool(world.fighter(vizier)) == 1
    game.apply(Activate(model=vizier, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(Declare(kind="ritual", means="Summon Gargoyle"), as_side("A", ALICE))
    assert game.state.figures[other].mana == 0, "the Gargoyle's Mana Cost came from the other Summoner"



def test_inspiring_gives_6_m_to_allies_of_its_affiliation_in_its_awareness() -> None:
    # L2095-2097: other allied models of the same affiliation in its Awareness gain +6 M. No shipped model has the
    # trait, so the test brings a Citadel Guard that has it.
    data = eldfall().data
    guard = next(u for u in data.units if u.name == "Citadel Guard")
    banner = guard.model_copy(update={"name": "Banner Guard", "keywords": (*guard.keywords, "trait:Inspiring")})
    party = PartySpec(id="banner", name="Banner", faction="Helian League", game_size=60, leader="Banner Guard",
                      members=(PartyMember(unit="Banner Guard"), PartyMember(unit="Flameshaper")))
    game = practice((party, "Soga Vanguard"), "inspire", system=eldfall(banner))
    arrange(game, {"A1": (25, 15, 90.0), "A2": (25, 17, 90.0)})
    world = game.system.kit.world(game.state)
    flameshaper = world.fighter(ModelId("A2"))
    assert flameshaper.value("M") == flameshaper.card["M"] + 6 + 1  # and +1 for the Guard, a Soldier too (L1863)
    assert any("Inspiring (A1)" in line for line in flameshaper.attribute("M").working)
    place(game, "A2", 25, 30)
    assert game.system.kit.world(game.state).fighter(ModelId("A2")).value("M") == flameshaper.card["M"]


def test_confuse_target_ricochets_to_the_nearest_enemy_and_buys_two_strikes_with_mana() -> None:
    # L2296 and L2141-2143: Confuse Target has Ricochet I (the nearest enemy within 5" of a hit model is hit too) and
    # +2 STK for 1 Mana.
    game = practice(("Sand Conclave", "Soga Vanguard"), "ricochet")
    turn_of(game, "A")
    mage = next(m.id for m in game.state.models.values() if m.unit == "Taskmage Explorer")
    arrange(game, {mage: (25, 10, 90.0), "B1": (25, 18, 270.0), "B2": (27.5, 18.5, 270.0)})
    game.apply(ChannelMana(model=mage, amount=1), as_side("A", ALICE))
    game.apply(Activate(model=mage, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 20, 20, 20, 20, 20, 20, 20, 20)), HOST)
    events = game.apply(Declare(kind="cast", means="confuse-target", targets=((ModelId("B1"), 0),),
                                extras=("mana",)), as_side("A", ALICE))
    texts = _texts(events)
    assert any("attacks B1 (3 strikes) with Confuse Target" in t for t in texts), "STK 1 + 2 for a Mana Counter"
    assert any("Confuse Target ricochets from B1 to B2" in t for t in texts)
    assert game.state.figures[mage].mana == 0


def test_elemental_essence_takes_only_the_damage_of_its_elements_attacks() -> None:
    # L2067: a model with Elemental Essence (Earth) suffers no Effects from Earth attacks, only their damage; melee
    # attacks with natural weapons of a model with that Essence are of its element (ruling elemental-essence-effects:
    # the damage stands).
    units = {u.name: u for u in eldfall().data.units}
    stone = units["Citadel Guard"].model_copy(update={
        "name": "Stone Guard", "keywords": (*units["Citadel Guard"].keywords, "trait:Elemental Essence (Earth)",
                                            "item:Earthen Fists")})
    target = units["Bushi Attendant"].model_copy(update={
        "name": "Stone Attendant", "keywords": (*units["Bushi Attendant"].keywords, "trait:Elemental Essence (Earth)")})
    mine = PartySpec(id="stone", name="Stone", faction="Helian League", game_size=60, leader="Stone Guard",
                     members=(PartyMember(unit="Stone Guard"), PartyMember(unit="Flameshaper")))
    theirs = PartySpec(id="earth", name="Earth", faction="Empire of Soga", game_size=60, leader="Stone Attendant",
                       members=(PartyMember(unit="Stone Attendant"), PartyMember(unit="Bushi Attendant")))
    game = practice((mine, theirs), "essence", system=eldfall(stone, target))
    turn_of(game, "A")
    guard, attendant = ModelId(unit_id(game, "Stone Guard")), ModelId(unit_id(game, "Stone Attendant"))
    arrange(game, {guard: (25, 15, 90.0), attendant: (25, 16.26, 270.0)})
    ap = game.state.figures[attendant].ap
    game.apply(Activate(model=guard, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(1, 1, 1, 1)), HOST)
    events = game.apply(Declare(kind="attack", means="earthen-fists", targets=((attendant, 0),)),
                        as_side("A", ALICE))
    assert game.state.models[attendant].wounds_taken > 0, "the damage stands"
    assert "crouched" not in game.state.models[attendant].tokens, "no Knockdown"
    assert game.state.figures[attendant].ap == ap, "no Stagger"
    assert any("Elemental Essence (Earth)" in t for t in _texts(events))


def test_hyperias_providence_costs_a_melee_attacker_a_strike_and_shots_to_its_shield_side() -> None:
    # L2863-2865: a melee attacker of the upgraded model rolls AG or suffers -1 STK (never below 1); with a shield
    # equipped, ranged attacks to its front get -3.
    party = PartySpec(id="glyph", name="Glyph", faction="Helian League", game_size=60, leader="Citadel Guard",
                      members=(PartyMember(unit="Citadel Guard", upgrades=("glyphscribe-hyperias-providence",)),
                               PartyMember(unit="Flameshaper")))
    game = practice((party, "Soga Vanguard"), "hyperia")
    turn_of(game, "B")
    guard = ModelId(unit_id(game, "Citadel Guard"))
    arrange(game, {guard: (25, 19.8, 270.0), "B1": (25, 17, 90.0), "B3": (21, 12, 63.0)})
    game.apply(Activate(model=ModelId("B1"), how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(20, 20, 20, 20, 20)), HOST)
    events = game.apply(Declare(kind="attack", means="spear", targets=((guard, 0),)), as_side("B", ALICE))
    assert any("Providence: -1 STK" in t for t in _texts(events)), _texts(events)
    game.apply(Activate(model=ModelId("B3"), how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(20, 20, 20, 20, 20)), HOST)
    events = game.apply(Declare(kind="attack", means="short-bow", targets=((guard, 0),)), as_side("B", ALICE))
    assert any("Hyperia's Providence, a shield to the front" in t for t in _texts(events))


def test_a_druid_adds_four_to_any_casting_of_an_earth_spell() -> None:
    # L1827: a Druid gains +4 when casting a spell of the Earth element, whether it attacks with it or Assists: the
    # one modifier both the attack roll (strikes.situational) and the Assist's casting roll (support.casting_roll)
    # take. No shipped model is a Druid: a test-only copy of the Flameweaver Noble is one.
    noble = next(u for u in eldfall().data.units if u.name == "Flameweaver Noble")
    druid = noble.model_copy(update={"name": "Test Druid", "keywords": (*noble.keywords, "class:Druid")})
    game = practice((PartySpec(id="druid", name="Druid", faction="Helian League", game_size=60, leader="Test Druid",
                               members=(PartyMember(unit="Test Druid"), PartyMember(unit="Flameweaver Noble"))),
                     "Soga Vanguard"), "druid", system=eldfall(druid))
    world = game.system.kit.world(game.state)
    catalogue = game.system.kit.catalogue
    earth, fire = catalogue.spell("rooting-embrace"), catalogue.spell("fireball")
    caster = world.fighter(ModelId(unit_id(game, "Test Druid")))
    other = world.fighter(ModelId(unit_id(game, "Flameweaver Noble")))
    assert [(m.source, m.amount) for m in caster.casting_modifiers(earth)] == [("Druid casting an Earth spell", 4)]
    assert caster.casting_modifiers(fire) == [] and other.casting_modifiers(earth) == []
