"""A game's actions and decision kinds, declared once, and everything derived from them.

A game makes one ``Declarations`` object and decorates its handlers, as discord.py cogs collect commands::

    rules = Declarations[TallyState, TallyState]()

    @rules.action("score", "Score points, then pass the turn", rule="Tally rules", when=When(turn=True),
                  params=(Param("amount", "How many points?", values=amounts),))
    def score(ctx: Context[TallyState], ask: Ask) -> None:
        ctx.emit(Scored(side=ask.acting, amount=ask.integer("amount", 1)))

Each action says where and when it may be taken (``When``: phase, step, whose turn, read from the core's flow record),
its parameters in the order a player answers them (``engine.core.params``), an optional ``available`` precondition
and one rule ``check`` that returns the *plan* the handler applies (the route, the targets), so nothing is computed
twice. From these come ``System.actions()`` (today's ``Action`` objects, ``engine.core.adapted``), ``legal_actions``,
the handler dispatch, the menus (``question``), the bot's candidate moves (``first_whole``), autocomplete and
``/help``. Generators and checks read a *world* the declarations build once per question from the system and the
state (``reader``; by default the state itself), so a menu reads the game's derived view of the table once. Tools
beside the rules (fixes by hand, measuring) are declared the same way and accepted only typed (``typed=True``, or
``include(..., typed_only=True)`` for the table's), and a command class a game builds itself has its handler declared
with ``command``. What one declaration is lives in ``engine.core.declared``; the mistakes a game is refused for in
``engine.core.declaration_problems``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from pydantic import JsonValue

from engine.core.actions import LegalAction
from engine.core.args import Args
from engine.core.audience import Viewer
from engine.core.commands import Command
from engine.core.decision_kinds import DecisionHandler, DecisionKind, Part, PartsReader, TogetherHandler
from engine.core.decisions import Decision, DecisionPart
from engine.core.declaration_problems import declaration_problems
from engine.core.declared import ActionCommand, ActionDecl, Included, QueryDecl, UndeclaredKind, When
from engine.core.declared_menus import help_now, legal_now
from engine.core.empty_menus import why_none
from engine.core.errors import AmbiguousCommand, InvalidCommand, NotYourTurn, RulesError
from engine.core.ids import SideId
from engine.core.menus import Question, param_question, shown
from engine.core.params import LEFT_OUT, Ask, Param, read_param
from engine.core.rule_check import checked_plan, paired_with
from engine.core.rulings_read import RulingsRead

if TYPE_CHECKING:
    from engine.core.context import Context
    from engine.core.state import CoreState
    from engine.core.system import QueryAnswer, System

__all__ = ["ActionCommand", "ActionDecl", "Declarations", "Included", "QueryDecl", "UndeclaredKind", "When"]

S = TypeVar("S", bound="CoreState")
W = TypeVar("W")
P = TypeVar("P")
C = TypeVar("C", bound=Command)


@dataclass
class Declarations(Generic[S, W]):
    """A game's declarations: its actions, decision kinds and the rulings it reads (see the module's docstring).
    ``reader`` builds the world generators and checks read, from the system and the state."""

    reader: Callable[[Any, S], W] | None = None
    reads: Sequence[str] | type = ()
    _actions: dict[tuple[tuple[str, ...], str | None], ActionDecl[S, W]] = field(default_factory=dict)
    kinds: dict[str, DecisionKind[S, W]] = field(default_factory=dict)
    _queries: list[QueryDecl[W]] = field(default_factory=list)
    _included: list[Included] = field(default_factory=list)
    _commands: dict[type[Command], Callable[[Context[S], Any], None]] = field(default_factory=dict)

    # -- declaring ---------------------------------------------------------------------------------

    def action(self, name: str | None, summary: str, *, params: Sequence[Param[W]] = (),
               check: Callable[[W, Ask], P] | None = None, when: When | None = None,
               available: Callable[[W, Ask], str | RulesError | None] | None = None, rule: str = "",
               label: str = "", verb: tuple[str, ...] = ("act",), per: str | None = None, preview: bool = False,
               host: bool = False, suggest: Callable[[W, Ask], Sequence[tuple[str, Mapping[str, str]]]] | None = None,
               typed: bool = False, anytime: bool = False
               ) -> Callable[[Callable[[Context[S], P], None]], Callable[[Context[S], P], None]]:
        """Declare the decorated function as the handler of an action (``name`` on ``/act``; None on another
        verb, which then carries one action); ``typed``: a tool accepted typed and never offered (``ActionDecl``)."""

        def collect(handler: Callable[[Context[S], P], None]) -> Callable[[Context[S], P], None]:
            decl: ActionDecl[S, W] = ActionDecl(name, summary, verb, tuple(params), handler, check, when, available,
                                                rule, label or summary, per, preview, host, suggest, typed, anytime)
            if decl.key in self._actions:
                raise ValueError(f"{decl.title} is declared twice")
            self._actions[decl.key] = decl
            return handler

        return collect

    def query(self, verb: tuple[str, ...], summary: str, *, name: str | None = None, params: Sequence[Param[W]] = (),
              options: tuple[str, ...] = (), rule: str = ""
              ) -> Callable[[Callable[[W, Viewer, Args], QueryAnswer]], Callable[[W, Viewer, Args], QueryAnswer]]:
        """Declare a question that changes nothing and is logged as nothing (``/hand show``, ``/measure``, or on
        ``/act`` with its ``name``: ``/act action:awareness``): the decorated function answers it for a viewer from
        the world. ``params`` give the values autocomplete and a menu offer for its options (their generators), in
        the order a menu asks for those still missing; ``options`` are further options it reads, typed only."""

        def collect(answer: Callable[[W, Viewer, Args], QueryAnswer]) -> Callable[[W, Viewer, Args], QueryAnswer]:
            query = QueryDecl(verb, summary, tuple(params), options, answer, rule, name)
            if any(q.key == query.key for q in self._queries) or query.key in self._actions:
                raise ValueError(f"{query.title} is declared twice")
            self._queries.append(query)
            return answer

        return collect

    def include(self, other: Declarations[Any, Any], *, without: Collection[tuple[str, ...]] = (),
                only: Collection[tuple[str, ...]] | None = None, typed_only: bool = False) -> None:
        """Take ``other``'s actions and questions as well (the table's shared actions, for a game on inches), each
        read through ``other``'s own reader (the table's world, which asks the game's ``table_rules``: its sight for
        ``/los``). A verb the game declares itself, or names in ``without`` (or leaves out of ``only``), keeps the
        game's own way (none at all when only left out). They come where they are included among the game's own
        (in menus, ``/help`` and the bot's first choice); ``typed_only`` makes them tools beside the rules, accepted
        typed and never offered (``ActionDecl.typed``)."""
        self._included.append(Included(other, frozenset(without), None if only is None else frozenset(only),
                                       len(self._actions), typed_only))

    def command(self, kind: type[C]) -> Callable[[Callable[[Context[S], C], None]], Callable[[Context[S], C], None]]:
        """Declare the decorated function as the handler of a command class the game builds itself where no verb
        can (a demo's set-up at once, a file read into cards); the core hands each such command to its handler."""

        def collect(handler: Callable[[Context[S], C], None]) -> Callable[[Context[S], C], None]:
            if kind in self._commands:
                raise ValueError(f"{kind.__name__} is declared twice")
            self._commands[kind] = handler
            return handler

        return collect

    def decision(self, kind: str, *, parts: Sequence[Part[W]] | PartsReader[W] | None = None,
                 rule: str = "") -> Callable[[DecisionHandler[S]], DecisionHandler[S]]:
        """Declare a decision kind; decorate its handler with the result. A kind declared and never given a
        handler is reported by ``problems`` when the game registers."""
        declared = self._kind(kind, tuple(parts) if isinstance(parts, Sequence) else parts, rule)

        def collect(handler: DecisionHandler[S]) -> DecisionHandler[S]:
            declared.handler = handler
            return handler

        return collect

    def together(self, kind: str, *, rule: str = "") -> Callable[[TogetherHandler[S]], TogetherHandler[S]]:
        """Declare a simultaneous choice (``ask_together``); decorate the handler that hears every side's answers."""
        declared = self._kind(kind, None, rule)

        def collect(handler: TogetherHandler[S]) -> TogetherHandler[S]:
            declared.together = handler
            return handler

        return collect

    def _kind(self, kind: str, parts: tuple[Part[W], ...] | PartsReader[W] | None, rule: str) -> DecisionKind[S, W]:
        if kind in self.kinds:
            raise ValueError(f"decision kind {kind!r} is declared twice")
        self.kinds[kind] = DecisionKind(kind, parts, rule=rule)
        return self.kinds[kind]

    # -- reading -----------------------------------------------------------------------------------

    def _every(self) -> list[tuple[ActionDecl[S, Any], bool]]:
        """Every action with whether it is typed only: the game's own, and those it includes where it includes them
        (less what it declares itself or leaves out)."""
        own = list(self._actions.values())
        verbs = {decl.verb for decl in own}
        found: list[tuple[ActionDecl[S, Any], bool]] = []
        done = 0
        for included in self._included:
            found += [(decl, decl.typed) for decl in own[done:included.at]]
            done = max(done, included.at)
            found += [(decl, typed or included.typed_only) for decl, typed in included.other._every()
                      if decl.verb not in verbs and included.keeps(decl.verb)]
        return [*found, *((decl, decl.typed) for decl in own[done:])]

    @property
    def declared(self) -> tuple[ActionDecl[S, Any], ...]:
        """The actions menus offer (``/act``, ``/help``, the bot's moves), in order; ``every`` adds the typed tools."""
        return tuple(decl for decl, typed in self._every() if not typed)

    @property
    def every(self) -> tuple[ActionDecl[S, Any], ...]:
        """Every action, those offered and the tools accepted only typed (``ActionDecl.typed``)."""
        return tuple(decl for decl, _ in self._every())

    def find(self, verb: tuple[str, ...], name: str | None) -> ActionDecl[S, Any] | None:
        key = (verb, name.strip().casefold() if name else None)
        return self._actions.get(key) or next((d for d in self.every if d.key == key), None)

    def world(self, system: System[S], state: S) -> W:
        """What generators and checks read: the reader's world, or the state itself."""
        return self.reader(system, state) if self.reader is not None else cast(W, state)

    def home(self, decl: ActionDecl[S, Any]) -> Declarations[S, Any]:
        """The declarations ``decl`` was declared in (its world is theirs): these, or one they include."""
        if self._actions.get(decl.key) is decl:
            return self
        for included in self._included:
            if included.other.find(decl.verb, decl.name) is decl:
                return included.other.home(decl)
        return self

    def world_of(self, decl: ActionDecl[S, Any], system: System[S], state: S) -> Any:
        """The world ``decl``'s generators and checks read."""
        return self.home(decl).world(system, state)

    def queries(self) -> tuple[tuple[Declarations[S, Any], QueryDecl[Any]], ...]:
        """Every question with the declarations that answer it: the game's own, then those it includes."""
        own = tuple((self, query) for query in self._queries)
        keys = {query.key for _, query in own} | set(self._actions)
        taken = [(home, query) for included in self._included for home, query in included.other.queries()
                 if query.key not in keys and included.keeps(query.verb)]
        return (*own, *taken)

    def rulings(self) -> RulingsRead:
        """The rulings the game's code reads (ids, or its typed record's fields), checked against its data; those
        the declarations it includes read too."""
        ids = RulingsRead.of(self.reads).ids
        return RulingsRead(tuple(dict.fromkeys((*ids, *(i for included in self._included
                                                        for i in included.other.rulings().ids)))))

    def problems(self, system: System[S]) -> list[str]:
        """Every mistake in the declarations, for the registry to refuse the game (``declaration_problems``)."""
        return declaration_problems(self, system)

    # -- what a side may do now (engine.core.declared_menus) ----------------------------------------

    def legal(self, system: System[S], state: S, side: SideId) -> tuple[LegalAction, ...]:
        """The actions ``side`` may take now, partly filled, in declared order (``declared_menus.legal_now``)."""
        return legal_now(self, system, state, side)

    def help(self, system: System[S], state: S, viewer: Viewer) -> tuple[str, ...]:
        """``/help``: each action the viewer's side may take now (``declared_menus.help_now``)."""
        return help_now(self, system, state, viewer)

    def question(self, system: System[S], state: S, decl: ActionDecl[S, W], viewer: Viewer, side: SideId | None,
                 filled: Mapping[str, Any], *, host: bool = False) -> Question | None:
        """The next thing a menu asks for ``decl`` given the options filled so far, or None when it is whole. Menus
        are a player's; ``host`` (the table's host asking) lets answers already typed be what the host may give. A
        question whose menu holds its one answer is not asked (``Param.alone``): that answer is said with the next.

        :raises RulesError: when the asking side may not take the action now (its ``when``: no menu of it is
            built), or an answer already given is not legal (a typed one), naming what is accepted.
        """
        if side is not None and decl.when is not None and \
                (refused := decl.when.refusal(state, side, decl.command_verb)) is not None:
            raise refused  # read from the flow record before any world or menu is built
        world = self.world_of(decl, system, state)
        distances = system.disclosure(state, viewer).distances
        for param in decl.params:
            param.prechecked(world, Ask(decl.command_verb, side, viewer, {}), filled.get(param.option))
        given: dict[str, Any] = {}
        taken: list[str] = []  # the answers taken without a question, said with the next one
        for param in decl.params:
            ask = Ask(decl.command_verb, side, viewer, given)
            if not param.asked(world, ask):
                continue
            raw = filled.get(param.option)
            text = None if raw is None or str(raw).strip() == "" else str(raw)
            if text is None and param.single and (only := param.only(world, ask)) is not None:
                given[param.option] = only  # one legal value: answered without a question
                continue
            paired = paired_with(decl, param, given)
            asked = param_question(param, world, ask, text, paired, distances=distances)
            if asked is not None and param.option not in filled and not asked.closing and \
                    (only := param.alone([choice for _, choice in asked.entries])) is not None:
                given[param.option] = only  # the one answer its menu lists: taken, said with the next question (a
                # caller naming the option, even as None, asks for its menu: an autocomplete's source)
                taken.append(f"{param.prompt.rstrip('?')}: {shown(asked.entries[0][1], distances)}, the only one.")
                continue
            if asked is not None and not asked.everything:
                asked = replace(asked, why_empty=partial(why_none, decl, param, world, ask))
            if asked is not None:
                return replace(asked, prompt=" ".join((*taken, asked.prompt))) if taken else asked
            # answered: checked before a later menu reads it (a typed answer may be wrong)
            given[param.option] = text if text is None or text.strip() == LEFT_OUT else \
                read_param(param, world, Ask(decl.command_verb, side, viewer, given, host=host), text, paired)
        return None

    def resolve(self, system: System[S], state: S, decl: ActionDecl[S, W], side: SideId | None,
                values: Mapping[str, str], *, host: bool = False) -> Any:
        """The one rule check: where and when, the precondition, every parameter against its menu or predicate
        (in order, each given the answers before it), then the action's own check; returns the plan (the checked
        answers, when the action has no check of its own). ``host``: the command comes from the table's host.

        An uploaded file's entries are read back from the command (``engine.core.uploads``) for the check to take
        by kind with ``ask.entries(option, Model)``.

        :raises RulesError: naming what was wrong and what is accepted.
        """
        return checked_plan(system, state, lambda: self.world_of(decl, system, state), decl, side, values, host=host)

    def anytime(self, command: Command) -> bool:
        """Whether ``command`` is a declared action taken even while a decision is pending (``ActionDecl.anytime``)."""
        decl = self.find(command.path, command.name) if isinstance(command, ActionCommand) else None
        return decl is not None and decl.anytime

    def handle(self, system: System[S], ctx: Context[S], command: Command) -> None:
        """Run a declared action (the one check, then its handler with the plan), or a declared command class's
        handler."""
        if not isinstance(command, ActionCommand):
            handler = self._commands.get(type(command))
            if handler is None:
                raise InvalidCommand(f"{command.verb!r} is not a command of {system.spec.title}")
            handler(ctx, command)
            return
        decl, plan = self.plan(system, ctx, command)
        decl.handler(ctx, plan)

    def plan(self, system: System[S], ctx: Context[S], command: ActionCommand) -> tuple[ActionDecl[S, W], Any]:
        """A declared action and its plan: the action's one check on ``ctx.state``, which it reads and never
        writes (so ``Game.allows`` may run it on the game's own state), or the refusal it raises."""
        decl = self.find(command.path, command.name)
        if decl is None:
            raise InvalidCommand(f"{command.path} {command.name or ''} is not an action of {system.spec.title}")
        return decl, self.resolve(system, ctx.state, decl, _acting(decl, ctx), dict(command.values),
                                  host=ctx.actor.host)

    # -- decisions -----------------------------------------------------------------------------------

    def kind(self, kind: str) -> DecisionKind[S, W] | None:
        return self.kinds.get(kind)

    def answered(self, system: System[S], ctx: Context[S], decision: Decision, answers: dict[str, str]) -> None:
        """Carry on after a decision: its kind's handler. An undeclared kind is a bug in the game."""
        declared = self.kinds.get(decision.kind)
        if declared is None or declared.handler is None:
            raise UndeclaredKind(f"{system.spec.title} opened a decision of kind {decision.kind!r}, which it never "
                                 f"declared with a handler (its kinds: {', '.join(sorted(self.kinds)) or 'none'})")
        declared.handler(ctx, decision, answers)

    def all_answered(self, system: System[S], ctx: Context[S], kind: str, answers: dict[SideId, dict[str, str]],
                     context: dict[str, JsonValue]) -> None:
        """Carry on after a simultaneous choice: its kind's handler."""
        declared = self.kinds.get(kind)
        if declared is None or declared.together is None:
            raise UndeclaredKind(f"{system.spec.title} asked a simultaneous choice of kind {kind!r}, which it never "
                                 "declared with a handler")
        declared.together(ctx, answers, context)

    def parts(self, system: System[S], state: S, decision: Decision, answers: Mapping[str, str]
              ) -> tuple[DecisionPart, ...]:
        declared = self.kinds.get(decision.kind)
        if declared is None:
            return decision.parts
        return declared.live(self.world(system, state), decision, answers)


def _acting(decl: ActionDecl[Any, Any], ctx: Context[Any]) -> SideId | None:
    """The side a declared action is taken for: the actor's (checked against the seats); for an action the host may
    take for no side, None when the host has not said which of their sides acts (or holds none)."""
    if not (decl.host and ctx.actor.host):
        return ctx.acting_side()
    try:
        return ctx.acting_side()
    except (AmbiguousCommand, NotYourTurn):
        return None
