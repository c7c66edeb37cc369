"""A set question of a fixed size says how many it takes, then how many more (newcomer finding 18: "Which
fighters?" for a card that puts two on Guard did not say it takes two); other shapes and sizes keep their prompt."""

from __future__ import annotations

from engine.core import SPECTATOR, Choice, Param, Shape, SideId
from engine.core.menus import param_question
from engine.core.params import Ask


def _values(world: object, ask: Ask) -> list[Choice]:
    return [Choice("A1"), Choice("A2"), Choice("A3")]


def _prompt(count: tuple[int, int], raw: str | None) -> str:
    param = Param("model", "Which fighters?", values=_values, shape=Shape.SET, count=count, noun="fighters")
    asked = param_question(param, None, Ask("play", SideId("A"), SPECTATOR, {}), raw, ())
    assert asked is not None
    return asked.prompt


def test_a_set_of_two_says_choose_two_then_one_more() -> None:
    assert _prompt((2, 2), None) == "Which fighters? (choose 2)"
    assert _prompt((2, 2), "A1,") == "Which fighters? (1 more)"


def test_a_set_of_one_or_of_a_range_keeps_its_prompt() -> None:
    assert _prompt((1, 1), None) == "Which fighters?"
    assert _prompt((1, 3), None) == "Which fighters?"
