"""Eldfall on the table, with numbers: hitboxes, arcs, Awareness, sight, reach, cover, templates, engagement,
movement limits and deployment."""

from __future__ import annotations

import math

import pytest

from engine.geometry import LineOfSight, Pose, Table, Terrain
from engine.systems.eldfall.cover import cover
from engine.systems.eldfall.deployment_zones import deployment_area, deployment_refusal, zone
from engine.systems.eldfall.engagement import Threat, engaged_by
from engine.systems.eldfall.hitbox import gap, hitbox
from engine.systems.eldfall.movement import (
    Leg,
    allowance,
    engaged_walk_refusal,
    fall_rolls,
    first_contact,
    jump,
    knockback,
    obstacle_refusal,
    panic_run,
    path_cost,
)
from engine.systems.eldfall.reach import band_modifier, in_reach, overdraw
from engine.systems.eldfall.schema import Band
from engine.systems.eldfall.sight import in_awareness, in_front_arc, line_of_sight
from engine.systems.eldfall.templates import (
    aim_spray,
    aura_holds,
    circle_at,
    spray_from,
    template_hits,
    template_size,
)
from tests.engine.systems.eldfall.loader import shipped_rulings

RULINGS = shipped_rulings()

MEDIUM_R = 32 / 25.4 / 2


def medium(name: str, x: float, y: float, facing: float = 0.0, z: float = 0.0) -> object:
    return hitbox(name, "Medium", Pose(x, y, z, facing), rulings=RULINGS)


def test_hitboxes_by_size_and_ruling() -> None:
    m = hitbox("M", "Medium", Pose(5, 5), rulings=RULINGS)
    assert m.radius == pytest.approx(0.630, abs=1e-3) and m.height == pytest.approx(1.772, abs=1e-3)
    assert hitbox("C", "Colossal", Pose(5, 5), rulings=RULINGS).radius == pytest.approx(1.575, abs=1e-3)
    assert hitbox("M", "Medium", Pose(5, 5), flat=True, rulings=RULINGS).height == 0.0
    assert hitbox("M", "Medium", Pose(5, 5),
                  rulings=shipped_rulings(hitbox_height="base-width")).height == pytest.approx(
        32 / 25.4)
    with pytest.raises(ValueError, match="not defined"):
        hitbox("E", "Monstrous", Pose(5, 5), rulings=RULINGS)


def test_the_gap_between_hitboxes_counts_height() -> None:
    a = hitbox("A", "Medium", Pose(10, 10), rulings=RULINGS)
    b = hitbox("B", "Medium", Pose(13, 10), rulings=RULINGS)
    assert gap(a, b) == pytest.approx(3 - 2 * MEDIUM_R)
    high = hitbox("H", "Medium", Pose(10 + 2 * MEDIUM_R, 10, z=a.top + 3.0), rulings=RULINGS)
    assert gap(a, high) == pytest.approx(3.0)  # touching across, 3 inches above its head


def test_the_front_arc_is_the_half_ahead() -> None:
    viewer = hitbox("V", "Medium", Pose(10, 10, 0, 0), rulings=RULINGS)
    assert in_front_arc(viewer, hitbox("T", "Medium", Pose(14, 10), rulings=RULINGS))
    assert not in_front_arc(viewer, hitbox("T", "Medium", Pose(6, 10), rulings=RULINGS))
    assert in_front_arc(viewer, hitbox("T", "Medium", Pose(10, 14),
                                       rulings=RULINGS))  # square to the side: its base reaches the front
    assert not in_front_arc(viewer, hitbox("T", "Medium", Pose(9.0, 14),
                                           rulings=RULINGS))  # 1 inch behind the side line
    assert in_front_arc(viewer, hitbox("T", "Medium", Pose(6, 10), rulings=RULINGS), arc=360)  # Vigilance


