"""Shroudfall's set-up, declared (Shroudfall beta rulebook v1.4, L1084-1154, L1473-1485): the armies chosen in secret
and shown together, the roll-off winner's choice and the other player's remaining option, the scenario vetoes made in
secret and revealed together, each terrain piece set in the book's order, the leadership ability, and each unit
deployed; a side may leave the rest of its terrain or its deployment to the table's suggestions, one entry each.
"""

from __future__ import annotations

from engine.core import (
    Ask,
    Choice,
    Context,
    Decision,
    DecisionPart,
    FreeForm,
    IllegalCommand,
    ModelId,
    Option,
    Param,
    Part,
    SideId,
    ask_together,
)
from engine.core.params import Order
from engine.systems.shroudfall.declared import DEPLOYMENT, RULES, TERRAIN, referee
from engine.systems.shroudfall.events_flow import StandingOrder
from engine.systems.shroudfall.naming import models_shown
from engine.systems.shroudfall.reading import Reading
from engine.systems.shroudfall.setting_up import (
    declare_leadership,
    deploy,
    place_terrain,
    play_scenarios,
    settle_setup,
    skip_terrain,
)
from engine.systems.shroudfall.setup import deploy_refusal, terrain_order, veto_refusal
from engine.systems.shroudfall.setup_flow import (
    LEADERSHIP,
    SETUP,
    TOKEN,
    begin_with_armies,
    carry_on_setup,
    deploy_suggested,
    place_suggested,
)
from engine.systems.shroudfall.state import ShroudfallState
from engine.systems.shroudfall.suggest import (
    anchors_shown,
    deployment_spots,
    formation,
    parse_anchor,
    parse_spot,
    shown_spot,
    terrain_spots,
)

__all__ = ["ARMY", "LEAVE_OUT", "VETO", "ask_scenarios"]

ARMY, VETO = "army", "veto"
"""The simultaneous secret choices: each player's army list, each player's scenario veto."""
LEAVE_OUT = "unused"
"""The spot a piece takes when it has no legal one: it is not used (L1137)."""


# -- the roll-off winner's choice and the other player's remaining option --------------------------------------------


@RULES.decision(SETUP, rule="Shroudfall beta rulebook v1.4, L1088-1093")
def _setup_chosen(ctx: Context[ShroudfallState], decision: Decision, answers: dict[str, str]) -> None:
    winner = decision.owner
    other = ctx.state.opponent(winner)
    if answers["option"] == "token":
        settle_setup(ctx, token=SideId(answers["to"]), first_terrain=other)
        _after_token(ctx)
        return
    ctx.open_decision(Decision(
        id=ctx.next_decision_id(), owner=other, kind=TOKEN, optional=False,
        prompt=f"Side {winner} deploys the first terrain piece; you give the starting player token",
        parts=(DecisionPart(key="to", prompt="Who holds the starting player token?", default=other,
                            options=tuple(Option(key=s, label=f"side {s}") for s in ctx.state.sides)),),
        context={"first": winner}))


@RULES.decision(TOKEN, rule="Shroudfall beta rulebook v1.4, L1093")
def _token_given(ctx: Context[ShroudfallState], decision: Decision, answers: dict[str, str]) -> None:
    settle_setup(ctx, token=SideId(answers["to"]), first_terrain=SideId(str(decision.context["first"])))
    _after_token(ctx)


def _after_token(ctx: Context[ShroudfallState]) -> None:
    """The scenarios: the introductory one alone, or each player's veto in secret, revealed together (L1102-1112)."""
    if str(ctx.state.setup.options.get("scenario", "introductory")) == "introductory":
        play_scenarios(ctx, referee(ctx), None)
        carry_on_setup(ctx, referee(ctx))
        return
    ask_scenarios(ctx)


def ask_scenarios(ctx: Context[ShroudfallState]) -> None:
    """Each player vetoes one of the opponent's three scenarios, in secret (L1108, L1479)."""
    ref = referee(ctx)
    parts = {}
    for side in ctx.state.sides:
        theirs = ctx.state.record(ctx.state.opponent(side)).scenarios
        parts[side] = (DecisionPart(key="veto", prompt="Which of your opponent's scenarios do you discard?",
                                    default=theirs[0], options=tuple(
                                        Option(key=s, label=ref.catalogue.scenario(s).name) for s in theirs)),)
    ask_together(ctx, VETO, "Discard one of your opponent's three scenarios (secret until both have chosen)", parts)


