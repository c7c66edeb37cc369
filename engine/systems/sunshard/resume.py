"""Carrying on after an interruption: an attack made in the middle of something else (a Held Shot cutting a move,
L461) records what it interrupted, and this picks it up again once the attack is over."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import JsonValue

from engine.core import Context, ModelId
from engine.systems.sunshard.state import SunshardState

__all__ = ["Resume", "carry_on", "path_of"]

Resume = dict[str, JsonValue]
"""What an attack interrupted, as JSON: ``kind`` names it (``move``, ``guard``) and the rest says how it goes on."""


def path_of(resume: Mapping[str, JsonValue]) -> list[tuple[float, float]]:
    """The path of points a resumed move still runs along."""
    points = resume.get("path")
    if not isinstance(points, list):
        return []
    return [(float(p[0]), float(p[1])) for p in points if isinstance(p, list) and len(p) == 2  # type: ignore[arg-type]
            ]


def carry_on(ctx: Context[SunshardState], resume: Mapping[str, JsonValue]) -> None:
    """Finish what ``resume`` describes (``kind`` names it)."""
    kind = resume.get("kind")
    if kind == "move":
        from engine.systems.sunshard.moving import finish_move  # moving imports the attack, which imports this
        finish_move(ctx, resume)
    elif kind == "guard":
        from engine.systems.sunshard.guard import next_guard  # likewise
        next_guard(ctx, ModelId(str(resume["mover"])), after=ModelId(str(resume["after"])))
    else:
        raise ValueError(f"nothing carries on after an attack as {kind!r}")
