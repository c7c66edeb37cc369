"""Effects of the same name (Shroudfall rulebook v1.4, L286-290): a unit benefits once from effects with the same
name at the same time, so an active ability whose effect its unit (or the unit it chooses) already has would take
the essence and give nothing: it is not offered, and typed it is refused with the rule, changing nothing."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Game, RulesError, Viewer

from .staged import A, act, staged
from .tables import Put


def _offered(game: Game[Any], **given: str) -> list[str]:
    """What the ability menu offers next, given the answers so far."""
    declarations = game.system.declarations
    question = declarations.question(game.system, game.state, declarations.find(("act",), "ability"),
                                     Viewer.of_side(A), A, given)
    return [] if question is None else [value for value, _ in question.everything]




def test_inspiring_presence_already_on_the_unit_is_not_used_again() -> None:
    # L523-525, L286: Inspiring Presence lasts until the unit's next activation; a second use in the same activation
    # would add the same infusion again, which does not stack.
    game = staged(Put("AW", "adamant", 10, 10, unit="W"), Put("B9", "razhu", 30, 30))
    game.state.record(A).reserve = ["yellow", "yellow"]
    act(game, A, "activate", model="W")
    act(game, A, "ability", model="W", choice="inspiring-presence")
    assert "inspiring-presence" not in _offered(game, model="W")
    with pytest.raises(RulesError, match=r"already has Inspiring Presence.*L286"):
        act(game, A, "ability", model="W", choice="inspiring-presence")
    assert game.state.record(A).reserve == ["yellow"]


def test_hold_the_line_is_not_chosen_twice_for_one_unit_but_may_choose_another() -> None:
    # L511-513, L286: the unit already holding the line cannot be chosen again this round; another unit can.
    game = staged(Put("AW", "adamant", 10, 10, unit="W"), Put("A2", "riflemen", 10, 16), Put("A3", "phalanx", 16, 10),
                  Put("B9", "razhu", 30, 30))
    game.state.record(A).reserve = ["grey", "grey", "grey"]
    act(game, A, "activate", model="W")
    act(game, A, "ability", model="W", choice="hold-the-line", target="A2")
    assert sorted(_offered(game, model="W", choice="hold-the-line")) == ["A3", "W"]
    with pytest.raises(RulesError, match=r"already has Hold the Line!.*L286"):
        act(game, A, "ability", model="W", choice="hold-the-line", target="A2")
    assert game.state.record(A).reserve == ["grey", "grey"]
    act(game, A, "ability", model="W", choice="hold-the-line", target="W")
    assert "hold-the-line" in game.state.units["W"].effects
