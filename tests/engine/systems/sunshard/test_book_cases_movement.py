"""Movement checked against the rulebook itself: moves, vaults and placements, passing models and terrain, Climbing,
Disengage and the Charge a move makes ready (Sunshard:Embren core rules v1.0, L387-417, L449-481, L537, L714)."""

from __future__ import annotations

import pytest

from engine.core import Context, IllegalCommand, ModelId, RulesError
from engine.systems.sunshard.activation import start_activation
from engine.systems.sunshard.attack_plan import check_attack
from engine.systems.sunshard.moving import allowance, apply_move, check_move
from engine.systems.sunshard.specials import apply_special, check_special
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.vaults import check_vault
from engine.systems.sunshard.world import world_of
from tests.engine.systems.sunshard.tables import DATA, A, B, activate, card, lay, new_state, put, run, walk, world

A1, A2, B1 = ModelId("A1"), ModelId("A2"), ModelId("B1")
R32, R50 = 32 / 25.4 / 2, 50 / 25.4 / 2


def test_a_model_passes_through_a_friend_no_taller_than_itself_but_never_an_enemy() -> None:
    # L463: functional HGT at least the friend's lets a model move through it; a shorter one goes round.
    evolved = card("Evolved", name="Ally Brute", alignments=("Delver",))
    data = DATA.with_imports([evolved])
    state = new_state()
    put(state, "A1", "Ally Brute", A, 12, 4, data=data)
    put(state, "A2", "Conscripted", A, 12, 8, data=data)
    put(state, "B1", "Conscripted", B, 5, 8, data=data)
    put(state, "A3", "Conscripted", A, 5, 4, data=data)
    activate(state, "A1", ap=2, data=data)
    w = world(state, evolved)
    plan = check_move(w, A, {"model": "A1", "ap": "2", "to": "12,10"})
    assert plan.distance == pytest.approx(6)  # straight through the Conscripted
    state.activation = None
    activate(state, "A3", ap=2, data=data)
    w = world(state, evolved)
    around = check_move(w, A, {"model": "A3", "ap": "2", "to": "5,11"})
    assert around.distance > 7.0 + 0.1  # round the enemy in its way, not through it


def test_a_short_model_goes_round_a_taller_friend() -> None:
    # L463: a HGT 2 model may not move through a HGT 4 friend.
    evolved = card("Evolved", name="Ally Brute", alignments=("Delver",))
    data = DATA.with_imports([evolved])
    state = new_state()
    put(state, "A1", "Conscripted", A, 12, 4, data=data)
    put(state, "A2", "Ally Brute", A, 12, 7, data=data)
    activate(state, "A1", ap=2, data=data)
    plan = check_move(world(state, evolved), A, {"model": "A1", "ap": "2", "to": "12,10"})
    assert plan.distance > 6.0 + 0.1  # a detour, not the straight 6"


def test_a_vault_may_not_pass_through_terrain_more_than_one_hgt_taller_even_impassable() -> None:
    # L467, L714: the Crystal Vein (HGT 6, Impassable) is more than 1 above a HGT 2 model, so no vault goes over it;
    # a low Impassable piece (HGT 3) may be vaulted over but not ended within.
    state = new_state()
    put(state, "A1", "Pariah", A, 6, 12)
    lay(state, "CV", (8, 10, 2, 4), 6, ["impassable", "blocking"], kind="crystal-vein")
    with pytest.raises(IllegalCommand, match="cannot vault within CV"):
        check_vault(world(state), world(state).model("A1"), (11.5, 12), 5.5)
    low = new_state()
    put(low, "A1", "Pariah", A, 6, 12)
    lay(low, "W1", (8, 10, 1, 4), 3, ["impassable"])
    assert check_vault(world(low), world(low).model("A1"), (10.5, 12), 5.0) == pytest.approx(4.5)
    with pytest.raises(IllegalCommand, match="Impassable"):
        check_vault(world(low), world(low).model("A1"), (8.5, 12), 5.0)


