"""More table options played both ways (data/sunshard/rulings.yaml; the rules digest's section 14 gaps): the default
gives the reading docs/sunshard.md states, the alternative its own (Sunshard:Embren core rules v1.0)."""

from __future__ import annotations

import pytest

from engine.core import Context, ModelId, RulesError
from engine.geometry.templates import strip_template
from engine.systems.sunshard.activation import check_activate
from engine.systems.sunshard.ap import spend_ap
from engine.systems.sunshard.attack_plan import attack_cost, check_attack, under_template
from engine.systems.sunshard.attack_rerolls import reroll_ways
from engine.systems.sunshard.catalogue import SunshardData
from engine.systems.sunshard.harm import Cause, credit_for, heal, kill
from engine.systems.sunshard.magika import cast_cost
from engine.systems.sunshard.modifiers import AttackSpec, armor_target, attack_target
from engine.systems.sunshard.moving import apply_move, check_move
from engine.systems.sunshard.setup import begin_setup
from engine.systems.sunshard.sight import cover, has_sight
from engine.systems.sunshard.state import Party, SunshardState
from engine.systems.sunshard.terrain import surface
from engine.systems.sunshard.world import World, world_of
from tests.engine.systems.sunshard.tables import (
    A1,
    B1,
    B2,
    DATA,
    A,
    B,
    activate,
    answer,
    at_step,
    attack,
    card,
    duel,
    lay,
    new_state,
    objective,
    pending,
    put,
    quest_state,
    rolled,
    run,
    world,
)

GAP = 32 / 25.4


def spec(w: World, attacker: str, target: str, profile: str, **kwargs: object) -> AttackSpec:
    a, t = w.model(attacker), w.model(target)
    return AttackSpec(ModelId(attacker), ModelId(target), a.weapon(profile), cover=cover(w, a, t),
                      **kwargs)  # type: ignore[arg-type]


def test_los_threshold_terrain_as_tall_as_the_taller_or_the_shorter_model() -> None:
    # Ruling los-threshold (L282, L296): a HGT 3 wall between a Harrier (HGT 2) and an Evolved (HGT 4) is shorter than
    # the taller, so they see each other; read against the shorter, it blocks.
    for option, sees in (("taller", True), ("shorter", False)):
        state = new_state(rulings={"los-threshold": option})
        lay(state, "W1", (10, 4, 1, 16), 3, [])
        put(state, "A1", "Harrier", A, 6, 12)
        put(state, "B1", "Evolved", B, 16, 12)
        w = world(state)
        assert has_sight(w, w.model("A1"), w.model("B1")) is sees


def test_heavy_cover_adds_to_the_armor_test_against_a_cone_unless_the_table_says_not() -> None:
    # Ruling heavy-armor-vs-templates (L555-561, L573): D-20's Cone ignores the attack test's -2 either way; the Armor
    # test's +2 of heavy cover stays by default and goes under "no".
    values = {}
    for option in ("yes", "no"):
        state = new_state(rulings={"heavy-armor-vs-templates": option})
        put(state, "B1", "Aberration", B, 2, 12)
        put(state, "A1", "Captain", A, 7, 12)
        lay(state, "T1", (4.5, 10, 0.5, 4), 1, ["heavy-cover"])
        w = world(state)
        cone = spec(w, "B1", "A1", "Blight Spit")
        assert cone.cover is not None and cone.cover.kind == "heavy"
        values[option] = armor_target(w, cone).value
    assert values["yes"] == values["no"] + 2


def test_in_the_fray_counts_the_targets_enemies_or_the_attackers() -> None:
    # Ruling in-the-fray-enemy (L575): the Harrier shoots a target engaged by the Harrier's own Conscripted. Read as
    # the target's enemy (default) that is In the Fray, -2; read as the attacker's enemy, it is not.
    values = {}
    for option in ("target", "attacker"):
        state = new_state(rulings={"in-the-fray-enemy": option})
        target = card("Captain", name="Target", EVA=4)
        data = DATA.with_imports([target])
        put(state, "A1", "Harrier", A, 2, 12, data=data)
        put(state, "B1", "Target", B, 14, 12, data=data)
        put(state, "A2", "Conscripted", A, 14 + GAP, 12, data=data)
        w = world(state, target)
        values[option] = attack_target(w, spec(w, "A1", "B1", "Longbow")).value
    assert values == {"target": 5 + 4 - 2, "attacker": 5 + 4}


