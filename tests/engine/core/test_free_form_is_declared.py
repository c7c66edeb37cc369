"""What no menu can list is declared where the parameter is (``Param.free_form``), never guessed: the reachability
check (``engine.core.offers.reachable``) takes a typed value of a declared kind as typed and holds every other to
the menus, and a game whose parameter has no menu and declares nothing is refused when it registers, so a new game
cannot fall back on typing unsaid (issue 23)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.core.hosted import HostedSystems
from engine.core import (
    ActionCommand,
    Actor,
    Ask,
    Choice,
    Context,
    Declarations,
    FreeForm,
    Game,
    GameSetup,
    Param,
    SideId,
    UserId,
    When,
)
from engine.core.offers import reachable
from engine.dice import commitment
from tests.menu_walk import FACTORIES
from tests.toys.tally import Scored, Tally, TallyState

A, B = SideId("A"), SideId("B")


def _within(low: int, high: int) -> Any:
    def accepts(state: TallyState, ask: Ask, typed: str) -> str | None:
        return None if typed.strip().isdigit() and low <= int(typed) <= high else f"{low} to {high}"
    return accepts


def _tally(amount: Param[TallyState]) -> type[Tally]:
    rules: Declarations[TallyState, TallyState] = Declarations()

    @rules.action("score", "Score points", label="Score", when=When(turn=True), params=(amount,))
    def _score(ctx: Context[TallyState], ask: Ask) -> None:
        side = ask.acting
        ctx.emit(Scored(side=side, amount=ask.integer("amount", 1), next_side=ctx.state.next_in_play(side)))

    return type("Typed", (Tally,), {"declarations": rules})


def _game(system: type[Tally]) -> Game[TallyState]:
    setup = GameSetup(system="tally", sides=(A, B), host=UserId("alice"), seed_commitment=commitment("f"))
    return Game.start(system(), setup, "f", seats={A: UserId("alice"), B: UserId("bob")})


def _score(amount: str) -> ActionCommand:
    return ActionCommand(path=("act",), name="score", values=(("amount", amount),))


def test_a_parameter_with_no_menu_that_declares_nothing_is_refused_when_the_game_registers() -> None:
    unsaid = _tally(Param("amount", "How many points?", accepts=_within(1, 9)))
    problems = unsaid().problems()
    assert problems == ["/act action:score: amount: has no menu and declares no free_form; give it a menu, or "
                        "declare the kind of value typed for it (free_form=FreeForm.TEXT, POINT, NUMBER...)"]
    with pytest.raises(ValueError, match="amount: has no menu"):
        HostedSystems({"tally": unsaid})
    said = _tally(Param("amount", "How many points?", accepts=_within(1, 9), free_form=FreeForm.NUMBER))
    assert said().problems() == []
    with pytest.raises(ValueError, match="need a predicate"):
        Param("amount", "How many points?", values=lambda s, a: [], free_form=FreeForm.NUMBER)


def test_every_registered_game_and_toy_declares_what_is_typed_for_a_parameter_with_no_menu() -> None:
    assert {name: factory().problems() for name, factory in FACTORIES.items()} == {name: [] for name in FACTORIES}


def test_a_value_of_a_declared_kind_is_taken_as_typed_and_any_other_must_be_on_the_menus() -> None:
    listed = Param("amount", "How many points?", values=lambda s, a: [Choice("1"), Choice("2")], accepts=_within(1, 9),
                   free_form=FreeForm.NUMBER)
    game = _game(_tally(listed))
    declarations, system, state = game.system.declarations, game.system, game.state
    assert game.allows(_score("7"), Actor(user=UserId("alice"), side=A))  # the referee accepts it
    assert reachable(declarations, system, state, A, _score("7"), typed=True) is None
    assert reachable(declarations, system, state, A, _score("2")) is None
    assert "amount:7 is not reachable" in str(reachable(declarations, system, state, A, _score("7")))  # the bot's
    undeclared = _game(_tally(Param("amount", "How many points?", values=lambda s, a: [Choice("1"), Choice("2")],
                                    accepts=_within(1, 9))))
    assert "amount:7 is not reachable" in str(reachable(undeclared.system.declarations, undeclared.system,
                                                        undeclared.state, A, _score("7"), typed=True))


@pytest.mark.parametrize(("kinds", "typed", "covered"), [
    (FreeForm.POINT | FreeForm.PHRASE, "10.5,12", True), (FreeForm.POINT | FreeForm.PHRASE, "toward B1 3", True),
    (FreeForm.POINT | FreeForm.PHRASE, "B1", False), (FreeForm.POINT, "A3@10,12;A4@11,12", True),
    (FreeForm.PATH, "C4>C5", True), (FreeForm.PATH, "C4", False), (FreeForm.LIST, "B2,B1", True),
    (FreeForm.LIST, "B2", False), (FreeForm.NUMBER, "-2.5", True), (FreeForm.NUMBER, "C10", False),
    (FreeForm.TEXT, "any note at all", True), (FreeForm.NONE, "3", False)])
def test_each_kind_covers_its_own_values(kinds: FreeForm, typed: str, covered: bool) -> None:
    assert kinds.covers(typed) is covered
