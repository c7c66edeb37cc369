"""Each clause of issue 23's conformance property fails on a deliberate bug that breaks it, run whole
(``tests/engine/systems/test_menu_conformance.py``: a walk from ``/game new`` picking from the menus, the bot's move
and the fuzzed commands at each state): the bot playing what no menu offers, the referee accepting a discrete
value no menu lists (found by the fuzzer), a menu that stops asking for a parameter whose values change the
outcome (chosen silently), and an entry that leads to an empty question. The same toy declared right passes, so
each failure is the bug's."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

import engine.core.declarations as declarations_module
import tests.engine.systems.test_menu_conformance as conformance
from engine.core import (
    Ask,
    BotMove,
    Choice,
    Command,
    Context,
    Declarations,
    FreeForm,
    Param,
    SideId,
    When,
)
from engine.core.menus import Question
from tests.menu_walk import FACTORIES
from tests.toys.tally import Scored, Tally, TallyState, score

NAME = "drifting"


def _tally(*, free_form: FreeForm = FreeForm.TEXT, bot: BotMove | None = None, stops: bool = False) -> type[Tally]:
    """Tally whose score menu lists 1 and 2 (and an optional bonus of 0 or 1); typed, the check takes any word (a
    word that is no number scores 1), which ``free_form`` declares (TEXT) or not (NONE: a bug). ``stops``: the
    bonus is not optional, and after 2 its menu is empty."""
    rules: Declarations[TallyState, TallyState] = Declarations()

    def accepts(state: TallyState, ask: Ask, typed: str) -> str | None:
        return None if typed.strip() else "say how many"

    @rules.action("score", "Score points", label="Score", when=When(turn=True), params=(
        Param("amount", "How many?", values=lambda s, a: [Choice("1"), Choice("2")], accepts=accepts,
              free_form=free_form),
        Param("with", "A bonus?", values=lambda s, a: [] if stops and a.text("amount") == "2" else
              [Choice("0"), Choice("1")], optional=not stops, none_label="no")))
    def _score(ctx: Context[TallyState], ask: Ask) -> None:
        side = ask.acting
        amount = int(ask.text("amount")) if ask.text("amount").isdigit() else 1
        amount += int(ask.text("with", "0"))
        ctx.emit(Scored(side=side, amount=amount, next_side=ctx.state.next_in_play(side)))

    def bot_move(self: Tally, state: TallyState, side: SideId, allowed: Callable[[Command], bool]) -> BotMove | None:
        return bot if bot is not None else Tally.bot_move(self, state, side, allowed)

    return type("Drifting", (Tally,), {"declarations": rules, "bot_move": bot_move})


@pytest.fixture
def walked() -> Iterator[Callable[[type[Tally]], Any]]:
    """Run the whole conformance property on a toy; the AssertionError it raises, or None when it holds."""

    async def run(system: type[Tally], walks: int = 1) -> AssertionError | None:
        FACTORIES[NAME] = system
        for seed in range(walks):
            try:
                await conformance.test_the_menus_the_referee_and_the_bot_agree(NAME, seed)
            except AssertionError as error:
                return error
        return None

    yield run
    FACTORIES.pop(NAME, None)


async def test_the_property_holds_for_the_toy_declared_right(walked: Any) -> None:
    assert await walked(_tally(), walks=2) is None


async def test_a_bot_playing_what_no_menu_offers_fails_it(walked: Any) -> None:
    failed = await walked(_tally(bot=BotMove(score(3), ("a move off the menus",))))
    assert "the bot plays what no menu offers" in str(failed)


async def test_a_value_the_check_accepts_that_no_menu_lists_nor_is_declared_free_form_fails_it(walked: Any) -> None:
    failed = await walked(_tally(free_form=FreeForm.NONE))  # the fuzz types C2, 99, A1,A1... for the amount
    assert "accepted but reachable from no menu" in str(failed) and "amount" in str(failed)


async def test_a_menu_that_stops_asking_a_parameter_that_changes_the_outcome_fails_it(
        walked: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    asks = declarations_module.param_question

    def skipping(param: Param[Any], *args: Any, **kwargs: Any) -> Question | None:
        return None if param.option == "with" else asks(param, *args, **kwargs)  # the bonus: never asked

    monkeypatch.setattr(declarations_module, "param_question", skipping)
    failed = await walked(_tally())
    assert "a parameter chosen silently" in str(failed) and "with" in str(failed)


async def test_an_entry_that_leads_to_an_empty_question_fails_it(walked: Any) -> None:
    failed = await walked(_tally(stops=True), walks=2)
    assert "an entry led nowhere" in str(failed) and "amount:2" in str(failed)
