"""Re-rolls checked case by case against the rulebook itself (Shroudfall rulebook v1.4): the order (the essence
re-roll, the active player's others, then the inactive player's), each die once per player, which rolls each source
touches, Hard to Hit after every re-roll, and levels of Elusive that do not stack unless marked (+X)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Decision, ModelId, SideId
from engine.systems.shroudfall.rerolls import attacker_allowances, defender_allowances

from .striking import strike
from .tables import Put, Scenery, Table, square

M = ModelId
A = SideId("A")


def _duel(conditions: dict[str, list[str]] | None = None, effects: dict[str, dict[str, str]] | None = None,
          scenery: Sequence[Scenery] = (), target: str = "sages") -> Table:
    # Razhu (Accurate Strike (1), melee 3 yellow + 1 red) against a Sage (DEF 5, Elusive (1)) or another target.
    return Table([Put("A1", "razhu", 10, 10), Put("B1", target, 10, 11.8)], list(scenery),
                 conditions=conditions or {}, effects=effects or {})


def test_the_attacker_rerolls_first_then_the_defender_each_die_once_per_player() -> None:
    # L811-813, L1565-1570: the active player's re-rolls all come before the inactive player's; a die is re-rolled
    # once by each player, so the attacker may not re-roll its Accurate Strike die again with Hexed (L1405), while the
    # defender may still force that same die again with Elusive (L1331).
    asked: list[Decision] = []
    judged = strike(_duel(conditions={"B1": ["hexed"]}), "A1", "Dragonclaw", "B1", 0, 2, 3, 2, 1, 3, 2,
                    answers=("1", "2", "1"), asked=asked)
    assert [(d.owner, d.prompt.split(":")[0], [o.key for o in d.parts[0].options]) for d in asked[:3]] == [
        ("A", "Accurate Strike (1) (L1313)", ["1", "keep"]), ("A", "target Hexed (L1405)", ["keep", "2", "3", "4"]),
        ("B", "Elusive (1) (L1331)", ["2", "1", "3", "4"])]
    assert [line.split(":")[0] for line in judged.lines if "re-roll" in line] == [
        "attacker re-roll (A)", "attacker re-roll (A)", "defender re-roll (B)"]
    assert "hit 1R+3Y [Y2 Y3 Y3 R2] = 10 vs DEF 5" in judged.summary


def test_the_essence_reroll_is_the_whole_roll_first_and_other_rerolls_may_follow() -> None:
    # L933-937: pay one crystal to re-roll the whole roll before any other re-roll; Accurate Strike may then still
    # re-roll a blank of the new roll, though the essence re-roll already touched that die (L813's exception).
    # Razhu's 0, 0, 1, 2 misses the Lawbringers' DEF 4: seeing it, his player pays the grey to re-roll it all.
    table = _duel(target="lawbringers")
    table.state.record(A).reserve = ["grey"]
    judged = strike(table, "A1", "Dragonclaw", "B1", 0, 0, 1, 2, 0, 3, 2, 3, 3, answers=("grey", "1"))
    assert "hit 1R+3Y [Y3 Y3 Y2 R3] = 11" in judged.summary and table.state.record(A).reserve == []
    assert [line.split(":")[0] for line in judged.lines if "re-roll" in line] == [
        "essence re-roll (A)", "attacker re-roll (A)"]


def test_elusive_touches_hit_rolls_only_and_hard_to_see_does_not_stack_on_it() -> None:
    # L1331: Elusive forces re-rolls of attack (hit) rolls, not damage rolls. L1445: Hard to see grants Elusive (1);
    # L286-290: two effects each granting Elusive (1) give Elusive (1), not (2) (only (+X) effects add up).
    thicket = Scenery("T1", "Thicket", "area", ("Area Terrain", "Hard to see"), square(8, 10.8, 4, 3))
    world = _duel(scenery=[thicket]).world
    claw = world.card(M("A1")).weapons[0]
    assert [a.source for a in defender_allowances(world, M("A1"), M("B1"), claw, "hit")] == ["Elusive (1)"]
    assert defender_allowances(world, M("A1"), M("B1"), claw, "damage") == []
    plain = Table([Put("A1", "razhu", 10, 10), Put("B1", "lawbringers", 10, 11.8)], [thicket]).world
    assert [a.count for a in defender_allowances(plain, M("A1"), M("B1"), claw, "hit")] == [1]
    boosted = _duel(scenery=[thicket], effects={"B1": {"passive:Elusive (+1)": "round"}}).world
    assert [a.count for a in defender_allowances(boosted, M("A1"), M("B1"), claw, "hit")] == [2]


def test_elusive_always_rerolls_its_dice_the_defender_choosing_which() -> None:
    # L1331: the attacker HAS to re-roll X dice, the defender choosing them (unlike "may" re-rolls); when the defender
    # names none, the highest die goes (ruling elusive-count). Razhu's 2, 2, 3, 4 loses the red 4 to a 2.
    assert "hit 1R+3Y [Y2 Y2 Y3 R2] = 9" in strike(_duel(), "A1", "Dragonclaw", "B1", 2, 2, 3, 4, 2).summary
    chosen = strike(_duel(), "A1", "Dragonclaw", "B1", 2, 2, 3, 4, 0, answers=("3",))
    assert "hit 1R+3Y [Y2 Y2 Y0 R4] = 8" in chosen.summary


def test_hexed_and_shocked_reach_both_rolls_accurate_strike_only_the_melee_hit_roll() -> None:
    # L1405: against a Hexed unit the attacker re-rolls one die of each hit and damage roll. L1417: a Shocked attacker
    # may be made to re-roll one die of each of its hit and damage rolls. L1313: Accurate Strike, melee hit rolls only.
    world = _duel(conditions={"A1": ["shocked"], "B1": ["hexed"]}).world
    claw = world.card(M("A1")).weapons[0]
    assert [a.source for a in attacker_allowances(world, M("A1"), M("B1"), claw, "hit")] == [
        "Accurate Strike (1)", "target Hexed"]
    assert [a.source for a in attacker_allowances(world, M("A1"), M("B1"), claw, "damage")] == ["target Hexed"]
    for which in ("hit", "damage"):
        assert "attacker Shocked" in [a.source for a in defender_allowances(world, M("A1"), M("B1"), claw, which)]


def test_accurate_shot_rerolls_blanks_of_ranged_hit_rolls_not_accurate_strike() -> None:
    # L1313-1315: Accurate Strike is for melee hit rolls, Accurate Shot for ranged and arcane ones, blanks only.
    table = Table([Put("A1", "lawbringers", 10, 10), Put("B1", "razhu", 10, 16)],
                  effects={"A1": {"passive:Accurate Strike (2)": "game"}})
    repeater = table.world.card(M("A1")).weapons[1]
    assert attacker_allowances(table.world, M("A1"), M("B1"), repeater, "hit") == []
    table.state.units["A1"].effects = {"passive:Accurate Shot (1)": "game"}
    found = attacker_allowances(table.world, M("A1"), M("B1"), repeater, "hit")
    assert [(a.source, a.count, a.blanks_only) for a in found] == [("Accurate Shot (1)", 1, True)]


def test_fortified_and_vulnerable_positions_touch_damage_rolls_only() -> None:
    # L1443: Fortified Position (X) lets the defender force up to X damage dice again; L1467: Vulnerable Position (X)
    # lets the attacker re-roll up to X damage dice. Neither touches the hit roll.
    bunker = Scenery("T1", "Bunker", "area", ("Area Terrain", "Fortified Position (2)"), square(8, 10.8, 4, 3))
    ledge = Scenery("T1", "Ledge", "area", ("Area Terrain", "Vulnerable Position (1)"), square(8, 10.8, 4, 3))
    fortified = _duel(scenery=[bunker]).world
    claw = fortified.card(M("A1")).weapons[0]
    assert [(a.source, a.count) for a in defender_allowances(fortified, M("A1"), M("B1"), claw, "damage")] == [
        ("Fortified Position (2)", 2)]
    assert "Fortified" not in str(defender_allowances(fortified, M("A1"), M("B1"), claw, "hit"))
    exposed = _duel(scenery=[ledge]).world
    assert [(a.source, a.count) for a in attacker_allowances(exposed, M("A1"), M("B1"), claw, "damage")] == [
        ("Vulnerable Position (1)", 1)]
    assert "Vulnerable" not in str(attacker_allowances(exposed, M("A1"), M("B1"), claw, "hit"))


def test_hard_to_hit_drops_the_highest_die_after_every_reroll() -> None:
    # L1343: after all re-rolls the highest die is dropped. Razhu rolls 0, 2, 1, 2 and re-rolls the blank into a 3:
    # 3, 2, 1, 2 less the 3 is 5 (dropping first and re-rolling after would have made 6).
    table = _duel(effects={"B1": {"passive:Hard to Hit": "game"}}, target="lawbringers")
    judged = strike(table, "A1", "Dragonclaw", "B1", 0, 2, 1, 2, 3, answers=("1",))
    assert "hit 1R+3Y [Y3 Y2 Y1 R2] = 5 vs DEF 4 (critical at 8): hit;" in judged.summary


def test_the_essence_reroll_names_the_unit_as_a_player_reads_it() -> None:
    # L933-937: the re-roll may stand for the unit's later rolls this activation; the answer names the unit by its
    # name (a newcomer read "each roll of A-razhu"), never by the id a typed command uses.
    table = _duel(target="lawbringers")
    table.state.record(A).reserve = ["grey"]
    asked: list[Decision] = []
    strike(table, "A1", "Dragonclaw", "B1", 0, 0, 1, 2, 0, 3, 2, 3, 3, answers=("grey", "1"), asked=asked)
    essence = next(d for d in asked if any(o.key == "grey" for o in d.parts[0].options))
    labels = [o.label for o in essence.parts[0].options]
    unit = table.state.units[table.state.models[M("A1")].unit]
    assert any(f"each roll of {unit.name} " in label for label in labels), labels
    assert not any(unit.id in label for label in labels), labels
