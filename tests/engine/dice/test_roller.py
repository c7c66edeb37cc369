"""The seeded roller: derivation, streams, rigging, re-rolls, verification."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.dice import (
    D6,
    D20,
    PUBLIC_STREAM,
    WHU_ATTACK,
    Die,
    DieRoll,
    RerollLimitReached,
    RiggedFaceError,
    Roller,
    commitment,
    draw_index,
    new_seed,
    secret_stream,
    verify_roll,
)
from tests.engine.dice.strategies import dice, seeds, streams

SEED = "golden-seed"


def reference_draw(seed: str, stream: str, index: int, n: int) -> int:
    """The documented derivation, written out independently."""
    attempt = 0
    while True:
        message = f"{stream}:{index}:{attempt}".encode()
        number = int.from_bytes(hmac.new(seed.encode(), message, hashlib.sha256).digest(), "big")
        if number < (2**256 // n) * n:
            return number % n
        attempt += 1


def test_draws_are_pinned() -> None:
    # Golden values: changing them breaks every stored game's verification.
    assert [draw_index(SEED, "public", i, 6) for i in range(10)] == [3, 4, 0, 1, 2, 4, 3, 2, 3, 1]
    assert [draw_index(SEED, "secret:red", i, 20) for i in range(5)] == [1, 2, 9, 8, 3]


def test_rejection_sampling_retries_above_the_limit() -> None:
    n = 2**255 + 1  # about half of all digests are rejected
    assert [draw_index(SEED, "public", i, n) for i in range(20)] == [
        reference_draw(SEED, "public", i, n) for i in range(20)
    ]


@given(seeds, streams, st.integers(0, 10**6), st.integers(1, 10**4))
def test_draw_matches_the_documented_derivation_and_range(seed: str, stream: str, index: int, n: int) -> None:
    drawn = draw_index(seed, stream, index, n)
    assert 0 <= drawn < n
    assert drawn == reference_draw(seed, stream, index, n)


def test_draws_are_uniform_ish() -> None:
    counts = Counter(draw_index(SEED, "public", i, 6) for i in range(6000))
    assert set(counts) == set(range(6))
    assert all(850 <= count <= 1150 for count in counts.values()), counts  # each within ~5 sigma of 1000


@pytest.mark.parametrize(("index", "n"), [(0, 0), (-1, 6)])
def test_draw_rejects_bad_arguments(index: int, n: int) -> None:
    with pytest.raises(ValueError):
        draw_index(SEED, "public", index, n)


def test_seed_and_commitment() -> None:
    seed = new_seed()
    assert re.fullmatch(r"[0-9a-f]{64}", seed) and seed != new_seed()
    assert commitment("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    assert secret_stream("red") == "secret:red"


def test_roller_counts_draws_per_stream() -> None:
    roller = Roller(SEED)
    first = roller.roll(D6)
    assert (first.die, first.face, first.value, first.stream, first.index) == ("d6", 3, 4, PUBLIC_STREAM, 0)
    roller.roll(D20, secret_stream("red"))
    assert roller.counters() == {"public": 1, "secret:red": 1}
    assert Roller(SEED).seed == SEED


def test_roller_resumes_from_counters() -> None:
    live = Roller(SEED)
    live.roll_pool([D6] * 5)
    resumed = Roller(SEED, live.counters())
    assert resumed.roll(D20) == live.roll(D20)


def test_copy_is_independent() -> None:
    roller = Roller(SEED, rigged=[6])
    twin = roller.copy()
    twin.roll(D6)
    twin.roll(D6)
    assert roller.rigged_queue() == (6,) and roller.counters() == {}
    assert twin.rigged_queue() == () and twin.counters() == {"public": 1}


def test_roller_needs_a_seed() -> None:
    with pytest.raises(ValueError, match="seed"):
        Roller("")


@given(seeds, st.lists(st.tuples(st.booleans(), dice), max_size=30))
def test_secret_draws_never_shift_public_dice(seed: str, script: list[tuple[bool, Die]]) -> None:
    plain, mixed = Roller(seed), Roller(seed)
    public_plain, public_mixed = [], []
    for secret, die in script:
        if secret:
            mixed.roll(die, secret_stream("red"))
        else:
            public_plain.append(plain.roll(die))
            public_mixed.append(mixed.roll(die))
    assert public_plain == public_mixed


@given(st.lists(st.integers(1, 6), min_size=1, max_size=20))
def test_rigged_queue_reproduces_values_in_order(values: list[int]) -> None:
    roller = Roller(SEED)
    roller.rig(values)
    rolls = roller.roll_pool([D6] * len(values))
    assert [roll.value for roll in rolls] == values
    assert all(roll.rigged and roll.index is None for roll in rolls)
    assert roller.counters() == {} and roller.rigged_queue() == ()
    after = roller.roll(D6)
    assert not after.rigged and after.index == 0


def test_rigged_labels_pick_symbol_faces() -> None:
    roller = Roller(SEED, rigged=["Crit", "double support", 2])
    assert roller.roll(WHU_ATTACK).symbols == ("crit",)
    assert roller.roll(WHU_ATTACK).symbols == ("support", "support")
    assert roller.roll(D20).label == "2"


def test_rigged_queue_feeds_the_public_stream_only() -> None:
    roller = Roller(SEED, rigged=[6])
    secret = roller.roll(D6, secret_stream("red"))
    assert not secret.rigged and roller.rigged_queue() == (6,)


def test_rigged_mismatch_names_the_die_and_its_faces() -> None:
    roller = Roller(SEED, rigged=["hammer"])
    with pytest.raises(RiggedFaceError, match=r"'hammer' is not a face of d6; it accepts 1, 2, 3, 4, 5, 6"):
        roller.roll(D6)
    assert roller.rigged_queue() == ("hammer",)
    with pytest.raises(RiggedFaceError, match="whu-attack; it accepts support, swords, hammer, double support, crit"):
        Roller(SEED, rigged=[7]).roll(WHU_ATTACK)


def test_failed_pool_takes_nothing() -> None:
    roller = Roller(SEED, rigged=[6, 9])
    with pytest.raises(RiggedFaceError):
        roller.roll_pool([D6, D6])
    assert roller.rigged_queue() == (6, 9) and roller.counters() == {}


def test_rig_refuses_other_types() -> None:
    with pytest.raises(TypeError):
        Roller(SEED).rig([True])


@given(st.integers(0, 3), st.integers(0, 6))
def test_reroll_limit_is_enforced(limit: int, attempts: int) -> None:
    roller = Roller(SEED)
    roll = roller.roll(D6)
    done = 0
    for _ in range(attempts):
        try:
            roll = roller.reroll(roll, D6, limit=limit)
        except RerollLimitReached:
            break
        done += 1
    assert done == min(limit, attempts) and roll.rerolls == done


def test_reroll_messages_and_unlimited() -> None:
    roller = Roller(SEED)
    once = roller.reroll(roller.roll(D6), D6)
    assert once.rerolls == 1 and once.index == 1
    with pytest.raises(RerollLimitReached, match=r"already been re-rolled once, the most allowed"):
        roller.reroll(once, D6)
    roll = once
    for _ in range(5):
        roll = roller.reroll(roll, D6, limit=None)
    assert roll.rerolls == 6
    with pytest.raises(ValueError, match="cannot re-roll a d6 as a d20"):
        roller.reroll(roll, D20, limit=None)


def test_reroll_stays_on_its_stream() -> None:
    roller = Roller(SEED)
    secret = roller.roll(D6, secret_stream("red"))
    again = roller.reroll(secret, D6)
    assert again.stream == "secret:red" and roller.counters() == {"secret:red": 2}


@given(seeds, st.lists(st.tuples(dice, streams), min_size=1, max_size=25))
def test_every_roll_verifies_from_the_revealed_seed(seed: str, script: list[tuple[Die, str]]) -> None:
    roller = Roller(seed)
    for die, stream in script:
        roll = roller.roll(die, stream)
        assert verify_roll(seed, die, roll)
        assert verify_roll(seed, die, roller.reroll(roll, die, limit=None))


def test_verify_refuses_tampered_and_rigged_rolls() -> None:
    roll = Roller(SEED).roll(D6)
    assert not verify_roll(SEED, D6, roll.model_copy(update={"face": 0, "label": "1", "value": 1}))
    assert not verify_roll("other seed", D6, roll)
    assert not verify_roll(SEED, D20, roll)
    assert not verify_roll(SEED, D6, Roller(SEED, rigged=[4]).roll(D6))


def test_die_roll_round_trips_through_json() -> None:
    roll = Roller(SEED, rigged=["double support"]).roll(WHU_ATTACK)
    dumped = json.loads(json.dumps(roll.model_dump(mode="json")))
    assert DieRoll.model_validate(dumped) == roll
