"""Setting up a game (Sunshard:Embren core rules v1.0, L323-341, L1473, L1479, L1423, L1451-1453): the quest's
battlefield, Objectives, deployment and Leaders, then round 1.

1. The forces are checked (:mod:`engine.systems.sunshard.warbands`) and the quest lays out the battlefield: zones, the
   fixed Objectives and the centre piece, the markers that start on them (L852-1161; side A's zone is the bottom edge,
   L333 by agreement).
2. Objectives the players place: a d20 roll-off, the lowest places first, then they alternate (L335), each in
   Contested Ground, the quest's distances from the edges and from other Objectives. Trapper's Den then rolls for
   every other piece (L747).
3. Deployment: a roll-off; the lowest deploys a model of its own, completely within its zone (ruling deployment-fit),
   or picks an enemy model without Ranger for its owner to deploy now; players alternate (L337; ruling
   deployment-pick-turn). Rangers follow in the same order, within 6" of their zone (L1473). A deployed model makes its
   deployment choices: Change Form (L1423), Magika Caster's two spells (L1451), Shardbringer's pieces (L1479).
4. Leaders, starting with the player who deployed first; each gains Commander (L339).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import shapely

from engine.checks import roll_off
from engine.core import (
    Choice,
    Context,
    Decision,
    DecisionPart,
    ModelId,
    Option,
    PartKind,
    RulesError,
    SideId,
    TerrainMark,
    parse_point,
)
from engine.geometry import MM_PER_INCH, Base, Pose, overlaps
from engine.systems.sunshard.asking import ask
from engine.systems.sunshard.catalogue import SunshardData
from engine.systems.sunshard.d20 import roll_d20
from engine.systems.sunshard.events import MarkerPlaced, TerrainRuleGained
from engine.systems.sunshard.moving import wither
from engine.systems.sunshard.quest_schema import ObjectiveSpec, QuestSpec
from engine.systems.sunshard.rolls import rolled_off
from engine.systems.sunshard.round_events import StepReached
from engine.systems.sunshard.rounds import begin_round
from engine.systems.sunshard.schema import WarbandSpec
from engine.systems.sunshard.setup_events import (
    DeployTurn,
    ForceMustered,
    LeaderChosen,
    ModelDeployed,
    QuestChosen,
    SpellsChosen,
)
from engine.systems.sunshard.state import Figure, LooseMarker, SunshardState
from engine.systems.sunshard.terrain import objectives, pieces, relation
from engine.systems.sunshard.warbands import force_problems, leader_candidates
from engine.systems.sunshard.world import RULE, Miniature, World, refuse, world_of
from engine.systems.sunshard.zones import contested, deployment, layout_zones, wholly_in
from engine.table import ModelAdded, PlacedModel, TableSet, TerrainAdded, ZoneAdded, preset_layout

__all__ = ["RANGER_REACH", "apply_deploy", "apply_place_objective", "begin_setup", "check_deploy", "deploy_values",
           "muster", "next_turn", "on_deploy_choices", "on_leader"]

RANGER_REACH = 6.0
"""A Ranger deploys within 6" of its zone (L1473)."""


def muster(data: SunshardData, side: SideId, warbands: Sequence[WarbandSpec]) -> ForceMustered:
    """A side's force as figures, ids ``A1``, ``A2``... in list order."""
    figures, number = [], 0
    for warband in warbands:
        for entry in warband.models:
            for _ in range(entry.count):
                number += 1
                figures.append(Figure(id=ModelId(f"{side}{number}"), card=entry.model, side=side,
                                      warband=warband.name))
    return ForceMustered(side=side, alignment=warbands[0].alignment, warbands=tuple(w.name for w in warbands),
                         figures=tuple(figures))


def _objective(mark_id: str, kind: str, spec: ObjectiveSpec, at: tuple[float, float]) -> TerrainMark:
    radius = spec.base_mm / MM_PER_INCH / 2
    outline = shapely.Point(at).buffer(radius, quad_segs=8)
    points = tuple((round(x, 3), round(y, 3)) for x, y in list(outline.exterior.coords)[:-1])
    return TerrainMark(id=mark_id, kind=kind, polygon=points, height=spec.hgt, keywords=spec.rules)


