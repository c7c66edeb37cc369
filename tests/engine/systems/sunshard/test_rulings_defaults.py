"""Table options whose alternatives are still played by hand (rulings.PLAYED_AS_DEFAULT): the default each plays,
as docs/sunshard.md states it (Sunshard:Embren core rules v1.0; the rules digest's section 14 gaps)."""

from __future__ import annotations

import pytest

from engine.core import Context, IllegalCommand, ModelId, RulesError
from engine.systems.sunshard.activation import check_activate
from engine.systems.sunshard.attack_plan import attack_cost, check_attack
from engine.systems.sunshard.events import VpScored
from engine.systems.sunshard.harm import heal
from engine.systems.sunshard.moving import check_move
from engine.systems.sunshard.quests import quest_outcome
from engine.systems.sunshard.sight import has_sight
from engine.systems.sunshard.specials import apply_special, check_special
from engine.systems.sunshard.state import Activation, LooseMarker, SunshardState
from engine.systems.sunshard.world import world_of
from engine.systems.sunshard.zones import contested, in_area, wholly_in
from tests.engine.systems.sunshard.tables import (
    DATA,
    A,
    B,
    activate,
    at_step,
    attack,
    card,
    new_state,
    objective,
    pending,
    put,
    quest_state,
    run,
    world,
)

A1 = ModelId("A1")
GAP = 32 / 25.4


def test_equal_vp_at_the_end_is_a_tie() -> None:
    # Ruling quest-tie (L983, L1006, L1035, L1401): On The Hunt ends 5 VP each (A's 4 quest and 1 deed VP): a draw,
    # the deed VP breaking no tie; 6 against 5 has its winner.
    state = quest_state("on-the-hunt")
    state.records[A].quest_vp, state.records[B].quest_vp = 4, 5
    state.records[A].deed_vp = 1
    tied = quest_outcome(world(state))
    assert tied.draw and tied.winner is None and set(tied.winners) == {A, B}
    state.records[A].deed_vp = 2
    assert quest_outcome(world(state)).winner == A


def test_a_held_shot_takes_no_aiming_bonus() -> None:
    # Ruling held-shot-aim (L427, L565): the On Guard Harrier's shot at the activating Captain may not be aimed.
    state = new_state()
    put(state, "A1", "Captain", A, 4, 12)
    put(state, "B1", "Harrier", B, 14, 12, tokens=["On Guard"])
    state.activation = Activation(model=A1, side=A, ap=3)
    w = world(state)
    filled = {"model": "B1", "weapon": "Longbow", "target": "A1", "kind": "held-shot"}
    with pytest.raises(RulesError, match="only a ranged attack action takes the Aiming bonus"):
        check_attack(w, B, {**filled, "aim": "yes"})
    assert not check_attack(w, B, filled).aimed


def test_the_placeholder_templates_measure_as_the_ruling_says() -> None:
    # Ruling template-sizes (L135, L145, L553, L559): the Cone 8" long, 1" at the white line and 3" at the far end;
    # the Wall 5" by 1".
    cone, wall = DATA.templates["cone"], DATA.templates["wall"]
    assert (cone.length, cone.near, cone.far) == (8, 1, 3)
    assert (wall.length, wall.width) == (5, 1)


def test_a_base_stays_on_the_battlefield() -> None:
    # Ruling table-edge (L1089 alone lets models leave): a move whose base would cross the table's edge is refused;
    # one that keeps the whole base on the battlefield is made.
    state = new_state()
    put(state, "A1", "Captain", A, 2, 12)
    activate(state, "A1")
    with pytest.raises(IllegalCommand, match="cross the table edge"):
        check_move(world(state), A, {"model": "A1", "ap": "1", "to": "0.3,12"})
    assert check_move(world(state), A, {"model": "A1", "ap": "1", "to": "1,12"})


def test_no_charge_after_a_disengage_vault_into_contact() -> None:
    # Ruling charge-after-vault (L405, L1305): the Captain disengages from B1 into contact with B2; a Charge needs a
    # movement action, so B2 cannot be charged.
    state = new_state()
    put(state, "A1", "Captain", A, 10, 10)
    put(state, "B1", "Pariah", B, 10 + GAP, 10)
    put(state, "B2", "Pariah", B, 7 - GAP, 10)
    activate(state, "A1", ap=3)

    def disengage(ctx: Context[SunshardState]) -> None:
        apply_special(ctx, check_special(world_of(ctx), A, {"action": "disengage", "model": "A1", "to": "7,10"}))
    after, _ = run(state, disengage)
    with pytest.raises(RulesError, match="did not end a movement action in contact"):
        check_attack(world(after), A, {"model": "A1", "weapon": "Sabre", "target": "B2", "kind": "charge"})


def test_eagle_eye_keeps_aiming_free_for_the_whole_activation() -> None:
    # Ruling eagle-eye-duration (L1429-1431): after an aimed shot, the next aimed shot in the same activation still
    # costs 1 AP, not 2.
    state = new_state()
    put(state, "A1", "Harrier", A, 4, 12)
    put(state, "B1", "Pariah", B, 14, 12)
    activate(state, "A1", ap=3)

    def eye(ctx: Context[SunshardState]) -> None:
        apply_special(ctx, check_special(world_of(ctx), A, {"action": "eagle-eye", "model": "A1"}))
    eyed, _ = run(state, eye)
    shot, _ = attack(eyed, "A", [19], model="A1", weapon="Longbow", target="B1", aim="yes")
    assert shot.activation is not None and shot.activation.ap == 1
    assert attack_cost(world(shot), "action", True, world(shot).model("A1")) == 1


