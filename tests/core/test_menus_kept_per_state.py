"""``keep_menus``: while a game stays at one point of its log, each parameter's menu for one question is worked out
once, for the state and every copy of it at that point; a state that has moved on, another game, another question
and any call outside the scope are worked out afresh (``engine/core/params.py``)."""

from __future__ import annotations

from typing import Any

from engine.core import Ask, Choice, GameSetup, Param, SideId, UserId, Viewer
from engine.core.params import keep_menus
from engine.dice import commitment
from tests.toys.tally import TallyState

A, B = SideId("A"), SideId("B")


def _state(seed: str, seq: int = 3) -> TallyState:
    setup = GameSetup(system="tally", sides=(A, B), host=UserId("alice"), seed_commitment=commitment(seed))
    return TallyState(setup=setup, seq=seq)


def _counted() -> tuple[Param[Any], list[int]]:
    calls: list[int] = []

    def values(state: TallyState, ask: Ask) -> list[Choice]:
        calls.append(state.seq)
        return [Choice(str(n)) for n in range(1, 4 + len(ask.options))]

    return Param("amount", "How many points?", values=values), calls


def _ask(**given: str) -> Ask:
    return Ask("score", A, Viewer.of_side(A), given)


def test_a_menu_is_worked_out_once_for_a_state_and_its_copies_at_the_same_point() -> None:
    param, calls = _counted()
    state = _state("one")
    with keep_menus(state):
        first = param.menu(state, _ask())
        first.append(Choice("99"))  # a caller's list is its own: the kept menu stays as worked out
        assert param.menu(state, _ask()) == param.menu(state.clone(), _ask()) == [Choice("1"), Choice("2"),
                                                                                   Choice("3")]
    assert calls == [3]


def test_a_moved_state_another_game_another_question_and_no_scope_are_worked_out_afresh() -> None:
    param, calls = _counted()
    state = _state("one")
    with keep_menus(state):
        param.menu(state, _ask())
        moved = state.clone()
        moved.seq += 1
        assert len(param.menu(moved, _ask())) == 3
        param.menu(_state("two"), _ask())
        assert len(param.menu(state, _ask(extra="x"))) == 4
        param.menu(state, _ask())
    param.menu(state, _ask())
    assert calls == [3, 4, 3, 3, 3]
