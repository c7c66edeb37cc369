"""Independent rules cases for Familiars, Personal Guard, Glyphscribe: Reduce Weight, Mana Catalyst, Elemental
Lineage and the Alliance of Necessity, each written from the book's text (Eldfall core rules v1.5, lines cited) and
played through the engine, with the cross-cutting cases (a duel, a thrown weapon, Protector and Ward across an
alliance, a Guard whose model falls)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Answer, Game, IllegalCommand, ModelId, RigDice, SideId
from engine.systems.eldfall.guards import GUARD_KIND
from engine.systems.eldfall.party import check_party
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.strikes import active_strike, reactive_strike
from engine.table import parse_shape
from tests.engine.systems.eldfall.commands import Activate, ChannelMana, ChooseParty, Declare, SettleSetup
from tests.engine.systems.eldfall.tables import (
    ALICE,
    HOST,
    arrange,
    as_side,
    clear_table,
    eldfall,
    new_game,
    place,
    practice,
    settle,
    turn_of,
    unit_id,
)
from tests.engine.systems.eldfall.test_alliance import DECLARED, HOSTILES, QUEST_2, _touching
from tests.engine.systems.eldfall.test_familiars import _melee, _ritual, _summon_imp, _system, _table
from tests.engine.systems.eldfall.test_personal_guard import PARTY, _kill, _walk
from tests.engine.systems.eldfall.test_personal_guard import _table as _guard_table
from tests.refusals import refused
from tests.table_commands import add_terrain, change_token

A, B = SideId("A"), SideId("B")


def _lines(events: tuple[object, ...] | list[object]) -> list[str]:
    return [line for e in events for line in (e.body.describe(), *e.body.working())]  # type: ignore[attr-defined]


# -- Familiars (L2069-2073, L1571, L1576) -------------------------------------------------------------------------


def _duel(game: Game[EldfallState], vizier: ModelId) -> ModelId:
    """The Vizier issues a duel the Bushi Attendant accepts (L1571-1574); then the two stand in contact."""
    bushi = ModelId(unit_id(game, "Bushi Attendant"))
    game.apply(Activate(model=vizier, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(Declare(kind="duel"), as_side("A", ALICE))
    (challenge,) = game.state.pending.values()
    game.apply(Answer(decision_id=challenge.id, answers={"answer": bushi}), as_side("B", ALICE))
    assert game.state.duel == (vizier, bushi)
    place(game, vizier, 18, 10, 90.0)
    place(game, bushi, 18, 11.26, 270.0)
    return bushi


def test_a_familiar_taken_instead_of_its_duelling_casters_wounds_keeps_the_duel_going() -> None:
    # L2069: the familiar may be removed instead of the Wounds its caster would suffer; L1576: a duellist's familiar
    # is with it in the duel; L1577: the duel (and the game) ends only when a duellist is Incapacitated or Dead.
    game, vizier = _table("book-familiar-duel")
    clear_table(game, (vizier, ModelId(unit_id(game, "Bushi Attendant"))))
    imp = _summon_imp(game, vizier)
    settle(game)
    turn_of(game, "B")
    turn_of(game, "A")
    bushi = _duel(game, vizier)
    turn_of(game, "B")
    game.apply(Activate(model=bushi, how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 20, 1, 1)), HOST)
    events = game.apply(Declare(kind="attack", means=_melee(game, bushi), targets=((vizier, 0),)),
                        as_side("B", ALICE))
    settle(game)
    lines = _lines(events)
    assert any(f"{imp} Imp, {vizier}'s familiar, is removed instead of 1 Wound" in line for line in lines), lines
    assert imp not in game.state.models and game.state.models[vizier].wounds_taken == 0
    assert game.state.duel == (vizier, bushi) and not game.is_over(), "no duellist fell: the duel goes on"


def test_a_familiar_put_out_of_action_gives_nothing_and_takes_no_wounds() -> None:
    # L2073: the caster has the familiar's abilities and stat modifiers only while it is summoned; a familiar lying
    # Incapacitated (0 HP, L872) serves no more: its INT +2 is gone, and the next Wound reaches the caster (L2069).
    game, vizier = _table("book-familiar-down", rulings={"familiar-sacrifice": "any-wound"}, vizier_hp=3)
    bushi = ModelId(unit_id(game, "Bushi Attendant"))
    clear_table(game, (vizier, bushi))
    _ritual(game, vizier, "Summon Imp")
    settle(game)
    imp = next(f.id for f in game.state.figures.values() if f.unit == "Imp")
    assert game.system.kit.world(game.state).fighter(vizier).value("INT") == 18
    turn_of(game, "B")
    place(game, imp, 18, 10, 90.0)
    place(game, bushi, 18, 11.13, 270.0)  # in contact: 25 and 32 mm bases
    game.apply(Activate(model=bushi, how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 20, 1, 1)), HOST)
    game.apply(Declare(kind="attack", means=_melee(game, bushi), targets=((imp, 0),)), as_side("B", ALICE))
    settle(game)
    assert "incapacitated" in game.state.models[imp].tokens
    assert game.system.kit.world(game.state).fighter(vizier).value("INT") == 16
    turn_of(game, "A")
    turn_of(game, "B")
    place(game, vizier, 24, 10, 90.0)
    place(game, bushi, 24, 11.26, 270.0)
    game.apply(Activate(model=bushi, how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 20, 1, 1)), HOST)
    game.apply(Declare(kind="attack", means=_melee(game, bushi), targets=((vizier, 0),)), as_side("B", ALICE))
    settle(game)
    assert game.state.models[vizier].wounds_taken == 1 and imp in game.state.models


def test_a_familiar_is_removed_instead_of_the_wounds_of_its_casters_fall() -> None:
    # L2069: "if the caster would be dealt damage and would suffer one or more Wounds" - any damage, and a fall is
    # damage (Fall Damage, L876-889: a Wound for each failed AG roll). The Imp, ordered to take any Wound (ruling
    # familiar-sacrifice: any-wound), is removed instead of the Vizier's 2 Wounds (ruling familiar-wounds).
    game, vizier = _table("book-familiar-fall", rulings={"familiar-sacrifice": "any-wound"}, vizier_hp=3)
    clear_table(game, (vizier,))
    _ritual(game, vizier, "Summon Imp")
    settle(game)
    imp = next(f.id for f in game.state.figures.values() if f.unit == "Imp")
    turn_of(game, "B")
    turn_of(game, "A")
    game.apply(add_terrain(kind="building", polygon=parse_shape("rect:20,26,4,1.5"), height=7.0,
                          keywords=("blocking",)), HOST)
    place(game, vizier, 22, 26.8)
    place(game, imp, 10, 10)
    game.apply(RigDice(values=(20, 20)), HOST)  # both AG rolls fail: 2 Wounds
    lines = _lines(game.apply(Activate(model=vizier, how="walk", to="22,29.5"), as_side("A", ALICE)))
    settle(game)
    assert any("2 failed: 2 Wounds" in line for line in lines), lines
    assert any(f"{imp} Imp, {vizier}'s familiar, is removed instead of 2 Wounds" in line for line in lines), lines
    assert imp not in game.state.models and game.state.models[vizier].wounds_taken == 0


def test_a_familiar_is_removed_instead_of_the_wounds_a_sigil_deals_its_caster() -> None:
    # L2416: a Sigil's spell is cast successfully on the models in its area that fail to dodge, at PW 14; its damage
    # is damage, so the Imp (ruling familiar-sacrifice: any-wound) is removed instead of the Vizier's Wounds (L2069).
    game = practice(("Sand Conclave", "Soga Vanguard"), "book-familiar-sigil", options={"scenario": "treasure-hunt"},
                    system=_system(vizier_hp=3), rulings={"familiar-sacrifice": "any-wound"})
    turn_of(game, "A")
    vizier = ModelId(unit_id(game, "Vizier of Conjurations"))
    _ritual(game, vizier, "Summon Imp")
    settle(game)
    imp = next(f.id for f in game.state.figures.values() if f.unit == "Imp")
    turn_of(game, "B")
    turn_of(game, "A")
    arrange(game, {vizier: (12, 15.5, 90.0), imp: (30, 5, 90.0)})
    game.apply(RigDice(values=(20, 20, 1, 1)), HOST)  # the Sigil: Smite; the Vizier's dodge fails; damage, Burn
    lines = _lines(game.apply(Activate(model=vizier, how="walk", to="contact X1"), as_side("A", ALICE)))
    assert any(f"{imp} Imp, {vizier}'s familiar, is removed instead of 2 Wounds from the Sigil of Smite" in line
               for line in lines), lines
    assert imp not in game.state.models and game.state.models[vizier].wounds_taken == 0


# -- Personal Guard (L2904-2906) ------------------------------------------------------------------------------------


def test_a_personal_guard_may_not_leave_its_models_awareness_even_in_the_middle_of_a_move() -> None:
    # L2906: the creature "may not fully leave" the model's Awareness (the Vizier's AG 10"): a walk out past the
    # edge and back in stops at the edge (ruling personal-guard-leash: stops-at-edge), or is refused by that ruling.
    game, vizier, gargoyle = _guard_table("book-guard-out-and-back")
    lines = _walk(game, gargoyle, "via:19.8,6;17.6,6.5")
    assert any(f"stops at the edge of {vizier}'s Awareness" in line for line in lines), lines
    world = game.system.kit.world(game.state)
    assert world.aware(vizier, gargoyle) and 9.9 <= world.gap(vizier, gargoyle) <= 10.01
    leashed, _, guard = _guard_table("book-guard-out-and-back-refused", {"personal-guard-leash": "refused"})
    refused(leashed, Activate(model=guard, how="walk", to="via:19.8,6;17.6,6.5"), as_side("A", ALICE),
            r"may not fully leave its model's Awareness \(L2906\)", error=IllegalCommand)
    inside, _, kept = _guard_table("book-guard-inside")
    _walk(inside, kept, "via:16.5,8;15.5,6")
    assert (inside.state.models[kept].x, inside.state.models[kept].y) == (15.5, 6.0), "inside all the way: free"


def test_a_personal_guard_goes_with_its_model_when_the_model_falls() -> None:
    # L980: the creatures of a caster that becomes Incapacitated are removed at the end of the sequence; L2906: the
    # upgrade goes back to the model, and with no other summoned creature there is no one to give it to.
    game, vizier, gargoyle = _guard_table("book-guard-model-falls")
    bushi = ModelId(unit_id(game, "Bushi Attendant"))
    turn_of(game, "B")
    place(game, bushi, 8, 7.26, 270.0)
    game.apply(Activate(model=bushi, how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 2, 1, 1)), HOST)
    events = game.apply(Declare(kind="attack", means=_melee(game, bushi), targets=((vizier, 0),)),
                        as_side("B", ALICE))
    lines = _lines(events)
    assert "incapacitated" in game.state.models[vizier].tokens
    assert gargoyle not in game.state.models and game.state.figures[gargoyle].gone == "dismissed"
    assert any(f"{gargoyle}, {vizier}'s Personal Guard, is removed: the upgrade goes back to {vizier}" in line
               for line in lines), lines
    assert game.state.figures[vizier].upgrades == ["personal-guard"]
    assert game.state.figures[gargoyle].guard_of is None
    assert not any(d.kind == GUARD_KIND for d in game.state.pending.values())


def test_a_personal_guard_bought_for_a_model_that_summons_nothing_goes_to_the_partys_creature() -> None:
    # L2906: "during the deployment assign this upgrade to a summoned creature" - any summoned creature of the party,
    # here the Gargoyle the Vizier (a Summoner, L1871) starts with; it guards the Taskmage, the upgraded model.
    party = PartySpec(id="guard", name="Guard", faction="Sand Kingdoms", game_size=60, leader="Vizier of Conjurations",
                      members=(PartyMember(unit="Vizier of Conjurations"),
                               PartyMember(unit="Taskmage Explorer", upgrades=("personal-guard",))))
    game = practice((party, "Soga Vanguard"), "book-guard-other")
    taskmage = ModelId(unit_id(game, "Taskmage Explorer"))
    gargoyle = next(m for m, f in game.state.figures.items() if f.summoner is not None and f.side == A)
    assert game.state.figures[gargoyle].guard_of == taskmage
    assert game.state.figures[taskmage].upgrades == []
    assert game.system.kit.world(game.state).fighter(gargoyle).has("Sentinel")


def test_a_personal_guard_strikes_once_more_in_reaction_as_a_sentinel_and_loses_it_when_removed() -> None:
    # L2906: the Guard receives the Sentinel class; L1859: a Sentinel may gain +1 Strike attacking in its Reactive
    # role (1 by default, L801). Once the Guard is removed its class goes with the upgrade.
    game, _vizier, gargoyle = _guard_table("book-guard-sentinel")
    world = game.system.kit.world(game.state)
    f = world.fighter(gargoyle)
    claws = next(m for m in f.weapons if m.kind == "melee")
    assert reactive_strike(world, f, claws).value == 2
    turn_of(game, "B")
    bushi = ModelId(unit_id(game, "Bushi Attendant"))
    place(game, bushi, 17.5, 7.13, 270.0)
    game.apply(Activate(model=bushi, how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 20, 1, 1)), HOST)
    game.apply(Declare(kind="attack", means=_melee(game, bushi), targets=((gargoyle, 0),)), as_side("B", ALICE))
    assert "Sentinel" not in game.state.figures[gargoyle].classes


def test_a_familiar_is_never_given_the_personal_guard() -> None:
    # L2073: a familiar is no fully-fledged model (ruling familiar-scope: it cannot be a Personal Guard, L2906).
    # The Vizier's Gargoyle, its Guard, falls; the Imp it summons next is no candidate, so nobody is asked.
    game = practice((PARTY, "Soga Vanguard"), "book-guard-familiar", system=_system(vizier_hp=3))
    turn_of(game, "A")
    vizier = ModelId(unit_id(game, "Vizier of Conjurations"))
    gargoyle = next(m for m, f in game.state.figures.items() if f.summoner == vizier)
    arrange(game, {vizier: (8, 6, 90.0), gargoyle: (17.5, 6, 90.0)})
    _kill(game, gargoyle)
    assert game.state.figures[vizier].upgrades == ["personal-guard"]
    turn_of(game, "A")
    game.apply(ChannelMana(model=vizier, amount=1), as_side("A", ALICE))
    game.apply(Activate(model=vizier, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(Declare(kind="ritual", means="Summon Imp"), as_side("A", ALICE))
    assert any(f.unit == "Imp" for f in game.state.figures.values())
    assert not any(d.kind == GUARD_KIND for d in game.state.pending.values())
    settle(game)
    assert game.state.figures[vizier].upgrades == ["personal-guard"]


# -- Glyphscribe: Reduce Weight (L2855-2861), Mana Catalyst (L2879-2881), Elemental Lineage (L2883-2885) ----------


def _members(faction: str, leader: str, *members: dict[str, Any]) -> PartySpec:
    return PartySpec.model_validate({"id": "book", "name": "Book", "faction": faction, "game_size": 200,
                                     "leader": leader, "members": [{"unit": leader}, *members]})


def _glyph(unit: str, choice: str) -> dict[str, Any]:
    return {"unit": unit, "upgrades": ["glyphscribe-reduce-weight"], "choices": {"glyphscribe-reduce-weight": choice}}


def test_an_inscribed_throwing_dagger_strikes_once_more_in_melee_and_throws_as_many_as_it_has() -> None:
    # L2859: the inscribed Weapon's Strike +1 and Wgt -1. The Dagger (L2669: STK STA, WGT 0, Throwing) of the
    # Flameweaver Errant (STA 2) strikes 3 in melee; thrown, its Strike is up to its Quantity (L2177), 1, which the
    # inscription does not raise (ruling inscribed-strike: item-strike). WGT 0 already: it still counts 1 (L402).
    def strikes_and_weight(choice: str | None) -> tuple[dict[str, int], int | None]:
        member = _glyph("Flameweaver Errant", choice) if choice else {"unit": "Flameweaver Errant"}
        game = practice((_members("Helian League", "Citadel Guard", member), "Soga Vanguard"), "book-dagger")
        world = game.system.kit.world(game.state)
        f = world.fighter(ModelId(unit_id(game, "Flameweaver Errant")))
        stk = {m.id: active_strike(world, f, m, idle=False, dash=False).value for m in f.weapons
               if m.id in ("dagger", "thrown-dagger")}
        return stk, next(c.weight for c in f.carried if c.item.id == "dagger")
    assert strikes_and_weight(None) == ({"dagger": 2, "thrown-dagger": 1}, 1)
    assert strikes_and_weight("inscribed-item:dagger") == ({"dagger": 3, "thrown-dagger": 1}, 1)


def test_inscribed_armor_widens_the_awareness_with_its_agility() -> None:
    # L2861: +1 AG, +1 SPD, Inventory +1; the Awareness is as many inches as the model's AG (L683), so the Citadel
    # Guard's goes from 10" to 11".
    def guard(member: dict[str, Any]) -> tuple[int, float, int, int]:
        game = practice((_members("Helian League", "Flameshaper", member), "Soga Vanguard"), "book-armor")
        world = game.system.kit.world(game.state)
        f = world.fighter(ModelId(unit_id(game, "Citadel Guard")))
        return f.value("AG"), world.awareness(f), f.speed, f.capacity
    assert guard({"unit": "Citadel Guard"}) == (10, 10.0, 4, 7)
    assert guard(_glyph("Citadel Guard", "inscribed-armor")) == (11, 11.0, 5, 8)


def test_the_glyphscribe_and_lineage_limits_count_the_whole_party() -> None:
    # L2855: Glyphscribe: Reduce Weight, Limit 3; L2883: Elemental Lineage, Limit 2 (a party's copies, L1054).
    catalogue = eldfall().kit.catalogue
    four = _members("Helian League", "Citadel Guard", _glyph("Citadel Guard", "inscribed-armor"),
                    _glyph("Flameshaper", "inscribed-armor"), _glyph("Flameweaver Errant", "inscribed-armor"),
                    _glyph("Expeditionary Hierophant", "inscribed-armor"))
    assert ("4 copies of Glyphscribe: Reduce Weight, limit 3", "L1054") in \
        [(p.message, p.rule) for p in check_party(four, catalogue)]
    lineage = {"unit": "Vizier of Conjurations", "upgrades": ["elemental-lineage"] * 3,
               "choices": {"elemental-lineage": ["affinity-fire", "affinity-air", "affinity-water"]}}
    found = check_party(_members("Sand Kingdoms", "Taskmage Explorer", lineage), catalogue)
    assert [(p.message, p.rule) for p in found] == [("3 copies of Elemental Lineage, limit 2", "L1054")]


def test_mana_catalyst_needs_an_affinity_to_change_and_the_lost_elements_spells_go() -> None:
    # L2881: "change one of the model's default Affinities": the Shieldbearer has none; the Vizier of Conjurations
    # changing Elder for Fire keeps its Earth conjurations and loses Summon Imp (Elder I, L2316).
    catalogue = eldfall().kit.catalogue
    shield = {"unit": "Shieldbearer", "upgrades": ["mana-catalyst"], "choices": {"mana-catalyst": "fire"}}
    assert [(p.message, p.rule) for p in check_party(_members("Sand Kingdoms", "Taskmage Explorer", shield),
                                                     catalogue)] == \
        [("Shieldbearer's Mana Catalyst: Shieldbearer has no Affinity to replace", "L2879-2881")]
    vizier = {"unit": "Vizier of Conjurations", "upgrades": ["mana-catalyst"],
              "choices": {"mana-catalyst": "fire:elder"}}
    game = practice((_members("Sand Kingdoms", "Taskmage Explorer", vizier), "Soga Vanguard"), "book-catalyst")
    f = game.system.kit.world(game.state).fighter(ModelId(unit_id(game, "Vizier of Conjurations")))
    assert [s.name for s in f.spells] == ["Summon Gargoyle", "Summon Golem", "Summon Earth Elemental",
                                          "Summon Colossus"]
    assert {str(t) for t in f.card.traits} >= {"Affinity (Earth)", "Affinity (Fire)"}
    assert "Affinity (Elder)" not in {str(t) for t in f.card.traits}


# -- Alliance of Necessity (L2390, L2403-2404, L2935-2937, L1286-1289, L637-639) -----------------------------------


def _allied_quest(seed: str, party_a: str) -> Game[EldfallState]:
    """Unexpected Encounter with the alliance formed (ruling alliance: declared-at-creation): A ``party_a``, B the
    Guild Adventurers (B1 a Flameweaver Errant), C the two Earth Elementals, all played by hand."""
    game = new_game(seed, options=QUEST_2, sides=3, practice=True, seats={"A": ALICE, "B": ALICE, "C": ALICE},
                    rulings=DECLARED)
    game.apply(ChooseParty(name=party_a, side=A), HOST)
    game.apply(ChooseParty(name="Guild Adventurers", side=B), HOST)
    game.apply(SettleSetup(), HOST)
    settle(game)
    assert game.state.allied_sides() == (A, B)
    return game


def _hostile_attacks_b1(game: Game[EldfallState], spots: dict[str, tuple[float, float, float]]) -> None:
    """Side C's turn: C1 stands in contact with B1 and activates (the reactive players are asked)."""
    turn_of(game, "C")
    arrange(game, {**HOSTILES, "C1": (10, 22, 270.0), "B1": (10, 19, 90.0), **spots})
    _touching(game, "B1", "C1")
    game.apply(Activate(model=ModelId("C1"), how="idle"), as_side("C", ALICE))


