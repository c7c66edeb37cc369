"""The attack sequence's windows checked against the rulebook itself (Shroudfall rulebook v1.4, L1535-1561): who
declares first when a model is targeted, hit or damaged, and when an attack misses or does no damage."""

from __future__ import annotations

import pytest

from engine.core import SideId
from engine.systems.shroudfall.strike import ATTACK_WINDOWS, reaction_order

A, B = SideId("A"), SideId("B")


def test_the_defender_declares_first_when_targeted_hit_or_damaged_the_attacker_after_a_miss() -> None:
    # L1542-1544 (targeted), L1550-1553 (hit), L1557-1559 (damaged): the defending player declares reactive abilities
    # first, then the attacking player, and passive effects resolve starting with the defender. L1547-1548, L1555-1556:
    # after a miss, or a hit without damage, the attacker may use its abilities and re-rolls first, then the defender.
    for trigger in ("targeted", "hit", "damaged"):
        assert reaction_order(trigger, attacker=A, defender=B) == (B, A)
    for trigger in ("misses", "no-damage"):
        assert reaction_order(trigger, attacker=A, defender=B) == (A, B)


def test_the_windows_come_in_the_sequence_order_and_nothing_else_is_one() -> None:
    # L1541-1561: targeted (steps 5-7), the miss (10-11), the hit (13-15), no damage (17-18), damaged (19-21).
    assert ATTACK_WINDOWS == ("targeted", "misses", "hit", "no-damage", "damaged")
    with pytest.raises(ValueError, match="not a window of the attack sequence"):
        reaction_order("round-end", attacker=A, defender=B)
