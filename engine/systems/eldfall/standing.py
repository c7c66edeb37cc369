"""Choices a player makes outside an Activation Sequence: ending the Tactical phase (L1168), the Leader's
stratagem for its Strategic phases (L376-380), a Warrior's Defensive Stance (L1880), a Mage's Mana Counters
(L926-928), revealing a Strategic-phase scheme (L2497)."""

from __future__ import annotations

from engine.core import Context, IllegalCommand, InvalidCommand, NotYourTurn, side_only
from engine.schema import did_you_mean
from engine.systems.eldfall.commands import ChannelMana, ChooseStance, ChooseStratagem, EndTurn, RevealScheme
from engine.systems.eldfall.events import ApChanged, FigureNoted, ManaChanged, SideNoted, StratagemChosen
from engine.systems.eldfall.flow import end_turn
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.state import EldfallState

__all__ = ["channel_mana", "choose_stance", "choose_stratagem", "end_tactical", "reveal_scheme"]

Ctx = Context[EldfallState]


def end_tactical(ctx: Ctx, kit: Kit, command: EndTurn) -> None:
    """The active player stops activating: the End phase follows (L1168)."""
    state = ctx.state
    side = ctx.acting_side()
    if state.active_side != side or state.phase != "tactical":
        raise NotYourTurn(f"only the Active player ends its Tactical phase; it is side {state.active_side}'s turn "
                          "(L1168)", verb=command.verb)
    if state.sequence is not None:
        raise IllegalCommand(f"{state.sequence.model}'s Activation Sequence is not over: declare its action first",
                             verb=command.verb)
    end_turn(ctx, kit)


def choose_stratagem(ctx: Ctx, kit: Kit, command: ChooseStratagem) -> None:
    side = ctx.acting_side()
    leader = next((f for f in kit.world(ctx.state).fighters(side) if f.figure.leader), None)
    if leader is None:
        raise IllegalCommand(f"side {side} has no Leader on the table (L1042)", verb=command.verb)
    names = list(leader.card.stratagems)
    match = next((n for n in names if n.casefold() == command.name.strip().casefold()), None)
    if match is None:
        raise InvalidCommand(f"{leader.name} has no stratagem {command.name!r}{did_you_mean(command.name, names)}; "
                             f"its stratagems: {', '.join(names) or 'none'} (L374)", verb=command.verb)
    ctx.emit(StratagemChosen(side=side, stratagem=kit.catalogue.stratagem(match).id))


def choose_stance(ctx: Ctx, kit: Kit, command: ChooseStance) -> None:
    side = ctx.acting_side()
    world = kit.world(ctx.state)
    if command.model not in ctx.state.figures or command.model not in ctx.state.models:
        raise InvalidCommand(f"there is no model {command.model} on the table", verb=command.verb)
    f = world.fighter(command.model)
    if f.side != side:
        raise NotYourTurn(f"{f.id} belongs to side {f.side}", verb=command.verb)
    if not f.has("Warrior"):
        raise IllegalCommand(f"{f.id} is no Warrior: only Warriors take the Defensive Stance (L1880)",
                             verb=command.verb)
    ctx.emit(FigureNoted(model=f.id, changes={"stance": command.on}))


def channel_mana(ctx: Ctx, kit: Kit, command: ChannelMana) -> None:
    """A Mage in the Active role turns AP into Mana Counters, one for one (L926-928)."""
    state = ctx.state
    side = ctx.acting_side()
    if state.active_side != side or state.phase != "tactical":
        raise NotYourTurn("a Mage makes Mana Counters in its Active role (L926)", verb=command.verb)
    if command.model not in state.figures or command.model not in state.models:
        raise InvalidCommand(f"there is no model {command.model} on the table", verb=command.verb)
    f = kit.world(state).fighter(command.model)
    if f.side != side or not f.has("Mage"):
        raise IllegalCommand(f"{f.id} is not one of your Mages (L926)", verb=command.verb)
    if command.amount < 1 or command.amount > f.figure.ap:
        raise IllegalCommand(f"{f.id} has {f.figure.ap} AP; turn 1 to {f.figure.ap} of them into Mana (L926)",
                             verb=command.verb)
    ctx.emit(ApChanged(ap={f.id: f.figure.ap - command.amount}, why="turned into Mana, L926"))
    ctx.emit(ManaChanged(model=f.id, mana=f.figure.mana + command.amount, why="a Mage's AP, L926-928"))


def reveal_scheme(ctx: Ctx, kit: Kit, command: RevealScheme) -> None:
    side = ctx.acting_side()
    record = ctx.state.record(side)
    if record.scheme is None or record.scheme_revealed:
        raise IllegalCommand("you hold no secret scheme to reveal", verb=command.verb)
    if kit.catalogue.scheme(record.scheme).reveal != "strategic":
        raise IllegalCommand("your scheme is revealed at the end of the game or when its event happens (L2497)",
                             verb=command.verb)
    ctx.emit(SideNoted(side=side, changes={"reveal_asked": True},
                       shown=f"Side {side} will reveal its scheme in its next Strategic phase."), side_only(side))
