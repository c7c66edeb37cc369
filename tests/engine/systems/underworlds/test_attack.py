"""The attack roll against defence: the digest's cases T1-T22, T41, T42, T84, E7, E8, E14, E23 (Underworlds core
rulebook lines cited per test). Defaults as the digest's: the attacker has 2 hammer, Damage 2; the target has
1 block, Wounds 4; the attacker stands in D5, the target in E5 (the three hexes away are F5, E4 and E6)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalCommand, InvalidCommand
from engine.dice.faces import WHU_ATTACK, WHU_DEFENCE
from engine.systems.underworlds import attack as attacks
from engine.systems.underworlds.attack import (
    ATTACK_FACES,
    DEFENCE_FACES,
    AttackResult,
    Defence,
    Outcome,
    success_chance,
)
from engine.systems.underworlds.battle import Battle
from engine.systems.underworlds.rules import Rules
from engine.systems.underworlds.schema import AttackProfile
from engine.systems.underworlds.stats import EffectiveAttack, Situation, attack_stats
from engine.systems.underworlds.vocabulary import Modifier
from tests.budget import examples
from tests.engine.systems.underworlds.conftest import A, B, C, battle, fighter, open_field
from tests.engine.systems.underworlds.table import default_rules, rules

SWORD = AttackProfile(name="Sword", range=1, dice=2, symbol="hammer", damage=2)
DUEL = (("att", A, "D5"), ("tgt", B, "E5"))


def resolve_attack(*args: Any, rules: Rules | None = None, **kwargs: Any) -> AttackResult:
    """One attack resolved at the table's default rulings unless a test gives others."""
    return attacks.resolve_attack(*args, rules=rules or default_rules(), **kwargs)


def hit(attack_roll: Sequence[str], defence_roll: Sequence[str], *, where: Battle | None = None,
        attack: EffectiveAttack | None = None, rules: Rules | None = None, **defence: Any) -> AttackResult:
    values: dict[str, Any] = {"dice": len(defence_roll), "symbol": "block", "wounds": 4}
    values.update(defence)
    return resolve_attack(where or battle(*DUEL), "att", "tgt", attack or attack_stats(SWORD),
                          Defence(**values), attack_roll, defence_roll, rules=rules or default_rules())


def dice(n: int, profile: AttackProfile = SWORD, **fields: Any) -> EffectiveAttack:
    return attack_stats(profile.model_copy(update={"dice": n, **fields}))


def test_t1_more_successes_hit_and_drive_back_is_offered() -> None:
    """T1, L509."""
    result = hit(["hammer", "swords"], ["dodge"])
    assert (result.attack_total, result.defence_total, result.outcome) == (1, 0, Outcome.SUCCESS)
    assert (result.damage, result.wounds_after, result.critical_hit) == (2, 2, False)
    assert result.drive_back == ("F5", "E4", "E6")
    assert [d.counts for d in result.attack_dice] == [True, False]


def test_t2_a_tie_fails_but_may_drive_back() -> None:
    """T2, L509."""
    result = hit(["hammer", "support"], ["block"])
    assert (result.outcome, result.damage, len(result.drive_back)) == (Outcome.FAIL_DRIVE_BACK, 0, 3)


def test_t3_a_trapped_target_takes_the_hit() -> None:
    """T3, L509: every hex further away is blocked or occupied (by fighters next to nobody who matters)."""
    where = battle(*DUEL, ("x1", B, "F5"), ("x2", B, "E4"), blocked=("E6",))
    result = hit(["hammer", "support"], ["block"], where=where)
    assert (result.outcome, result.trapped, result.damage, result.drive_back) == (Outcome.SUCCESS, True, 2, ())


def test_t4_no_successes_on_either_side_fails_without_drive_back() -> None:
    """T4, L509."""
    result = hit(["swords", "double support"], ["dodge"])
    assert (result.outcome, result.drive_back) == (Outcome.FAIL, ())


def test_t5_more_criticals_win_whatever_the_totals() -> None:
    """T5, L515."""
    result = hit(["crit", "swords"], ["block", "block"])
    assert (result.attack_total, result.defence_total) == (1, 2)
    assert result.outcome is Outcome.SUCCESS and result.critical_hit