@RULES.together(VETO, rule="Shroudfall beta rulebook v1.4, L1108-1112, L1479-1481")
def _vetoed(ctx: Context[ShroudfallState], answers: dict[SideId, dict[str, str]], context: object) -> None:
    vetoes = {side: chosen["veto"] for side, chosen in answers.items()}
    for side, scenario in vetoes.items():
        why = veto_refusal(ctx.state, side, scenario)
        if why is not None:
            raise IllegalCommand(why, verb="decide")
    play_scenarios(ctx, referee(ctx), vetoes)
    carry_on_setup(ctx, referee(ctx))


@RULES.together(ARMY, rule="Shroudfall beta rulebook v1.4, L1086")
def _armies_chosen(ctx: Context[ShroudfallState], answers: dict[SideId, dict[str, str]], context: object) -> None:
    begin_with_armies(ctx, referee(ctx), {side: chosen["army"] for side, chosen in answers.items()})


def _leadership_options(world: Reading, decision: Decision, answers: object) -> list[Option]:
    return list(decision.parts[0].options)


@RULES.decision(LEADERSHIP, parts=(Part("ability", "Which leadership ability?", options=_leadership_options),),
                rule="Shroudfall beta rulebook v1.4, L476-482")
def _leadership(ctx: Context[ShroudfallState], decision: Decision, answers: dict[str, str]) -> None:
    declare_leadership(ctx, referee(ctx), decision.owner, answers["ability"])
    carry_on_setup(ctx, referee(ctx))


# -- terrain -----------------------------------------------------------------------------------------------------


def _due(world: Reading, side: SideId) -> tuple[str | None, str | None, str]:
    """The piece ``side`` sets now: (the side piece's card or None for a main piece, its main's id, its half)."""
    state = world.state
    ref = world.ref
    first = state.first_terrain or state.sides[0]
    order = terrain_order(first, state.opponent(first), ref.rulings)
    mains = [t for t, p in state.pieces.items() if p.main]
    for main_id in mains:
        piece = state.pieces[main_id]
        if sum(1 for p in state.pieces.values() if p.of == main_id) < len(ref.catalogue.terrain_card(piece.card).sides):
            return piece.card, main_id, ""
    if 2 * len(mains) >= len(order):
        return None, None, "anywhere"  # every piece is set: asked only by a command typed after the terrain step
    return None, None, order[2 * len(mains)][2] or "anywhere"


def _cards(world: Reading, ask: Ask) -> list[Choice]:
    """The cards the next piece may come from: one of the side's unused cards for a main piece, the main's card for
    a side piece (L1120-1128)."""
    side = ask.acting
    card, _, half = _due(world, side)
    if card is not None:
        return [Choice(card, f"{world.catalogue.terrain_card(card).name} (its next side piece)")]
    state = world.state
    army = world.catalogue.army(state.record(side).army or "")
    left = list(army.terrain)
    for used in (p.card for p in state.pieces.values() if p.main and p.owner == side):
        if used in left:
            left.remove(used)
    where = "in your half" if half == "own-half" else "anywhere"
    return [Choice(c, f"{world.catalogue.terrain_card(c).name} (main piece, {where})") for c in dict.fromkeys(left)]


def _spots(world: Reading, ask: Ask) -> list[Choice]:
    """Legal, spread-out spots for the piece (``x,y@turn``), or leaving it out when it has none (L1137)."""
    found = _piece_spots(world, ask.acting, ask.text("with"))
    if not found:
        return [Choice(LEAVE_OUT, "leave it out: it has no legal spot (L1137)")]
    return [Choice(shown_spot(s), f"at {shown_spot(s)}") for s in found]


def _piece_spots(world: Reading, side: SideId, card_id: str) -> list[tuple[tuple[float, float], float]]:
    card = world.catalogue.terrain_card(card_id)
    side_of, main_id, half = _due(world, side)
    state = world.state
    if side_of is None:
        edge = state.record(side).edge if half == "own-half" else None
        return terrain_spots(world.world, card.main, main=True, half=edge, main_outline=None)
    if main_id is None or main_id not in state.terrain:
        return []
    piece = card.sides[sum(1 for p in state.pieces.values() if p.of == main_id)]
    return terrain_spots(world.world, piece, main=False, half=None, main_outline=world.world.terrain(main_id).polygon)


def _typed_spot(world: Reading, ask: Ask, typed: str) -> str | None:
    try:
        parse_spot(typed)
    except IllegalCommand as error:
        return str(error)
    return None


@RULES.action("terrain-rest", "Set the rest of your terrain where the table suggests, each piece on your turn",
              label="Set the rest of my terrain as suggested", when=TERRAIN,
              rule="Shroudfall beta rulebook v1.4, L1114-1137")
