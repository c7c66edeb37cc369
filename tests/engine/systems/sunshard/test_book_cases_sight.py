"""Line of sight and cover checked against the rulebook itself: functional HGT, terrain a model touches, the Crystal
Vein, cover's second exception, Obscuring and Ambush (Sunshard:Embren core rules v1.0, L276-321, L700, L727, L913,
L1409)."""

from __future__ import annotations

import pytest

from engine.core import ModelId, RulesError
from engine.systems.sunshard.attack_plan import check_attack
from engine.systems.sunshard.sight import cover, has_sight
from engine.systems.sunshard.state import SunshardState
from tests.engine.systems.sunshard.tables import DATA, A, B, activate, card, lay, new_state, put, world

A1, B1 = ModelId("A1"), ModelId("B1")
R30, R32 = 30 / 25.4 / 2, 32 / 25.4 / 2


def across(wall_hgt: int, rules: list[str], *, touching: bool) -> SunshardState:
    """A Harrier (A1) and a Pariah (B1), both HGT 2, either side of a 2"-thick wall; the Harrier's base touches the
    wall when ``touching``, else stands 1.5" off it."""
    state = new_state()
    lay(state, "W1", (10, 6, 2, 12), wall_hgt, rules)
    put(state, "A1", "Harrier", A, 10 - R30 if touching else 8.5 - R30, 12)
    put(state, "B1", "Pariah", B, 16, 12)
    return state


def test_the_crystal_vein_blocks_sight_even_for_a_model_touching_it() -> None:
    # L282, L913 (ruling blocking-terrain): a HGT 6 Blocking piece between two HGT 2 models blocks every line, the
    # lines of a model in base contact with it included.
    state = across(6, ["impassable", "seeded", "blocking"], touching=True)
    w = world(state)
    assert not has_sight(w, w.model("A1"), w.model("B1"))


def test_terrain_a_model_only_touches_blocks_as_any_other() -> None:
    # L282, L700 (ruling los-own-terrain): a model in contact with a piece is not within it, so a HGT 6 wall it
    # touches blocks its sight like any wall; the exception is for terrain a model stands within.
    state = across(6, ["impassable"], touching=True)
    w = world(state)
    assert not has_sight(w, w.model("A1"), w.model("B1"))


def test_terrain_a_model_stands_within_does_not_block_its_sight() -> None:
    # L280-282 (ruling los-own-terrain): a model partly within a HGT 3 ruin sees out of it.
    state = new_state()
    lay(state, "R1", (8, 6, 4, 12), 3, ["light-cover"])
    put(state, "A1", "Harrier", A, 8.2, 12)
    put(state, "B1", "Pariah", B, 16, 12)
    w = world(state)
    assert has_sight(w, w.model("A1"), w.model("B1"))


def test_standing_on_terrain_raises_functional_hgt_over_a_wall() -> None:
    # L280-282: completely within HGT 2 terrain the Harrier's functional HGT is 4, so a HGT 3 wall no longer blocks
    # its lines to a HGT 2 Pariah; on the ground it does.
    state = new_state()
    lay(state, "P1", (2, 10, 4, 4), 2, ["light-cover"])
    lay(state, "W1", (9, 6, 1, 12), 3, ["impassable"])
    put(state, "A1", "Harrier", A, 4, 12, z=2)
    put(state, "B1", "Pariah", B, 14, 12)
    w = world(state)
    assert has_sight(w, w.model("A1"), w.model("B1"))
    state.models[A1].z = 0
    w = world(state)
    assert not has_sight(w, w.model("A1"), w.model("B1"))


def test_no_cover_for_a_target_standing_high_more_than_two_above_the_cover() -> None:
    # L305, L280: a HGT 2 Pariah completely within HGT 2 terrain is functional HGT 4, 3 above a HGT 1 heavy wall in
    # front of it: no cover from the wall.
    state = new_state()
    lay(state, "P1", (14, 10, 4, 4), 2, ["clear"])
    lay(state, "W1", (12, 6, 0.5, 12), 1, ["heavy-cover"])
    put(state, "A1", "Harrier", A, 4, 12)
    put(state, "B1", "Pariah", B, 16, 12, z=2)
    w = world(state)
    assert cover(w, w.model("A1"), w.model("B1")).kind == "none"
    state.models[B1].z = 0
    w = world(state)
    assert cover(w, w.model("A1"), w.model("B1")).kind == "heavy"


def test_a_target_completely_within_obscuring_terrain_needs_an_aimed_shot() -> None:
    # D-46, L727: an unaimed ranged attack may not target it; an aimed one may; a target only partly within may be shot.
    state = new_state()
    lay(state, "O1", (14, 10, 4, 4), 0, ["obscuring", "clear"])
    put(state, "A1", "Captain", A, 8, 12)
    put(state, "B1", "Pariah", B, 16, 12)
    activate(state, "A1")
    w = world(state)
    with pytest.raises(RulesError, match="Obscuring"):
        check_attack(w, A, {"model": "A1", "weapon": "Officer's Pistol", "target": "B1"})
    assert check_attack(w, A, {"model": "A1", "weapon": "Officer's Pistol", "target": "B1", "aim": "yes"}).aimed
    state.models[B1].x = 14
    assert check_attack(world(state), A, {"model": "A1", "weapon": "Officer's Pistol", "target": "B1"}).ap == 1


def test_an_ambusher_in_cover_terrain_counts_as_in_obscuring_terrain() -> None:
    # L1409, L727 (ruling ambush-obscuring): an Ambush model touching light cover may only be shot with Aiming.
    data = DATA.with_imports([card("Pariah", name="Stalker", abilities=("Ambush",))])
    state = new_state()
    lay(state, "C1", (15, 8, 0.5, 8), 1, ["light-cover"])
    put(state, "A1", "Captain", A, 8, 12, data=data)
    put(state, "B1", "Stalker", B, 15.5 + R32, 12, data=data)
    activate(state, "A1", data=data)
    w = world(state, data.card("Stalker"))
    with pytest.raises(RulesError, match="Obscuring"):
        check_attack(w, A, {"model": "A1", "weapon": "Officer's Pistol", "target": "B1"})
