"""What one declaration is (``engine.core.declarations`` collects them): where and when an action may be taken
(``When``), the command every declared action builds (``ActionCommand``), a declared action (``ActionDecl``) and
question (``QueryDecl``), declarations another includes (``Included``), and the error a kind never declared raises."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from engine.core.actions import Named
from engine.core.args import Args
from engine.core.audience import Viewer
from engine.core.commands import Command
from engine.core.errors import IllegalCommand, NotYourTurn, RulesError
from engine.core.ids import SideId
from engine.core.params import Ask, Param

if TYPE_CHECKING:
    from engine.core.context import Context
    from engine.core.declarations import Declarations
    from engine.core.state import CoreState
    from engine.core.system import QueryAnswer

__all__ = ["ActionCommand", "ActionDecl", "Included", "QueryDecl", "UndeclaredKind", "When"]

S = TypeVar("S", bound="CoreState")
W = TypeVar("W")


class UndeclaredKind(LookupError):
    """A decision or simultaneous choice of a kind the game never declared: a bug in the game, never a player's."""


@dataclass(frozen=True, slots=True)
class When:
    """Where and when an action may be taken, read from the core's flow record (``CoreState.phase``, ``step``,
    ``active_side``): a game never repeats "tactical phase and my side active" in its own code. Empty tuples
    allow any phase or step; ``turn`` asks for the acting side's turn; ``because`` names the rule a refusal cites
    ("only the Active player activates models (L1129)")."""

    phases: tuple[str, ...] = ()
    steps: tuple[str, ...] = ()
    turn: bool = True
    because: str = ""

    def refusal(self, state: CoreState, side: SideId | None, verb: str) -> RulesError | None:
        why = f": {self.because}" if self.because else ""
        if self.phases and state.phase not in self.phases:
            return IllegalCommand(f"this is done in the {' or '.join(self.phases)} phase; the game is in "
                                  f"{state.phase or 'its set-up'}{why}", verb=verb)
        if self.steps and state.step not in self.steps:
            return IllegalCommand(f"this is done in the {' or '.join(self.steps)} step; the game is at "
                                  f"{state.step or 'its set-up'}{why}", verb=verb)
        if self.turn and (side is None or state.active_side != side):
            whose = f"side {state.active_side}'s" if state.active_side else "nobody's"
            return NotYourTurn(f"it is {whose} turn, not side {side}'s{why}", verb=verb)
        return None


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionCommand(Command):
    """The command every declared action builds: which action (its verb and ``/act`` name) and the options as
    typed. The declaration reads and checks them when the command runs; nothing game-specific is stored here."""

    path: tuple[str, ...]
    name: str | None = None
    values: tuple[tuple[str, str], ...] = ()

    @property  # each command says its own verb ("move refused: ..." when the game is paused)
    def verb(self) -> str:  # type: ignore[override]
        return " ".join((*self.path, *((self.name,) if self.name else ())))


@dataclass(frozen=True, slots=True)
class ActionDecl(Named, Generic[S, W]):
    """One declared action (see the module's docstring); ``per`` lists it once per value of that parameter in
    ``/act``'s menu ("A1: Charge"); ``host`` lets the host take it for no side (a fix by hand); ``suggest`` offers
    whole commands beside it as one entry each, (label, answers) ("place the rest as suggested"), each answer one
    its menus offer; ``typed`` makes it a tool beside the rules (a fix by hand, a look at the table): accepted when
    typed, never offered in ``/act``'s menu, ``/help``'s lines or the bot's moves; ``anytime`` lets it be taken while a
    decision is pending or a reaction window is open (the referee never blocks a fix by hand)."""

    name: str | None
    summary: str
    verb: tuple[str, ...]
    params: tuple[Param[W], ...]
    handler: Callable[[Context[S], Any], None]
    check: Callable[[W, Ask], Any] | None = None
    when: When | None = None
    available: Callable[[W, Ask], str | RulesError | None] | None = None
    rule: str = ""
    label: str = ""
    per: str | None = None
    preview: bool = False
    host: bool = False
    suggest: Callable[[W, Ask], Sequence[tuple[str, Mapping[str, str]]]] | None = None
    typed: bool = False
    anytime: bool = False

    @property
    def command_verb(self) -> str:
        """How refusals name it: ``act score``, ``hand play``."""
        return " ".join((*self.verb, *((self.name,) if self.name else ())))

    def param(self, option: str) -> Param[W] | None:
        return next((p for p in self.params if p.option == option), None)


@dataclass(frozen=True, slots=True)
class QueryDecl(Named, Generic[W]):
    """One declared question (it changes nothing): its verb (and its ``action:`` name on ``/act``), its parameters
    (for autocomplete and menus) and further typed options, and the function that answers a viewer from the world."""

    verb: tuple[str, ...]
    summary: str
    params: tuple[Param[W], ...]
    options: tuple[str, ...]
    answer: Callable[[W, Viewer, Args], QueryAnswer]
    rule: str = ""
    name: str | None = None


@dataclass(frozen=True, slots=True)
class Included:
    """Declarations another includes (``Declarations.include``): which verbs it keeps, where among the includer's own
    they come, and whether they are tools accepted only typed."""

    other: Declarations[Any, Any]
    without: frozenset[tuple[str, ...]]
    only: frozenset[tuple[str, ...]] | None
    at: int
    typed_only: bool

    def keeps(self, verb: tuple[str, ...]) -> bool:
        return verb not in self.without and (self.only is None or verb in self.only)