def test_terrain_surface_is_the_highest_or_the_lowest_piece_stood_completely_within() -> None:
    # Ruling terrain-surface (L280): a model completely within two overlapping pieces, HGT 1 and HGT 3.
    for option, hgt in (("highest", 3), ("lowest", 1)):
        state = new_state(rulings={"terrain-surface": option})
        lay(state, "T1", (8, 8, 8, 8), 1, [])
        lay(state, "T2", (9, 9, 6, 6), 3, [])
        put(state, "A1", "Captain", A, 12, 12)
        w = world(state)
        assert surface(w, w.model("A1")) == hgt


def test_falling_surface_counts_a_piece_only_when_completely_within_it() -> None:
    # Ruling falling-surface (L280, L471): a model half on a HGT 4 piece stands on the battlefield (0) by default, on
    # the piece when being within it is enough.
    for option, hgt in (("completely-within", 0), ("within", 4)):
        state = new_state(rulings={"falling-surface": option})
        lay(state, "T1", (8, 8, 4, 8), 4, [])
        put(state, "A1", "Captain", A, 12, 12)
        w = world(state)
        assert surface(w, w.model("A1")) == hgt


def test_any_heal_lifts_downed_or_only_one_that_gains_hp() -> None:
    # Ruling downed-heal (L622, L640): a Downed model with no HP lost is healed 1: Downed goes by default; under
    # hp-gained it stays, no HP being gained.
    for option, downed in (("any-heal", False), ("hp-gained", True)):
        state = new_state(rulings={"downed-heal": option})
        put(state, "A1", "Captain", A, 4, 4, tokens=["Downed"])
        after, _ = run(state, lambda ctx: heal(ctx, A1, 1, why="test"))
        assert ("Downed" in after.models[A1].tokens) is downed


def test_kill_credit_goes_to_the_opponent_whatever_the_cause_or_only_for_an_enemy_s_attack() -> None:
    # Ruling kill-credit (L897, L1004, L1287): a model Killed by its End Phase Blight (no attacker) scores for its
    # owner's opponent by default; under attacks-only nobody scores it, while an enemy's attack still does.
    for option, credited in (("opponent", B), ("attacks-only", None)):
        state = new_state(rulings={"kill-credit": option})
        put(state, "A1", "Captain", A, 4, 4)
        put(state, "B1", "Pariah", B, 12, 4)
        w = world(state)
        assert credit_for(w, w.model("A1"), Cause("Blight")) == credited
        assert credit_for(w, w.model("A1"), Cause("a shot", by=B1, action="attack")) == B


def test_burning_tests_once_per_ap_or_once_per_action() -> None:
    # Ruling burning-per-ap (L599): a Burning Conscripted (ARM 11) spends 2 AP on one move: two tests, or one.
    for option, tests in (("per-ap", 2), ("per-action", 1)):
        state = new_state(rulings={"burning-per-ap": option})
        put(state, "A1", "Conscripted", A, 10, 10, tokens=["Burning"])
        activate(state, "A1", ap=3)

        def move(ctx: Context[SunshardState]) -> None:
            spend_ap(ctx, A1, 2, "a move")
        _, events = run(state, move, rig=[3] * tests)
        assert rolled(events) == ["A1's Burning test: TN 7, rolled 3: passed."] * tests


def test_rugged_takes_two_inches_once_per_action_or_once_per_piece() -> None:
    # Ruling rugged-frequency (L389-391, L729): SPD 3 with 2 AP moving straight through two Rugged pieces may move 4"
    # (once per action) or 2" (per piece).
    slow = card("Conscripted", name="Plodder", SPD=3)
    for option, allowance in (("once-per-action", 4), ("per-piece", 2)):
        state = new_state(rulings={"rugged-frequency": option})
        put(state, "A1", "Plodder", A, 4, 4, data=DATA.with_imports([slow]))
        activate(state, "A1", ap=2)
        lay(state, "T1", (2, 5, 4, 0.5), 0, ["rugged", "clear"])
        lay(state, "T2", (2, 5.8, 4, 0.5), 0, ["rugged", "clear"])
        plan = check_move(world(state, slow), A, {"model": "A1", "ap": "2", "to": "4,6"})
        assert plan.rugged and plan.allowance == allowance


