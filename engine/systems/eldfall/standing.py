"""Choices a player makes outside an Activation Sequence: the Leader's stratagem for its Strategic phases (L376-380),
a Warrior's Defensive Stance (L1880), a Mage's Mana Counters (L926-928), revealing a Strategic-phase scheme (L2497);
each a refusal (the menus and the check read it) and what it records."""

from __future__ import annotations

from engine.core import Choice, Context, ModelId, SideId, side_only
from engine.systems.eldfall.events import ApChanged, FigureNoted, ManaChanged, SideNoted, StratagemChosen
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.world import World

__all__ = ["channel_mana", "choose_stance", "choose_stratagem", "leader_of", "mages", "reveal_refusal", "reveal_scheme",
           "stratagems", "warriors"]

Ctx = Context[EldfallState]


def leader_of(world: World, side: SideId) -> Fighter | None:
    """The side's Leader on the table (L1042), if any."""
    return next((f for f in world.fighters(side) if f.figure.leader), None)


def stratagems(world: World, side: SideId) -> list[Choice]:
    """The stratagems the side's Leader may use (L374)."""
    leader = leader_of(world, side)
    return [Choice(name) for name in (leader.card.stratagems if leader is not None else ())]


def choose_stratagem(ctx: Ctx, kit: Kit, side: SideId, name: str) -> None:
    """The stratagem the Leader uses from the side's next Strategic phase, chosen ahead: an intent its own side
    alone is told (the phase says which it uses, L372)."""
    spec = kit.catalogue.stratagem(name)
    ctx.emit(StratagemChosen(side=side, stratagem=spec.id, name=spec.name), side_only(side))


def warriors(world: World, side: SideId) -> list[Choice]:
    """The side's Warriors, who may take the Defensive Stance (L1880)."""
    return [Choice(f.id, f"{f.id} {f.name}") for f in world.fighters(side) if f.has("Warrior")]


def choose_stance(ctx: Ctx, model: ModelId, on: bool) -> None:
    """A Warrior takes (or leaves) the Defensive Stance from its next Strategic phase on (L1880)."""
    ctx.emit(FigureNoted(model=model, changes={"stance": on}))


def mages(world: World, side: SideId) -> list[Choice]:
    """The side's Mages with AP to turn into Mana Counters (L926)."""
    return [Choice(f.id, f"{f.id} {f.name} ({f.figure.ap} AP)") for f in world.fighters(side, standing=True)
            if f.has("Mage") and f.figure.ap > 0]


def channel_mana(ctx: Ctx, f: Fighter, amount: int) -> None:
    """A Mage in the Active role turns AP into Mana Counters, one for one (L926-928)."""
    ctx.emit(ApChanged(ap={f.id: f.figure.ap - amount}, why="turned into Mana, L926"))
    ctx.emit(ManaChanged(model=f.id, mana=f.figure.mana + amount, why="a Mage's AP, L926-928"))


def reveal_refusal(kit: Kit, state: EldfallState, side: SideId) -> str | None:
    """Why ``side`` may not ask to reveal its scheme at its next Strategic phase (L2497)."""
    record = state.record(side)
    if record.scheme is None or record.scheme_revealed:
        return "you hold no secret scheme to reveal"
    if kit.catalogue.scheme(record.scheme).reveal != "strategic":
        return "your scheme is revealed at the end of the game or when its event happens (L2497)"
    return None


def reveal_scheme(ctx: Ctx, side: SideId) -> None:
    ctx.emit(SideNoted(side=side, changes={"reveal_asked": True},
                       shown=f"Side {side} will reveal its scheme in its next Strategic phase."), side_only(side))
