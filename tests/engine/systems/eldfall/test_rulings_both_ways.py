"""Table options (data/eldfall/rulings.yaml; the rules digest's section 13.2) that no test named yet, each default
giving the reading docs/eldfall.md states and, where the referee plays it, the alternative its own (Eldfall core
rules v1.5)."""

from __future__ import annotations

from engine.checks import target
from engine.core import ModelId, RigDice
from engine.systems.eldfall.attack import attack_roll
from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.movement import allowance
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.table import parse_shape
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.loader import shipped_rulings
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
from tests.table_commands import add_terrain

RULINGS = shipped_rulings()


def test_a_critical_face_above_the_target_hits_or_must_succeed_too() -> None:
    # Ruling critical-above-target (L831, L1811): an Assassin (criticals 1-3) at a modified OFF of 2 rolls a 3: by
    # default a critical and a Hit; under must-succeed a failure.
    hit = attack_roll("A", "B", "OFF", target(2), [3], critical_up_to=3, rulings=RULINGS)
    assert [(v.success, v.critical) for v in hit.verdicts] == [(True, True)] and len(hit.hits()) == 1
    missed = attack_roll("A", "B", "OFF", target(2), [3], critical_up_to=3,
                         rulings=shipped_rulings(critical_above_target="must-succeed"))
    assert not missed.hits()


def test_a_jump_covers_half_spd_rounded_up_or_exact() -> None:
    # Ruling jump-rounding (L573, L1348): SPD 5 jumps 3" by default, 2.5" exact.
    assert allowance("jump", 5, rulings=RULINGS) == 3.0
    assert allowance("jump", 5, rulings=shipped_rulings(jump_rounding="exact")) == 2.5


def test_inferno_burns_three_as_the_guild_hall_prints(catalogue: EldfallCatalogue) -> None:
    # Ruling inferno-burn (L2322): the book prints Burn without a level; the data carries Burn (3).
    assert "Burn (3)" in catalogue.spell("Inferno").traits


def test_walking_off_a_ledge_falls_or_stops_at_the_edge() -> None:
    # Ruling ledge-drop (L878-881, L1390): the Clan Champion walks off a 7" roof. By default it falls to the ground
    # (two AG rolls for SPD 5's 3" intervals, L883-889: both pass); under "stops" it stays up on the roof.
    for option, z in (("falls", 0.0), ("stops", 7.0)):
        game = practice(("Soga Vanguard", "Thenion Shadows"), f"ledge-{option}",
                        rulings={"ledge-drop": option} if option != "falls" else None)
        turn_of(game, "A")
        champion = ModelId(unit_id(game, "Clan Champion"))
        clear_table(game, (champion,))
        game.apply(add_terrain(kind="building", polygon=parse_shape("rect:20,26,4,1.5"), height=7.0,
                               keywords=("blocking",)), HOST)
        place(game, champion, 22, 26.8)
        if option == "falls":
            game.apply(RigDice(values=(1, 1)), HOST)
        game.apply(Activate(model=champion, how="walk", to="22,29.5"), as_side("A", ALICE))
        settle(game)
        assert game.state.models[champion].z == z


def test_stray_shots_hit_the_first_ally_by_id_when_several_touch_the_target() -> None:
    # Ruling stray-ally (L1522): the Bushi Attendant shoots the Swashbuckler, whom the Clan Champion (A1) and the
    # Onitaoshi (A2) both touch: ACC 12 - 8 (two allies); its 18 and 20 stray, both onto A1, whose damage rolls (20)
    # fail; A1 then rolls M for Friendly Fire (L1286, L1289), 20: Panicked.
    game = practice(("Soga Vanguard", "Thenion Shadows"), "stray-ally")
    turn_of(game, "A")
    arrange(game, {"A3": (12, 4, 90.0), "B3": (12, 14, 270.0), "A2": (13.26, 14, 180.0), "A1": (10.74, 14, 0.0)})
    game.apply(Activate(model=ModelId("A3"), how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(18, 20, 20, 20, 20)), HOST)
    game.apply(Declare(kind="attack", means="short-bow", targets=((ModelId("B3"), 0),)), as_side("A", ALICE))
    said = [event.body.describe() for event in game.log[-16:]]
    assert "A3 shoots into melee: 2 stray shots hit A1 (L1522)." in said
    assert "panicked" in game.state.models[ModelId("A1")].tokens
    assert "panicked" not in game.state.models[ModelId("A2")].tokens


def test_stealth_keeps_an_enemy_without_sight_of_it_from_reacting() -> None:
    # Ruling stealth-wording (L1984): the Swashbuckler, its back to the walking Bushi Attendant but within its
    # Awareness, may Dodge it (L1226-1228); a Stealth I copy of the Attendant walking the same way leaves it no
    # reaction at all.
    units = {u.name: u for u in eldfall().data.units}
    sly = units["Bushi Attendant"].model_copy(update={
        "name": "Sly Attendant", "keywords": (*units["Bushi Attendant"].keywords, "skill:Stealth I")})
    soga = PartySpec(id="sly", name="Sly", faction="Empire of Soga", game_size=60, leader="Clan Champion",
                     members=(PartyMember(unit="Clan Champion"), PartyMember(unit="Sly Attendant")))
    for party, system, reacts in (("Soga Vanguard", None, True), (soga, eldfall(sly), False)):
        game = practice((party, "Thenion Shadows"), f"stealth-{reacts}", system=system)
        turn_of(game, "A")
        walker = ModelId(unit_id(game, "Bushi Attendant" if reacts else "Sly Attendant"))
        swash = ModelId(unit_id(game, "Thenrin Swashbuckler"))
        arrange(game, {walker: (12, 4, 90.0), swash: (12, 14, 90.0)})  # its back to the walker, 7 inches off
        game.apply(Activate(model=walker, how="walk", to="12,6"), as_side("A", ALICE))
        asked = [p.key for d in game.state.pending.values() if d.owner == "B" for p in d.parts]
        assert (swash in asked) is reacts, asked