def begin_setup(ctx: Context[SunshardState], data: SunshardData, quest: QuestSpec,
                forces: Mapping[SideId, Sequence[WarbandSpec]], map_id: str | None = None,
                points_limit: int | None = None) -> None:
    """Check the forces and lay out the quest's battlefield; then the Objectives' placement or deployment begins.

    :raises RulesError: for an illegal force, naming every problem.
    """
    problems = [f"side {side}: {line}" for side, bands in forces.items()
                for line in force_problems(bands, data.cards, points_limit)]
    if problems:
        raise RulesError("; ".join(problems), rule=f"{RULE}, L262, L327")
    ctx.emit(QuestChosen(quest=quest.id, name=quest.name, rounds=quest.rounds, battlefield=quest.battlefield,
                         deeds=quest.deeds, zone_depth=quest.zone_depth, contested_half=quest.contested_half))
    preset = data.maps.get(map_id) if map_id else None
    ctx.emit(TableSet(width=quest.table, height=quest.table, map_name=preset.name if preset else None))
    for mark in preset_layout(preset)[0] if preset is not None else ():
        ctx.emit(TerrainAdded(terrain=mark))
    for zone in layout_zones(quest.table, quest.table, ctx.state.sides, quest.zone_depth, quest.contested_half):
        ctx.emit(ZoneAdded(zone=zone))
    start = 1 if world_of(ctx).rulings.starting_fortune == "one" else 0
    for side, bands in forces.items():
        ctx.emit(muster(data, side, bands).model_copy(update={"fortune": start}))
    centre = (quest.table / 2, quest.table / 2)
    if quest.centre_piece is not None:
        ctx.emit(TerrainAdded(terrain=_objective("CV", "crystal-vein", quest.centre_piece, centre)))
    spacing = 1.0 if world_of(ctx).rulings.objective_offsets == "centres" else 0.0
    radius = quest.objective.base_mm / MM_PER_INCH
    if quest.placement == "fixed":
        for number, offset in enumerate(quest.offsets, start=1):
            shift = offset if spacing else offset + (radius if offset > 0 else -radius if offset < 0 else 0)
            ctx.emit(TerrainAdded(terrain=_objective(f"O{number}", "objective", quest.objective,
                                                     (centre[0] + shift, centre[1]))))
    elif quest.centre_first:
        ctx.emit(TerrainAdded(terrain=_objective("O1", "objective", quest.objective, centre)))
    _start_markers(ctx, quest)
    _objectives_or_deploy(ctx)


def _start_markers(ctx: Context[SunshardState], quest: QuestSpec) -> None:
    """The Rescue marker on the centre Objective (L868); a Treasure marker on each Objective (L977)."""
    if quest.marker is None:
        return
    marks = objectives(world_of(ctx))
    if quest.marker == "Rescue":
        marks = [m for m in marks if m.id == "O1"]
    for mark in marks:
        ctx.emit(MarkerPlaced(marker=LooseMarker(id=f"{quest.marker[0]}{mark.id}", kind=quest.marker, x=0, y=0),
                              on=mark.id, why=f"the quest ({RULE}, L868, L977)"))


def _quest(world: World) -> QuestSpec:
    return world.data.quest(world.state.quest)


def _objectives_or_deploy(ctx: Context[SunshardState]) -> None:
    world = world_of(ctx)
    quest = _quest(world)
    placed = len([m for m in objectives(world) if m.kind == "objective"])
    if quest.placement == "alternate" and placed < quest.objectives:
        ctx.emit(StepReached(phase="setup", step="objectives"))
        first, won = _roll_off(ctx, "placing the first Objective", "L335")
        ctx.emit(DeployTurn(side=first, won=won))
        return
    _deploy_first(ctx)


def _deploy_first(ctx: Context[SunshardState]) -> None:
    """Trapper's Den, then the roll-off for deploying first (L337, L747)."""
    _trappers_den(ctx)
    ctx.emit(StepReached(phase="setup", step="deploy"))
    first, won = _roll_off(ctx, "deploying first", "L337")
    ctx.emit(DeployTurn(side=first, first=first, won=won))


