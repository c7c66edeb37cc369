"""Asking a player one question with listed answers: the shape of most of Sunshard's decisions (a re-roll, a
substitute, a Fortune ability, the first model to activate)."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import JsonValue

from engine.core import Context, Decision, DecisionPart, Option, SideId
from engine.systems.sunshard.state import SunshardState

__all__ = ["ask"]


def ask(ctx: Context[SunshardState], owner: SideId, kind: str, prompt: str, question: str,
        options: Sequence[Option | tuple[str, str]], *, key: str = "choice", default: str | None = None,
        optional: bool = True, context: dict[str, JsonValue] | None = None, reaction_to: str | None = None) -> None:
    """Open a decision of ``kind`` for ``owner``: one part ``key`` answering ``question`` with one of ``options``
    (``default`` on timeout; the first option when ``None`` and the decision is optional); ``reaction_to`` marks an
    On Guard offer a player's ``/pass until:`` answers with its default."""
    listed = tuple(o if isinstance(o, Option) else Option(key=o[0], label=o[1]) for o in options)
    chosen = default if default is not None or not optional else listed[0].key
    ctx.open_decision(Decision(id=ctx.next_decision_id(), owner=owner, kind=kind, optional=optional, prompt=prompt,
                               parts=(DecisionPart(key=key, prompt=question, options=listed, default=chosen),),
                               context=context or {}, reaction_to=reaction_to))