def test_awareness_reaches_ag_inches_from_the_base_edge() -> None:
    # L683-685: AG 10 around a 25 mm base; a hitbox edge 10 inches away is inside (touching counts).
    owner = hitbox("O", "Small", Pose(5, 5), rulings=RULINGS)
    at_ten = hitbox("E", "Small", Pose(5 + 2 * owner.radius + 10.0, 5), rulings=RULINGS)
    past = hitbox("E", "Small", Pose(5 + 2 * owner.radius + 10.05, 5), rulings=RULINGS)
    assert in_awareness(owner, 10, at_ten, rulings=RULINGS) and not in_awareness(owner, 10, past, rulings=RULINGS)
    assert in_awareness(owner, 10, past, acute_senses=True, rulings=RULINGS)
    above = hitbox("E", "Small", Pose(5 + 2 * owner.radius + 8.0, 5, z=8.0), rulings=RULINGS)
    assert not in_awareness(owner, 10, above, rulings=RULINGS)  # 8 across and 7.02 up: 10.6 away
    assert in_awareness(owner, 10, above, rulings=shipped_rulings(awareness_measure="printed-flat"))


def test_line_of_sight_needs_the_front_arc_and_a_clear_line() -> None:
    wall = Terrain.from_points("W", "wall", [(14, 8), (15, 8), (15, 12), (14, 12)], 3.0)
    sight = LineOfSight([wall])
    viewer = hitbox("V", "Medium", Pose(10, 10, 0, 0), rulings=RULINGS)
    behind_wall = hitbox("T", "Medium", Pose(18, 10), rulings=RULINGS)
    beside = hitbox("S", "Medium", Pose(12, 15), rulings=RULINGS)
    behind_back = hitbox("B", "Medium", Pose(6, 10), rulings=RULINGS)
    assert not line_of_sight(viewer, behind_wall, sight).visible
    assert line_of_sight(viewer, beside, sight).visible
    back = line_of_sight(viewer, behind_back, sight)
    assert not back.visible and "front arc" in back.reason
    assert line_of_sight(viewer, behind_back, sight, moving=True).visible
    assert line_of_sight(viewer, behind_back, sight, engaged_by_target=True).visible
    assert not line_of_sight(viewer, beside, sight, blinded=True).visible
    assert line_of_sight(viewer, viewer, sight, blinded=True).visible


def test_melee_reach_is_measured_hitbox_to_hitbox() -> None:
    a = hitbox("A", "Medium", Pose(10, 10), rulings=RULINGS)
    assert in_reach(a, hitbox("B", "Medium", Pose(10 + 2 * MEDIUM_R + 1.0, 10), rulings=RULINGS), 1.0)
    assert not in_reach(a, hitbox("B", "Medium", Pose(10 + 2 * MEDIUM_R + 1.05, 10), rulings=RULINGS), 1.0)
    assert in_reach(a, hitbox("B", "Medium", Pose(10 + 2 * MEDIUM_R, 10), rulings=RULINGS), 0.0)
    assert not in_reach(a, hitbox("B", "Medium", Pose(10 + 2 * MEDIUM_R, 10, z=2.0), rulings=RULINGS),
                        0.0)  # a ledge above
    with pytest.raises(ValueError, match="negative"):
        in_reach(a, a, -1)


def test_overdraw_lengthens_the_first_band_only() -> None:
    # Ruling archery-overdraw (L2243, L2730): only the first band grows.
    bow = (Band(upto=20, modifier=0), Band(upto=40, modifier=-6))
    assert overdraw(bow, 6, rulings=RULINGS) == (Band(upto=26, modifier=0), Band(upto=40, modifier=-6))
    shifted = overdraw(bow, 6, shipped_rulings(archery_overdraw="shift-all"))
    assert shifted == (Band(upto=26, modifier=0), Band(upto=46, modifier=-6))
    assert band_modifier(bow, 20.5, rulings=RULINGS).modifier == -6
    assert band_modifier(bow, 20.5, shipped_rulings(reach_bands="round-down")).modifier == 0


ROCK = Terrain.from_points("rock", "rock", [(14.5, 8), (15.5, 8), (15.5, 12), (14.5, 12)], 3.0)
LOW_WALL = Terrain.from_points("wall", "wall", [(14.5, 9), (15.0, 9), (15.0, 11), (14.5, 11)], 0.8)


