"""Roll-offs (Underworlds core rulebook, L131, L391, L561; cases T43-T46, E13)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.core import SPECTATOR
from engine.core.errors import InvalidCommand
from engine.systems.underworlds import rolloff
from engine.systems.underworlds.events import RollOffDecided
from engine.systems.underworlds.rules import Rules
from tests.engine.systems.underworlds.table import default_rules, ready, rules

BLANKISH = ["hammer", "swords", "block", "dodge"]


def roll_off(rounds: Any, *, bonus_to: str | None = None, rules: Rules | None = None) -> rolloff.RollOff:
    """The roll-off at the table's default rulings unless a test gives others."""
    return rolloff.roll_off(rounds, bonus_to=bonus_to, rules=rules or default_rules())


def test_t43_most_criticals_win() -> None:
    result = roll_off([{"A": ["crit", "crit", "hammer", "block"], "B": ["crit", "swords", "dodge", "block"]}])
    assert result.winner == "A"
    assert result.rounds[0][0].counts == (2, 0, 0)


def test_t44_tied_criticals_go_to_double_support_then_single() -> None:
    result = roll_off([{"A": ["crit", "double support", "hammer", "block"], "B": ["crit", "support", "support",
                                                                                    "block"]}])
    assert result.winner == "A"  # double supports before single supports (ruling roll-off-tie-breaks)
    flipped = roll_off([{"A": ["crit", "double support", "hammer", "block"], "B": ["crit", "support", "support",
                                                                                     "block"]}],
                       rules=rules(roll_off_tie_breaks="single-then-double"))
    assert flipped.winner == "B"


def test_t45_a_full_tie_rerolls_only_the_tied_players() -> None:
    first = {"A": BLANKISH, "B": BLANKISH, "C": ["crit", *BLANKISH[:3]]}
    tied = roll_off([{"A": BLANKISH, "B": BLANKISH}])
    assert (tied.winner, tied.must_reroll) == (None, ("A", "B"))
    decided = roll_off([{"A": BLANKISH, "B": BLANKISH}, {"A": BLANKISH, "B": ["support", *BLANKISH[:3]]}])
    assert decided.winner == "B" and len(decided.rounds) == 2
    assert roll_off([first]).ranking == (("C",), ("A", "B"))
    with pytest.raises(InvalidCommand, match="must be rolled by A, B"):
        roll_off([{"A": BLANKISH, "B": BLANKISH}, {"A": BLANKISH, "C": BLANKISH}])


def test_t46_e13_the_round_one_bonus_counts_in_every_reroll() -> None:
    """L391, L561: the player who finished placing first adds one symbol, also to re-rolls."""
    rolls = [{"A": BLANKISH, "B": ["support", *BLANKISH[:3]]}]
    assert roll_off(rolls).winner == "B"
    # With a single-support bonus A ties B on every count and both re-roll; the bonus stays in round two.
    bonus = roll_off([*rolls, {"A": BLANKISH, "B": BLANKISH}], bonus_to="A")
    assert bonus.rounds[0][0].counts == (0, 0, 1) and bonus.winner == "A"
    critical = roll_off(rolls, bonus_to="A", rules=rules(round_one_bonus_symbol="critical"))
    assert critical.winner == "A"
    double = roll_off(rolls, bonus_to="A", rules=rules(round_one_bonus_symbol="double-support"))
    assert double.rounds[0][0].counts == (0, 1, 0) and double.winner == "A"  # a double support outranks a single


def test_a_roll_off_takes_four_faces_of_real_dice() -> None:
    with pytest.raises(InvalidCommand, match=r"rolled 3 dice; a roll-off takes any four dice \(Underworlds core "
                                             r"rulebook, L131\)"):
        roll_off([{"A": BLANKISH[:3], "B": BLANKISH}])
    with pytest.raises(InvalidCommand, match="'skull', which no die has"):
        roll_off([{"A": ["skull", *BLANKISH[:3]], "B": BLANKISH}])


def test_the_public_line_says_what_each_side_rolled_and_what_it_means() -> None:
    """L131: most criticals, then the tie-breaks, then the tied re-roll; the line a player reads gives each side's
    counts and why the winner won (never a bare ``1 = 1``), and the first activation's winner is then asked to
    choose (L391)."""
    game = ready()
    decided = next(e.body for e in game.log if isinstance(e.body, RollOffDecided)
                   and e.body.purpose.startswith("the first activation"))
    line = decided.describe()
    assert re.fullmatch(r"Side [AB] wins the roll-off for the first activation of round 1 \(A .+, B .+: .+\)\.", line)
    tiebreak = roll_off([{"A": ["crit", "double support", "hammer", "block"], "B": ["crit", *BLANKISH[:3]]}])
    assert tiebreak.said == "A 1 critical and 1 double support, B 1 critical: tied on criticals, A has more double " \
                            "supports"
    rerolled = roll_off([{"A": BLANKISH, "B": BLANKISH}, {"A": BLANKISH, "B": ["crit", *BLANKISH[:3]]}])
    assert rerolled.said == "A nothing that counts, B nothing that counts: A and B tie on every count and re-roll; " \
                            "then A nothing that counts, B 1 critical: B has more criticals"
    assert rerolled.working[0].startswith("Roll 1: A 0 criticals"), "a roll of the roll-off, not a round of the game"
    chooses = next(line.text for line in game.log_view(SPECTATOR).lines if "chooses who takes" in line.text)
    assert chooses.startswith(f"Side {decided.winner} chooses who takes the first activation")