def _roll_off(ctx: Context[SunshardState], why: str, line: str) -> tuple[SideId, str]:
    """Each rolls a d20, ties re-rolled; the lowest wins (L335, L337): the winner and the line saying so."""
    def roll(players: tuple[str, ...]) -> dict[str, int]:
        return {p: roll_d20(ctx, 1, f"the roll-off for {why}", SideId(p))[0] for p in players}
    result = roll_off(ctx.state.sides, roll, lowest_wins=True)
    winner = SideId(result.winner or ctx.state.sides[0])
    return winner, f"Side {winner} wins the roll-off for {why} ({rolled_off(result, line)})"


def _trappers_den(ctx: Context[SunshardState]) -> None:
    """Trapper's Den: a d20 for each piece that is no Objective; 10 or less adds Hazardous (L747)."""
    if "trappers-den" not in ctx.state.battlefield:
        return
    for mark in sorted(ctx.state.terrain.values(), key=lambda m: m.id):
        if mark.kind in ("objective", "crystal-vein"):
            continue
        (face,) = roll_d20(ctx, 1, f"Trapper's Den for {mark.id}", None)
        if face <= 10:
            ctx.emit(TerrainRuleGained(terrain_id=mark.id, rule="hazardous", lasts="game"))


def apply_place_objective(ctx: Context[SunshardState], side: SideId, at: tuple[float, float]) -> None:
    """Place it; the other player places next until the quest has them all (L335)."""
    world = world_of(ctx)
    quest = _quest(world)
    number = len([m for m in objectives(world) if m.kind == "objective"]) + 1
    ctx.emit(TerrainAdded(terrain=_objective(f"O{number}", "objective", quest.objective, at)))
    if number < quest.objectives:
        ctx.emit(DeployTurn(side=world.opponent(side)))
        return
    _deploy_first(ctx)


def _reserve(world: World, side: SideId, rangers: bool) -> list[Miniature]:
    return [Miniature(world, f) for f in world.state.figures.values()
            if f.side == side and f.status == "reserve" and world.data.card(f.card).has("Ranger") == rangers]


def deploy_values(world: World, side: SideId, filled: Mapping[str, str]) -> list[Choice]:
    """The models ``side`` may deploy or pick now: its own, or, not Ranger, its opponent's (L337)."""
    forced = world.state.first_pick
    if forced is not None:
        model = world.model(forced)
        return [Choice(forced, f"{forced} {model.figure.card}")] if model.side == side else []
    rangers = world.state.step == "rangers"
    own = [Choice(m.id, f"{m.id} {m.figure.card}") for m in _reserve(world, side, rangers)]
    if rangers:
        return own
    return own + [Choice(m.id, f"{m.id} {m.figure.card} (side {m.side} deploys it)")
                  for m in _reserve(world, world.opponent(side), False)]


def spot_problem(world: World, model: Miniature, at: tuple[float, float]) -> tuple[str, str] | None:
    base = Base(model.id, Pose(*at), model.card.base_mm, model.card.HGT)
    zone = deployment(world, model.side)
    if zone is None:
        return "no deployment zone", "L337"
    strict = world.rulings.deployment_fit == "completely"
    if model.card.has("Ranger"):
        reach = zone.buffer(RANGER_REACH)
        ok = wholly_in(base, reach) if world.rulings.ranger_distance == "whole-base" else \
            float(reach.distance(shapely.Point(at))) < base.radius
        if not ok:
            return "a Ranger deploys in its zone or within 6\" of it", "L1473"
    elif not (wholly_in(base, zone) if strict else float(zone.distance(shapely.Point(at))) < base.radius):
        return f"{model.id} deploys {'completely ' if strict else ''}within side {model.side}'s deployment zone", "L337"
    clash = [m.id for m in world.on_table() if overlaps(base, m.base())]
    walls = [t.id for t in pieces(world) if t.has("impassable") and relation(base, t) in ("within", "completely")]
    if clash or walls:
        return f"{model.id} cannot stand on {', '.join(clash + walls)}", "L463, L714"
    return None


