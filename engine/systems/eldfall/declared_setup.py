"""Eldfall's set-up actions, each declared once on ``RULES``: choosing a party in secret (L1008-1036) and deploying
(L1094-1111: finishing, spreading the models over the zone, beginning Shrouded). Each parameter's menu and the
action's check read the same refusal (``party_refusal``, ``ready_refusal``...), so an entry offered is accepted."""

from __future__ import annotations

from engine.core import (
    Ask,
    Choice,
    Context,
    ModelId,
    Param,
    SideId,
)
from engine.systems.eldfall.deployment_phase import (
    crouch_changes,
    crouch_deployed,
    crouchable,
    deploy_auto,
    deploy_turn_refusal,
    ready_refusal,
    ready_side,
    shroud,
    shroudable,
    spread_refusal,
)
from engine.systems.eldfall.flow import begin_play
from engine.systems.eldfall.rules import DEPLOYING, PARTY_CHOICE, RULES, Reading, kit_of
from engine.systems.eldfall.schema import PartySpec
from engine.systems.eldfall.setup import choose_party, named_party, parties_fitting, party_refusal, sized_party
from engine.systems.eldfall.state import EldfallState

__all__ = []

Ctx = Context[EldfallState]
_RULE = "Eldfall core rules v1.5, "


def _side(ask: Ask) -> SideId:
    return ask.acting


# -- the parties ----------------------------------------------------------------------------------------------


def _parties(r: Reading, ask: Ask) -> list[Choice]:
    return [Choice(p.name, f"{p.name} ({p.faction}, {p.game_size} pts)") for p in parties_fitting(r.kit, r.state)]


def _party_checked(r: Reading, ask: Ask) -> tuple[SideId, PartySpec]:
    return _side(ask), sized_party(r.kit, r.state, named_party(r.kit, r.state, ask.text("name")))


@RULES.action(None, "Choose your party in secret (a ready one)", verb=("force", "load"), when=PARTY_CHOICE,
              available=lambda r, ask: party_refusal(r.state, _side(ask)), check=_party_checked,
              rule=_RULE + "L1008-1036", label="Choose your party", params=(
                  Param("name", "Which party?", values=_parties, noun="parties"),))
def _choose_party(ctx: Ctx, plan: tuple[SideId, PartySpec]) -> None:
    choose_party(ctx, kit_of(ctx), *plan)


# -- the deployment -------------------------------------------------------------------------------------------


@RULES.action("ready", "Finish your deployment", label="Finish deploying", when=DEPLOYING,
              available=lambda r, ask: ready_refusal(r.kit, r.state, _side(ask)), rule=_RULE + "L1102-1111")
def _ready(ctx: Ctx, ask: Ask) -> None:
    kit = kit_of(ctx)
    if ready_side(ctx, kit, _side(ask)):
        begin_play(ctx, kit)


@RULES.action(None, "Spread your models over your Deployment Zone", verb=("deploy", "auto"), when=DEPLOYING,
              label="Spread my models over my zone",
              available=lambda r, ask: spread_refusal(r.kit, r.state, _side(ask)),
              rule=_RULE + "L1102-1110")
def _deploy_auto(ctx: Ctx, ask: Ask) -> None:
    deploy_auto(ctx, kit_of(ctx), _side(ask))


def _shroud_change(r: Reading, ask: Ask) -> list[Choice]:
    shrouded = r.world.fighter(ModelId(ask.ident("model"))).is_("shrouded")
    return [Choice("off", "it begins the game in the open")] if shrouded else \
        [Choice("on", "it begins the game Shrouded")]


@RULES.action("shroud", "In deployment: a Stealth II or Concealed Approach model begins Shrouded (choice:on) or not",
              label="Begin Shrouded or not", when=DEPLOYING, per="model",
              available=lambda r, ask: deploy_turn_refusal(r.kit, r.state, _side(ask)), rule=_RULE + "L1985, L2803",
              params=(Param("model", "Which model?", values=lambda r, ask: shroudable(r.kit, r.state, _side(ask)),
                            noun="models"),
                      Param("choice", "Shrouded or not?", values=_shroud_change, noun="choices")))
def _shroud(ctx: Ctx, ask: Ask) -> None:
    shroud(ctx, _side(ask), ModelId(ask.ident("model")), ask.text("choice") == "on")


@RULES.action("crouch", "In deployment: a model begins the game Crouched (choice:on) or standing", label="Deploy "
              "Crouched or not", when=DEPLOYING, rule=_RULE + "L1110",
              available=lambda r, ask: deploy_turn_refusal(r.kit, r.state, _side(ask)), params=(
                  Param("model", "Which model?", values=lambda r, ask: crouchable(r.kit, r.state, _side(ask)),
                        noun="models"),
                  Param("choice", "Crouched or not?", noun="choices",
                        values=lambda r, ask: crouch_changes(r.kit, r.state, ModelId(ask.ident("model"))))))
def _crouch(ctx: Ctx, ask: Ask) -> None:
    crouch_deployed(ctx, _side(ask), ModelId(ask.ident("model")), ask.text("choice") == "on")