def test_swarming_counts_for_a_party_member_s_attack_or_any_attacker_s() -> None:
    # Ruling swarming-attacker (L445, L541): A1 and A2 form the party and engage the target; A3, outside the party,
    # attacks it: no Swarming by default (AA 4 + EVA 5), +2 for two others under any-attacker.
    values = {}
    for option in ("party-attacker", "any-attacker"):
        state = new_state(rulings={"swarming-attacker": option})
        put(state, "B1", "Captain", B, 12, 12)
        for i, (x, y) in enumerate([(12 - GAP, 12), (12 + GAP, 12), (12, 12 + GAP)], start=1):
            put(state, f"A{i}", "Conscripted", A, x, y)
        state.party = Party(selector=ModelId("A1"), members=[ModelId("A1"), ModelId("A2")])
        w = world(state)
        values[option] = attack_target(w, spec(w, "A3", "B1", "Bayonet")).value
    assert values == {"party-attacker": 9, "any-attacker": 11}


def test_cast_magika_costs_one_ap_or_two() -> None:
    # Ruling cast-magika-cost (L397, L654): the Cast Magika action, a blessing's or a curse's.
    for option, ap in (("one", 1), ("two", 2)):
        state = new_state(rulings={"cast-magika-cost": option})
        put(state, "A1", "Captain", A, 4, 4)
        w = world(state)
        assert cast_cost(w) == ap and attack_cost(w, "curse", False, w.model("A1")) == ap


def test_prey_reads_mark_target_as_hunters_mark_or_never_scores() -> None:
    # Ruling mark-target (L1221): side A's Captain holding Hunter's Mark is Killed: Prey scores 1 VP for the Remnant
    # (side B) by default; under "never" the deed cannot be met.
    for option, vp in (("hunters-mark", 1), ("never", 0)):
        state = quest_state("chance-encounter", rulings={"mark-target": option})
        put(state, "A1", "Captain", A, 4, 4, tokens=["Hunter's Mark"])
        put(state, "A2", "Captain", A, 8, 4)
        put(state, "B1", "Pariah", B, 12, 20)
        after, _ = run(state, lambda ctx: kill(ctx, A1, Cause("a test")))
        assert after.records[B].deed_vp == vp


def test_blood_meridian_scores_a_kill_at_an_objective_by_any_cause_or_by_an_attack() -> None:
    # Ruling blood-meridian-kill (L1057): in round 2 side A's Captain in contact with an Objective dies of no attack:
    # side B scores 1 VP by default, none under by-attack.
    for option, vp in (("enemy-any-cause", 1), ("by-attack", 0)):
        state = quest_state("blood-meridian", rulings={"blood-meridian-kill": option})
        state.round = 2
        objective(state, "O1", (12, 12))
        put(state, "A1", "Captain", A, 12 - 50 / 25.4 / 2 - GAP / 2, 12)
        put(state, "A2", "Captain", A, 4, 2)
        put(state, "B1", "Pariah", B, 12, 22)
        after, _ = run(state, lambda ctx: kill(ctx, A1, Cause("Blight")))
        assert after.records[B].quest_vp == vp


def test_fortune_re_rolls_every_attack_test_or_only_attack_actions() -> None:
    # Ruling fortune-reroll-scope (L757): with 1 Fortune, a Held Shot's test may be re-rolled by default; under
    # attack-actions only the attack action's (and a curse's, ruling curse-as-attack-action).
    for option, held in (("every-attack", True), ("attack-actions", False)):
        state = new_state(rulings={"fortune-reroll-scope": option})
        put(state, "A1", "Captain", A, 4, 4)
        state.records[A].fortune = 1
        w = world(state)
        assert ("fortune" in {o.key for o in reroll_ways(w, A1, A, "held-shot")}) is held
        assert "fortune" in {o.key for o in reroll_ways(w, A1, A, "action")}


