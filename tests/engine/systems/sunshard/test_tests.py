"""Tests: a d20 at or under a TN, perfect and botched results on attack, Armor and casting tests, one re-roll per
die (Sunshard:Embren core rules v1.0, L153, L183-223, L519-529, L676-680, L1518)."""

from __future__ import annotations

import pytest

from engine.checks import Die, Modifier, RerollRefused
from engine.systems.sunshard.d20 import made_of
from engine.systems.sunshard.events import TestMade
from engine.systems.sunshard.rolls import armor_like, judge_test, reroll_test, tn
from engine.systems.sunshard.rulings import DEFAULT_RULINGS, Rulings


def test_recon_example_rsl_8_minus_6_fails_on_8() -> None:
    # EX-1, L205-209: the Conscripted's Recon RSL test at -6 has TN 2; a roll of 8 fails.
    goal = tn(8, [Modifier.add("Recon", -6)], label="RSL")
    assert goal.value == 2
    assert not judge_test("rsl", goal, [8]).passed


def test_a_roll_equal_to_the_tn_passes() -> None:
    # EX-2b, L223: Armor TN 10, a roll of 10 passes.
    assert judge_test("armor", tn(10), [10]).passed


def test_a_perfect_attack_hits_below_any_tn() -> None:
    # D-01, L521: TN -3, a 1 still hits (and is perfect).
    result = judge_test("attack", tn(-3), [1])
    assert result.passed and result.criticals == 1


def test_a_botched_attack_misses_above_any_tn() -> None:
    # D-02, L527: TN 25, a 20 misses.
    result = judge_test("attack", tn(25), [20])
    assert not result.passed and result.fumbles == 1
    assert result.working[-1] == "20: botched"


def test_a_tn_above_twenty_is_still_rolled() -> None:
    # D-03, L199: TN 22, a 19 hits.
    assert judge_test("attack", tn(22), [19]).passed


def test_a_botched_save_fails_and_a_perfect_save_passes() -> None:
    # D-04 and D-05, L523, L529.
    assert judge_test("armor", tn(15), [20]).fumbles == 1
    assert not judge_test("armor", tn(15), [20]).passed
    assert judge_test("armor", tn(-2), [1]).passed


def test_perfect_and_botched_casting() -> None:
    # L676-680: a 1 passes and a 20 fails a Cast Magika test.
    assert judge_test("casting", tn(-1), [1]).passed and not judge_test("casting", tn(30), [20]).passed


def test_rsl_and_condition_tests_compare_plainly() -> None:
    # Ruling rsl-criticals: no perfect or botched result outside attack, Armor and casting tests.
    assert not judge_test("rsl", tn(0), [1]).passed
    assert judge_test("condition", tn(20), [20]).passed
    both = Rulings(rsl_criticals="perfect-botched")
    assert judge_test("rsl", tn(0), [1], both).passed


def test_falling_and_burning_tests_are_armor_tests_by_default() -> None:
    # Ruling armor-like-tests (L471-479, L599-604): a botched falling test gives Blight like a botched save.
    assert armor_like(DEFAULT_RULINGS) == "armor"
    assert armor_like(Rulings(armor_like_tests="plain")) == "condition"


def test_powerful_dice_are_judged_one_by_one() -> None:
    # D-32, D-33, L1518: Powerful(2) at TN 9 rolling 3 and 14 is one hit; rolling 1 and 1 is two perfect hits.
    result = judge_test("attack", tn(9), [3, 14])
    assert result.successes == 1
    both = judge_test("attack", tn(9), [1, 1])
    assert both.successes == 2 and both.criticals == 2


def test_a_die_is_never_rerolled_twice() -> None:
    # D-34, L153, L626, L757: Loot re-rolls the test; a Fortune re-roll of the same dice is refused.
    once = reroll_test((Die(15), Die(12)), (4, 18), "Loot")
    assert [d.face for d in once] == [4, 18]
    with pytest.raises(RerollRefused, match="already re-rolled"):
        reroll_test(once, (2, 2), "Fortune")


def test_a_test_shows_its_tn_and_what_made_it_in_one_line_and_cites_each_rule_in_its_working() -> None:
    """Issue 26, shown to the players: the public line gives the TN and each modifier; Show working cites them."""
    goal = tn(5, [Modifier.add("B1's EVA", 6, "L497"), Modifier.add("heavy cover", -2, "L569-573")], label="AA")
    result = judge_test("attack", goal, [7])
    line = TestMade(model_id=None, purpose="A1's attack test on B1", tn=goal.value, faces=(7,), outcome="hit",
                    lines=result.working, made_of=made_of(goal)).describe()
    assert line == "A1's attack test on B1: TN 9 (AA 5, +6 B1's EVA, -2 heavy cover), rolled 7: hit."
    assert any("L497" in w for w in result.working) and any("L569-573" in w for w in result.working)
    assert made_of(tn(8, label="RSL")) == "", "an unmodified TN is shown alone"