def test_cover_heavy_light_and_none() -> None:
    shooter = hitbox("S", "Medium", Pose(2, 10), rulings=RULINGS)
    target = hitbox("T", "Medium", Pose(16.5, 10.5), rulings=RULINGS)
    heavy = cover(shooter, target, "Medium", [ROCK], rulings=RULINGS)
    assert heavy.kind == "heavy" and heavy.modifier is not None and heavy.modifier.amount == -4
    light = cover(shooter, target, "Medium", [LOW_WALL], rulings=RULINGS)
    assert light.kind == "light" and light.modifier is not None and light.modifier.amount == -2
    far = hitbox("T", "Medium", Pose(18, 10.5), rulings=RULINGS)  # 2.5 inches from the rock
    assert cover(shooter, far, "Medium", [ROCK], rulings=RULINGS).kind == "none"
    in_front = hitbox("T", "Medium", Pose(13, 10),
                      rulings=RULINGS)  # between the shooter and the rock: nothing hides it
    assert cover(shooter, in_front, "Medium", [ROCK], rulings=RULINGS).kind == "none"
    assert cover(shooter, in_front, "Medium", [ROCK], crouched=True, rulings=RULINGS).kind == "light"
    assert cover(shooter, target, "Huge", [ROCK], rulings=RULINGS).kind == "none"
    assert cover(shooter, target, "Medium", [ROCK], flying=True, rulings=RULINGS).kind == "none"
    agreed = Terrain.from_points("hedge", "hedge", [(14.5, 9), (15.0, 9), (15.0, 11), (14.5, 11)], 0.8,
                                 keywords=["heavy-cover"])
    assert cover(shooter, target, "Medium", [agreed], rulings=RULINGS).kind == "heavy"


def test_cover_from_several_sources_by_ruling() -> None:
    shooter = hitbox("S", "Medium", Pose(2, 10), rulings=RULINGS)
    target = hitbox("T", "Medium", Pose(16.5, 10.5), rulings=RULINGS)
    best = cover(shooter, target, "Medium", [LOW_WALL], crouched=True, rulings=RULINGS)
    assert best.modifier is not None and best.modifier.amount == -2
    added = cover(shooter, target, "Medium", [LOW_WALL], crouched=True,
                  rulings=shipped_rulings(cover_stacking="add-up"))
    assert added.modifier is not None and added.modifier.amount == -4


def test_template_sizes_in_inches() -> None:
    assert template_size("circular-s", rulings=RULINGS)[0] == pytest.approx(2.756, abs=1e-3)
    assert template_size("circular-l", rulings=RULINGS)[0] == pytest.approx(4.724, abs=1e-3)
    length, width = template_size("spray-l", rulings=RULINGS)
    assert (length, width) == (pytest.approx(10.236, abs=1e-3), pytest.approx(4.299, abs=1e-3))
    assert template_size("circular-5", rulings=RULINGS) == template_size("circular-s", rulings=RULINGS)
    assert template_size("circular-5", shipped_rulings(blinding_light_template="five-inch")) == (5.0, 5.0)
    with pytest.raises(ValueError, match="unknown template"):
        template_size("square", rulings=RULINGS)


def test_a_template_affects_what_it_touches_but_never_its_user() -> None:
    user = hitbox("U", "Medium", Pose(10, 10), rulings=RULINGS)
    target = hitbox("T", "Medium", Pose(16, 10), rulings=RULINGS)
    edge = hitbox("E", "Medium", Pose(16, 12.9), rulings=RULINGS)
    outside = hitbox("O", "Medium", Pose(16, 14), rulings=RULINGS)
    blast = circle_at("circular-l", (16, 10), rulings=RULINGS)
    hits = template_hits(blast, [user, target, edge, outside], user="U", main_target="T")
    assert hits.main_covered and hits.affected == ("T", "E")
    spray = spray_from(user, 0.0, "spray-s", rulings=RULINGS)
    assert template_hits(spray, [user, target], user="U").affected == ("T",)
    assert math.dist(spray.area.exterior.coords[0], user.xy) >= user.radius - 0.01  # narrow end on the base edge


