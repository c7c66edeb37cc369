"""Eldfall's questions asked through ``/act`` (no action taken): a model's Awareness shown as a ring (L679-685)."""

from __future__ import annotations

from engine.core import (
    Args,
    Ask,
    Choice,
    InvalidCommand,
    Overlay,
    OverlayKind,
    Param,
    QueryAnswer,
    Viewer,
)
from engine.systems.eldfall.perceiving import may_measure
from engine.systems.eldfall.rules import RULES, Reading
from engine.systems.eldfall.views import SHROUDED, model_name

__all__ = []

_RULE = "Eldfall core rules v1.5, "


# -- questions ----------------------------------------------------------------------------------------------------


def _ringable(r: Reading, ask: Ask) -> list[Choice]:
    """The models on the table the asker knows by name (a Shrouded enemy's ring would tell its Agility, L1776) and may
    pre-measure around: any in Assisted, their own in Standard, none in Realism (L606-608, as ``/los`` tells)."""
    return [Choice(m.id, f"{m.id} {name}") for m in r.state.models.values()
            if m.id in r.state.figures and (name := model_name(r.state, ask.viewer, m)) not in (None, SHROUDED)
            and may_measure(r.kit, r.state, ask.viewer, r.world, m.id)]


@RULES.query(("act",), "Show a model's Awareness (and Casting Aura) as a ring", name="awareness",
             rule=_RULE + "L679-685", params=(Param("model", "Whose Awareness?", values=_ringable, noun="models"),))
def _awareness(r: Reading, viewer: Viewer, args: Args) -> QueryAnswer:
    model = args.model()
    known = _ringable(r, Ask(args.verb, viewer.side, viewer, {}))
    if model not in {choice.value for choice in known}:
        shown = ", ".join(choice.value for choice in known) or "none"
        raise InvalidCommand(f"model:{model[:20]} is no model whose Awareness you may measure now (models: {shown}; "
                             f"{r.kit.mode(r.state)} measuring, L606-608)", verb="act awareness")
    f = r.world.fighter(model)
    radius = r.world.awareness(f)
    ring = Overlay(kind=OverlayKind.RING, center=(f.model.x, f.model.y), radius=round(f.model.radius + radius, 2),
                   label=f"{model} Awareness {radius:g}\"")
    return QueryAnswer(f"{model}'s Awareness (and Casting Aura) reaches {radius:g}\" from its base (L683-685).",
                       overlays=(ring,))
