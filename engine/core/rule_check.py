"""The one rule check of a declared action (``Declarations.resolve``): where and when, the precondition, each
parameter read against its menu or predicate in order (each given the answers before it), then the action's own
check, which returns the plan its handler applies. Its own module so the declarations' registry stays one idea."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.core.audience import Viewer, ViewerKind
from engine.core.declared import ActionDecl
from engine.core.errors import IllegalCommand, InvalidCommand, RulesError
from engine.core.ids import SideId
from engine.core.params import LEFT_OUT, Ask, Param, paired_values, read_param
from engine.core.uploads import SHARED_KINDS, read_upload

if TYPE_CHECKING:
    from engine.core.system import System

__all__ = ["checked_plan", "paired_with"]


def checked_plan(system: System[Any], state: Any, make_world: Callable[[], Any], decl: ActionDecl[Any, Any],
                 side: SideId | None, values: Mapping[str, str], *, host: bool = False) -> Any:
    """The plan of ``decl`` taken by ``side`` with the typed ``values`` (the checked answers where the action has no
    check of its own); ``make_world`` builds the world its generators read, once the time is right.

    :raises RulesError: naming what was wrong and what is accepted.
    """
    verb = decl.command_verb
    if decl.when is not None and (refused := decl.when.refusal(state, side, verb)) is not None:
        raise refused
    viewer = Viewer.of_side(side) if side is not None else Viewer(ViewerKind.HOST)
    world = make_world()
    if decl.available is not None and \
            (why := decl.available(world, Ask(verb, side, viewer, {}, host=host))) is not None:
        raise why if isinstance(why, RulesError) else IllegalCommand(why, verb=verb, rule=decl.rule or None)
    unknown = sorted(set(values) - {p.option for p in decl.params})
    if unknown:
        takes = ", ".join(f"{p.option}:" for p in decl.params) or "no options"
        raise InvalidCommand(f"{decl.title} does not take {unknown[0]}:; it takes {takes}", verb=verb)
    for param in decl.params:
        param.prechecked(world, Ask(verb, side, viewer, {}, host=host), values.get(param.option))
    given: dict[str, Any] = {}
    for param in decl.params:
        ask = Ask(verb, side, viewer, given, host=host)
        raw = values.get(param.option, "").strip()
        if not param.asked(world, ask):
            if raw and raw != LEFT_OUT:
                raise InvalidCommand(f"{param.option}: is not asked here ({param.prompt})", verb=verb)
            continue
        if not raw or raw == LEFT_OUT:  # the one answer a player's menu took alone (``question``), else host's
            only = param.only(world, Ask(verb, side, viewer, given)) if host else None
            if (only := only or param.only(world, ask)) is not None:
                given[param.option] = only
                continue
            if not param.optional:
                raise InvalidCommand(f"{decl.title} needs {param.option}: ({param.prompt})", verb=verb)
            continue
        given[param.option] = read_param(param, world, ask, raw, paired_with(decl, param, given))
    kinds = {**SHARED_KINDS, **system.spec.data_kinds}
    uploads = {p.option: read_upload(p.option, str(given[p.option]), kinds, verb) for p in decl.params
               if p.upload is not None and p.option in given}
    ask = Ask(verb, side, viewer, given, host=host, uploads=uploads)
    return decl.check(world, ask) if decl.check is not None else ask


def paired_with(decl: ActionDecl[Any, Any], param: Param[Any], given: Mapping[str, Any]) -> list[str]:
    """What a plan's items pair with, one each (a split's counts stand apart); nothing for any other shape."""
    return paired_values(decl.param(param.pairs), given.get(param.pairs)) if param.pairs else []