def _fists(game: Game[EldfallState]) -> str:
    return next(m.id for m in game.system.kit.world(game.state).fighter(ModelId("C1")).weapons if m.kind == "melee")


def test_protector_steps_in_front_of_an_allied_players_model() -> None:
    # L1976: Protector moves to an *allied* model within half its SPD that is targeted and becomes the new target;
    # L2935: the other player's models are allies while the alliance holds. A3, the Citadel Guard, shields B1.
    game = _allied_quest("book-protector", "Helian Expedition")
    _hostile_attacks_b1(game, {"A3": (12.5, 19, 90.0)})
    settle(game)
    game.apply(Declare(kind="attack", means=_fists(game), targets=((ModelId("B1"), 0),)), as_side("C", ALICE))
    late = next(d for d in game.state.pending.values() if d.owner == A)
    assert late.part("A3.protect").option_keys() == ("nothing", "B1")
    game.apply(RigDice(values=(5, 5, 1, 1)), HOST)
    lines = _lines(game.apply(Answer(decision_id=late.id, answers={"A3.protect": "B1"}), as_side("A", ALICE)))
    assert any("its attack now targets A3, which stepped in front of B1 (Protector, L1976)" in line
               for line in lines), lines
    assert any(line.startswith("C1 attacks A3 with Earthen Fists") for line in lines), lines
    assert game.system.kit.world(game.state).touching(ModelId("A3"), ModelId("B1"))
    assert game.state.models[ModelId("B1")].wounds_taken == 0


