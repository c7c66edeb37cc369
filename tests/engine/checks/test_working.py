"""The one shape every game explains a roll in: a roll, what it was rolled against, its modifiers with the rule line
of each, and why each die counts; one readable line for the table, the whole working behind it."""

from __future__ import annotations

from engine.checks import CheckRules, Cited, Contest, Explained, Goal, Judged, Modifier, check, explain_check, target


def test_a_roll_under_a_modified_number_reads_each_die_against_it() -> None:
    goal = target(12, [Modifier.add("heavy cover", -4, "L1498"), Modifier.halve("Confused", "L1694")], label="TN")
    explained = explain_check("a test", check(goal, [3, 5, 1]), yes="pass", no="fail")
    assert explained.short() == "TN 12, -4 heavy cover, halved (Confused) = 4: 3 pass, 5 fail, 1 critical"
    assert explained.lines() == ("a test: TN 12, -4 heavy cover (L1498), halved (Confused) (L1694) = 4",
                                 "  3: pass", "  5: fail", "  1: critical")
    assert explained.count == 2


def test_a_target_of_nought_says_it_fails_without_a_roll() -> None:
    explained = explain_check("a test", check(target(2, [Modifier.add("blinded", -3)]), [1], CheckRules()))
    assert explained.goal == Goal("target", 2, 0, (Cited("-3 blinded"), Cited("cannot go below 0")))
    assert "  a target of 0 fails automatically" in explained.lines()


def test_two_pools_set_against_each_other_count_and_name_why() -> None:
    attack = Explained("A1's attack dice", (Judged("hammer", True, "success", Cited("the symbol", "L453")),
                                            Judged("hammer", True, "success"), Judged("blank", False, "no success")))
    defence = Explained("B1's defence dice", (Judged("crit", True, "success", tag="crit"),))
    contest = Contest(attack, defence, "fails", Cited("the defender rolled a critical", "L515"))
    assert contest.short() == "2 successes (hammer x2) against 1 (crit): fails, the defender rolled a critical"
    assert contest.lines()[-1] == "fails: the defender rolled a critical (L515)"
    assert Explained("x", (Judged("blank", False, "no success"),)).tally() == "no successes"