def test_t6_more_defence_criticals_fail_and_forbid_drive_back_even_when_trapped() -> None:
    """T6, L515."""
    where = battle(*DUEL, ("x1", B, "F5"), ("x2", B, "E4"), blocked=("E6",))
    result = hit(["hammer"] * 3, ["crit"], where=where, attack=dice(3))
    assert (result.outcome, result.trapped, result.drive_back) == (Outcome.FAIL, False, ())


def test_t7_equal_criticals_then_totals_and_a_critical_hit() -> None:
    """T7, L515, L569."""
    result = hit(["crit", "hammer"], ["crit"])
    assert (result.outcome, result.critical_hit, result.damage) == (Outcome.SUCCESS, True, 2)


def test_t8_equal_criticals_and_totals_tie_and_a_trapped_tie_is_a_critical_hit_by_default() -> None:
    """T8, L509, L515; ruling trapped-critical."""
    assert hit(["crit", "swords"], ["crit"]).outcome is Outcome.FAIL_DRIVE_BACK
    where = battle(*DUEL, ("x1", B, "F5"), ("x2", B, "E4"), blocked=("E6",))
    trapped = hit(["crit", "swords"], ["crit"], where=where)
    assert (trapped.outcome, trapped.trapped, trapped.critical_hit) == (Outcome.SUCCESS, True, True)
    house = hit(["crit", "swords"], ["crit"], where=where, rules=rules(trapped_critical="not-critical"))
    assert house.outcome is Outcome.SUCCESS and not house.critical_hit


def test_t9_fewer_successes_fail() -> None:
    """T9, L509."""
    assert hit(["swords", "swords"], ["block"]).outcome is Outcome.FAIL


def test_t10_t11_t12_support_faces_by_net_support() -> None:
    """T10-T12, L529: +1 counts single support, +2 counts double support too."""
    one = battle(*DUEL, ("ally", A, "E4"))  # next to the target
    two = battle(*DUEL, ("ally", A, "E4"), ("ally2", A, "F5"))
    assert hit(["support", "swords"], ["dodge"], where=one).outcome is Outcome.SUCCESS
    assert hit(["double support", "swords"], ["dodge"], where=one).outcome is Outcome.FAIL
    result = hit(["double support", "swords"], ["dodge"], where=two)
    assert (result.attacker_support, result.outcome) == (2, Outcome.SUCCESS)
    strict = hit(["support", "swords"], ["dodge"], where=two, rules=rules(support_thresholds="double-at-two-only"))
    assert strict.outcome is Outcome.FAIL


def test_t13_the_defender_counts_support_when_it_has_more() -> None:
    """T13, L529: a friend of the target next to the attacker."""
    where = battle(*DUEL, ("guard", B, "D4"))
    result = hit(["hammer", "swords"], ["support"], where=where)
    assert (result.target_support, result.defence_total, result.outcome) == (1, 1, Outcome.FAIL_DRIVE_BACK)


def test_t14_to_t17_guard_and_cleave() -> None:
    """T14-T17, L573: Guard counts block and dodge; Cleave stops block counting, even on Guard."""
    assert hit(["hammer", "swords"], ["dodge"], guard=True).outcome is Outcome.FAIL_DRIVE_BACK
    cleave = dice(2, cleave=True)
    assert hit(["hammer", "swords"], ["block"], guard=True, attack=cleave).outcome is Outcome.SUCCESS
    assert hit(["hammer", "swords"], ["dodge"], guard=True, attack=cleave).outcome is Outcome.FAIL_DRIVE_BACK
    assert hit(["hammer", "swords"], ["dodge"], symbol="dodge", attack=cleave).outcome is Outcome.FAIL_DRIVE_BACK
    own = rules(cleave_removes="own-symbol")
    assert hit(["hammer", "swords"], ["dodge"], symbol="dodge", attack=cleave, rules=own).outcome is Outcome.SUCCESS


