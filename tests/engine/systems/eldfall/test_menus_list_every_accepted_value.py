"""A parameter whose values a menu can list lists every one the rules allow, and a typed value it does not list is
refused in the rule's words (``refused=``), not judged by a predicate on the text: the Mana a Mage channels (beyond
the 1 AP of leaving it out), the model an Idle model turns to face, and the movement of a ``/move`` (skills and all)
to the place answered. A predicate takes only what no menu lists: the left-out value spelled out (``amount:1``,
``how:walk``) and degrees. Every value is tried against the rule's own reason (the parameter's ``refused``): listed
exactly when the rule allows it. A menu that drops its first or last entry fails the check."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from typing import Any

import pytest

from engine.core import Ask, Choice, Param, SideId, Viewer
from engine.systems.eldfall.activation import MOVEMENT_SKILLS
from engine.systems.eldfall.rules import RULES
from tests.engine.systems.eldfall.tables import practice, turn_of

Dropping = Callable[[list[Choice]], list[Choice]]


def _param(name: str | None, verb: str, option: str) -> tuple[Param[Any], str]:
    """The parameter ``option`` of the action ``name`` on the verb ``verb``, and the action's command verb."""
    decl = next(d for d in RULES.declared if d.name == name and d.verb == (verb,))
    return next(p for p in decl.params if p.option == option), decl.command_verb


def _disagreements(param: Param[Any], world: Any, ask: Ask, candidates: list[str]) -> list[str]:
    """Each candidate the menu lists although the rule refuses it, or omits although the rule allows it."""
    assert param.refused is not None and param.values is not None
    listed = {c.value for c in param.menu(world, ask)}
    found = [f"{param.option}:{v} listed, refused: {param.refused(world, ask, v)}" for v in listed
             if param.refused(world, ask, v) is not None]
    known = {v.casefold() for v in listed}  # typed in any case
    found += [f"{param.option}:{v} allowed, not listed" for v in candidates if v.casefold() not in known
              and param.refused(world, ask, v) is None and not _typed(param, world, ask, v)]
    return found


def _typed(param: Param[Any], world: Any, ask: Ask, value: str) -> bool:
    """Whether ``value`` is one a parameter takes typed although no menu lists it: what leaving it out means, spelled
    out (``how:walk``, ``amount:1``), or a value of a kind no menu lists (degrees)."""
    return param.accepts is not None and param.accepts(world, ask, value) is None


def _movements() -> list[str]:
    """Every movement with up to two skills, in the order a menu writes them and in the other one."""
    found = []
    for how in ("walk", "run", "climb", "jump", "dash", "idle"):
        for size in range(3):
            for chosen in itertools.permutations(MOVEMENT_SKILLS, size):
                found.append(" ".join((how, *chosen)))
    return found


def _cases() -> list[tuple[Param[Any], Any, Ask, list[str]]]:
    """Each converted parameter with the question it is asked in and the values to try, on side B's turn (the
    Nightshade's Flicker, the Swashbuckler's Dash) and then side A's (three Mages)."""
    game = practice(("Sand Conclave", "Thenion Shadows"))
    cases = []
    viewer = Viewer.of_side(SideId("B"))
    face, activate = _param("activate", "act", "at")
    how, move = _param(None, "move", "how")
    world = RULES.world_of(next(d for d in RULES.declared if d.name == "activate"), game.system, game.state)
    for model in ("B1", "B3"):
        cases.append((face, world, Ask(activate, SideId("B"), viewer, {"model": model}),
                      [*game.state.models, "Z9", "b3"]))
        for to in ("contact A2", "toward A4 2"):
            cases.append((how, world, Ask(move, SideId("B"), viewer, {"model": model, "to": to}), _movements()))
    turn_of(game, "A")
    amount, mana = _param("mana", "act", "amount")
    world = RULES.world_of(next(d for d in RULES.declared if d.name == "mana"), game.system, game.state)
    for model in ("A1", "A2"):
        cases.append((amount, world, Ask(mana, SideId("A"), Viewer.of_side(SideId("A")), {"model": model}),
                      [str(n) for n in range(-1, 6)] + ["two", ""]))
    return cases


Case = tuple[Param[Any], Any, Ask, list[str]]


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return _cases()


def test_each_listed_parameter_lists_exactly_the_values_the_rule_allows(cases: list[Case]) -> None:
    assert all(param.menu(world, ask) for param, world, ask, _ in cases)
    assert not [d for case in cases for d in _disagreements(*case)]


@pytest.mark.parametrize("drop", [lambda listed: listed[1:], lambda listed: listed[:-1]], ids=["first", "last"])
def test_a_menu_that_drops_an_entry_fails_the_check(cases: list[Case], drop: Dropping) -> None:
    """Planted bug: each menu loses its first (or last) entry; the check finds the value the rule allows and the
    menu no longer lists, parameter by parameter."""
    for param, world, ask, candidates in cases:
        values = param.values
        assert values is not None
        broken = dataclasses.replace(param, values=lambda w, a, values=values: drop(list(values(w, a))))
        assert _disagreements(broken, world, ask, candidates), (param.option, ask.options)
