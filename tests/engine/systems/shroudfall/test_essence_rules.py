"""Essence, re-rolls and conditions as the rulebook gives them (the digest's rule-derived seeds), citing Shroudfall
beta rulebook v1.4."""

from __future__ import annotations

import pytest

from engine.core import Decision, IllegalCommand, ModelId, SideId
from engine.systems.shroudfall.attack import drop_highest
from engine.systems.shroudfall.conditions import condition_damage_candidates, gained, shaken
from engine.systems.shroudfall.essence import Infusion, infuse, pay, store

from .striking import strike
from .tables import Put, Table

M = ModelId


def test_the_reserve_holds_ten_and_the_rest_is_lost() -> None:
    # L831: 9 crystals and an essence value of two: 10, one lost.
    stored = store(["grey"] * 9, ["yellow", "red"])
    assert len(stored.reserve) == 10 and stored.kept == ("yellow",) and stored.lost == ("red",)


def test_paying_takes_the_exact_colours_unless_stronger_may_stand_in() -> None:
    # L872: no essence, no ability; L1231: for interacting, a red pays for a yellow or grey, a yellow for a grey.
    left, spent = pay(["grey", "yellow", "red"], ["yellow"])
    assert left == ("grey", "red") and spent == ("yellow",)
    with pytest.raises(IllegalCommand, match=r"costs 1Y and the reserve holds 1R\+1G \(L872\)"):
        pay(["grey", "red"], ["yellow"])
    assert pay(["grey", "red"], ["yellow"], stronger=True) == (("grey",), ("red",))


def test_a_roll_takes_one_infusion_upgraded_only_to_a_stronger_die() -> None:
    # L931.
    first = infuse(None, "yellow")
    assert infuse(first, "red") == Infusion("red")
    with pytest.raises(IllegalCommand, match="already infused with a yellow die"):
        infuse(first, "grey")


def test_hard_to_hit_drops_the_highest_die() -> None:
    # L1343: [3, 3, 2, 0] totals 5 once the highest is dropped; a single die leaves nothing.
    assert sum(drop_highest([3, 3, 2, 0])) == 5 and drop_highest([4]) == ()


def _duel(**table_args: object) -> Table:
    return Table([Put("A1", "stormridge", 10, 10), Put("B1", "sages", 11.5, 10)], **table_args)  # type: ignore[arg-type]


def _duel_without_elusive() -> Table:
    # A Lawbringer: no Elusive to force a re-roll of its own (L1331).
    return Table([Put("A1", "stormridge", 10, 10), Put("B1", "lawbringers", 11.5, 10)])


def test_accurate_strike_rerolls_a_blank_of_a_melee_hit_roll() -> None:
    # L1313: Stormridge's Accurate Strike (1) re-rolls one blank; her hit dice 3Y+1R.
    judged = strike(_duel_without_elusive(), "A1", "Gale's Edge", "B1", "blank", "blank", 2, 2, 3, answers=("1",))
    assert "hit 1R+3Y [Y3 Y0 Y2 R2] = 7 vs" in judged.summary
    assert "attacker re-roll (A): blank -> 3 (L813)" in judged.lines


def test_elusive_and_shocked_are_the_defenders_rerolls_each_die_once_per_player() -> None:
    # L1331, L1417, L813: the defender picks Elusive's die and Shocked's die; a die it re-rolled it cannot again.
    asked: list[Decision] = []
    judged = strike(_duel(conditions={"A1": ["shocked"]}), "A1", "Gale's Edge", "B1", 3, 3, 2, 4, 0, 1,
                    answers=("1", "2"), asked=asked)
    assert [(d.owner, d.prompt.split(":")[0]) for d in asked[:2]] == [
        ("B", "Elusive (1) (L1331)"), ("B", "attacker Shocked (L1417)")]
    assert "1" not in [o.key for o in asked[1].parts[0].options]  # die 1 is spent for the defender
    assert "hit 1R+3Y [Y0 Y1 Y2 R4] = 7 vs" in judged.summary