def test_a_curse_is_an_attack_action_for_the_fortune_re_roll_unless_the_table_says_not() -> None:
    # Ruling curse-as-attack-action (L583, L757): under fortune-reroll-scope attack-actions, a curse's test may be
    # re-rolled with Fortune by default, not under "no".
    for option, offered in (("yes", True), ("no", False)):
        state = new_state(rulings={"curse-as-attack-action": option, "fortune-reroll-scope": "attack-actions"})
        put(state, "A1", "Captain", A, 4, 4)
        state.records[A].fortune = 1
        assert ("fortune" in {o.key for o in reroll_ways(world(state), A1, A, "curse")}) is offered


def test_the_model_the_opponent_picked_may_form_a_party_unless_the_table_says_not() -> None:
    # Ruling party-picked-model (L359, L437): side B won the initiative and picked side A's A1 to go first.
    for option, allowed in (("yes", True), ("no", False)):
        state = new_state(rulings={"party-picked-model": option})
        put(state, "A1", "Conscripted", A, 10, 10)
        put(state, "A2", "Conscripted", A, 12, 10)
        state.step, state.active_side = "activation", A
        state.initiative, state.first_pick = B, A1
        filled = {"model": "A1", "party": "A2"}
        if allowed:
            assert check_activate(world(state), A, filled).party == ("A2",)
        else:
            with pytest.raises(RulesError, match="activates alone"):
                check_activate(world(state), A, filled)


def test_a_model_is_under_a_template_when_overlapped_touched_or_wholly_covered() -> None:
    # Ruling template-under (L553, L559): a 5" x 1" Wall over B1 and just touching B2's base edge; B1's base sticks
    # out of its 1" width.
    wall = strip_template((12, 12), 0.0, 5.0, 1.0)
    for option, under in (("overlap", ["B1"]), ("touching", ["B1", "B2"]), ("wholly", [])):
        state = new_state(rulings={"template-under": option})
        put(state, "B1", "Pariah", B, 12, 12)
        put(state, "B2", "Pariah", B, 12, 12.5 + 16 / 25.4)
        assert [m.id for m in under_template(world(state), wall)] == under


def _with_pistol(name: str, **changes: object) -> SunshardData:
    """Test data with a Captain copy ``name`` whose Officer's Pistol is changed."""
    return DATA.with_imports([card("Captain", name=name, weapons=(
        DATA.card("Captain").weapons[0].model_copy(update=changes),))])


def test_a_perfect_attack_with_a_blighted_weapon_still_gives_its_blight_unless_the_table_says_not() -> None:
    # Ruling blighted-perfect (L521, L1506): a Blighted pistol rolls a 1 and the Aberration fails its Armor test (19):
    # it loses the HP (L1506) and, by default, gains the perfect attack's Blight too.
    data = _with_pistol("Spitter", abilities=("Blighted",))
    for option, blight in (("yes", ["Blight"]), ("no", [])):
        state = duel("Spitter", "Aberration", data=data)
        state.setup = state.setup.model_copy(update={"rulings": {"blighted-perfect": option}})
        after, _ = attack(state, "A", [1, 19], data=data, model="A1", weapon="Officer's Pistol", target="B1")
        assert after.models[B1].tokens == blight and after.models[B1].wounds_left == 2


def test_an_immaterial_model_the_hit_passes_through_gains_no_blight_unless_the_table_keeps_it() -> None:
    # Ruling immaterial-timing (L521, L1447): a perfect attack (1) on an Immaterial Shade that then rolls 10: not hit,
    # so no Blight by default; under keeps-blight the perfect attack's Blight stays.
    data = DATA.with_imports([card("Pariah", name="Shade", abilities=("Immaterial",))])
    for option, blight in (("after-rerolls", []), ("keeps-blight", ["Blight"])):
        state = duel("Captain", "Shade", 8, data=data)
        state.setup = state.setup.model_copy(update={"rulings": {"immaterial-timing": option}})
        after, _ = attack(state, "A", [1, 10], data=data, model="A1", weapon="Officer's Pistol", target="B1")
        assert after.models[B1].tokens == blight and after.models[B1].wounds_taken == 0


