"""What a side may do now, read from a game's declarations: the entries of a bare ``/act`` menu (each action whose
first question has something to offer, a suggestion first) and the ``/help`` lines made from them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from engine.core.actions import Choice, LegalAction
from engine.core.audience import Viewer, ViewerKind
from engine.core.ids import SideId
from engine.core.menus import ordered
from engine.core.params import Ask

if TYPE_CHECKING:
    from engine.core.declarations import Declarations
    from engine.core.state import CoreState
    from engine.core.system import System

S = TypeVar("S", bound="CoreState")


def legal_now(declarations: Declarations[S, Any], system: System[S], state: S, side: SideId
              ) -> tuple[LegalAction, ...]:
    """The actions ``side`` may take now, partly filled (``per``: one entry per value), in declared order; an
    action whose first question has nothing to offer is left out (it would stop at an empty menu)."""
    held = (side,)
    if state.outcome is not None or any(d.holds_up(held) for d in state.pending.values()):
        return ()
    worlds: dict[int, Any] = {}  # each reader's world, built once for the whole menu
    found: list[LegalAction] = []
    viewer = Viewer.of_side(side)
    for decl in declarations.declared:
        if decl.when is not None and decl.when.refusal(state, side, decl.command_verb) is not None:
            continue
        home = declarations.home(decl)
        if id(home) not in worlds:
            worlds[id(home)] = home.world(system, state)
        world = worlds[id(home)]
        ask = Ask(decl.command_verb, side, viewer, {})
        if decl.available is not None and decl.available(world, ask) is not None:
            continue
        if decl.suggest is not None:  # a suggestion first: the one pick that takes it whole
            found += [LegalAction(decl.verb, label, decl.name, dict(answers))
                      for label, answers in decl.suggest(world, ask)]
        first = next((p for p in decl.params if p.asked(world, ask)), None)
        if first is None:
            found.append(LegalAction(decl.verb, decl.label, decl.name))
            continue
        choices = first.menu(world, ask)
        if decl.per == first.option:  # a model's entries are grouped by the front-end; others say their value
            found += [LegalAction(decl.verb, decl.label if first.option == "model" else f"{decl.label}: {c.shown}",
                                  decl.name, {first.option: c.value}, model_shown=_named(first.option, c))
                      for c in ordered(choices, first.order, True)]
        elif choices or first.none_offered(world, ask):
            found.append(LegalAction(decl.verb, decl.label, decl.name))
    return tuple(found)


def _named(option: str, choice: Choice) -> str:
    """A model's name where its menu label names it otherwise than by its id (a label not starting with the id:
    ``Serene Sentinels (B6-B9)`` for ``B-sentinels-1``, never ``B1 Soga Warrior`` for ``B1``)."""
    return choice.label if option == "model" and choice.label and not choice.label.startswith(choice.value) else ""


def help_now(declarations: Declarations[S, Any], system: System[S], state: S, viewer: Viewer) -> tuple[str, ...]:
    """``/help``: each action the viewer's side may take now, with its options in the order they are asked."""
    if viewer.kind is not ViewerKind.SIDE or viewer.side is None:
        return ()
    lines: list[str] = []
    for legal in legal_now(declarations, system, state, viewer.side):
        decl = declarations.find(legal.verb, legal.name)
        if decl is None or any(line.startswith(decl.title) for line in lines):
            continue
        options = " ".join(f"{p.option}:<{p.prompt.rstrip('?').lower()}>" for p in decl.params)
        rule = f" ({decl.rule})" if decl.rule else ""
        lines.append(f"{decl.title} {options}".rstrip() + f": {decl.summary}{rule}")
    return tuple(lines)
