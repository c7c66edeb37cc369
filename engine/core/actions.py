"""What a game offers its players: actions on the shared verbs, where each option's values come from,
and which actions a side may take now.

A system declares its actions once (``engine.core.declarations``); ``System.actions`` gives each as an ``Action``
(``engine.core.adapted``) that names its verb (and, on ``/act``, its ``action:`` value), the verb options it reads,
how its command is built from them (or how a question is answered), and a *source* per option: the values a player
may pick there now, for autocomplete and for menus. ``System.legal_actions`` lists the actions a side may take in the
current state as partly filled invocations, so a front-end can offer a whole turn as buttons and menus.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from engine.core.args import Args, OptionValue
from engine.core.audience import Viewer
from engine.core.board import Overlay
from engine.core.commands import Command
from engine.core.verbs import verb

if TYPE_CHECKING:
    from engine.core.system import QueryAnswer

__all__ = ["Action", "Choice", "LegalAction", "Named", "Source", "action_title", "check_actions"]

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Choice:
    """One value a player may pick for an option: what the option receives and what a player reads.

    Where a choice has a distance that decides it (a target's range), ``distance`` and ``reach`` say so: a menu
    shows them only where the game lets the viewer know distances, orders such choices nearest first, and offers
    last, labelled, one certain to fail on reach; where distances are hidden, reach is never shown nor refused.
    ``overlay`` is what a menu may draw for it on the board (a suggested move's path).
    """

    value: str
    label: str = ""
    distance: float | None = None
    reach: float | None = None
    overlay: Overlay | None = None

    @property
    def out_of_reach(self) -> bool:
        return self.distance is not None and self.reach is not None and self.distance > self.reach + 1e-9

    @property
    def shown(self) -> str:
        return self.label or self.value


Source = Callable[[S, Viewer, Mapping[str, OptionValue]], Sequence[Choice]]
"""The values an option may take now, for ``viewer``, given the options already filled (never a secret of
another side: a source sees what the viewer may see)."""


class Named:
    """How players name an action or a question on a shared verb (its ``/act`` name, if any): what ``Action`` and the
    declarations share."""

    __slots__ = ()
    verb: tuple[str, ...]
    name: str | None

    @property
    def key(self) -> tuple[tuple[str, ...], str | None]:
        return (self.verb, self.name)

    @property
    def title(self) -> str:
        """How players name it: ``/act action:attack`` or ``/model wound``."""
        return action_title(self.verb, self.name)


@dataclass(frozen=True, slots=True)
class Action(Named, Generic[S]):
    """One thing players can do in a game, reached through a shared verb.

    Exactly one of ``build`` (a command to apply) and ``answer`` (a question that changes nothing) is needed.
    ``uploads`` names attachment options and what the loader validates them as (``"map"``, ``"units"``); the
    validated objects reach ``build`` through ``Args.uploads``.
    """

    verb: tuple[str, ...]
    summary: str
    name: str | None = None  # the action: value on /act; None on every other verb (one action per verb)
    options: tuple[str, ...] = ()
    build: Callable[[Args], Command] | None = None
    answer: Callable[[S, Viewer, Args], QueryAnswer] | None = None
    sources: Mapping[str, Source[S]] = field(default_factory=dict)
    menu: tuple[str, ...] = ()  # the options a menu asks for, in order, when taking the action by buttons
    preview: bool = False  # shown privately first and committed by Confirm
    uploads: Mapping[str, str] = field(default_factory=dict)
    rule: str = ""  # the rule it implements, cited by rulebook and line
    declaration: Any = None  # the ``engine.core.declarations.ActionDecl`` it was made from; None for a question



def action_title(verb: tuple[str, ...], name: str | None) -> str:
    """How players name an action: ``/act action:attack`` on ``/act``, ``/model wound`` on another verb."""
    return f"/act action:{name}" if name else "/" + " ".join(verb)


@dataclass(frozen=True, slots=True)
class LegalAction:
    """An action a side may take now, with the options already known (``{"model": "A1"}``); the rest are
    picked from the action's sources."""

    verb: tuple[str, ...]
    label: str
    name: str | None = None
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    model_shown: str = ""
    """How a menu names the ``model`` option's value where its id is not a name a player reads (Shroudfall's unit
    ``B-sentinels-1`` is ``Serene Sentinels (B6-B9)``); empty: the value itself."""

    @property
    def key(self) -> tuple[tuple[str, ...], str | None]:
        return (self.verb, self.name)


def check_actions(actions: Sequence[Action[Any]]) -> list[str]:
    """Every mistake in a system's declarations (unknown verb or option, a duplicate, nothing to do), so a
    conformance test can hold every game to the shared verbs."""
    problems: list[str] = []
    seen: set[tuple[tuple[str, ...], str | None]] = set()
    for action in actions:
        try:
            shared = verb(action.verb)
        except KeyError as error:
            problems.append(str(error.args[0]))
            continue
        label = action.title
        if action.key in seen:
            problems.append(f"{label} is declared twice")
        seen.add(action.key)
        if (action.verb == ("act",)) != (action.name is not None):
            problems.append(f"{label}: only /act actions have a name, and every /act action has one")
        if action.build is None and action.answer is None:
            problems.append(f"{label} neither builds a command nor answers")
        names = {option.name for option in shared.options}
        for option in (*action.options, *action.sources, *action.menu, *action.uploads):
            if option not in names:
                problems.append(f"{label}: {shared.name} has no option {option}:")
        unread = [o for o in (*action.sources, *action.menu) if o not in action.options
                  and o != "action"]
        if unread:
            problems.append(f"{label}: {', '.join(unread)} must also be listed in options")
    return problems