def test_the_essence_reroll_comes_first_and_only_once() -> None:
    # L935: one essence re-roll of the whole roll, before any other; other re-rolls may follow it.
    # The 0, 0, 0, 2 misses the Lawbringer's DEF 4; asked, the player re-rolls it, paying the grey.
    table = _duel_without_elusive()
    table.state.record(SideId("A")).reserve = ["grey"]
    judged = strike(table, "A1", "Gale's Edge", "B1", 0, 0, 0, 2, 3, 3, 3, 4, answers=("always",))
    assert "hit 1R+3Y [Y3 Y3 Y3 R4] = 13 vs" in judged.summary and judged.lines[1].startswith("essence re-roll (A)")
    assert sum(line.startswith("essence re-roll") for line in judged.lines) == 1
    assert table.state.record(SideId("A")).reserve == []


def test_the_essence_reroll_is_decided_after_seeing_the_roll_and_only_where_it_could_matter() -> None:
    # Shroudfall beta rules, L935 and L1565: the active player decides on the essence re-roll once the dice are
    # rolled, before any other re-roll (Accurate Strike's comes after). The miss (0, 0, 0, 2 against DEF 4) is shown
    # with the reserve's ways to pay, the cheapest first; kept, nothing is re-rolled or paid. A hit, or an empty
    # reserve, asks nothing (ruling essence-reroll-asked).
    table = _duel_without_elusive()
    table.state.record(SideId("A")).reserve = ["red", "grey"]
    asked: list[Decision] = []
    kept = strike(table, "A1", "Gale's Edge", "B1", 0, 0, 0, 2, answers=("keep",), asked=asked)
    question, accurate = asked
    assert question.kind == "essence-reroll" and question.owner == "A" and "[Y0 Y0 Y0 R2]" in question.prompt
    assert [o.key for o in question.parts[0].options] == ["always", "grey", "red", "keep", "never"]
    assert accurate.kind == "reroll" and "Accurate Strike" in accurate.prompt
    assert not kept.hit and not any("re-roll" in line for line in kept.lines)
    assert table.state.record(SideId("A")).reserve == ["red", "grey"]
    for reserve, faces in ((["grey"], (3, 3, 1, 2, 3, 3, 3, 4)), ([], (0, 0, 0, 2))):
        table = _duel_without_elusive()
        table.state.record(SideId("A")).reserve = list(reserve)
        asked = []
        strike(table, "A1", "Gale's Edge", "B1", *faces, asked=asked)
        assert [d.kind for d in asked] in ([], ["reroll"]), reserve  # at most Accurate Strike's own question


def test_conditions_do_not_stack_immunity_keeps_them_off_and_a_shake_removes_one() -> None:
    # L815-821, L1345, L547, L1421.
    table = _duel(conditions={"B1": ["poisoned"]})
    unit = table.state.units["B1"]
    assert gained(table.world, unit, ["poisoned", "burning"]) == (("poisoned", "burning"), ("burning",))
    unit.conditions = ["stunned", "burning"]
    with pytest.raises(IllegalCommand, match=r"Stunned: its Shake must remove Stunned first \(L1421\)"):
        shaken(unit, "burning")
    assert shaken(unit, "stunned") == ("burning",)


def test_condition_damage_goes_to_the_most_hurt_model() -> None:
    # L819.
    table = Table([Put("A1", "sentinels", 10, 10, unit="u"), Put("A2", "sentinels", 12, 10, unit="u"),
                   Put("A3", "sentinels", 14, 10, unit="u")])
    unit = table.state.units["u"]
    assert condition_damage_candidates(table.state, unit) == ("A1", "A2", "A3")
    table.state.models[M("A2")].wounds_taken = 1
    assert condition_damage_candidates(table.state, unit) == ("A2",)


def test_costs_and_dice_lost_from_the_book_come_from_their_rulings() -> None:
    # L915 and L1383 lost their icons: rulings essence-attack-cost and burning-damage.
    from dataclasses import replace

    from engine.systems.shroudfall.abilities import essence_attack_cost
    from engine.systems.shroudfall.conditions import burning_pool
    from engine.systems.shroudfall.rulings import DEFAULT_RULINGS

    table = _duel()
    assert essence_attack_cost(table.world) == ("yellow",)
    table.rulings = replace(DEFAULT_RULINGS, essence_attack_cost="one-red")
    assert essence_attack_cost(table.world) == ("red",)
    assert burning_pool(DEFAULT_RULINGS) == ("yellow", "yellow")
