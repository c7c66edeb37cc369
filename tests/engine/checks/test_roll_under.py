"""The shared d20 roll-under check: targets, verdicts, criticals, re-rolls, odds."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.checks import (
    CheckRules,
    Die,
    Modifier,
    RerollLimit,
    RerollRefused,
    check,
    critical_faces,
    critical_range,
    judge,
    reroll,
    reroll_all,
    success_chance,
    target,
)

# Eldfall's conventions, written out here only to exercise the parameters (the game keeps its own copy).
WIDE_TOP = CheckRules(top_critical_above=20)
FUMBLING = CheckRules(fumble_faces=frozenset({20}), fails_at_or_below=None)

faces = st.integers(min_value=1, max_value=20)
adds = st.lists(st.builds(Modifier.add, st.sampled_from(["a", "b", "c", "d"]), st.integers(-10, 10)), max_size=5)


def test_a_target_without_modifiers_is_its_base() -> None:
    worked = target(14)
    assert worked.value == 14
    assert worked.working == ("target 14", "= 14")


def test_additions_come_before_halving_whatever_the_order_given() -> None:
    # Eldfall core rules v1.5, L573: add or subtract first, then halve, rounding up: (13 - 2) / 2 -> 6.
    worked = target(13, [Modifier.halve("no line of sight"), Modifier.add("wound", -2)], label="AG")
    assert worked.value == 6
    assert worked.working == ("AG 13", "-2 wound", "halved (no line of sight): 6", "= 6")


def test_halving_rounds_up_and_doubling_doubles() -> None:
    assert target(7, [Modifier.halve("x")]).value == 4
    assert target(7, [Modifier.double("flying")]).value == 14


def test_a_target_never_goes_below_the_minimum() -> None:
    # Eldfall core rules v1.5, L572: an attribute cannot be modified below 0.
    worked = target(3, [Modifier.add("cover", -4), Modifier.add("friendly fire", -4)])
    assert worked.value == 0
    assert "cannot go below 0" in worked.working
    assert target(3, [Modifier.add("penalty", -5)], minimum=None).value == -2


def test_two_halvings_from_different_sources_each_count_or_only_once() -> None:
    mods = [Modifier.halve("Confused"), Modifier.halve("Surprise Attack")]
    assert target(13, mods).value == 4  # 13 -> 7 -> 4
    once = target(13, mods, halvings="once")
    assert once.value == 7
    assert [m.source for m in once.ignored] == ["Surprise Attack"]


def test_the_same_halving_source_counts_once() -> None:
    worked = target(12, [Modifier.halve("Crippled"), Modifier.halve("crippled")])
    assert worked.value == 6
    assert len(worked.ignored) == 1


def test_a_modifier_must_name_its_source_and_keep_its_kind() -> None:
    with pytest.raises(ValueError, match="source"):
        Modifier.add(" ", 2)
    with pytest.raises(ValueError, match="carries no amount"):
        Modifier("x", "halve", 2)
    with pytest.raises(ValueError, match="add, halve or double"):
        Modifier("x", "triple")  # type: ignore[arg-type]


def test_a_face_at_or_under_the_target_succeeds() -> None:
    # Eldfall core rules v1.5, L505-507: AG 10 with -3 is 7; a 7 succeeds, an 8 fails.
    seven = target(10, [Modifier.add("penalty", -3)]).value
    assert judge(7, seven).success
    assert not judge(8, seven).success


def test_a_natural_one_is_a_critical_success() -> None:
    verdict = judge(1, 12)
    assert verdict.success and verdict.critical
    assert not judge(2, 12).critical


def test_a_target_of_zero_fails_even_a_critical() -> None:
    # Eldfall core rules v1.5, L572: a target of 0 fails automatically.
    assert not judge(1, 0).success
    result = check(0, [1])
    assert result.successes == 0
    assert result.working[-1] == "a target of 0 fails automatically"


def test_above_twenty_the_top_face_is_a_critical_too() -> None:
    # Eldfall core rules v1.5, L572: a modified attribute of 22 makes a 20 a success and a critical.
    verdict = judge(20, 22, WIDE_TOP)
    assert verdict.success and verdict.critical
    at_twenty = judge(20, 20, WIDE_TOP)
    assert at_twenty.success and not at_twenty.critical
    assert critical_faces(WIDE_TOP, 21) == frozenset({1, 20})


def test_a_widened_range_makes_three_a_critical() -> None:
    # Eldfall core rules v1.5, L1811: an Assassin scores criticals on 1, 2 and 3.
    assassin = WIDE_TOP.widened(3)
    assert judge(3, 12, assassin).critical
    assert not judge(3, 12, WIDE_TOP).critical
    assert critical_range(3) == frozenset({1, 2, 3})


def test_a_critical_above_the_target_succeeds_unless_the_rules_say_otherwise() -> None:
    assassin = CheckRules(critical_faces=critical_range(3))
    assert judge(3, 2, assassin).success
    strict = CheckRules(critical_faces=critical_range(3), criticals_always_succeed=False)
    verdict = judge(3, 2, strict)
    assert not verdict.success and not verdict.critical


def test_fumbled_faces_always_fail_and_low_targets_still_roll() -> None:
    assert not judge(20, 25, FUMBLING).success
    assert judge(1, -3, FUMBLING).success
    assert not judge(2, -3, FUMBLING).success


def test_rules_refuse_faces_off_the_die() -> None:
    with pytest.raises(ValueError, match="not on a d20"):
        CheckRules(critical_faces=frozenset({0}))
    with pytest.raises(ValueError, match="both critical and fumbled"):
        CheckRules(critical_faces=frozenset({1}), fumble_faces=frozenset({1}))
    with pytest.raises(ValueError, match="1 to 20"):
        judge(21, 10)


def test_a_check_counts_successes_and_says_why_die_by_die() -> None:
    result = check(target(13, [Modifier.add("shield", -3)], label="OFF"), [6, 11, 1, 14], WIDE_TOP)
    assert result.successes == 2
    assert result.criticals == 1
    assert result.failed_positions == (1, 3)
    assert result.working[-4:] == ("6 <= 10: success", "11 > 10: failure", "1: critical", "14 > 10: failure")


def test_a_reroll_replaces_the_face_and_is_recorded() -> None:
    die = reroll(Die(14), 3, "Lucky Charm")
    assert die.face == 3 and die.first == 14
    assert judge(die, 10).describe(10) == "14 re-rolled (Lucky Charm) to 3 <= 10: success"


def test_a_die_is_rerolled_at_most_once_by_default() -> None:
    once = reroll(Die(14), 15, "Dual Wield")
    with pytest.raises(RerollRefused, match="already re-rolled"):
        reroll(once, 2, "Lucky Charm")
    twice = reroll(once, 2, "Lucky Charm", limit=RerollLimit(per_die=2))
    assert [r.source for r in twice.rerolls] == ["Dual Wield", "Lucky Charm"]
    with pytest.raises(RerollRefused, match="Dual Wield already re-rolled"):
        reroll(once, 2, "Dual Wield", limit=RerollLimit(per_die=None))


def test_the_chance_of_one_die_is_exact() -> None:
    assert success_chance(11) == Fraction(11, 20)
    assert success_chance(0) == 0
    assert success_chance(25) == 1
    assert success_chance(3, CheckRules(critical_faces=critical_range(3))) == Fraction(3, 20)
    assert success_chance(-1, FUMBLING) == Fraction(1, 20)


@settings(deadline=None)
@given(st.integers(-5, 30), adds, st.randoms(use_true_random=False))
def test_the_order_of_additions_does_not_matter(base: int, mods: list[Modifier], rng: object) -> None:
    shuffled = list(mods)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    assert target(base, mods).value == target(base, shuffled).value


@settings(deadline=None)
@given(st.integers(-5, 30), adds, st.lists(st.sampled_from(["x", "y", "z"]), max_size=3))
def test_a_target_is_never_below_its_floor_and_halving_never_raises_it(base: int, mods: list[Modifier],
                                                                    halves: list[str]) -> None:
    plain = target(base, mods).value
    halved = target(base, [*mods, *(Modifier.halve(s) for s in halves)]).value
    assert plain >= 0 and halved >= 0
    assert halved <= plain


@settings(deadline=None)
@given(faces, st.integers(-5, 30), st.integers(1, 5))
def test_a_higher_target_never_turns_a_success_into_a_failure(face: int, value: int, crit: int) -> None:
    rules = CheckRules(top_critical_above=20).widened(crit)
    if judge(face, value, rules).success:
        assert judge(face, value + 1, rules).success


@settings(deadline=None)
@given(st.lists(faces, max_size=6), st.integers(1, 20))
def test_plain_successes_are_the_faces_at_or_under_the_target(dice: list[int], value: int) -> None:
    assert check(value, dice).successes == sum(1 for f in dice if f <= value)


@settings(deadline=None)
@given(st.integers(-5, 30), st.integers(1, 5))
def test_the_chance_matches_counting_every_face(value: int, crit: int) -> None:
    rules = CheckRules(top_critical_above=20).widened(crit)
    wins = sum(1 for f in range(1, 21) if judge(f, value, rules).success)
    assert success_chance(value, rules) == Fraction(wins, 20)


def test_every_two_dice_with_rerolls_keep_their_history() -> None:
    for first, second in itertools.product((1, 10, 20), repeat=2):
        die = reroll(Die(first), second, "Mage")
        assert (die.first, die.face, len(die.rerolls)) == (first, second, 1)


# Sunshard:Embren's conventions, written out to exercise the parameters (the game keeps its own copy).
PERFECT_OR_BOTCHED = CheckRules(fumble_faces=frozenset({20}), fails_at_or_below=None, critical_name="perfect",
                                fumble_name="botched")


def test_a_fumble_is_flagged_and_named_in_the_game_s_words() -> None:
    # Sunshard:Embren core rules v1.0, L527-529: a 20 always fails, whatever the target (here 25).
    verdict = judge(20, 25, PERFECT_OR_BOTCHED)
    assert (verdict.success, verdict.critical, verdict.fumbled) == (False, False, True)
    assert verdict.describe(25) == "20: botched"
    assert judge(1, -3, PERFECT_OR_BOTCHED).describe(-3) == "1: perfect"
    assert check(target(25, minimum=None), [20, 19], PERFECT_OR_BOTCHED).fumbles == 1


def test_reroll_all_rerolls_every_die_of_a_test() -> None:
    # Sunshard:Embren core rules v1.0, L757: a Fortune re-roll redoes every die, Powerful dice included.
    dice = reroll_all((Die(3), Die(14)), (9, 2), "Fortune")
    assert [d.face for d in dice] == [9, 2]
    assert all(d.rerolls[0].source == "Fortune" for d in dice)


def test_reroll_all_refuses_the_whole_test_when_one_die_was_rerolled() -> None:
    # Sunshard:Embren core rules v1.0, L153: a die is never re-rolled twice, whatever the source (digest D-34).
    once = (reroll(Die(3), 5, "Loot"), Die(14))
    with pytest.raises(RerollRefused, match="already re-rolled"):
        reroll_all(once, (1, 1), "Fortune")


def test_reroll_all_needs_one_face_per_die() -> None:
    with pytest.raises(ValueError, match="needs 2 faces"):
        reroll_all((Die(3), Die(14)), (9,), "Fortune")
