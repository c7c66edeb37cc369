"""Deploying (Eldfall core rules v1.5, L1094-1111): the Deployment Zones, each party entering its own, models placed
behind a screen, and the parties revealed once every side is deployed.

By ruling ``deployment-order`` the sides deploy in the turn order, a whole party at a time (L1100, L1102): the side
deploying places its models behind a screen, and once it is done they are on view while its list stays secret until
every side has deployed (L1096); or, as whoever picked the zones chose, the players place one model after the other,
each seen once placed (L1094). The alternative, ``hidden-together``, has every side deploy at once, each seeing
only its own models until all are done. A side whose Summoners may bring a creature, or whose Personal Guards have
creatures to choose from, decides that first (``starting_creatures``).
"""

from __future__ import annotations

from engine.core import (
    EVERYONE,
    Audience,
    Choice,
    Context,
    IllegalCommand,
    InvalidCommand,
    ModelId,
    NotYourTurn,
    PhaseChanged,
    SideId,
    ZoneMark,
    side_only,
)
from engine.geometry import Base, Pose, Table
from engine.systems.eldfall.choices import canonical_choices, member_items
from engine.systems.eldfall.deployment_zones import deployment_area, deployment_refusal
from engine.systems.eldfall.events import ModelDeployed, PartiesRevealed, PartyOnView, SideReady, StatesChanged
from engine.systems.eldfall.heights import supported_share
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.party import upgrade_names
from engine.systems.eldfall.placing import add_model, base_radius, summon_spot, surface_under
from engine.systems.eldfall.schema import PartySpec
from engine.systems.eldfall.setup_phases import DEPLOY
from engine.systems.eldfall.shrouds import begin_shrouded, may_shroud
from engine.systems.eldfall.starting_creatures import offer_starting, owes_starting
from engine.systems.eldfall.state import EldfallState
from engine.table import ModelPlaced, PlacedModel, Point, ZoneAdded, default_facing
from engine.table.deploy import entry_spots, spread_layout
from engine.table.geometry import battlefield, check_spot

__all__ = ["crouch_changes", "crouch_deployed", "crouchable", "deploy", "deploy_auto", "deploy_turn_refusal",
           "deploying_now", "place", "ready_refusal", "ready_side", "shroud", "shroudable", "spread_refusal"]

Ctx = Context[EldfallState]
ZONE_DEPTH = 8.0
"""Inches: Deployment Zones run 8 inches deep along opposite edges (L1104)."""


def _depth(kit: Kit, party: PartySpec) -> float:
    """8 inches, 5 more when a party member has Tactician (L1104, L2833)."""
    tactician = any(kit.catalogue.card(m.unit).level_of("Tactician") or "tactical-expertise" in m.upgrades
                    for m in party.members)
    return ZONE_DEPTH + (5.0 if tactician else 0.0)


def _zone(state: EldfallState, edge: str, depth: float) -> tuple[tuple[float, float], ...]:
    w, h = state.width, state.height
    if edge == "bottom":
        return ((0.0, 0.0), (w, 0.0), (w, depth), (0.0, depth))
    return ((0.0, h - depth), (w, h - depth), (w, h), (0.0, h))