def test_t18_berserk_charge_counts_swords_only_in_a_charge() -> None:
    """T18, L339, L617: Saek's Great Axe with Berserk Charge."""
    axe = AttackProfile(name="Great Axe", range=1, dice=2, symbol="hammer", damage=3)
    berserk = Modifier(also_success=("hammer", "swords"), when_charging=True)
    charging = attack_stats(axe, [berserk], Situation(charging=True))
    assert hit(["swords", "double support"], ["dodge"], attack=charging).outcome is Outcome.SUCCESS
    standing = attack_stats(axe, [berserk])
    assert hit(["swords", "double support"], ["dodge"], attack=standing).outcome is Outcome.FAIL


def test_t19_t20_out_of_action_and_glory() -> None:
    """T19, T20, L531, L559: damage to Wounds takes a fighter out of action; the attacker's player gains 1 glory."""
    board = open_field()
    wounded = battle(fighter(board, "att", A, "D5"), fighter(board, "tgt", B, "E5", wounds=2), board=board)
    result = hit(["hammer", "hammer"], ["dodge"], where=wounded)
    assert (result.out_of_action, result.glory, result.drive_back) == (True, ((A, 1),), ())
    fortified = battle(fighter(board, "att", A, "D5"), fighter(board, "tgt", B, "E5", wounds=3), board=board)
    assert hit(["hammer", "hammer"], ["dodge"], where=fortified, wounds=5).out_of_action  # Great Fortitude: 4 + 1
    trophy = attack_stats(SWORD, [Modifier(extra_glory_for_take_out=1)])  # Grisly Trophy (25/437)
    assert hit(["hammer", "hammer"], ["dodge"], where=wounded, attack=trophy).glory == ((A, 2),)


def test_range_sight_and_friendly_targets_are_refused() -> None:
    """T41, T42, T84: L423, L491, L509."""
    with pytest.raises(IllegalCommand, match=r"2 hexes away; this attack reaches only fighters adjacent \(Underworlds "
                                             r"core rulebook, L423\)"):
        hit(["hammer", "hammer"], ["dodge"], where=battle(("att", A, "D5"), ("tgt", B, "F5")))
    blocked = battle(("att", A, "D5"), ("tgt", B, "F5"), blocked=("E5",))
    with pytest.raises(IllegalCommand, match=r"no line of sight to tgt: blocked by E5 \(Underworlds core rulebook, "
                                             r"L491"):
        hit(["hammer", "hammer"], ["dodge"], where=blocked, attack=dice(2, range=2))
    with pytest.raises(IllegalCommand, match="friendly fighter; only enemies may be targeted"):
        hit(["hammer", "hammer"], ["dodge"], where=battle(("att", A, "D5"), ("tgt", A, "E5")))


def test_faces_must_be_real_and_as_many_as_the_dice() -> None:
    with pytest.raises(InvalidCommand, match="'block', which no attack die has"):
        hit(["block", "hammer"], ["dodge"])
    with pytest.raises(InvalidCommand, match="attack roll has 3 dice; this attack rolls 2"):
        hit(["hammer"] * 3, ["dodge"])


def test_e7_e8_the_books_support_diagram() -> None:
    """E7, E8, L533: Liberators A (D5) and B (E4); Bloodreavers C (F4), D (E5) and E (F6)."""
    where = battle(("libA", A, "D5"), ("libB", A, "E4"), ("revC", B, "F4"), ("revD", B, "E5"), ("revE", B, "F6"))
    a_attacks = resolve_attack(where, "libA", "revD", attack_stats(SWORD), Defence(1, "dodge", 3),
                               ["support", "swords"], ["block"])
    assert (a_attacks.attacker_support, a_attacks.target_support) == (1, 0)
    assert a_attacks.attack_dice[0].counts  # one more supporter: single support counts
    b_attacks = resolve_attack(where, "libB", "revD", attack_stats(SWORD), Defence(1, "dodge", 3),
                               ["support", "swords"], ["block"])
    assert (b_attacks.attacker_support, b_attacks.target_support) == (1, 1)
    assert not b_attacks.attack_dice[0].counts  # level: neither counts support


