"""The mistakes a game's declarations are refused for when it registers (``Declarations.problems``): an option no
shared verb has, a plan paired with no earlier set, a ``per`` that is not the first parameter, a parameter with no menu
that does not declare what is typed for it, a decision kind without a handler, a ruling the code reads that the game's
data does not carry (or the other way round)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from engine.core.params import Param, Shape
from engine.core.verbs import verb as shared_verb

if TYPE_CHECKING:
    from engine.core.declarations import Declarations
    from engine.core.state import CoreState
    from engine.core.system import System

__all__ = ["declaration_problems"]

S = TypeVar("S", bound="CoreState")
W = TypeVar("W")


def declaration_problems(declarations: Declarations[S, W], system: System[S]) -> list[str]:
    """Every mistake in the declarations, for the registry to refuse the game: options no shared verb has, a
    plan paired with no earlier set, a parameter left to typing unsaid, a kind without a handler, a ruling the
    game's data does not carry."""
    found: list[str] = []
    for decl in declarations.every:
        try:
            options = {o.name for o in shared_verb(decl.verb).options}
        except KeyError as error:
            found.append(str(error.args[0]))
            continue
        if (decl.verb == ("act",)) != (decl.name is not None):
            found.append(f"{decl.title}: only /act actions have a name, and every /act action has one")
        earlier: list[Param[W]] = []
        for param in decl.params:
            if param.option not in options or param.option == "action":
                found.append(f"{decl.title}: {shared_verb(decl.verb).name} has no option {param.option}: "
                             "(games add no options)")
            if param.pairs is not None and not any(p.option == param.pairs and p.shape in (Shape.SET, Shape.SPLIT)
                                                   for p in earlier):
                found.append(f"{decl.title}: {param.option}: pairs with {param.pairs}:, which is no earlier set or "
                             "split")
            earlier.append(param)
        found += _unlisted(decl.title, decl.params)
        if decl.per is not None and (not decl.params or decl.params[0].option != decl.per):
            found.append(f"{decl.title}: per={decl.per} must name its first parameter")
    for _, query in declarations.queries():
        if (query.verb == ("act",)) != (query.name is not None):
            found.append(f"{query.title}: only /act questions have a name, and every /act question has one")
        found += _unlisted(query.title, query.params)
    for kind in declarations.kinds.values():
        if kind.handler is None and kind.together is None:
            found.append(f"decision kind {kind.kind!r} has no handler")
    found += declarations.rulings().problems(system.rulings())
    return found


def _unlisted(title: str, params: tuple[Param[W], ...]) -> list[str]:
    """Parameters with no menu that do not declare the kind of value typed for them: a game must never fall back on
    typing unsaid (a file uploaded is a kind of its own)."""
    return [f"{title}: {p.option}: has no menu and declares no free_form; give it a menu, or declare the kind of "
            "value typed for it (free_form=FreeForm.TEXT, POINT, NUMBER...)"
            for p in params if p.values is None and p.upload is None and not p.free_form]