def deploy(ctx: Ctx, kit: Kit) -> None:
    """Mark both zones, put each side's models in its own zone, seen by that side alone until all are ready, then
    ask each side for its starting creatures and Personal Guards (L1869-1871, L2906)."""
    state = ctx.state
    first = deploying_now(kit, state)
    who = "every player at once" if first is None else f"in the turn order, side {first} first"
    ctx.emit(PhaseChanged(phase=DEPLOY, shown=f"Deployment, {who}: place your models inside your zone (/model "
                                              "place), then say /act action:ready (L1102-1111)."))
    for side in state.players():
        record = state.record(side)
        assert record.party is not None
        depth = _depth(kit, record.party)
        ctx.emit(ZoneAdded(zone=ZoneMark(id=f"D{side}", kind="deployment", polygon=_zone(state, record.edge, depth),
                                         side=side, label=f"side {side}")))
    for side in state.players():
        party = state.record(side).party
        assert party is not None
        cards = [kit.catalogue.card(m.unit) for m in party.members]
        radii = [base_radius(kit, card.name) for card in cards]
        spots = entry_spots(state, side, radii)
        leader = next(i for i, card in enumerate(cards) if card.name == kit.catalogue.card(party.leader).name)
        for index, (member, card, spot) in enumerate(zip(party.members, cards, spots, strict=True)):
            add_model(ctx, kit, side, card.name, spot, default_facing(state, spot), audience_side=side,
                      hostile=False, leader=index == leader,
                      upgrades=tuple(u for u in member.upgrades if u != "double-time"),  # spent at Initiative (L2869)
                      choices=canonical_choices(member, member_items(member, kit.catalogue), kit.catalogue))
        begin_shrouded(ctx, kit.world(state).fighters(side), side)
    hostile = state.hostile_side
    if hostile is not None:
        first_edge = state.record(state.order[0]).edge
        for figure in state.figures.values():
            if figure.side == hostile and kit.catalogue.card(figure.unit).name == "Amazon Gladiatrix":
                model = state.models[figure.id]
                ctx.emit(ModelPlaced(model_id=figure.id, x=model.x, y=model.y,
                                     facing=270.0 if first_edge == "bottom" else 90.0))
    for side in state.players():
        if _whole_party_turns(kit, state) is None or side == first:
            offer_starting(ctx, kit, side)


def _whole_party_turns(kit: Kit, state: EldfallState) -> SideId | None:
    """The side deploying now when the sides deploy a whole party at a time in the turn order, else None: such a
    side is asked for its starting creatures when its turn comes, so its choice holds up no one before it."""
    if state.one_at_a_time or kit.rulings(state).deployment_order != "turn-order":
        return None
    return deploying_now(kit, state)


def deploying_now(kit: Kit, state: EldfallState) -> SideId | None:
    """The one side whose turn it is to deploy, or None when any may: the first in the turn order not done (L1100-1102);
    one model after the other, the side with the fewest placed that still has a model to place, the earlier in the
    turn order on a tie (L1094); None when every side deploys at once (ruling ``deployment-order``:
    ``hidden-together``) or, one after the other, every model is placed and only the readying is left."""
    if kit.rulings(state).deployment_order != "turn-order":
        return None
    waiting = [s for s in state.order if s in state.players() and not state.record(s).ready]
    if not state.one_at_a_time:
        return waiting[0] if waiting else None
    placed = {s: sum(1 for m in state.deployed_models if state.models[m].side == s) for s in waiting}
    placing = [s for s in waiting if any(m.side == s and m.id not in state.deployed_models
                                         for m in state.models.values())]
    return min(placing, key=lambda s: placed[s]) if placing else None


def deploy_turn_refusal(kit: Kit, state: EldfallState, side: SideId) -> str | None:
    """Why ``side`` may not deploy now: it is done, or another side deploys first in the turn order (L1094-1102)."""
    if state.record(side).ready:
        return f"side {side} has finished deploying"
    now = deploying_now(kit, state)
    if now is not None and now != side:
        how = "one model after the other (L1094)" if state.one_at_a_time else "a whole party at a time (L1100-1102)"
        return f"side {side} deploys after side {now}: the players deploy in the turn order, {how}"
    return None


def _check_deploy_turn(kit: Kit, state: EldfallState, side: SideId, verb: str) -> None:
    refusal = deploy_turn_refusal(kit, state, side)
    if refusal is not None:
        raise (IllegalCommand if state.record(side).ready else NotYourTurn)(refusal, verb=verb)


def _deploying_side(ctx: Ctx, kit: Kit, model: PlacedModel, verb: str) -> SideId:
    side = ctx.acting_side()
    if model.side != side and not ctx.actor.host:
        raise NotYourTurn(f"{model.id} belongs to side {model.side}", verb=verb)
    _check_deploy_turn(kit, ctx.state, model.side, verb)
    return model.side


