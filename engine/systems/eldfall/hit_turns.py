"""A hit model may turn (Eldfall core rules v1.5, L823): suffering a Hit lets it rotate and so change what it sees.

At the end of the sequence the referee asks each player whose models were hit from outside their front arc (L655-657)
whether each turns to face an attacker that hit it: one part per model, an option per such attacker, facing the first
by default, or keeping its facing. A model that already sees every attacker that hit it is not asked (any other turn
is a manual fix: ``/model place``); hostiles turn by their own rule (L1597-1598, ``aftermath``), and a model taken out
of action does not turn.
"""

from __future__ import annotations

from engine.core import Context, Decision, DecisionPart, ModelId, Option
from engine.geometry import bearing
from engine.systems.eldfall.events import AttackResolved
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.resolution_state import Resolving
from engine.systems.eldfall.sight import in_front_arc
from engine.systems.eldfall.state import EldfallState
from engine.table import ModelPlaced

__all__ = ["TURN_KIND", "answer_turns", "offer_turns"]

Ctx = Context[EldfallState]
TURN_KIND = "turn-when-hit"
KEEP = "keep"


def _unseen_attackers(seq: Resolving) -> dict[ModelId, list[ModelId]]:
    """Each standing, non-hostile model hit this sequence and the attackers that hit it from outside its front arc,
    in the order their Hits landed."""
    state = seq.ctx.state
    world = seq.kit.world(state)
    found: dict[ModelId, list[ModelId]] = {}
    for entry in seq.landed:
        d, a = entry.defender, entry.plan.attacker
        if not entry.hits or d == a or d not in state.models or a not in state.models or state.figures[d].hostile:
            continue
        f = world.fighter(d)
        if f.out or a in found.get(d, []) or in_front_arc(world.base(d), world.base(a), arc=world.arc(f)):
            continue
        found.setdefault(d, []).append(a)
    return found


def offer_turns(seq: Resolving) -> None:
    """Ask the players of models hit from outside their front arc whether each turns to face its attacker (L823)."""
    state = seq.ctx.state
    by_side: dict[str, list[tuple[ModelId, list[ModelId]]]] = {}
    for model, attackers in sorted(_unseen_attackers(seq).items()):
        by_side.setdefault(state.figures[model].side, []).append((model, attackers))
    for side, hit in sorted(by_side.items()):
        parts = tuple(DecisionPart(key=model, prompt=f"{model} was hit from outside its front arc: it may turn (L823)",
                                   options=(*(Option(key=a, label=f"Face {a}") for a in attackers),
                                            Option(key=KEEP, label="Keep its facing")), default=attackers[0])
                      for model, attackers in hit)
        seq.ctx.open_decision(Decision(id=seq.ctx.next_decision_id(), owner=side, kind=TURN_KIND, optional=True,
                                       prompt="Your model suffered a Hit from an attacker it does not see: it may turn "
                                              "to face it (L823).", parts=parts))


def answer_turns(ctx: Ctx, kit: Kit, decision: Decision, answers: dict[str, str]) -> None:
    """Each model told to face an attacker turns toward it where it stands now."""
    for part in decision.parts:
        model, faced = ModelId(part.key), answers.get(part.key, part.default or KEEP)
        if faced == KEEP or model not in ctx.state.models or faced not in ctx.state.models:
            continue
        here, there = ctx.state.models[model], ctx.state.models[ModelId(faced)]
        facing = round(bearing((here.x, here.y), (there.x, there.y)) % 360.0, 2)
        if abs(facing - here.facing) > 0.005:
            ctx.emit(ModelPlaced(model_id=model, x=here.x, y=here.y, facing=facing))
            ctx.emit(AttackResolved(summary=f"{model} turns to face {faced} (L823)."))
