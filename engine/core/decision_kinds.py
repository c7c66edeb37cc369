"""Decision kinds, declared once: each kind's parts, their options read live from the state, the decision's context
and the earlier answers, which parts matter given those answers, and the handler that carries on.

A stored ``Decision`` keeps the parts it opened with (stored games replay unchanged); a declared kind recomputes
them whenever they are shown or checked, so an option that depends on an earlier answer (a slide that depends on
the join) is offered only where it is legal. Answers are checked part by part in order, each against the options
the answers before it leave (``checked_answers``). A simultaneous choice (``engine.core.together``) is declared
the same way, with a handler that hears every side's answers at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from pydantic import JsonValue

from engine.core.decisions import Decision, DecisionPart, Option, PartKind
from engine.core.errors import InvalidCommand
from engine.core.ids import SideId

if TYPE_CHECKING:
    from engine.core.context import Context
    from engine.core.state import CoreState
    from engine.core.system import System

__all__ = ["DecisionHandler", "DecisionKind", "Part", "TogetherHandler", "checked_answers", "given_answers",
           "live_defaults", "live_parts", "spread_choice"]

S = TypeVar("S", bound="CoreState")
W = TypeVar("W")

DecisionHandler = Callable[["Context[S]", Decision, dict[str, str]], None]
"""Carry on after a decision of this kind was answered (answers checked, every part that matters present)."""

TogetherHandler = Callable[["Context[S]", dict[SideId, dict[str, str]], dict[str, JsonValue]], None]
"""Carry on once every side has answered a simultaneous choice of this kind."""

Answers = Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Part(Generic[W]):
    """One part of a declared decision. ``options`` reads the legal answers from the world, the decision (its
    context) and the answers to the parts before it; left out, the options stored when it opened stand.
    ``asked_when`` says whether the part matters given the earlier answers (a follow-up question)."""

    key: str
    prompt: str
    options: Callable[[W, Decision, Answers], Sequence[Option]] | None = None
    default: str | Callable[[W, Decision, Answers], str | None] | None = None
    asked_when: Callable[[W, Decision, Answers], bool] | None = None
    kind: PartKind = PartKind.CHOICE


PartsReader = Callable[[W, Decision, Answers], Sequence[DecisionPart]]
"""Every part that matters given the earlier answers, for kinds whose parts are not fixed (one per model)."""


@dataclass(slots=True)
class DecisionKind(Generic[S, W]):
    """A kind of decision a game opens: its parts (fixed ``Part``s, a reader for parts that vary, or None for the
    parts stored with each decision), and its handler. ``together`` marks a simultaneous choice, whose handler
    hears every side's answers."""

    kind: str
    parts: tuple[Part[W], ...] | PartsReader[W] | None = None
    handler: DecisionHandler[S] | None = None
    together: TogetherHandler[S] | None = None
    rule: str = ""

    def live(self, world: W, decision: Decision, answers: Answers) -> tuple[DecisionPart, ...]:
        """The parts that matter now, with their options given ``answers`` to the parts before them."""
        if self.parts is None:
            return decision.parts
        if callable(self.parts):
            return tuple(self.parts(world, decision, answers))
        stored = {p.key: p for p in decision.parts}
        found: list[DecisionPart] = []
        for part in self.parts:
            if part.asked_when is not None and not part.asked_when(world, decision, answers):
                continue
            before = {k: v for k, v in answers.items() if k != part.key}
            old = stored.get(part.key)
            options = tuple(part.options(world, decision, before)) if part.options is not None else \
                (old.options if old is not None else ())
            default = part.default(world, decision, before) if callable(part.default) else part.default
            if default is None and old is not None and old.default in {o.key for o in options}:
                default = old.default
            found.append(DecisionPart(key=part.key, prompt=part.prompt, kind=part.kind, options=options,
                                      default=default, path=old.path if old else (),
                                      center=old.center if old else None, radius=old.radius if old else None))
        return tuple(found)


def live_parts(system: System[Any], state: CoreState, decision: Decision,
               answers: Answers | None = None) -> tuple[DecisionPart, ...]:
    """A decision's parts as they stand now (its system's declared kind, else as stored)."""
    return tuple(system.decision_parts(state, decision, dict(answers or {})))


def checked_answers(system: System[Any], state: CoreState, decision: Decision, given: Answers) -> dict[str, str]:
    """Check answers part by part, in order: each part's options are read given the answers before it; a part
    left out takes its default, and a part the earlier answers made moot is dropped. Decisions of kinds declared
    without parts (or not declared) are checked against the parts stored with them.

    :raises InvalidCommand: for an unknown part, an answer its options refuse, or a part with no answer and no
        default.
    """
    kind = system.decision_kind(decision)
    if kind is None or kind.parts is None:  # the parts stored when it opened stand
        return decision.check_answers(given)
    checked: dict[str, str] = {}
    seen: set[str] = set()
    for _ in range(64):  # parts are few; a reader that keeps adding parts is a bug, stopped here
        parts = live_parts(system, state, decision, checked)
        seen |= {p.key for p in parts}
        waiting = [p for p in parts if p.key not in checked]
        if not waiting:
            break
        part = waiting[0]
        if part.key in given:
            checked[part.key] = part.check(given[part.key])
        elif part.default is not None:
            checked[part.key] = part.default
        else:
            raise InvalidCommand(f"decision {decision.id} needs an answer for {part.key}: {part.prompt}")
    unknown = sorted(set(given) - seen - {p.key for p in decision.parts})
    if unknown:
        raise InvalidCommand(f"decision {decision.id} has no part {unknown[0]!r}; its parts are "
                             f"{', '.join(p.key for p in live_parts(system, state, decision, checked))}")
    return checked


def spread_choice(parts: Sequence[DecisionPart], decision: Decision, choice: str) -> dict[str, str]:
    """One plain answer to a decision of several parts: it answers every part that offers it (``nothing`` for each
    model that might react); the other parts keep their defaults.

    :raises InvalidCommand: when no part offers it.
    """
    wanted = choice.strip().casefold()
    answers = {p.key: o.key for p in parts for o in p.options if wanted in (o.key.casefold(), o.label.casefold())}
    if not answers:
        keys = ", ".join(p.key for p in parts)
        raise InvalidCommand(f"decision {decision.id} has parts {keys}; {choice[:40]!r} answers none of them. Answer "
                             "each as part=answer;part=answer, or with one word that some of them offer")
    return answers


def given_answers(system: System[Any], state: CoreState, decision: Decision, answers: Answers,
                  choice: str | None) -> dict[str, str]:
    """The answers a ``/decide`` gives, checked: ``choice`` answers a one-part decision, or is spread over the parts
    of a longer one that offer it (``spread_choice``); parts left out take their defaults."""
    given = dict(answers)
    if choice is not None:
        parts = live_parts(system, state, decision, given)
        if len(parts) == 1:
            given[parts[0].key] = choice
        else:
            given.update(spread_choice(parts, decision, choice))
    return checked_answers(system, state, decision, given)


def live_defaults(system: System[Any], state: CoreState, decision: Decision) -> dict[str, str] | None:
    """Every part's default as the parts stand now (on timeout, or for a side that is away), or None when some
    part that matters has none."""
    if system.decision_kind(decision) is None:
        return decision.default_answers()
    try:
        return checked_answers(system, state, decision, {})
    except InvalidCommand:
        return None
