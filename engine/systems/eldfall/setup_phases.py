"""The setup's phases, in order, and who a setup command acts for: shared by the setup (``setup``) and the
deployment (``deployment_phase``) so neither imports the other's internals (Eldfall core rules v1.5, L1056-1111)."""

from __future__ import annotations

from engine.core import Context, InvalidCommand, NotYourTurn, SideId
from engine.systems.eldfall.state import EldfallState

__all__ = ["DEPLOY", "INITIATIVE", "PARTIES", "SCHEMES", "SETTING_UP", "acting_for"]

PARTIES = "setup.parties"
SCHEMES = "setup.schemes"
INITIATIVE = "setup.initiative"
DEPLOY = "setup.deploy"
SETTING_UP = (PARTIES, SCHEMES, INITIATIVE, DEPLOY)
"""The setup phases, in order."""


def acting_for(ctx: Context[EldfallState], wanted: SideId | None, verb: str) -> SideId:
    """The side a setup command acts for: the one named (the actor's own, or any for the host), else the actor's."""
    if wanted is None:
        return ctx.acting_side()
    if wanted not in ctx.state.sides:
        raise InvalidCommand(f"there is no side {wanted}; the sides are {', '.join(ctx.state.sides)}", verb=verb)
    if not ctx.actor.host and not ctx.state.holds(ctx.actor.user, wanted):
        raise NotYourTurn(f"side {wanted} is not yours", verb=verb)
    return wanted