def test_climbing_down_costs_the_terrain_s_hgt_and_is_no_fall() -> None:
    # L411-415: from the edge of terrain it stands completely within to the battlefield, 1 AP per HGT; Climbing
    # ignores the falling rule, so no Floored and no falling test.
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10, z=3)
    lay(state, "T1", (8, 8, 4, 4), 3, ["light-cover"])
    activate(state, "A1")
    plan = check_special(world(state), A, {"action": "climb", "model": "A1"})
    assert plan.ap == 3 and plan.height == 0
    after, _ = run(state, lambda ctx: apply_special(ctx, plan))
    assert after.models[A1].z == 0 and after.models[A1].tokens == []


def test_climbing_is_refused_without_the_ap() -> None:
    # L417.
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10)
    lay(state, "T1", (10 + R32, 8, 4, 4), 5, ["heavy-cover"])
    activate(state, "A1", ap=2)
    with pytest.raises(RulesError, match="Climbing costs 3 AP"):
        check_special(world(state), A, {"action": "climb", "model": "A1", "choice": "T1"})


def _on_a_ledge(**rulings: str) -> SunshardState:
    """A1 (a Captain, HGT 2) standing completely within a HGT 2 ledge T0, against a HGT 4 wall T1: functional HGT 4."""
    state = new_state(rulings=rulings)
    lay(state, "T0", (6, 8, 4, 4), 2, ["light-cover"])
    lay(state, "T1", (10, 8, 4, 4), 4, ["heavy-cover"])
    put(state, "A1", "Captain", A, 10 - R32, 10, z=2)
    activate(state, "A1", ap=0)
    return state


def test_climbing_needs_terrain_taller_than_the_model_s_functional_hgt() -> None:
    # L411-413 (ruling climb-height `functional`): on a HGT 2 ledge the Captain is HGT 4, as tall as the wall, so there
    # is nothing to climb (it moves onto it, L467); Climbing no longer places it there for 0 AP, even at 0 AP left.
    with pytest.raises(RulesError, match=r"not taller than A1 \(functional HGT 4\)"):
        check_special(world(_on_a_ledge()), A, {"action": "climb", "model": "A1", "choice": "T1"})


def test_climbing_by_printed_hgt_costs_the_printed_difference() -> None:
    # Ruling climb-height `printed`: the wall is 2 taller than the Captain's HGT 2, so 2 AP, which it lacks (L417).
    with pytest.raises(RulesError, match="Climbing costs 2 AP and A1 has 0"):
        check_special(world(_on_a_ledge(**{"climb-height": "printed"})), A,
                      {"action": "climb", "model": "A1", "choice": "T1"})


def test_climbing_down_from_hgt_0_terrain_is_no_climb() -> None:
    # L411-413: no HGT to climb down, so no 0-AP Climbing placement off it (a move takes it off).
    state = new_state()
    lay(state, "T0", (6, 8, 4, 4), 0, ["rugged"])
    put(state, "A1", "Captain", A, 8, 10)
    activate(state, "A1", ap=0)
    with pytest.raises(RulesError, match="HGT 0"):
        check_special(world(state), A, {"action": "climb", "model": "A1"})


def test_floored_takes_two_inches_off_speed() -> None:
    # L608: SPD 4 Floored moves 2" an AP.
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10, tokens=["Floored"])
    w = world(state)
    assert allowance(w, w.model("A1"), 2).value == 4


def test_the_rescue_marker_costs_its_carrier_one_ap_and_one_spd() -> None:
    # L872 (ruling rescue-marker): the Captain (AP 3, SPD 4) carrying the Rescue marker activates with 2 AP and
    # moves 3" an AP.
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10, tokens=["Rescue"])
    after, _ = run(state, lambda ctx: start_activation(ctx, A1))
    assert after.activation is not None and after.activation.ap == 2
    w = world(after)
    assert allowance(w, w.model("A1"), 1).value == 3