def place(ctx: Ctx, kit: Kit, model_id: ModelId, at: tuple[float, float], facing: float | None, verb: str) -> None:
    """Place a model during deployment: fully inside its area (its zone, or further with Infiltration), never on
    another base (L1104-1110, L1958-1964); the move is seen by its own side alone."""
    state = ctx.state
    model = state.models.get(model_id)
    if model is None:
        raise InvalidCommand(f"there is no model {model_id} of yours on the table", verb=verb)
    side = _deploying_side(ctx, kit, model, verb)
    if state.one_at_a_time and model_id in state.deployed_models:
        raise IllegalCommand(f"{model_id} is already deployed: the players place one model after the other, each "
                             "once (L1094)", verb=verb)
    world = kit.world(state)
    f = world.fighter(model_id)
    record = state.record(side)
    assert record.party is not None
    table = Table(state.width, state.height)
    summoner = f.figure.summoner
    area = table.polygon if summoner is not None else deployment_area(
        table, record.edge, depth=_depth(kit, record.party), infiltration=f.level("Infiltration"))
    base = Base(model_id, Pose(at[0], at[1]), model.base_mm)
    terrain = battlefield(state).terrain
    share = supported_share(terrain, base) if kit.rulings(state).flat_table == "surfaces" else 1.0
    refusal = deployment_refusal(base, area, supported_share=share, rulings=kit.rulings(state))
    if refusal is None and summoner is not None and not world.aware(summoner, model_id, other_at=at):
        refusal = (f"a Summoner's starting creature starts in its Awareness (L1869): within "
                   f"{world.awareness(world.fighter(summoner)):g} inches of {summoner}")
    if refusal is not None:
        raise IllegalCommand(f"{model_id} cannot deploy at {at[0]:g},{at[1]:g}: {refusal}", verb=verb)
    check_spot(state, model_id, at, model.radius)
    z = surface_under(kit, state, at)
    audience = EVERYONE if state.one_at_a_time else side_only(side)
    ctx.emit(ModelPlaced(model_id=model_id, x=at[0], y=at[1], facing=model.facing if facing is None else facing,
                         z=z if z != model.z else None), audience)
    if state.one_at_a_time:
        ctx.emit(ModelDeployed(model=model_id, name=model.name))
    _creatures_follow(ctx, kit, model_id, audience)


def _creatures_follow(ctx: Ctx, kit: Kit, summoner: ModelId, audience: Audience) -> None:
    """A Summoner's starting creatures left outside its Awareness when it is placed come back into contact with it
    (L1869: they start in its Awareness)."""
    world = kit.world(ctx.state)
    for figure in [f for f in ctx.state.figures.values() if f.summoner == summoner and f.id in ctx.state.models]:
        if world.aware(summoner, figure.id):
            continue
        creature = ctx.state.models[figure.id]
        spot = summon_spot(ctx.state, ctx.state.models[summoner], creature.radius)
        if spot is None:
            continue
        z = surface_under(kit, ctx.state, spot)
        ctx.emit(ModelPlaced(model_id=figure.id, x=spot[0], y=spot[1], facing=creature.facing,
                             z=z if z != creature.z else None), audience)


def shroudable(kit: Kit, state: EldfallState, side: SideId) -> list[Choice]:
    """The side's models that may begin the game Shrouded (Stealth II or Concealed Approach, L1985, L2803), while it
    deploys."""
    if state.phase != DEPLOY or deploy_turn_refusal(kit, state, side) is not None:
        return []
    return [Choice(f.id, f"{f.id} {f.name}") for f in kit.world(state).fighters(side) if may_shroud(f)]


def crouchable(kit: Kit, state: EldfallState, side: SideId) -> list[Choice]:
    """The side's models that may be deployed Crouched, or stand up again, while it deploys (L1110): any but a Flying
    one, which cannot choose to crouch (L1739)."""
    if state.phase != DEPLOY or deploy_turn_refusal(kit, state, side) is not None:
        return []
    return [Choice(f.id, f"{f.id} {f.name}" + (" (Crouched)" if f.is_("crouched") else ""))
            for f in kit.world(state).fighters(side) if not f.is_("flying")]


def crouch_changes(kit: Kit, state: EldfallState, model: ModelId) -> list[Choice]:
    """Crouching it, or standing it up when it was deployed Crouched."""
    crouched = kit.world(state).fighter(model).is_("crouched")
    return [Choice("off", "it begins the game standing")] if crouched else \
        [Choice("on", "it begins the game Crouched")]


def crouch_deployed(ctx: Ctx, side: SideId, model: ModelId, on: bool) -> None:
    """During deployment, a model is deployed Crouched or not (L1110); its side alone sees the choice until its
    party is on view."""
    change = {"added": ("crouched",)} if on else {"removed": ("crouched",)}
    ctx.emit(StatesChanged(model=model, why="deployed Crouched, its player's choice (L1110)" if on else
                           "deployed standing, its player's choice (L1110)", **change), side_only(side))


