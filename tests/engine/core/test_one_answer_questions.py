"""A question with one answer is no question (newcomer findings 10 and 14): "Which enemy?" with one enemy in reach is
taken at once and said with the next question, as a decision with one legal option already is; a pick of the only
value a set or split lists is the whole answer, with no "done" after it."""

from __future__ import annotations

import pytest

from engine.core import (
    Ask,
    Choice,
    Context,
    Declarations,
    Game,
    GameSetup,
    InvalidCommand,
    Param,
    Shape,
    SideId,
    UserId,
    Viewer,
    When,
)
from engine.dice import commitment
from tests.toys.tally import Tally, TallyState

A, B = SideId("A"), SideId("B")
ENEMIES = {"one": [Choice("B2", "B2 Stormcaller")], "far": [Choice("B2", "B2 Stormcaller", distance=9.0, reach=2.0)],
           "two": [Choice("B2", "B2 Stormcaller"), Choice("B3", "B3 Reaver")]}
RULES: Declarations[TallyState, TallyState] = Declarations()


@RULES.action("charge", "Charge", when=When(turn=True), params=(
    Param("choice", "Which field?", values=lambda s, a: [Choice(k) for k in ENEMIES]),
    Param("target", "Which enemy?", values=lambda s, a: ENEMIES[a.text("choice")], noun="enemies"),
    Param("to", "Charge to which hex?", values=lambda s, a: [Choice("D4"), Choice("D5")], noun="hexes")))
def _charge(ctx: Context[TallyState], ask: Ask) -> None: ...


@RULES.action("volley", "Volley", when=When(turn=True), params=(
    Param("choice", "Which field?", values=lambda s, a: [Choice(k) for k in ENEMIES]),
    Param("target", "At whom?", values=lambda s, a: ENEMIES[a.text("choice")], shape=Shape.SPLIT, count=(1, 3)),
    Param("with", "Who joins?", values=lambda s, a: ENEMIES[a.text("choice")], shape=Shape.SET, count=(1, 2))))
def _volley(ctx: Context[TallyState], ask: Ask) -> None: ...


class Asking(Tally):
    declarations = RULES


def _game() -> Game[TallyState]:
    setup = GameSetup(system="tally", sides=(A, B), host=UserId("alice"), seed_commitment=commitment("o"))
    return Game.start(Asking(), setup, "o", seats={A: UserId("alice"), B: UserId("bob")})


def test_the_one_enemy_is_taken_at_once_and_said_with_the_next_question() -> None:
    game = _game()
    side = game.state.active_side
    decl = RULES.find(("act",), "charge")
    assert decl is not None and side is not None
    asked = RULES.question(game.system, game.state, decl, Viewer.of_side(side), side, {"choice": "one"})
    assert asked is not None and asked.option == "to"
    assert asked.prompt == "Which enemy: B2 Stormcaller, the only one. Charge to which hex?"
    named = RULES.question(game.system, game.state, decl, Viewer.of_side(side), side, {"choice": "one", "target": None})
    assert named is not None and named.option == "target", "asked by name (an autocomplete), its menu is shown"
    plan = RULES.resolve(game.system, game.state, decl, side, {"choice": "one", "to": "D4"})
    assert plan.text("target") == "B2", "the command the menus build leaves it out; the check takes the same one"


def test_a_real_choice_or_one_certain_to_fail_is_still_asked() -> None:
    game = _game()
    side = game.state.active_side
    decl = RULES.find(("act",), "charge")
    assert decl is not None and side is not None
    for field in ("two", "far"):
        asked = RULES.question(game.system, game.state, decl, Viewer.of_side(side), side, {"choice": field})
        assert asked is not None and asked.option == "target", f"{field}: its player sees the menu (and why it fails)"
        with pytest.raises(InvalidCommand, match="needs target:"):
            RULES.resolve(game.system, game.state, decl, side, {"choice": field, "to": "D4"})


def test_the_only_value_of_a_set_or_a_split_is_picked_whole() -> None:
    game = _game()
    side = game.state.active_side
    decl = RULES.find(("act",), "volley")
    assert decl is not None and side is not None
    viewer = Viewer.of_side(side)
    asked = RULES.question(game.system, game.state, decl, viewer, side, {"choice": "one"})
    assert asked is not None and asked.option == "target" and not asked.closing
    assert [(raw, choice.shown) for raw, choice in asked.entries] == [
        ("B2", "B2 Stormcaller"), ("B2x2", "B2 Stormcaller x2"), ("B2x3", "B2 Stormcaller x3")], "no comma: no done"
    joined = RULES.question(game.system, game.state, decl, viewer, side, {"choice": "one", "target": "B2"})
    assert joined is not None and joined.option == "with" and [raw for raw, _ in joined.entries] == ["B2"]
    assert RULES.question(game.system, game.state, decl, viewer, side,
                          {"choice": "one", "target": "B2", "with": "B2"}) is None
    several = RULES.question(game.system, game.state, decl, viewer, side, {"choice": "two"})
    assert several is not None and [raw for raw, _ in several.entries] == ["B2,", "B3,"], "several: a pick at a time"
