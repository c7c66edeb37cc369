"""Free-form notation: exact breakdowns, bounds, limits and readable refusals."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.dice import (
    ACCEPTED,
    D6,
    MAX_DICE,
    Die,
    NotationError,
    Roller,
    draw_index,
    parse_expression,
    roll_expression,
    verify_roll,
)

SEED = "notation-seed"


@pytest.mark.parametrize(
    ("expression", "rigged", "breakdown", "kept"),
    [
        ("4d6kh3", [5, 3, 1, 6], "4d6kh3 (5, 3, ~~1~~, 6) = 14", (True, True, False, True)),
        ("3d6+2", [1, 2, 3], "3d6 (1, 2, 3) + 2 = 8", (True,) * 3),
        ("2d20kl1", [17, 4], "2d20kl1 (~~17~~, 4) = 4", (False, True)),
        ("d20", [11], "d20 (11) = 11", (True,)),
        ("2d6-1", [6, 6], "2d6 (6, 6) - 1 = 11", (True, True)),
        ("1d8+1d4", [8, 1], "d8 (8) + d4 (1) = 9", (True, True)),
        ("4d6pl1", [2, 2, 5, 4], "4d6pl1 (2, ~~2~~, 5, 4) = 11", (True, False, True, True)),
        ("4d6ph1", [2, 2, 5, 4], "4d6ph1 (2, 2, ~~5~~, 4) = 8", (True, True, False, True)),
        ("-(1d4 + 1) * 3", [2], "-(d4 (2) + 1) * 3 = -9", (True,)),
        ("2D6 + 3 * 2", [1, 1], "2d6 (1, 1) + 3 * 2 = 8", (True, True)),
        ("d%", [100], "d100 (100) = 100", (True,)),
        ("7", [], "7 = 7", ()),
    ],
)
def test_exact_breakdowns(expression: str, rigged: list[int], breakdown: str, kept: tuple[bool, ...]) -> None:
    result = roll_expression(expression, Roller(SEED, rigged=rigged))
    assert result.breakdown == breakdown
    assert result.kept == kept and len(result.rolls) == len(kept)
    assert result.total == int(breakdown.rsplit("= ", 1)[1])
    assert all(roll.rigged for roll in result.rolls)


def test_expression_text_is_normalised() -> None:
    assert parse_expression(" 3D6 + 2 ").text == "3d6+2"


@pytest.mark.parametrize(
    ("expression", "bounds"),
    [("3d6+2", (5, 20)), ("4d6kh3", (3, 18)), ("2d20kl1", (1, 20)), ("2d6-1", (1, 11)), ("1d8+1d4", (2, 12)),
     ("d4-d6", (-5, 3)), ("(d4-d6)*(d4-d6)", (-15, 25)), ("-d4", (-4, -1)), ("2d20kh2", (2, 40))],
)
def test_bounds(expression: str, bounds: tuple[int, int]) -> None:
    assert parse_expression(expression).bounds() == bounds


def test_rolls_are_drawn_from_the_roller_and_verify() -> None:
    roller = Roller(SEED)
    result = roll_expression("4d6kh3+1d8", roller)
    assert [roll.index for roll in result.rolls] == [0, 1, 2, 3, 4]
    assert [roll.face for roll in result.rolls[:4]] == [draw_index(SEED, "public", i, 6) for i in range(4)]
    assert all(verify_roll(SEED, Die.numeric(int(roll.die[1:])), roll) for roll in result.rolls)
    assert roller.counters() == {"public": 5}


def test_secret_stream_expression() -> None:
    roller = Roller(SEED, rigged=[1])
    result = roll_expression("2d6", roller, "secret:red")
    assert all(roll.stream == "secret:red" and not roll.rigged for roll in result.rolls)
    assert roller.rigged_queue() == (1,)


@pytest.mark.parametrize(
    ("expression", "problem"),
    [
        ("3x6", "that is not dice notation"),
        ("", "the expression is empty"),
        ("2d6/2", "the operator '/' is not supported"),
        ("d20>=10", "the operator '>=' is not supported"),
        ("1.5+d4", "numbers must be whole"),
        ("4d6k3", "the rule k3 is not supported"),
        ("4d6rr1", "the rule rr1 is not supported"),
        ("4d6kh5", "kh5 would keep 5 of 4 dice; keep at most 4, e.g. 4d6kh3"),
        ("2d20pl3", "pl3 would drop 3 of 2 dice; drop at most 2, e.g. 2d20pl1"),
        ("4d6kh3kl1", "use a single keep or drop rule"),
        ("4d6kh3pl1", "use a single keep or drop rule"),
        ("(1, 2)kh1", "not to lists"),
        ("1d6 [fire]", "[labels] are not supported"),
        ("0d6", "between 1 and 100 dice"),
        ("101d6", "between 1 and 100 dice"),
        ("60d6+41d6", "it rolls 101 dice, more than 100"),
        ("d0", "between 1 and 1000 sides"),
        ("d1001", "between 1 and 1000 sides"),
        ("1+" * 120 + "1", "longer than 200 characters"),
    ],
)
def test_refusals_say_what_is_accepted(expression: str, problem: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_expression(expression)
    assert problem in caught.value.problem
    assert str(caught.value).endswith(ACCEPTED)
    assert "e.g. d20, 3d6+2" in str(caught.value)


def test_the_dice_limit_is_inclusive() -> None:
    assert len(parse_expression(f"{MAX_DICE}d6").dice()) == MAX_DICE


def test_rigged_mismatch_is_a_notation_error_that_draws_nothing() -> None:
    roller = Roller(SEED, rigged=[6, 9])
    with pytest.raises(NotationError, match=r"'9' is not a face of d6|9 is not a face of d6") as caught:
        roll_expression("2d6", roller)
    assert ACCEPTED not in str(caught.value)
    assert roller.rigged_queue() == (6, 9) and roller.counters() == {}


@given(st.one_of(st.text(max_size=40), st.text(alphabet="0123456789d%+-*/()khlpre.,<>=[] ", max_size=30)))
def test_any_text_parses_or_raises_notation_error(text: str) -> None:
    with contextlib.suppress(NotationError):
        parse_expression(text)


SIDES = st.sampled_from([1, 2, 4, 6, 8, 10, 12, 20, 100])


@st.composite
def dice_terms(draw: st.DrawFn) -> str:
    count, sides = draw(st.integers(1, 6)), draw(SIDES)
    rule = draw(st.sampled_from(["", "kh", "kl", "ph", "pl"]))
    return f"{count}d{sides}{rule}{draw(st.integers(0, count)) if rule else ''}"  # keeping more than rolled is refused


terms = st.one_of(dice_terms(), st.integers(0, 20).map(str))
expressions = st.recursive(
    terms,
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(["+", "-", "*"]), inner).map(" ".join),
        inner.map(lambda text: f"({text})"),
        inner.map(lambda text: f"-{text}"),
    ),
    max_leaves=5,
)


@given(expressions, st.integers(0, 2**32))
def test_totals_stay_within_bounds(expression: str, salt: int) -> None:
    parsed = parse_expression(expression)
    low, high = parsed.bounds()
    result = parsed.roll(Roller(f"{SEED}:{salt}"))
    assert low <= result.total <= high
    assert len(result.rolls) == len(result.kept) == len(parsed.dice())
    assert result.breakdown.endswith(f"= {result.total}")


@given(st.integers(1, 10), SIDES, st.integers(-20, 20), st.integers(0, 2**32))
def test_simple_totals_against_independent_bounds(count: int, sides: int, modifier: int, salt: int) -> None:
    result = roll_expression(f"{count}d{sides}{modifier:+d}", Roller(f"{SEED}:{salt}"))
    assert count + modifier <= result.total <= count * sides + modifier
    assert result.total == sum(roll.value for roll in result.rolls) + modifier


def test_d6_expression_uses_the_shared_die_name() -> None:
    assert roll_expression("d6", Roller(SEED)).rolls[0].die == D6.name