def test_ward_is_cast_on_an_allied_players_model() -> None:
    # L1369: support spells such as Ward are cast among allies; L2297: Ward negates non-critical damage on its
    # target; L2935: the ally's models are allies. The Taskmage (A2) wards B1 against C1's two plain Hits.
    game = _allied_quest("book-ward", "Sand Conclave")
    taskmage = ModelId(unit_id(game, "Taskmage Explorer"))
    _hostile_attacks_b1(game, {taskmage: (14, 18, 90.0)})
    offer = next(d for d in game.state.pending.values() if d.owner == A)
    assert offer.part(f"{taskmage}.ward").option_keys() == (taskmage, "B1")
    game.apply(Answer(decision_id=offer.id, answers={taskmage: "ward", f"{taskmage}.ward": "B1"}), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(5, 5, 5, 1, 1)), HOST)  # two Hits, the Ward cast, then damage that would wound
    events = game.apply(Declare(kind="attack", means=_fists(game), targets=((ModelId("B1"), 0),)),
                        as_side("C", ALICE))
    lines = _lines(events)
    assert any(f"{taskmage}'s Ward protects B1" in line for line in lines), lines
    assert any("B1 is spared 2 non-critical Hits" in line for line in lines)
    assert game.state.models[ModelId("B1")].wounds_taken == 0


