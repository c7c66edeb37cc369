"""Carrying on after an interruption: an attack made in the middle of something else (a Held Shot cutting a move,
L461) records what it interrupted, and this picks it up again once the attack is over.

What can be interrupted registers how it carries on (:func:`continues`), so this module, which the attack imports,
imports none of them: the move and the On Guard offers sit above the attack and name themselves here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from pydantic import JsonValue, TypeAdapter

from engine.core import Context
from engine.systems.sunshard.state import SunshardState

__all__ = ["Resume", "carry_on", "continues", "path_of", "plan_of", "plan_resume"]

_P = TypeVar("_P")

Resume = dict[str, JsonValue]
"""What an attack interrupted, as JSON: ``kind`` names it (``move``, ``guard``) and the rest says how it goes on."""

Continuation = Callable[[Context[SunshardState], Mapping[str, JsonValue]], None]

_CONTINUATIONS: dict[str, Continuation] = {}


def continues(kind: str) -> Callable[[Continuation], Continuation]:
    """Register the decorated function as the way an interrupted ``kind`` carries on."""
    def register(function: Continuation) -> Continuation:
        _CONTINUATIONS[kind] = function
        return function
    return register


def path_of(resume: Mapping[str, JsonValue]) -> list[tuple[float, float]]:
    """The path of points a resumed move still runs along."""
    points = resume.get("path")
    if not isinstance(points, list):
        return []
    return [(float(p[0]), float(p[1])) for p in points if isinstance(p, list) and len(p) == 2  # type: ignore[arg-type]
            ]


def plan_resume(kind: str, plan: object) -> Resume:
    """A checked action's plan (a dataclass of plain values) as what carries on once a test its AP set off is
    answered (a Burning test's re-roll, ``ap.spend_ap``)."""
    return {"kind": kind, "plan": TypeAdapter(type(plan)).dump_python(plan, mode="json")}


def plan_of(resume: Mapping[str, JsonValue], kind: type[_P]) -> _P:
    """The plan :func:`plan_resume` kept."""
    return TypeAdapter(kind).validate_python(resume["plan"])


def carry_on(ctx: Context[SunshardState], resume: Mapping[str, JsonValue]) -> None:
    """Finish what ``resume`` describes (``kind`` names it)."""
    kind = str(resume.get("kind"))
    found = _CONTINUATIONS.get(kind)
    if found is None:
        raise ValueError(f"nothing carries on after an attack as {kind!r}")
    found(ctx, resume)