def check_deploy(world: World, side: SideId, filled: Mapping[str, str]) -> tuple[ModelId, tuple[float, float] | None]:
    """The one rule check of a deployment turn: deploy one's own model at ``at``, or pick an enemy model without
    Ranger (no ``at``) for its owner to deploy (L337, L1473)."""
    if world.state.step not in ("deploy", "rangers") or world.state.active_side != side:
        raise refuse(f"it is not side {side}'s turn to deploy", "L337")
    model = world.model(filled.get("model", ""))
    if model.figure.status != "reserve":
        raise refuse(f"{model.id} is already deployed", "L337")
    forced = world.state.first_pick
    if forced is not None and model.id != forced:
        raise refuse(f"{forced} was picked by the opponent and deploys now", "L337")
    if model.side != side:
        if world.state.step == "rangers" or model.card.has("Ranger") or forced is not None:
            raise refuse(f"{model.id} cannot be picked for its owner to deploy (Rangers deploy last)", "L337, L1473")
        return model.id, None
    if model.card.has("Ranger") != (world.state.step == "rangers"):
        raise refuse(f"{model.id} {'is' if model.card.has('Ranger') else 'is not'} a Ranger: Rangers deploy after "
                     "every other model", "L1473")
    at = parse_point(filled.get("at", ""))
    problem = spot_problem(world, model, at)
    if problem is not None:
        raise refuse(*problem)
    return model.id, at


def apply_deploy(ctx: Context[SunshardState], side: SideId, model_id: ModelId, at: tuple[float, float] | None
                 ) -> None:
    """Deploy the model (its deployment choices asked next) or hand the pick to its owner; then the next turn."""
    world = world_of(ctx)
    model = world.model(model_id)
    if at is None:
        ctx.emit(DeployTurn(side=model.side, forced=model.id))
        return
    picked = ctx.state.first_pick == model.id
    card = model.card
    ctx.emit(ModelAdded(model=PlacedModel(id=model.id, name=card.name, unit=card.name, side=model.side,
                                          base_mm=card.base_mm, x=at[0], y=at[1],
                                          facing=90.0 if model.side == ctx.state.sides[0] else 270.0, wounds=card.HP,
                                          points=card.points)))
    ctx.emit(ModelDeployed(model_id=model.id))
    wither(ctx, model.id)
    _known_spells(ctx, model.id)
    mover = model.side if not picked or world.rulings.deployment_pick_turn == "deployer" else world.opponent(
        model.side)
    if _deploy_choices(ctx, model.id, mover):
        return
    next_turn(ctx, mover)


def _known_spells(ctx: Context[SunshardState], model_id: ModelId) -> None:
    """Limited Magika(X) knows X; Magika Master(X) every spell with keyword X (L1449, L1453)."""
    world = world_of(ctx)
    model = world.model(model_id)
    limited, master = model.ability("Limited Magika"), model.ability("Magika Master")
    known = []
    if limited is not None and limited.param:
        spell = world.data.spell_named(limited.param)
        known += [spell.id] if spell is not None else []
    if master is not None and master.param:
        known += [s.id for s in world.data.spells.values() if master.param in s.keywords]
    if known:
        ctx.emit(SpellsChosen(model_id=model.id, spells=tuple(known)))


SHARD_MM = 50.0
"""A Shardbringer piece's diameter (L1479); it is placed within 6" of the model, measured between their nearest points
(L274)."""


def _deploy_choices(ctx: Context[SunshardState], model_id: ModelId, mover: SideId) -> bool:
    """Ask the owner for Change Form (L1423), Magika Caster's two spells (L1451) and Shardbringer's pieces (L1479)."""
    world = world_of(ctx)
    model = world.model(model_id)
    parts: list[DecisionPart] = []
    form = model.ability("Change Form")
    if form is not None and form.param:
        choices = [c.strip() for c in form.param.split(",")]
        parts.append(DecisionPart(key="form", prompt=f"{model.id}'s Change Form", default=choices[0],
                                  options=tuple(Option(key=c, label=c) for c in choices)))
    caster = model.ability("Magika Caster")
    if caster is not None and caster.param:
        spells = [s for s in world.data.spells.values() if caster.param in s.keywords]
        for key in ("spell1", "spell2")[:len(spells)]:
            parts.append(DecisionPart(key=key, prompt=f"A spell {model.id} knows", default=spells[0].id,
                                      options=tuple(Option(key=s.id, label=s.name) for s in spells)))
    bringer = model.ability("Shardbringer")
    here = (model.placed.x, model.placed.y)
    for index in range(bringer.number if bringer is not None else 0):
        parts.append(DecisionPart(key=f"piece{index + 1}", prompt=f"Where Shardbringer piece {index + 1} goes (its "
                                  "centre, within 6\" and outside Contested Ground)", kind=PartKind.POSITION,
                                  center=here, radius=6.0 + model.base().radius + SHARD_MM / MM_PER_INCH / 2))
    if not parts:
        return False
    ctx.open_decision(Decision(id=ctx.next_decision_id(), owner=model.side, kind="deploy-choices", optional=False,
                               prompt=f"{model.id}'s choices at deployment", parts=tuple(parts),
                               context={"model": model.id, "mover": mover}))
    return True


