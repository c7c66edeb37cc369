"""Declared actions and questions as the ``Action`` objects of ``engine.core.actions`` the front-ends read: each
parameter's menu becomes an option's source (autocomplete), a question's answer reads the declarations' world."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from engine.core.actions import Action, Choice
from engine.core.args import Args
from engine.core.audience import Viewer, ViewerKind
from engine.core.commands import Command
from engine.core.declarations import ActionCommand, ActionDecl, Declarations, QueryDecl
from engine.core.errors import RulesError
from engine.core.menus import ordered
from engine.core.params import Ask, Param
from engine.core.uploads import SHARED_KINDS, written_upload

if TYPE_CHECKING:
    from engine.core.state import CoreState
    from engine.core.system import QueryAnswer, System

__all__ = ["action_of", "as_actions", "query_of"]

S = TypeVar("S", bound="CoreState")
W = TypeVar("W")
Source = Callable[[S, Viewer, Mapping[str, Any]], Sequence[Choice]]


def as_actions(declarations: Declarations[S, Any], system: System[S]) -> tuple[Action[S], ...]:
    """Every declared action and question (those included too, and the tools accepted only typed) as an ``Action``,
    for the front-ends."""
    return (*(action_of(declarations, system, decl) for decl in declarations.every),
            *(query_of(home, system, query) for home, query in declarations.queries()))


def query_of(declarations: Declarations[S, W], system: System[S], query: QueryDecl[W]) -> Action[S]:
    """A question as an ``Action``: answered from the world, its parameters' generators as its sources."""

    def answer(state: S, viewer: Viewer, args: Args) -> QueryAnswer:
        return query.answer(declarations.world(system, state), viewer, args)

    def source(param: Param[W]) -> Source[S]:
        def values(state: S, viewer: Viewer, filled: Mapping[str, Any]) -> Sequence[Choice]:
            side = viewer.side if viewer.kind is ViewerKind.SIDE else None
            ask = Ask(query.title, side, viewer, filled)
            world = declarations.world(system, state)
            if not param.asked(world, ask):
                return []  # it does not apply given what is filled: its menu is never built
            distances = system.disclosure(state, viewer).distances
            return ordered(param.menu(world, ask), param.order, distances)
        return values

    return Action(query.verb, query.summary, name=query.name,
                  options=(*(p.option for p in query.params), *query.options), answer=answer,
                  sources={p.option: source(p) for p in query.params if p.values is not None},
                  menu=tuple(p.option for p in query.params if p.values is not None and not p.optional),
                  rule=query.rule)


def action_of(declarations: Declarations[S, Any], system: System[S], decl: ActionDecl[S, Any]) -> Action[S]:
    """A declared action as an ``Action``: it builds the ``ActionCommand`` its declaration checks and runs, and each
    parameter's source is the menu its question would show given the options filled so far."""

    kinds = {**SHARED_KINDS, **system.spec.data_kinds}

    def build(args: Args) -> Command:
        values = tuple((p.option, written_upload(args.uploads[p.option], kinds) if p.upload else
                        str(args.options[p.option]).strip()) for p in decl.params
                       if (p.option in args.uploads if p.upload else args.has(p.option)))
        return ActionCommand(path=decl.verb, name=decl.name, values=values)

    def source(param: Param[Any]) -> Source[S]:
        def values(state: S, viewer: Viewer, filled: Mapping[str, Any]) -> Sequence[Choice]:
            side = viewer.side if viewer.kind is ViewerKind.SIDE else None
            try:
                question = declarations.question(system, state, decl, viewer, side, {**filled, param.option: None})
            except RulesError:
                return []  # an earlier option is wrong: nothing to suggest until it is put right
            if question is None or question.option != param.option:
                return []
            return [Choice(raw.rstrip(","), c.label, c.distance, c.reach, c.overlay) for raw, c in question.entries]
        return values

    return Action(decl.verb, decl.summary, name=decl.name, options=tuple(p.option for p in decl.params),
                  build=build, sources={p.option: source(p) for p in decl.params if p.values is not None},
                  menu=tuple(p.option for p in decl.params), preview=decl.preview, rule=decl.rule,
                  uploads={p.option: p.upload for p in decl.params if p.upload}, declaration=decl)
