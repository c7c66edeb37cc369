"""The shared re-roll window: ordered steps, a die re-rolled once per player (or once at all), whole-roll re-rolls
exempt from the limit, and once-per-roll steps."""

from __future__ import annotations

import pytest

from engine.dice import D20, ESSENCE_GREY, ESSENCE_YELLOW, RerollOrder, RerollRefused, RerollStep, RolledPool, Roller

SHROUDFALL = RerollOrder((
    RerollStep("essence", "A", whole=True, counted=False, once=True, rule="L935"),
    RerollStep("attacker", "A", rule="L1566"),
    RerollStep("defender", "B", rule="L1570"),
), scope="player", limit_rule="L813")


def _pool(roller: Roller, *faces: int | str) -> RolledPool:
    roller.rig(list(faces))
    dice = [ESSENCE_YELLOW, ESSENCE_YELLOW, ESSENCE_GREY, ESSENCE_GREY]
    return RolledPool.of(dice, roller.roll_pool(dice))


def _again(roller: Roller):
    return lambda previous, die: roller.reroll(previous, die, limit=None)


def test_an_essence_reroll_rerolls_everything_and_leaves_each_die_for_both_players() -> None:
    roller = Roller("s")
    pool = _pool(roller, 3, 2, 0, 0)
    roller.rig([1, 1, 2, 2])
    pool = SHROUDFALL.reroll(pool, "essence", (), _again(roller))
    assert pool.values == (1, 1, 2, 2) and pool.rerolled_by == (frozenset(),) * 4
    roller.rig([3])
    pool = SHROUDFALL.reroll(pool, "attacker", (0,), _again(roller))
    assert pool.values == (3, 1, 2, 2) and pool.total == 8
    assert pool.history[0] == "essence re-roll (A): 3, 2, blank, blank -> 1, 1, 2, 2"


def test_the_essence_reroll_is_once_per_roll_and_comes_before_any_other() -> None:
    roller = Roller("s")
    pool = _pool(roller, 3, 2, 0, 0)
    roller.rig([1, 1, 2, 2])
    once = SHROUDFALL.reroll(pool, "essence", (), _again(roller))
    with pytest.raises(RerollRefused, match="only once"):
        SHROUDFALL.reroll(once, "essence", (), _again(roller))
    roller.rig([0])
    later = SHROUDFALL.reroll(pool, "attacker", (2,), _again(roller))
    with pytest.raises(RerollRefused, match="comes before the attacker re-roll"):
        SHROUDFALL.reroll(later, "essence", (), _again(roller))
    assert SHROUDFALL.allowed(later, "essence") == ()


def test_each_player_rerolls_a_die_once_but_both_players_may() -> None:
    roller = Roller("s")
    pool = _pool(roller, 0, 2, 0, 0)
    roller.rig([0])
    pool = SHROUDFALL.reroll(pool, "attacker", (0,), _again(roller))
    with pytest.raises(RerollRefused, match="already been re-rolled by A"):
        SHROUDFALL.reroll(pool, "attacker", (0,), _again(roller))
    assert SHROUDFALL.allowed(pool, "attacker") == (1, 2, 3)
    roller.rig([3])
    pool = SHROUDFALL.reroll(pool, "defender", (0,), _again(roller))  # Elusive's forced re-roll of the same die
    assert pool.values[0] == 3 and pool.rerolled_by[0] == {"A", "B"}
    with pytest.raises(RerollRefused, match="already been re-rolled by B"):
        SHROUDFALL.reroll(pool, "defender", (0, 1), _again(roller))
    assert pool.values[0] == 3  # a refused re-roll changes nothing


def test_a_refusal_names_the_die_that_does_not_exist() -> None:
    pool = _pool(Roller("s"), 1, 1, 1, 1)
    with pytest.raises(RerollRefused, match="no die 5"):
        SHROUDFALL.reroll(pool, "attacker", (4,), _again(Roller("s")))
    with pytest.raises(RerollRefused, match="steps are essence, attacker, defender"):
        SHROUDFALL.refusal(pool, "luck")


def test_scope_any_lets_no_die_be_rerolled_twice_whoever_asks() -> None:
    # Sunshard:Embren core rules v1.0, L153: a Loot re-roll, then a Fortune re-roll of the same test is refused.
    order = RerollOrder((RerollStep("loot", "A", whole=True), RerollStep("fortune", "A", whole=True)),
                        scope="any", limit_rule="L153")
    roller = Roller("s", rigged=[7])
    pool = RolledPool.of([D20], roller.roll_pool([D20]))
    roller.rig([12])
    pool = order.reroll(pool, "loot", (), _again(roller))
    with pytest.raises(RerollRefused, match="already been re-rolled by anyone"):
        order.reroll(pool, "fortune", (), _again(roller))