def test_putting_the_other_players_party_member_out_costs_a_vp_in_unexpected_encounter() -> None:
    # L2402: a player loses 1 VP for each enemy party member it puts into the Incapacitated or Dead state (no
    # alliance here, ruling alliance: never); the Open Hostilities rewards for it do not apply in this quest (L2398).
    game = new_game("book-penalty", options=QUEST_2, sides=3, practice=True, seats={"A": ALICE, "B": ALICE, "C": ALICE},
                    rulings={"alliance": "never"})
    game.apply(ChooseParty(name="Helian Expedition", side=A), HOST)
    game.apply(ChooseParty(name="Guild Adventurers", side=B), HOST)
    game.apply(SettleSetup(), HOST)
    settle(game)
    turn_of(game, "A")
    arrange(game, {**HOSTILES, "B1": (10, 22, 270.0), "A3": (10, 19, 90.0)})
    _touching(game, "A3", "B1")
    game.apply(change_token(model=ModelId("B1"), token="incapacitated"), HOST)
    game.apply(Activate(model=ModelId("A3"), how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(Declare(kind="deathblow", targets=((ModelId("B1"), 1),)), as_side("A", ALICE))
    settle(game)
    assert "dead" in game.state.models[ModelId("B1")].tokens
    assert sum(game.state.record(A).vp.values()) == -1 and sum(game.state.record(B).vp.values()) == 0


@pytest.mark.parametrize(("ruling", "reaches_ally"), [("same-affiliation", True), ("own-party", False)])
def test_an_authority_stratagem_reaches_an_allied_model_of_the_leaders_affiliation(ruling: str,
                                                                                  reaches_ally: bool) -> None:
    # L2935: allied models may benefit from Skills and Abilities, but friendly models without the Leader's
    # Affiliation cannot benefit from its Authority Stratagems; L1086: the Guildsworn "regardless of Affiliation"
    # does not extend to the allied party. So a Helian Leader's Advance! (+1 SPD) reaches B1, the ally's Flameweaver
    # Errant (Helian League), but not B2, its Musha Bowmaster (Empire of Soga) (ruling alliance-authority).
    game = new_game(f"book-authority-{ruling}", options=QUEST_2, sides=3, practice=True,
                    seats={"A": ALICE, "B": ALICE, "C": ALICE}, rulings={**DECLARED, "alliance-authority": ruling})
    game.apply(ChooseParty(name="Helian Expedition", side=A), HOST)
    game.apply(ChooseParty(name="Guild Adventurers", side=B), HOST)
    game.apply(SettleSetup(), HOST)
    settle(game)
    state = game.state.model_copy(deep=True)
    assert state.record(A).faction == "Helian League"
    before = {m: game.system.kit.world(state).fighter(ModelId(m)).speed for m in ("A2", "B1", "B2")}
    state.records[A].active_stratagem = "advance"
    after = {m: game.system.kit.world(state).fighter(ModelId(m)).speed for m in ("A2", "B1", "B2")}
    assert after["A2"] == before["A2"] + 1, "its own party's Helian model"
    assert after["B1"] == before["B1"] + reaches_ally
    assert after["B2"] == before["B2"], "not of the Leader's Affiliation"
    state.alliance_broken_by = A
    assert game.system.kit.world(state).fighter(ModelId("B1")).speed == before["B1"], "enemies again"