def test_a_spray_is_aimed_to_cover_its_target_and_a_ground_blast_must_fit_the_aura() -> None:
    user = hitbox("U", "Medium", Pose(10, 10), rulings=RULINGS)
    target = hitbox("T", "Medium", Pose(15, 13), rulings=RULINGS)
    aimed = aim_spray(user, target, "spray-l", rulings=RULINGS)
    assert aimed is not None and template_hits(aimed, [target], user="U", main_target="T").main_covered
    assert aim_spray(user, hitbox("F", "Medium", Pose(30, 10), rulings=RULINGS), "spray-s", rulings=RULINGS) is None
    assert aura_holds(user, 10, circle_at("circular-l", (16, 10), rulings=RULINGS))
    assert not aura_holds(user, 10, circle_at("circular-l", (20, 10), rulings=RULINGS))


def test_engagement_needs_melee_reach_and_a_standing_enemy() -> None:
    model = hitbox("M", "Medium", Pose(10, 10), rulings=RULINGS)
    sword = Threat(hitbox("S", "Medium", Pose(10 + 2 * MEDIUM_R + 0.9, 10), rulings=RULINGS), 1.0)
    unarmed = Threat(hitbox("U", "Medium", Pose(10, 10 + 2 * MEDIUM_R + 0.5), rulings=RULINGS), None)
    crouched = Threat(hitbox("C", "Medium", Pose(10, 10 - 2 * MEDIUM_R), rulings=RULINGS), 2.0, frozenset({"crouched"}))
    assert engaged_by(model, [sword, unarmed, crouched]) == ("S",)
    assert engaged_by(model, [sword], flying=True) == ()


def test_movement_allowances() -> None:
    assert [allowance(k, 5, rulings=RULINGS) for k in ("walk", "idle", "run", "climb", "jump", "dodge")] == [5, 0, 10,
                                                                                                             3, 3, 3]
    assert allowance("climb", 5, climbing=True, rulings=RULINGS) == 5 and allowance("jump", 5, leap=True,
                                                                                    rulings=RULINGS) == 5
    assert allowance("jump", 5, rulings=shipped_rulings(jump_rounding="exact")) == 2.5
    assert obstacle_refusal(1.5, 0.0, 1.772, "walk") is None
    assert "only Climb, Jump or a ladder" in (obstacle_refusal(2.5, 0.0, 1.772, "run") or "")
    assert obstacle_refusal(2.5, 0.0, 1.772, "climb") is None


def test_a_jump_lands_pulls_up_or_falls() -> None:
    assert jump((0, 0, 0), (3, 0, 0), 6, 1.77, rulings=RULINGS).kind == "lands"
    pulled = jump((0, 0, 0), (2.8, 0, 1.7), 6, 1.77,
                  rulings=RULINGS)  # 3.27 inches, but across in 3 and the step within reach
    assert pulled.kind == "pulls-up"
    assert jump((0, 0, 0), (2.5, 0, 2.5), 6, 1.77, rulings=RULINGS).kind == "falls"  # the step is above its head
    fell = jump((0, 0, 4.0), (5, 0, 4.0), 6, 1.77, ground_below=0.0, rulings=RULINGS)
    assert fell.kind == "falls" and fell.at == (3.0, 0.0, 0.0) and fell.drop == 4.0
    assert fall_rolls(fell.drop, 6) == 1


def test_a_move_stops_at_the_first_enemy_it_touches() -> None:
    mover = hitbox("M", "Medium", Pose(0, 10), rulings=RULINGS)
    enemy = hitbox("E", "Medium", Pose(10, 10), rulings=RULINGS)
    contact = first_contact([(0, 10), (20, 10)], mover, [enemy])
    assert contact is not None and contact.other == "E"
    assert contact.along == pytest.approx(10 - 2 * MEDIUM_R, abs=0.02)
    in_reach_at = first_contact([(0, 10), (20, 10)], mover, [enemy], within=2.0)
    assert in_reach_at is not None and in_reach_at.along == pytest.approx(8 - 2 * MEDIUM_R, abs=0.02)
    assert first_contact([(0, 0), (20, 0)], mover, [enemy]) is None