def on_deploy_choices(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """Record the deployment choices, place Shardbringer's pieces, and pass the turn."""
    world = world_of(ctx)
    model = world.model(str(decision.context["model"]))
    if "form" in answers:
        ctx.emit(ModelDeployed(model_id=model.id, form=answers["form"]))
    spells = tuple(dict.fromkeys(answers[k] for k in ("spell1", "spell2") if k in answers))
    if spells:
        ctx.emit(SpellsChosen(model_id=model.id, spells=(*model.figure.spells, *spells)))
    ground = contested(world)
    for key in sorted(k for k in answers if k.startswith("piece")):
        at = parse_point(answers[key])
        disc = Base(key, Pose(*at), SHARD_MM, 0.0)
        if ground is not None and float(ground.distance(shapely.Point(at))) < disc.radius:
            raise refuse(f"a Shardbringer piece stays outside Contested Ground ({key})", "L1479")
        under: list[str] = [m.id for m in world.on_table() if overlaps(disc, m.base())]
        under += [t.id for t in pieces(world) if t.has("impassable") and relation(disc, t) in ("within", "completely")]
        if under:
            raise refuse(f"a Shardbringer piece may not overlap {', '.join(under)} ({key}): placed terrain never "
                         "overlaps models or Impassable terrain", "L692")
        mark = TerrainMark(id=f"S{len(ctx.state.terrain) + 1}", kind="shard", polygon=tuple(
            (round(x, 3), round(y, 3)) for x, y in list(shapely.Point(at).buffer(disc.radius, quad_segs=8)
                                                         .exterior.coords)[:-1]),
            height=0, keywords=("rugged", "clear", "seeded"))
        ctx.emit(TerrainAdded(terrain=mark))
    next_turn(ctx, SideId(str(decision.context["mover"])))


def next_turn(ctx: Context[SunshardState], last: SideId) -> None:
    """The other player deploys next while they have models to; then the Rangers in the same order; then the
    Leaders (L337, L339, L1473)."""
    world = world_of(ctx)
    rangers = ctx.state.step == "rangers"
    other = world.opponent(last)
    for side in (other, last):
        if _reserve(world, side, rangers):
            ctx.emit(DeployTurn(side=side))
            return
    if not rangers and any(_reserve(world, s, True) for s in ctx.state.sides):
        ctx.emit(StepReached(phase="setup", step="rangers"))
        first = next(s for s in ctx.state.deploy_order if _reserve(world, s, True))
        ctx.emit(DeployTurn(side=first))
        return
    ctx.emit(DeployTurn(side=None))
    ctx.emit(StepReached(phase="setup", step="leaders"))
    _ask_leaders(ctx)


def _ask_leaders(ctx: Context[SunshardState]) -> None:
    """Each warband's Leader, the first deployer's first (L339)."""
    world = world_of(ctx)
    for side in ctx.state.deploy_order or list(ctx.state.sides):
        for warband in world.record(side).warbands:
            figures = [f for f in ctx.state.figures.values() if f.side == side and f.warband == warband]
            if any(f.leader for f in figures):
                continue
            standing = [(f.id, world.data.card(f.card)) for f in figures if f.status == "deployed"]
            candidates = leader_candidates(standing)
            if not candidates:
                continue
            ask(ctx, side, "leader", f"Side {side}: choose the Leader of {warband}; it gains Commander ({RULE}, "
                "L339).", "The Leader", [(m, f"{m} {world.model(m).card.name}") for m in candidates], key="model",
                optional=False, context={"warband": warband})
            return
    begin_round(ctx)


def on_leader(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """The Leader gains Commander, unless it is the Fortunate One (L339, L1439)."""
    model = world_of(ctx).model(answers["model"])
    ctx.emit(LeaderChosen(model_id=model.id, commander=not model.has("Fortunate One")))
    _ask_leaders(ctx)