def shroud(ctx: Ctx, side: SideId, model: ModelId, on: bool) -> None:
    """During deployment, a model with Stealth II or Concealed Approach begins the game Shrouded or not (L1985,
    L2803); its side alone sees the choice."""
    change = {"added": ("shrouded",)} if on else {"removed": ("shrouded",)}
    ctx.emit(StatesChanged(model=model, why="its player's choice for the deployment (L1985, L2803)", **change),
             side_only(side))


def spread_moves(kit: Kit, state: EldfallState, side: SideId) -> list[tuple[ModelId, Point, float]]:
    """Where ``/deploy auto`` moves the side's models: spread evenly over its zone, those not standing so already.
    A Summoner's starting creature is not spread: it starts in its Summoner's Awareness and follows it there
    (L1869, ``_creatures_follow``), so a spread spot of its own would be undone at once and offered again forever."""
    models, figures = state.models, state.figures
    moves = [(m, spot, default_facing(state, spot)) for m, spot in spread_layout(state, side)
             if m not in figures or figures[m].summoner is None]
    return [(m, spot, facing) for m, spot, facing in moves if (models[m].x, models[m].y, models[m].facing)
            != (*spot, facing)]


def spread_refusal(kit: Kit, state: EldfallState, side: SideId) -> str | None:
    """Why ``/deploy auto`` cannot spread the side's models now: not its turn to deploy, one model after the other,
    or they already stand where it would put them."""
    refusal = deploy_turn_refusal(kit, state, side) or ready_refusal(kit, state, side)
    if refusal is not None:
        return refusal
    if state.one_at_a_time:
        return ("the players deploy one model after the other (L1094): place each with /model place, or /act "
                "action:ready to leave the rest where they stand")
    try:
        moves = spread_moves(kit, state, side)
    except IllegalCommand as error:
        return error.reason
    if not moves:
        return (f"side {side}'s models already stand where /deploy auto puts them; /model place moves one, /act "
                "action:ready ends your deployment")
    return None


def deploy_auto(ctx: Ctx, kit: Kit, side: SideId) -> None:
    """Spread the side's models evenly over its zone, seen by that side alone (``spread_refusal`` first)."""
    models = ctx.state.models
    for model_id, (x, y), facing in spread_moves(kit, ctx.state, side):
        z = surface_under(kit, ctx.state, (x, y))
        ctx.emit(ModelPlaced(model_id=model_id, x=x, y=y, facing=facing, z=z if z != models[model_id].z else None),
                 side_only(side))
    for summoner in sorted({f.summoner for f in ctx.state.figures.values() if f.side == side and f.summoner}):
        _creatures_follow(ctx, kit, summoner, side_only(side))


def ready_refusal(kit: Kit, state: EldfallState, side: SideId) -> str | None:
    """Why ``side`` may not finish deploying now: it plays no party, is done, waits for its turn, or owes its
    starting creatures first (L1869-1871, L2906)."""
    if side not in state.players() or state.record(side).party is None:
        return f"side {side} deploys no party"
    refusal = deploy_turn_refusal(kit, state, side)
    if refusal is not None:
        return refusal
    if owes_starting(state, side):
        return (f"side {side} finishes deploying once it has chosen its Summoners' starting creatures and given its "
                "Personal Guards (L1869-1871, L2906): answer with /decide first")
    return None


def ready_side(ctx: Ctx, kit: Kit, side: SideId) -> bool:
    """Mark ``side`` deployed; the last one reveals every party (L1096). Returns whether play may begin."""
    state = ctx.state
    ctx.emit(SideReady(side=side))
    if not all(state.record(s).ready for s in state.players()):
        if kit.rulings(state).deployment_order == "turn-order":
            ctx.emit(PartyOnView(side=side))
        following = _whole_party_turns(kit, state)
        if following is not None:
            offer_starting(ctx, kit, following)
        return False
    parties = {s: state.record(s).party for s in state.players()}
    deployed = {s: sum(1 for f in state.figures.values() if f.side == s and f.original) for s in state.players()}
    lists = {s: p for s, p in parties.items() if p is not None}
    ctx.emit(PartiesRevealed(parties=lists, deployed=deployed,
                             upgrade_names=upgrade_names(kit.catalogue, *lists.values())))
    return True