def test_e23_fighters_of_other_warbands_never_support() -> None:
    """E23, L811-L821: in a three-player game C's fighters next to the attacker do not help B's target."""
    where = battle(("libA", A, "E4"), ("libB", A, "D5"), ("revD", B, "E5"), ("revC", C, "C5"), ("revF", C, "D4"),
                   sides=(A, B, C))
    result = resolve_attack(where, "libB", "revD", attack_stats(SWORD), Defence(1, "dodge", 3), ["hammer", "swords"],
                            ["dodge"])
    assert (result.attacker_support, result.target_support) == (1, 0)


def test_e14_t23_knockback_pushes_straight_on() -> None:
    """E14, T23, T24, L567, L571: after a successful Knockback 1, each drive-back hex has one more straight on."""
    grand = dice(2, knockback=1)
    result = hit(["hammer", "hammer"], ["dodge"], attack=grand)
    assert dict(result.knockback) == {"F5": ("G5",), "E4": ("F3",), "E6": ("F7",)}
    walled = hit(["hammer", "hammer"], ["dodge"], attack=grand, where=battle(*DUEL, blocked=("G5",)))
    assert dict(walled.knockback)["F5"] == ()
    tie = hit(["hammer", "support"], ["block"], attack=grand)
    assert tie.outcome is Outcome.FAIL_DRIVE_BACK and tie.knockback == ()  # T25: Knockback only on a success


def test_critical_damage_cleave_on_a_critical_and_damage_taken() -> None:
    """Arnulf's blade, Wicked Blade (29/437), Insensate (16/437)."""
    blade = dice(2, critical_damage=1)
    assert hit(["crit", "hammer"], ["dodge"], attack=blade).damage == 3
    wicked = attack_stats(SWORD, [Modifier(cleave_if_critical_rolled=True)])
    assert hit(["crit", "hammer"], ["block", "block"], attack=wicked).defence_dice[0].counts is False
    assert hit(["hammer", "hammer"], ["block"], attack=wicked).defence_dice[0].counts is True
    assert hit(["hammer", "hammer"], ["dodge"], damage_taken_becomes=1).damage == 1


def test_a_fighter_that_cannot_be_driven_back_is_never_trapped() -> None:
    """Stormforged Resistance (43/437): a tie simply fails."""
    where = battle(*DUEL, ("x1", B, "F5"), ("x2", B, "E4"), blocked=("E6",))
    result = hit(["hammer", "support"], ["block"], where=where, cannot_be_driven_back=True)
    assert (result.outcome, result.trapped) == (Outcome.FAIL, False)


def test_at_the_edge_of_the_battlefield_trapped_is_a_ruling() -> None:
    """Ruling trapped-off-board: with the target on the edge, only off-board hexes are further away."""
    where = battle(("att", A, "A2"), ("tgt", B, "A1"))  # A1's three hexes away from A2 are all off the board
    default = hit(["hammer", "support"], ["block"], where=where)
    house = hit(["hammer", "support"], ["block"], where=where, rules=rules(trapped_off_board="not-trapped"))
    assert (default.outcome, default.trapped) == (Outcome.SUCCESS, True)
    assert (house.outcome, house.trapped) == (Outcome.FAIL_DRIVE_BACK, False)


faces = st.sampled_from


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(faces(sorted(ATTACK_FACES)), min_size=1, max_size=4),
       st.lists(faces(sorted(DEFENCE_FACES)), min_size=1, max_size=3), st.booleans(), st.booleans())
def test_the_outcome_follows_criticals_then_totals(attack_roll: list[str], defence_roll: list[str], guard: bool,
                                                   cleave: bool) -> None:
    result = hit(attack_roll, defence_roll, attack=dice(len(attack_roll), cleave=cleave), guard=guard)
    a, d = result.attack_crits, result.defence_crits
    assert (result.damage > 0) == result.succeeded
    if a != d:
        assert result.succeeded == (a > d)
    elif result.attack_total > result.defence_total:
        assert result.succeeded
    elif result.attack_total < result.defence_total or result.attack_total == 0:
        assert result.outcome is Outcome.FAIL
    else:
        assert result.outcome is Outcome.FAIL_DRIVE_BACK
    assert result.critical_hit == (result.succeeded and a >= 1)
    steps = [line for line in result.working[1:] if not line.startswith(("att's", "tgt's"))]  # pool headings
    assert steps and all("L" in line for line in steps)


