"""What the menus offer, read back from a game's declarations: the command a menu walk makes by taking every
first entry (the bot's simple policy), whether a command could have been reached from the menus one pick at a time,
and which parameters a command leaves out although the player had a choice there.

The conformance property (``tests/engine/systems/test_menu_conformance.py``) and the command-surface fuzzer hold
every declared game to these: the bot plays only what the menus offer, nothing is chosen silently, and every
discrete command the referee accepts is reachable from the menus.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, TypeVar

from engine.core.actions import LegalAction
from engine.core.audience import Viewer
from engine.core.declarations import ActionCommand, Declarations
from engine.core.ids import SideId
from engine.core.menus import Question
from engine.core.params import LEFT_OUT, Ask

if TYPE_CHECKING:
    from engine.core.state import CoreState
    from engine.core.system import System

__all__ = ["first_whole", "reachable", "silent"]

S = TypeVar("S", bound="CoreState")


def first_whole(declarations: Declarations[S, Any], system: System[S], state: S, side: SideId,
                legal: LegalAction) -> ActionCommand | None:
    """The command a menu walk makes from ``legal`` by taking the first entry of every question (a closing
    entry first: leave an optional answer out, close a set once it may close), or None where a question has
    nothing to offer."""
    decl = declarations.find(legal.verb, legal.name)
    if decl is None:
        return None
    filled: dict[str, Any] = dict(legal.options)
    viewer = Viewer.of_side(side)
    for _ in range(64):
        asked = declarations.question(system, state, decl, viewer, side, filled)
        if asked is None:
            return ActionCommand(path=decl.verb, name=decl.name,
                                 values=tuple((k, str(v)) for k, v in filled.items() if v is not None))
        if not asked.everything:
            return None
        filled[asked.option] = asked.everything[0][0]
    return None

def silent(declarations: Declarations[S, Any], system: System[S], state: S, side: SideId,
           command: ActionCommand) -> list[str]:
    """The parameters ``command`` leaves out although the player would have had a choice there (its menu
    offered more than one value): a menu must never choose for the player."""
    decl = declarations.find(command.path, command.name)
    if decl is None:
        return []
    world, values = declarations.world_of(decl, system, state), dict(command.values)
    viewer = Viewer.of_side(side)
    given: dict[str, str] = {}
    found: list[str] = []
    for param in decl.params:
        ask = Ask(decl.command_verb, side, viewer, given)
        if not param.asked(world, ask):
            continue
        if param.option in values:
            given[param.option] = values[param.option]
        elif (only := param.only(world, ask)) is not None:
            given[param.option] = only  # one legal value, answered without asking
        elif len(param.menu(world, ask)) + (1 if param.none_offered(world, ask) else 0) > 1:
            found.append(param.option)
    return found

def reachable(declarations: Declarations[S, Any], system: System[S], state: S, side: SideId,
              command: ActionCommand, *, typed: bool = False) -> str | None:
    """Why ``command`` could not be reached from ``side``'s menus now (None when it can): its action must be
    offered, and each answer must be an entry of its question, one pick at a time. With ``typed``, an answer of a
    kind its parameter declares no menu lists (``Param.free_form``: a path, a point, free text) is taken as typed,
    and the answers around it must still be reached; every other answer, typed or not, must be on the menus."""
    decl = declarations.find(command.path, command.name)
    if decl is None:
        return f"{command.path} {command.name} is not declared"
    values = dict(command.values)
    # An option left out matches: its menu offered its one value, taken without asking (``Param.alone``).
    offered = [legal for legal in declarations.legal(system, state, side) if legal.key == decl.key
               and all(str(values.get(k, v)).casefold() in (str(v).casefold(), LEFT_OUT)
                       for k, v in legal.options.items())]
    if not offered:
        return f"{decl.title} is not offered to side {side} now"
    filled: dict[str, Any] = dict(offered[0].options)
    viewer = Viewer.of_side(side)
    for _ in range(64):
        asked = declarations.question(system, state, decl, viewer, side, filled)
        if asked is None:
            return None
        wanted = values.get(asked.option, LEFT_OUT if decl.param(asked.option) else "")
        current = str(filled.get(asked.option) or "")
        step = _next_step(asked, wanted, current)
        param = decl.param(asked.option)
        if step is None and typed and param is not None and wanted != LEFT_OUT and param.free_form.covers(wanted):
            step = wanted
        if step is None:
            shown = ", ".join(raw for raw, _ in asked.everything[:8])
            return f"{asked.option}:{wanted} is not reachable from the menu of {decl.title} (it offers {shown})"
        filled[asked.option] = step
    return f"{decl.title}: the menus never close"




def _next_step(asked: Question, wanted: str, current: str) -> str | None:
    """The entry of ``asked`` that moves towards the answer ``wanted`` (None when none does): the answer itself, or
    the longest value still being built whose items are all among the answer's."""
    target = wanted.strip().casefold()
    for raw, _ in asked.everything:
        if raw.casefold() == target:
            return raw
    fits = [raw for raw, _ in asked.everything if raw.endswith(",") and raw.casefold() != current.casefold()
            and _within(_items(raw), _items(target))]
    return max(fits, key=len) if fits else None


def _items(raw: str) -> list[str]:
    """A raw answer's items, a split's counted out (``B1x2,B2`` -> B1, B1, B2)."""
    found: list[str] = []
    for part in (p.strip() for p in raw.casefold().split(",") if p.strip()):
        match = re.fullmatch(r"(.+?)\s*[x×]\s*(\d+)", part)
        found += [match[1]] * int(match[2]) if match else [part]
    return found


def _within(some: list[str], whole: list[str]) -> bool:
    left = list(whole)
    for item in some:
        if item not in left:
            return False
        left.remove(item)
    return True