def test_an_engaged_model_walks_only_straight_at_an_engager() -> None:
    engager = hitbox("E", "Medium", Pose(12, 10), rulings=RULINGS)
    assert engaged_walk_refusal((10, 10), (11, 10), [engager]) is None
    assert "straight toward" in (engaged_walk_refusal((10, 10), (10, 12), [engager]) or "")


def test_a_panicked_model_runs_for_the_nearest_edge() -> None:
    table = Table(36, 36)
    near = panic_run(hitbox("P", "Medium", Pose(4, 20), rulings=RULINGS), 5, table, rulings=RULINGS)
    assert (near.edge, near.leaves_table) == ("left", True)
    mid = panic_run(hitbox("P", "Medium", Pose(12, 20), rulings=RULINGS), 5, table, rulings=RULINGS)
    assert (mid.edge, mid.end, mid.leaves_table) == ("left", (2.0, 20.0), False)
    corner = panic_run(hitbox("P", "Medium", Pose(18, 18), rulings=RULINGS), 5, table, rulings=RULINGS)
    assert corner.edges == ("left", "right", "bottom", "top")
    assert panic_run(hitbox("P", "Medium", Pose(18, 18), rulings=RULINGS), 5, table, edge="top",
                     rulings=RULINGS).end == (18.0, 28.0)
    grazing = panic_run(hitbox("P", "Medium", Pose(10.3, 20), rulings=RULINGS), 5, table,
                        rulings=shipped_rulings(panic_edge="touches-edge"))
    assert grazing.leaves_table


def test_knockback_pushes_away_and_stops_at_what_it_meets() -> None:
    target = hitbox("T", "Medium", Pose(10, 10), rulings=RULINGS)
    free = knockback(target, (8, 10), 0.0, 3.0, rulings=RULINGS)
    assert free.end == pytest.approx((13.0, 10.0)) and free.stopped_by is None
    blocker = hitbox("B", "Medium", Pose(12.5, 10), rulings=RULINGS)
    stopped = knockback(target, (8, 10), 0.0, 3.0, bases=[blocker], rulings=RULINGS)
    assert stopped.stopped_by == "B" and stopped.moved == pytest.approx(2.5 - 2 * MEDIUM_R, abs=0.02)
    pillar = Terrain.from_points("P", "pillar", [(12, 9), (13, 9), (13, 11), (12, 11)], 4.0)
    walled = knockback(target, (8, 10), 0.0, 3.0, terrain=[pillar], rulings=RULINGS)
    assert walled.stopped_by == "P" and walled.moved == pytest.approx(2 - MEDIUM_R, abs=0.02)
    with pytest.raises(ValueError, match="away from the attacker"):
        knockback(target, (8, 10), 180.0, 3.0, rulings=RULINGS)


def test_deployment_areas() -> None:
    table = Table(36, 36)
    assert zone(table, "bottom").bounds == (0, 0, 36, 8)
    assert deployment_area(table, "bottom", tactician=True).bounds == (0, 0, 36, 13)
    assert deployment_area(table, "bottom", infiltration=1).bounds == (0, 0, 36, 18)
    assert deployment_area(table, "bottom", infiltration=2).bounds == (0, 0, 36, 28)
    inside = hitbox("M", "Medium", Pose(10, 4), rulings=RULINGS)
    straddling = hitbox("M", "Medium", Pose(10, 7.8), rulings=RULINGS)
    assert deployment_refusal(inside, zone(table, "bottom"), rulings=RULINGS) is None
    assert "fully inside" in (deployment_refusal(straddling, zone(table, "bottom"), rulings=RULINGS) or "")
    assert "at least half" in (deployment_refusal(inside, zone(table, "bottom"), supported_share=0.4,
                                                  rulings=RULINGS) or "")
    with pytest.raises(ValueError, match="not a table edge"):
        zone(table, "north")


def test_path_cost_doubles_on_ladders() -> None:
    assert path_cost([Leg(3.0), Leg(2.0, double=True)]) == 7.0