def test_the_line_counts_both_rolls_and_says_why_the_attack_came_out_so() -> None:
    """L509, L515 (criticals first), L521-L529 (support): the one line a table reads, with counts and reasons."""
    supported = hit(["hammer", "support"], ["crit"], where=battle(*DUEL, ("x1", A, "E4")))
    assert supported.summary == ("2 successes (hammer, support with 1 supporting fighter) against 1 (crit): fails, "
                                 "the defender rolled a critical")
    assert any("support: success, support +1 (Underworlds core rulebook, L521, L529)" in line
               for line in supported.working), "the working gives each die with its rule"
    assert hit(["hammer", "hammer"], ["block"]).summary == "2 successes (hammer x2) against 1 (block): succeeds, " \
                                                           "more successes"
    assert hit(["swords", "crit"], ["block", "block"]).summary.endswith(
        "succeeds, the attacker rolled a critical; a critical hit")
    assert hit(["swords", "swords"], ["dodge"]).summary == "no successes against 0: fails, neither rolled a success"


@pytest.mark.parametrize(("attack_dice", "defence_dice", "friends", "guard", "cleave"), [
    (2, 1, (), False, False), (3, 2, (("x1", A, "E4"),), True, False), (2, 2, (("y1", B, "C5"),), False, True),
])
def test_the_odds_before_an_attack_are_those_of_rolling_it(attack_dice: int, defence_dice: int, friends: Any,
                                                           guard: bool, cleave: bool) -> None:
    """The chance a player is shown before choosing a target is exactly the share of every roll that succeeds (the
    target here can always be driven back, so a tie fails)."""
    where = battle(*DUEL, *friends)
    attack, defence = dice(attack_dice, cleave=cleave), Defence(dice=defence_dice, symbol="block", wounds=4,
                                                                guard=guard)
    rolls = [(a, d) for a in itertools.product(WHU_ATTACK.faces, repeat=attack_dice)
             for d in itertools.product(WHU_DEFENCE.faces, repeat=defence_dice)]
    won = sum(resolve_attack(where, "att", "tgt", attack, defence, [f.label for f in a], [f.label for f in d]).succeeded
              for a, d in rolls)
    ours, theirs = (1, 0) if friends and friends[0][1] == A else (0, 1) if friends else (0, 0)
    assert success_chance(attack, defence, (ours, theirs), default_rules()) == Fraction(won, len(rolls))


def test_on_guard_a_block_fighter_gains_dodge_by_the_default_but_not_under_block_only() -> None:
    """L573 (ruling guard-counts): on Guard both block and dodge count by the default; under ``block-only`` Guard
    adds block alone, so a block fighter's dodge is no success while a dodge fighter still gains block."""
    house = rules(guard_counts="block-only")
    assert hit(["hammer", "swords"], ["dodge"], guard=True).outcome is Outcome.FAIL_DRIVE_BACK
    assert hit(["hammer", "swords"], ["dodge"], guard=True, rules=house).outcome is Outcome.SUCCESS
    assert hit(["hammer", "swords"], ["block"], symbol="dodge", guard=True, rules=house).outcome \
        is Outcome.FAIL_DRIVE_BACK


def test_range_is_counted_straight_by_the_default_or_walking_round_other_fighters() -> None:
    """L247-L263, L423, L491 (ruling range-measure): F5 is two hexes from D5; a friend on E5, the only hex between
    them, blocks no sight, so a Range 2 attack reaches by the default, but a walk round him takes three steps."""
    where = battle(("att", A, "D5"), ("tgt", B, "F5"), ("mid", A, "E5"))
    reach = dice(2, range=2)
    assert hit(["hammer", "hammer"], ["dodge"], where=where, attack=reach).succeeded
    with pytest.raises(IllegalCommand, match="3 hexes away"):
        hit(["hammer", "hammer"], ["dodge"], where=where, attack=reach, rules=rules(range_measure="walking"))
