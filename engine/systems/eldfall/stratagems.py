"""The Leader's stratagem, one a Strategic phase while it is not Incapacitated or Dead (Eldfall core rules v1.5,
L372-382). A Leader with one stratagem uses it at once; a Leader with several lets its player choose, as a part of
the side's Strategic-phase decision (``strategic_choices``), its last choice offered first. Nursing Aura then tends
the hurt models (``nursing``)."""

from __future__ import annotations

from engine.core import Context, DecisionPart, Option, SideId
from engine.systems.eldfall.events import StratagemChosen, StratagemUsed
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.nursing import NURSING_AURA, tend_all
from engine.systems.eldfall.state import EldfallState

__all__ = ["STRATAGEM", "choosing", "stratagem_part", "use_stratagem"]

Ctx = Context[EldfallState]
STRATAGEM = "stratagem"
"""The key of the stratagem's part in the Strategic-phase decision."""


def _leader(kit: Kit, state: EldfallState, side: SideId) -> Fighter | None:
    return next((f for f in kit.world(state).fighters(side) if f.figure.leader), None)


def choosing(kit: Kit, state: EldfallState, side: SideId) -> bool:
    """Whether the side's player chooses its stratagem this Strategic phase: a standing Leader with several, on a
    side a player holds (the hostiles' Leader, if any, uses its first)."""
    leader = _leader(kit, state, side)
    return (leader is not None and not leader.out and len(leader.card.stratagems) > 1
            and side != state.hostile_side)


def stratagem_part(kit: Kit, state: EldfallState, side: SideId) -> DecisionPart:
    """The part asking which stratagem the Leader uses, its last choice the default (the first listed at first)."""
    leader = _leader(kit, state, side)
    assert leader is not None
    specs = [kit.catalogue.stratagem(name) for name in leader.card.stratagems]
    last = state.record(side).stratagem
    default = last if last in {spec.id for spec in specs} else specs[0].id
    said = "; ".join(f"{spec.name}: {spec.summary.rstrip('.')}" for spec in specs)
    party = state.record(side).party
    reach = "; in a Guildsworn party its Authority ones reach every member, L1086" \
        if party is not None and party.format == "guildsworn" else ""
    return DecisionPart(key=STRATAGEM, prompt=f"the stratagem {leader.id} {leader.name} uses until your next "
                                              f"Strategic phase, from its profile (L378{reach}; {said})",
                        options=tuple(Option(key=spec.id, label=spec.name) for spec in specs), default=default)


def use_stratagem(ctx: Ctx, kit: Kit, side: SideId, chosen: str | None = None, *, tend: bool = True) -> None:
    """The Leader uses ``chosen`` (its last choice, else its first, when none is given) until the side's next
    Strategic phase; nothing while it is out of action (L376). A choice is remembered as the next default;
    ``tend``: Nursing Aura tends every hurt model at once when it reaches them all."""
    state = ctx.state
    record = state.record(side)
    leader = _leader(kit, state, side)
    if leader is None or leader.out or not leader.card.stratagems:
        if record.active_stratagem is not None or (leader is not None and leader.out):
            ctx.emit(StratagemUsed(side=side, stratagem=None))
        return
    usual = kit.catalogue.stratagem(record.stratagem or leader.card.stratagems[0])
    stratagem = kit.catalogue.stratagem(chosen) if chosen is not None else usual
    if stratagem.id != usual.id:  # remembered: the next Strategic phase offers it first
        ctx.emit(StratagemChosen(side=side, stratagem=stratagem.id, name=stratagem.name))
    ctx.emit(StratagemUsed(side=side, stratagem=stratagem.id, name=stratagem.name, by_hand=stratagem.by_hand))
    if stratagem.id == NURSING_AURA and tend:
        tend_all(ctx, kit, side)