def test_the_protected_model_s_controller_picks_the_friend_hit_instead() -> None:
    # Ruling protected-picker (L1471): the Captain hits a Protected Aberration (B1) with a friend (B2) within 4" and
    # in sight: side B, its controller, is asked who is hit, B2 among the answers.
    data = DATA.with_imports([card("Aberration", name="Ward", abilities=("Protected",))])
    state = new_state()
    put(state, "A1", "Captain", A, 2, 12, data=data)
    put(state, "B1", "Ward", B, 12, 12, data=data)
    put(state, "B2", "Pariah", B, 12, 14.5, data=data)
    activate(state, "A1", data=data)
    waiting, _ = attack(state, "A", [5], data, model="A1", weapon="Officer's Pistol", target="B1")
    decision = pending(waiting)
    assert decision.kind == "substitute" and decision.owner == B
    assert "protected:B2" in [o.key for o in decision.parts[0].options]


def test_a_downed_model_healed_before_it_activates_may_be_selected() -> None:
    # Ruling healed-before-activation (L381, L622): Downed, it may not be selected; healed (Downed lifted), it may.
    state = new_state()
    state.step, state.active_side = "activation", A
    put(state, "A1", "Captain", A, 10, 10, hp_lost=2, tokens=["Downed", "Floored"])
    with pytest.raises(RulesError, match="Downed"):
        check_activate(world(state), A, {"model": "A1"})
    healed, _ = run(state, lambda ctx: heal(ctx, A1, 1, why="a Blessing"))
    assert check_activate(world(healed), A, {"model": "A1"}).model == "A1"


def test_the_last_round_scores_its_round_before_the_game() -> None:
    # Ruling final-round-order (L345, L375): Chance Encounter's last End Phase: side A's Bedlam (an end-of-round deed,
    # three models against two) is scored before the end of the game's survivors (L1004) and Know Who Pays the
    # Bills (L1213, its Leader standing).
    state = quest_state("chance-encounter")
    state.round = state.rounds
    for n, x in enumerate((4, 8, 12), start=1):
        put(state, f"A{n}", "Conscripted", A, x, 2, leader=n == 1)
    put(state, "B1", "Pariah", B, 4, 22)
    put(state, "B2", "Pariah", B, 8, 22)
    after, events = at_step(state, "end", "end-of-round")
    scored = [(e.body.side, e.body.deed or e.body.source) for e in events if isinstance(e.body, VpScored)]
    assert scored == [(A, "bedlam"), (A, "quest"), (B, "quest"), (A, "know-who-pays-the-bills")]
    assert after.phase == "over"


def test_shard_seed_markers_stay_on_their_objectives_from_round_to_round() -> None:
    # Ruling shard-seed-markers (L1209, L1247-1249): a Shard Seed marker on O1 is still there once round 1's End Phase
    # is over and round 2 begins.
    state = quest_state("stake-a-claim")
    state.round = 1
    objective(state, "O1", (12, 12))
    state.objective_markers["O1"] = ["Shard Seed"]
    put(state, "A1", "Captain", A, 4, 2)
    put(state, "B1", "Pariah", B, 4, 22)
    after, _ = at_step(state, "end", "end-of-round", rig=[5, 12])
    assert after.round == 2 and after.objective_markers == {"O1": ["Shard Seed"]}


def test_a_marker_blocks_neither_a_move_nor_sight() -> None:
    # Ruling markers-block (L632, L1349): a Rescue marker dropped between the Captain and the Pariah: the Captain walks
    # straight over it (4" with 1 AP at SPD 4) and still sees the Pariah beyond.
    state = new_state()
    put(state, "A1", "Captain", A, 4, 4)
    put(state, "B1", "Pariah", B, 4, 16)
    state.markers["M1"] = LooseMarker(id="M1", kind="Rescue", x=4, y=6)
    activate(state, "A1")
    w = world(state)
    assert has_sight(w, w.model("A1"), w.model("B1"))
    plan = check_move(w, A, {"model": "A1", "ap": "1", "to": "4,8"})
    assert plan.distance == pytest.approx(4)


def test_in_a_zone_means_some_of_the_base_overlaps_it_and_completely_all_of_it() -> None:
    # Ruling zone-predicates (L828, L1029-1033, L1175): On The Hunt's Contested Ground runs from 8" to 16"; a base
    # straddling its edge at y 8 is in it but not completely; one only touching the edge from outside is not in it.
    state = quest_state("on-the-hunt")
    put(state, "A1", "Captain", A, 6, 8)
    put(state, "A2", "Captain", A, 10, 8 - 16 / 25.4)
    put(state, "A3", "Captain", A, 14, 12)
    w = world(state)
    ground = contested(w)
    assert [in_area(w.model(m).base(), ground) for m in ("A1", "A2", "A3")] == [True, False, True]
    assert [wholly_in(w.model(m).base(), ground) for m in ("A1", "A3")] == [False, True]