def test_bell_ringer_floors_on_any_die_of_x_or_less_or_only_on_a_hit() -> None:
    # Ruling bell-ringer-miss (L1502): a Bell-Ringer(3) pistol at AA 0 against EVA 2 (TN 2) rolls a 3: a miss, yet a
    # die of 3 or less, so the target is Floored by default; under "no" only a hit floors.
    data = _with_pistol("Ringer", AA=0, abilities=("Bell-Ringer(3)",))
    data = data.with_imports([card("Captain", name="Slow Target", EVA=2)])
    for option, floored in (("yes", True), ("no", False)):
        state = duel("Ringer", "Slow Target", data=data)
        state.setup = state.setup.model_copy(update={"rulings": {"bell-ringer-miss": option}})
        after, events = attack(state, "A", [3], data=data, model="A1", weapon="Officer's Pistol", target="B1")
        assert rolled(events) == ["A1's attack test on B1: TN 2, rolled 3: miss."]
        assert ("Floored" in after.models[B1].tokens) is floored


def test_a_substitute_s_perfect_attack_blight_goes_to_the_model_hit_or_the_first_target() -> None:
    # Ruling substitute-blight (L521, L1419): a perfect attack (1) on B1, whose Bodyguard B2 takes the hit and passes
    # its Armor test (2): the Blight goes to B2 by default, to B1 under first-target.
    guard = card("Pariah", name="Warden", abilities=("Bodyguard",))
    data = DATA.with_imports([guard])
    for option, blighted in (("hit-model", B2), ("first-target", B1)):
        state = duel("Captain", "Aberration", data=data)
        state.setup = state.setup.model_copy(update={"rulings": {"substitute-blight": option}})
        put(state, "B2", "Warden", B, 12, 14.5, data=data)
        waiting, _ = attack(state, "A", [1], data=data, model="A1", weapon="Officer's Pistol", target="B1")
        after, _ = answer(waiting, {"by": "bodyguard:B2"}, rig=[2], data=data)
        assert [m for m in (B1, B2) if "Blight" in after.models[m].tokens] == [blighted]


def test_a_failed_held_strike_spends_the_token_or_keeps_it() -> None:
    # Ruling held-strike-failed (L421, L429-433): the Pariah engaged by the Captain's move fails its Held Strike RSL
    # test (20): the On Guard token is spent by default, kept under "kept".
    for option, kept in (("spent", False), ("kept", True)):
        state = new_state(rulings={"held-strike-failed": option})
        put(state, "A1", "Captain", A, 4, 4)
        put(state, "B1", "Pariah", B, 4, 9, tokens=["On Guard"])
        activate(state, "A1")

        def move(ctx: Context[SunshardState]) -> None:
            apply_move(ctx, A, check_move(world_of(ctx), A, {"model": "A1", "ap": "2", "to": "contact B1"}))
        offered, _ = run(state, move)
        waiting, _ = answer(offered, {"shooter": "none"})
        after, events = answer(waiting, {"do": "strike", "weapon": "Twin Blades"}, rig=[20])
        assert rolled(events) == ["B1's Held Strike RSL test: TN 8, rolled 20: failed."]
        assert ("On Guard" in after.models[B1].tokens) is kept and after.models[A1].wounds_taken == 0


def test_the_fortunate_one_s_commander_lasts_the_round_or_the_game() -> None:
    # Ruling fortunate-one-duration (L1439-1441): the gift of Commander and Paymaster lasts the round by default.
    data = DATA.with_imports([card("Captain", name="Lucky", abilities=("Fortunate One",))])
    for option in ("round", "game"):
        state = quest_state("on-the-hunt", rulings={"fortunate-one-duration": option})
        state.round = 1
        put(state, "A1", "Lucky", A, 4, 2, data=data, leader=True)
        state.figures[A1].gained = {}  # the Fortunate One gains no Commander as a Leader (L339, L1439)
        put(state, "B1", "Pariah", B, 8, 22, data=data)
        asked, _ = at_step(state, "start", "beginning", data=data)
        assert pending(asked).kind == "fortunate-one"
        after, _ = answer(asked, {"gift": "command"}, data=data)
        assert after.figures[A1].gained.get("Commander") == after.figures[A1].gained.get("Paymaster") == option