def test_a_model_touching_only_a_downed_enemy_may_move_away() -> None:
    # L393, L1327 (ruling downed-engagement): a Downed model engages nobody, so it does not hold its enemy in place.
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10)
    put(state, "B1", "Pariah", B, 10 + 2 * R32, 10, tokens=["Downed", "Floored"])
    activate(state, "A1")
    after, _ = walk(state, "10,6")
    assert (after.models[A1].x, after.models[A1].y) == (10, 6)


def test_disengage_needs_an_enemy_engaging_the_model() -> None:
    # L409: only a model engaged by an enemy may Disengage.
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10)
    put(state, "B1", "Pariah", B, 16, 10)
    activate(state, "A1")
    with pytest.raises(RulesError, match="not engaged"):
        check_special(world(state), A, {"action": "disengage", "model": "A1", "to": "7,10"})


def test_a_disengage_read_literally_may_not_end_within_the_model_s_own_reach_of_its_enemy() -> None:
    # L155-157, L409, L537 (ruling downed-engagement `literal`): A1 with a Reach Pike, in contact with B1, vaults
    # 1.5" off: it still engages B1 with its Pike, so it is still engaged with it; 2.5" off it is free. By default
    # (`only-standing`) only B1 engaging A1 counts, and 1.5" off is free.
    pike = DATA.card("Captain").weapons[1].model_copy(update={"name": "Pike", "RN": 2, "abilities": ("Reach",)})
    lancer = card("Captain", name="Lancer", weapons=(pike,))
    data = DATA.with_imports([lancer])
    for reading, refused in (("literal", True), ("only-standing", False)):
        state = new_state(rulings={"downed-engagement": reading})
        put(state, "A1", "Lancer", A, 10, 10, data=data)
        put(state, "B1", "Pariah", B, 10 + 2 * R32, 10, data=data)
        activate(state, "A1", data=data)
        w = world(state, lancer)
        if refused:
            with pytest.raises(RulesError, match="still be engaged with B1"):
                check_special(w, A, {"action": "disengage", "model": "A1", "to": "8.5,10"})
        else:
            check_special(w, A, {"action": "disengage", "model": "A1", "to": "8.5,10"})
        check_special(w, A, {"action": "disengage", "model": "A1", "to": "7.5,10"})


def test_a_charge_needs_a_movement_action_ending_in_contact() -> None:
    # L405, L1305: standing in contact at the start of the activation readies no Charge; moving into contact does.
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10)
    put(state, "B1", "Pariah", B, 10 + 2 * R32, 10)
    activate(state, "A1")
    with pytest.raises(RulesError, match="did not end a movement action in contact"):
        check_attack(world(state), A, {"model": "A1", "weapon": "Sabre", "target": "B1", "kind": "charge"})


def test_a_reach_model_may_charge_after_ending_a_move_within_two_inches_in_sight() -> None:
    # L537-539: a Reach profile's model readies a Charge at an enemy within 2" and in sight when its move ends.
    pike = DATA.card("Captain").weapons[1].model_copy(update={"name": "Pike", "RN": 2, "abilities": ("Reach",)})
    data = DATA.with_imports([card("Captain", name="Pikeman", weapons=(pike,))])
    state = new_state()
    put(state, "A1", "Pikeman", A, 10, 4, data=data)
    put(state, "B1", "Pariah", B, 10, 10, data=data)
    activate(state, "A1", data=data)

    def work(ctx: Context[SunshardState]) -> None:
        apply_move(ctx, A, check_move(world_of(ctx), A, {"model": "A1", "ap": "1", "to": "10,7.2"}))
    after, _ = run(state, work, data=data)
    assert after.activation is not None and after.activation.moved_into == [B1]
    plan = check_attack(world(after, data.card("Pikeman")), A,
                        {"model": "A1", "weapon": "Pike", "target": "B1", "kind": "charge"})
    assert plan.ap == 0
