"""``/game demo system:eldfall``: a ready table in one command. Two of the demo parties face each other in the
first quest; the host of the practice table settles every setup choice with its default (schemes kept, the
initiative winner plays first, a Summoner's creature of its lowest Conjuration, the 1st Player's first Strategic
choices) and both sides deploy as placed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Command, Context, IllegalCommand, SideId
from engine.systems.eldfall.alliance import ALLIANCE_KIND
from engine.systems.eldfall.commands import ChooseParty, SettleSetup
from engine.systems.eldfall.deployment_phase import ready_side
from engine.systems.eldfall.flow import begin_play
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.setup_phases import DEPLOY
from engine.systems.eldfall.starting_creatures import STARTING_KINDS
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.strategic_choices import STRATEGIC_KIND

if TYPE_CHECKING:
    from engine.systems.eldfall.system import Eldfall

__all__ = ["DEMO_PARTIES", "demo_commands", "settle_setup"]

_SETUP_KINDS = ("scheme", ALLIANCE_KIND, "initiative", "initiative-rest", *STARTING_KINDS)
"""The setup's decisions the host settles with their defaults."""

DEMO_PARTIES = ("soga-vanguard", "thenion-shadows")
"""The parties of the demo table, side A then side B."""


def demo_commands(system: Eldfall, state: EldfallState) -> list[Command]:
    parties = [p for p in DEMO_PARTIES if any(q.id == p for q in system.kit.catalogue.parties)]
    commands: list[Command] = [ChooseParty(name=party, side=side) for side, party in zip(state.players(), parties,
                                                                                          strict=False)]
    return [*commands, SettleSetup()]


def settle_setup(ctx: Context[EldfallState], kit: Kit, command: SettleSetup) -> None:
    """Answer every setup decision left with its default (the starting creatures among them), then finish each
    side's deployment in the turn order (L1102)."""
    state = ctx.state
    if not ctx.actor.host or not state.setup.practice:
        raise IllegalCommand("only the host of a practice table settles the setup with the defaults",
                             verb=command.verb)
    started = False
    for _round in range(20):
        pending = [d for d in state.pending.values() if d.kind in _SETUP_KINDS]
        if pending:
            answers = pending[0].default_answers()
            if answers is None:
                break
            ctx.answer(pending[0], answers, "forced")
            continue
        if state.phase != DEPLOY:
            raise IllegalCommand("the setup is not at its deployment yet: every player must choose a party first",
                                 verb=command.verb)
        waiting = [s for s in state.order if s in state.players() and not state.record(s).ready]
        if not waiting:
            break
        started = ready_side(ctx, kit, SideId(waiting[0])) or started
    if started:
        begin_play(ctx, kit)
        # The table is ready at the 1st Player's Tactical phase: its first Strategic choices take their defaults.
        first = next((d for d in state.pending.values() if d.kind == STRATEGIC_KIND), None)
        defaults = first.default_answers() if first is not None else None
        if first is not None and defaults is not None:
            ctx.answer(first, defaults, "forced")