def test_a_target_within_cover_terrain_has_its_cover_whatever_the_lines_unless_the_table_says_not() -> None:
    # Ruling cover-inside (L302-305): the Pariah stands within (or touches) a light cover piece the Captain's lines do
    # not otherwise cross: light cover by default, none under "no".
    for option, kind in (("yes", "light"), ("no", "none")):
        for x in (14.0, 13.6):  # half within it; touching its edge
            state = new_state(rulings={"cover-inside": option})
            lay(state, "C1", (14, 10, 3, 4), 1, ["light-cover"])
            put(state, "A1", "Captain", A, 4, 12)
            put(state, "B1", "Pariah", B, x, 12)
            w = world(state)
            assert cover(w, w.model("A1"), w.model("B1")).kind == kind


def test_cover_from_terrain_some_sight_line_crosses_or_every_line() -> None:
    # Ruling cover-lines (L302): a light cover piece across the upper part of the lines between the Captain and the
    # Pariah: some clear line crosses it, so light cover by default; not every line does, so none under every-line.
    for option, kind in (("any-line", "light"), ("every-line", "none")):
        state = new_state(rulings={"cover-lines": option})
        lay(state, "C1", (9, 12.3, 0.5, 4), 1, ["light-cover"])
        put(state, "A1", "Captain", A, 4, 12)
        put(state, "B1", "Pariah", B, 14, 12)
        w = world(state)
        assert cover(w, w.model("A1"), w.model("B1")).kind == kind


def test_a_downed_model_blocks_sight_like_any_model_of_its_height_unless_the_table_says_not() -> None:
    # Ruling downed-block-sight (L282, L608): a Downed and Floored Evolved (HGT 4, 3 while Floored) between a Harrier
    # and a Pariah (both HGT 2) blocks their sight by default; under "no" they see each other.
    for option, sees in (("yes", False), ("no", True)):
        state = new_state(rulings={"downed-block-sight": option})
        put(state, "A1", "Harrier", A, 4, 12)
        put(state, "B1", "Pariah", B, 14, 12)
        put(state, "B2", "Evolved", B, 9, 12, tokens=["Downed", "Floored"])
        w = world(state)
        assert has_sight(w, w.model("A1"), w.model("B1")) is sees


def test_fixed_objective_offsets_run_centre_to_centre_or_edge_to_edge() -> None:
    # Ruling objective-offsets (L969, L1073, L1103): Treasures from the Past sets its three Objectives 4" apart along
    # the centre line: between centres by default; between the bases' edges (50 mm across) under "edges".
    forces = {A: [DATA.warbands["Greywater Delvers"]], B: [DATA.warbands["Ashen Remnant"]]}
    for option, apart in (("centres", 4.0), ("edges", 4.0 + 50 / 25.4)):
        state = new_state(rulings={"objective-offsets": option})
        laid, _ = run(state, lambda ctx: begin_setup(ctx, DATA, DATA.quest("treasures-from-the-past"), forces),
                      rig=[3, 15])
        xs = sorted((min(x for x, _ in t.polygon) + max(x for x, _ in t.polygon)) / 2
                    for t in laid.terrain.values() if t.id in ("O1", "O2", "O3"))
        assert xs[1] == pytest.approx(12) and xs[1] - xs[0] == pytest.approx(apart, abs=0.01)


def test_a_curse_may_be_aimed_for_one_more_ap_unless_the_table_says_not() -> None:
    # Ruling curse-aim (L565, L583): the Aberration's Blight Bolt at the Captain, aimed: 2 AP by default; refused
    # under "no".
    for option, aims in (("yes", True), ("no", False)):
        state = quest_state("chance-encounter", rulings={"curse-aim": option})
        put(state, "B1", "Aberration", B, 10, 10)
        put(state, "A1", "Captain", A, 10, 16)
        state.figures[B1].spells = ["blight-bolt"]
        activate(state, "B1", ap=3)
        filled = {"model": "B1", "weapon": "Blight Bolt", "target": "A1", "kind": "curse", "aim": "yes"}
        if aims:
            plan = check_attack(world(state), B, filled)
            assert plan.aimed and plan.ap == 2
        else:
            with pytest.raises(RulesError, match="curses do not take the Aiming bonus"):
                check_attack(world(state), B, filled)