def _terrain_rest(ctx: Context[ShroudfallState], ask: Ask) -> None:
    ctx.emit(StandingOrder(side=ask.acting, what="terrain"))
    place_suggested(ctx, referee(ctx), ask.acting)
    carry_on_setup(ctx, referee(ctx))


@RULES.action("terrain", "Set your next terrain piece (at: x,y or x,y@turn)", label="Set a terrain piece",
              when=TERRAIN, rule="Shroudfall beta rulebook v1.4, L1114-1137", params=(
                  Param("with", "Which terrain card?", values=_cards, noun="cards"),
                  Param("at", "Where does it go?", values=_spots, accepts=_typed_spot, order=Order.GIVEN,
                        noun="spots", free_form=FreeForm.POINT)))
def _terrain(ctx: Context[ShroudfallState], ask: Ask) -> None:
    side, card, spot = ask.acting, ask.text("with"), ask.text("at")
    ref = referee(ctx)
    if spot == LEAVE_OUT:
        skip_terrain(ctx, ref, side, card)
    else:
        at, turn = parse_spot(spot)
        place_terrain(ctx, ref, side, card, at, turn)
    carry_on_setup(ctx, ref)


# -- deployment ----------------------------------------------------------------------------------------------------


def _can_deploy_rest(world: Reading, ask: Ask) -> str | None:
    return None if any(not u.deployed for u in world.state.units_of(ask.acting)) else "all your units are deployed"


@RULES.action("deploy-rest", "Deploy the rest of your units where the table suggests, each on your turn",
              label="Deploy the rest of my units as suggested", when=DEPLOYMENT, available=_can_deploy_rest,
              rule="Shroudfall beta rulebook v1.4, L1139-1154")
def _deploy_rest(ctx: Context[ShroudfallState], ask: Ask) -> None:
    ref = referee(ctx)
    ctx.emit(StandingOrder(side=ask.acting, what="deploy"))
    if not deploy_suggested(ctx, ref, ask.acting):
        raise IllegalCommand("the table finds no legal spot for your next unit; deploy it with at:", verb="act")
    carry_on_setup(ctx, ref)


def _undeployed(world: Reading, ask: Ask) -> list[Choice]:
    return [Choice(u.id, u.name + models_shown(u.models))
            for u in world.state.units_of(ask.acting) if not u.deployed]


def _deploy_spots(world: Reading, ask: Ask) -> list[Choice]:
    unit = world.state.units.get(ask.text("model")) if ask.has("model") else None
    if unit is None:
        return []
    return [Choice(anchors_shown(a, r), f"centred at {anchors_shown(a, r)}")
            for a, r in deployment_spots(world.world, ask.acting, unit)]


def _typed_deployment(world: Reading, ask: Ask, typed: str) -> str | None:
    unit = world.state.units.get(ask.text("model"))
    if unit is None:
        return "name the unit to deploy first"
    try:
        spots = _spots_of(world, unit.id, typed)
    except IllegalCommand as error:
        return str(error)
    return deploy_refusal(world.world, ask.acting, unit, spots)


def _spots_of(world: Reading, unit_id: str, typed: str) -> dict[ModelId, tuple[float, float]]:
    unit = world.state.units[unit_id]
    read = parse_anchor(typed)
    if isinstance(read, tuple):
        return dict(formation(world.world, unit, read[0], read[1]))
    return dict(read)


def _deploy_check(world: Reading, ask: Ask) -> tuple[SideId, str, dict[ModelId, tuple[float, float]]]:
    unit_id = ask.text("model")
    spots = _spots_of(world, unit_id, ask.text("at"))
    why = deploy_refusal(world.world, ask.acting, world.state.units[unit_id], spots)
    if why is not None:
        raise IllegalCommand(why, verb="act deploy")
    return ask.acting, unit_id, spots


@RULES.action("deploy", "Deploy one of your units (at: x,y, x,y@2 for two rows, or A3@x,y;A4@x,y)",
              label="Deploy a unit", when=DEPLOYMENT, check=_deploy_check,
              rule="Shroudfall beta rulebook v1.4, L1139-1154", params=(
                  Param("model", "Which unit?", values=_undeployed, noun="units"),
                  Param("at", "Where?", values=_deploy_spots, accepts=_typed_deployment, order=Order.GIVEN,
                        noun="spots", free_form=FreeForm.POINT)))
def _deploy(ctx: Context[ShroudfallState], plan: tuple[SideId, str, dict[ModelId, tuple[float, float]]]) -> None:
    side, unit_id, spots = plan
    deploy(ctx, referee(ctx), side, unit_id, spots)
    carry_on_setup(ctx, referee(ctx))
