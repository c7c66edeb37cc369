"""Re-rolls checked case by case against the rulebook itself (Shroudfall rulebook v1.4): the order (the essence
re-roll, the active player's others, then the inactive player's), each die once per player, which rolls each source
touches, Hard to Hit after every re-roll, and levels of Elusive that do not stack unless marked (+X)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import ModelId
from engine.dice import RolledPool
from engine.systems.shroudfall.rerolls import (
    Allowance,
    Choosers,
    attacker_allowances,
    defender_allowances,
    reroll_order,
)
from engine.systems.shroudfall.strike import check_attack, roll_hit

from .tables import Put, Scenery, Table, rigged, square

M = ModelId


def _duel(conditions: dict[str, list[str]] | None = None, effects: dict[str, dict[str, str]] | None = None,
          scenery: Sequence[Scenery] = (), target: str = "sages") -> Table:
    # Razhu (Accurate Strike (1), melee 3 yellow + 1 red) against a Sage (DEF 5, Elusive (1)) or another target.
    return Table([Put("A1", "razhu", 10, 10), Put("B1", target, 10, 11.8)], list(scenery),
                 conditions=conditions or {}, effects=effects or {})


def test_the_attacker_rerolls_first_then_the_defender_each_die_once_per_player() -> None:
    # L811-813, L1565-1570: the active player's re-rolls all come before the inactive player's; a die is re-rolled
    # once by each player, so the attacker may not re-roll its Accurate Strike die again with Hexed (L1405), while the
    # defender may still force that same die again with Elusive (L1331).
    world = _duel(conditions={"B1": ["hexed"]}).world
    plan = check_attack(world, "A", M("A1"), "Dragonclaw", "B1")
    _, roll, reroll = rigged(0, 2, 3, 2, 1, 3, 2)
    offered: list[tuple[str, tuple[int, ...]]] = []

    def attacker(pool: RolledPool, allowance: Allowance, allowed: tuple[int, ...]) -> Sequence[int]:
        offered.append((allowance.source, allowed))
        return (0, 1)

    judged = roll_hit(world, plan, M("B1"), roll, reroll,
                      Choosers(attacker=attacker, defender=lambda pool, allowance, allowed: (0,)))
    assert offered == [("Accurate Strike (1)", (0,)), ("target Hexed", (1, 2, 3))]
    assert [line.split(":")[0] for line in judged.pool.history] == [
        "attacker re-roll (A)", "attacker re-roll (A)", "defender re-roll (B)"]
    assert judged.pool.values == (2, 3, 3, 2) and judged.hit.total == 10


def test_the_essence_reroll_is_the_whole_roll_first_and_other_rerolls_may_follow() -> None:
    # L933-937: pay one crystal to re-roll the whole roll before any other re-roll; Accurate Strike may then still
    # re-roll a blank of the new roll, though the essence re-roll already touched that die (L813's exception).
    world = _duel(target="lawbringers").world
    plan = check_attack(world, "A", M("A1"), "Dragonclaw", "B1")
    _, roll, reroll = rigged(0, 0, 1, 2, 0, 3, 2, 3, 3)
    judged = roll_hit(world, plan, M("B1"), roll, reroll,
                      Choosers(essence=lambda pool: True, attacker=lambda pool, allowance, allowed: allowed))
    assert judged.pool.values == (3, 3, 2, 3)
    order = reroll_order("A", "B")
    assert "comes before" in (order.refusal(judged.pool, "essence") or "")


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
    world = _duel().world
    plan = check_attack(world, "A", M("A1"), "Dragonclaw", "B1")
    _, roll, reroll = rigged(2, 2, 3, 4, 2, 2, 2, 3, 4, 0)
    assert roll_hit(world, plan, M("B1"), roll, reroll).pool.values == (2, 2, 3, 2)
    chosen = roll_hit(world, plan, M("B1"), roll, reroll, Choosers(defender=lambda pool, allowance, allowed: (2,)))
    assert chosen.pool.values == (2, 2, 0, 4)


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
    world = _duel(effects={"B1": {"passive:Hard to Hit": "game"}}, target="lawbringers").world
    plan = check_attack(world, "A", M("A1"), "Dragonclaw", "B1")
    _, roll, reroll = rigged(0, 2, 1, 2, 3)
    judged = roll_hit(world, plan, M("B1"), roll, reroll, Choosers(attacker=lambda pool, allowance, allowed: allowed))
    assert judged.pool.values == (3, 2, 1, 2) and (judged.hit.total, judged.hit.critical) == (5, False)
