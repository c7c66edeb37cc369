"""Setting up at the table (Sunshard:Embren core rules v1.0, L323-341, L1473): each player picks a warband, then the
quest is laid out (:func:`engine.systems.sunshard.setup.begin_setup`) and the players take turns placing Objectives
and deploying, each turn a decision owed by the player whose turn it is, with suggested spots (any other spot may be
typed: ``/decide choice:model=A2;at=6,3``). The rule checks are phase 1's (``check_place_objective``,
``check_deploy``); a refused spot changes nothing and names the rule.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

import shapely

from engine.core import Context, Decision, DecisionPart, Option, PartKind, SideId
from engine.geometry import Base, Pose, distance
from engine.systems.sunshard.catalogue import SunshardData
from engine.systems.sunshard.declared import RULES
from engine.systems.sunshard.objective_spots import check_place_objective, objective_problems
from engine.systems.sunshard.round_events import StepReached
from engine.systems.sunshard.setup import (
    RANGER_REACH,
    apply_deploy,
    apply_place_objective,
    begin_setup,
    check_deploy,
    deploy_values,
    spot_problem,
)
from engine.systems.sunshard.setup_events import DeployAsSuggested, WarbandPicked
from engine.systems.sunshard.spot_words import inches, terrain_words
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.terrain import objectives
from engine.systems.sunshard.warbands import force_problems
from engine.systems.sunshard.world import RULE, Miniature, World, world_of
from engine.systems.sunshard.zones import deployment

__all__ = ["CHOOSE", "DEFAULT_QUEST", "MAPS", "deploy_spots", "objective_spots", "open_setup", "pairings",
           "prompt_setup", "quest_of", "slug", "warband_choices"]

DEFAULT_QUEST = "on-the-hunt"
"""The starter quest a table plays unless ``scenario:`` names another (L878-903)."""

MAPS = {24: "blighted-hamlet", 36: "shattered-wastes"}
"""The map a quest is played on unless ``map:`` names another, by table size."""

REST = "rest"
"""The deploy decision's entry placing the rest of a player's models as suggested (several models, one entry)."""

_SPOTS = 10
"""How many spots a placement suggests."""


def quest_of(state: SunshardState) -> str:
    return str(state.setup.options.get("scenario") or DEFAULT_QUEST)


def _points_limit(state: SunshardState) -> int | None:
    size = state.setup.options.get("size")
    return int(str(size)) if size else None


def warband_choices(world: World, side: SideId) -> list[Option]:
    """The warbands ``side`` may bring (shipped and imported, each a legal force alone, L262, L327), the one made
    for its seat first (the first side the first warband, the second the second)."""
    data, limit = world.data, _points_limit(world.state)
    legal = [w for w in data.warbands.values() if not force_problems([w], data.cards, limit)]
    seat = world.state.sides.index(side) if side in world.state.sides else 0
    ordered = sorted(legal, key=lambda w: (w.name not in world.state.imported_warbands,
                                           list(data.warbands).index(w.name) != seat))
    return [Option(key=w.name, label=f"{w.name} ({w.alignment})") for w in ordered]


CHOOSE = "choose"
"""``mode:choose``: each player picks a warband with /decide (the default); any other ``mode:`` is a pairing."""


def slug(name: str) -> str:
    return "-".join(name.lower().split())


def pairings(data: SunshardData) -> dict[str, tuple[str, str]]:
    """The shipped warbands paired for ``mode:`` on the invite card (side A's first), by key
    (``greywater-delvers-v-ashen-remnant``)."""
    names = list(data.warbands)
    return {f"{slug(a)}-v-{slug(b)}": (a, b) for a in names for b in names if a != b}


def open_setup(ctx: Context[SunshardState]) -> None:
    """The game's opening: each player picks a warband (L327), unless the invite card paired them already."""
    ctx.emit(StepReached(phase="setup", step="warbands"))
    world = world_of(ctx)
    paired = pairings(world.data).get(str(ctx.state.setup.options.get("mode") or CHOOSE))
    if paired is not None:
        for side, warband in zip(ctx.state.sides, paired, strict=True):
            ctx.emit(WarbandPicked(side=side, warband=warband))
        _muster(ctx)
        return
    for side in ctx.state.sides:
        options = warband_choices(world, side)
        ctx.open_decision(Decision(
            id=ctx.next_decision_id(), owner=side, kind="warband", optional=True,
            prompt=f"Side {side}: which warband do you bring to {world.data.quest(quest_of(ctx.state)).name}? (or "
                   f"/force import your own cards first) ({RULE}, L327)",
            parts=(DecisionPart(key="warband", prompt="Your warband", options=tuple(options),
                                default=options[0].key if options else None),)))


def _warband_parts(world: World, decision: Decision, answers: Mapping[str, str]) -> Sequence[DecisionPart]:
    options = warband_choices(world, decision.owner)
    return (DecisionPart(key="warband", prompt="Your warband", options=tuple(options),
                         default=options[0].key if options else None),)


@RULES.decision("warband", parts=_warband_parts, rule=f"{RULE}, L327")
def _on_warband(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    ctx.emit(WarbandPicked(side=decision.owner, warband=answers["warband"]))
    if all(side in ctx.state.picked for side in ctx.state.sides):
        _muster(ctx)


def _muster(ctx: Context[SunshardState]) -> None:
    """Every warband picked: the quest is laid out and the first set-up turn asked."""
    world = world_of(ctx)
    data: SunshardData = world.data
    forces = {side: [data.warbands[ctx.state.picked[side]]] for side in ctx.state.sides}
    quest = data.quest(quest_of(ctx.state))
    map_id = str(ctx.state.setup.options.get("map") or MAPS.get(int(quest.table), ""))
    begin_setup(ctx, data, quest, forces, map_id or None, _points_limit(ctx.state))
    prompt_setup(ctx)


def objective_spots(world: World) -> list[tuple[float, float]]:
    """Spots an Objective may go now (Contested Ground, the quest's distances, L889), those farthest from the
    Objectives already placed first, then nearest the centre (worked out once for a state's content: each of the
    decision's readings asks it)."""
    return world.lasting(("objective-spots",), lambda: _objective_spots(world))


def _objective_spots(world: World) -> list[tuple[float, float]]:
    state = world.state
    mid_x, mid_y = state.width / 2, state.height / 2
    placed = [(sum(x for x, _ in o.polygon) / len(o.polygon), sum(y for _, y in o.polygon) / len(o.polygon))
              for o in objectives(world)]
    tried = [(float(i), mid_y + j) for i in range(int(state.width) + 1)
             for j in range(-int(state.contested_half), int(state.contested_half) + 1)]
    found = [at for at, problem in zip(tried, objective_problems(world, tried), strict=True) if problem is None]
    turned = state.active_side is not None and _far_side(world, state.active_side)
    # distances rounded: an Objective's centre, averaged from its outline, is off by a hair, which sent the near
    # side's equally far spots into the far half
    found.sort(key=lambda p: (-round(min((math.dist(p, q) for q in placed), default=0.0), 3),
                              round(math.dist(p, (mid_x, mid_y)), 3), _turn(world, p) if turned else p))
    return found[:_SPOTS]


def _far_side(world: World, side: SideId) -> bool:
    """Whether ``side`` deploys in the table's far half: its suggested spots are then the near side's turned half a
    turn about the centre, as the maps' terrain is, so that neither seat's suggestions favour it."""
    zone = deployment(world, side)
    return zone is not None and zone.bounds[1] >= world.state.height / 2


def _turn(world: World, at: tuple[float, float]) -> tuple[float, float]:
    """The point half a turn about the table's centre."""
    return world.state.width - at[0], world.state.height - at[1]


def deploy_spots(world: World, model: Miniature) -> list[tuple[float, float]]:
    """Spots ``model`` may deploy at (completely within its zone, a Ranger within 6" of it, L337, L1473): its zone's
    front row first, from the middle of the table outward, then the rows behind. A Ranger is offered its zone's
    spots first and then, as many, the band ahead it alone may use: a suggestion, not a rule, and the band's front
    put a lone shooter within a charge of the whole enemy warband (what "the rest as suggested" did before)."""
    zone = deployment(world, model.side)
    if zone is None:
        return []
    low, high = zone.bounds[1], zone.bounds[3]
    radius = model.card.base_mm / 25.4 / 2
    toward_centre = high < world.state.height / 2
    front = (high - radius) if toward_centre else (low + radius)
    ahead = 1.0 if toward_centre else -1.0
    rows = [front - ahead * step for step in (0.0, 1.5, 3.0, 4.5, 6.0, 7.5)]
    turned = _far_side(world, model.side)
    if not model.card.has("Ranger"):
        return _row_spots(world, model, rows, _SPOTS, turned)
    band = [front + ahead * step for step in (RANGER_REACH, 4.5, 3.0, 1.5)]
    inside = _row_spots(world, model, rows, _SPOTS // 2, turned)
    return inside + _row_spots(world, model, band, _SPOTS - len(inside), turned)


def _row_spots(world: World, model: Miniature, rows: Sequence[float], wanted: int,
               turned: bool) -> list[tuple[float, float]]:
    """Up to ``wanted`` legal spots along ``rows`` (row by row), each row from the middle of the table outward (from
    the other edge when ``turned``, so that the far side's spots are the near side's turned half a turn)."""
    radius = model.card.base_mm / 25.4 / 2
    mid = world.state.width / 2
    xs = sorted((radius + 0.5 * k for k in range(int((world.state.width - 2 * radius) / 0.5) + 1)),
                key=lambda x: (abs(x - mid), x))
    xs = [world.state.width - x for x in xs] if turned else xs
    found: list[tuple[float, float]] = []
    for y in rows:
        for x in xs[::4]:
            at = (round(x, 2), round(y, 2))
            if spot_problem(world, model, at) is None:
                found.append(at)
            if len(found) >= wanted:
                return found
    return found


def _point(at: tuple[float, float]) -> str:
    return f"{at[0]:g},{at[1]:g}"


def _objective_parts(world: World, decision: Decision, answers: Mapping[str, str]) -> Sequence[DecisionPart]:
    spots = objective_spots(world)
    where = _where(world, decision.owner)
    return (DecisionPart(key="at", prompt="Where does the Objective go (its centre)?", kind=PartKind.POSITION,
                         center=(world.state.width / 2, world.state.height / 2), radius=world.state.width,
                         options=tuple(Option(key=_point(p), label=where(p)) for p in spots),
                         default=_point(spots[0]) if spots else None),)


def _where(world: World, side: SideId) -> Callable[[tuple[float, float]], str]:
    """How a suggested Objective spot is labelled, with what places it: how far from the table's centre, or from the
    nearest Objective already placed (centre to centre, ruling objective-offsets), and from the placer's own zone."""
    placed = [(_middle(o.polygon), o.id) for o in objectives(world)]
    middle = (world.state.width / 2, world.state.height / 2)
    zone = deployment(world, side)

    def label(at: tuple[float, float]) -> str:
        if placed:
            gap, nearest = min((math.dist(at, centre), key) for centre, key in placed)
            near = f"{inches(gap)} from {nearest}"
        else:
            near = "the table's centre" if math.dist(at, middle) < 0.05 else \
                f"{inches(math.dist(at, middle))} from the centre"
        home = f"; {inches(zone.distance(shapely.Point(at)))} from your zone" if zone is not None else ""
        return f"{_point(at)} ({near}{home})"
    return label


def _middle(polygon: Sequence[tuple[float, float]]) -> tuple[float, float]:
    return sum(x for x, _ in polygon) / len(polygon), sum(y for _, y in polygon) / len(polygon)


def _own_next(world: World, side: SideId) -> list[Miniature]:
    """``side``'s models still to deploy, in the order the rest-as-suggested entry takes them (Rangers last,
    L1473): the one picked for it first (L337)."""
    forced = world.state.first_pick
    if forced is not None:
        return [world.model(forced)] if world.model(forced).side == side else []
    waiting = [world.model(f.id) for f in world.state.figures.values() if f.side == side and f.status == "reserve"]
    return sorted(waiting, key=lambda m: m.card.has("Ranger"))


def _rest_option(world: World, side: SideId) -> Option | None:
    """"Place the rest as suggested" when ``side`` has several models still to deploy and may choose which: its
    label shows the first spot and the order the others follow."""
    if world.state.first_pick is not None:
        return None
    waiting = _own_next(world, side)
    if len(waiting) < 2:
        return None
    spots = deploy_spots(world, waiting[0])
    if not spots:
        return None
    rest = ", ".join(m.id for m in waiting[1:])
    return Option(key=REST, label=f"The rest as suggested: {waiting[0].id} at {_point(spots[0])} now, then {rest}, "
                                  "each on its first suggested spot when its turn comes")


def _deploy_parts(world: World, decision: Decision, answers: Mapping[str, str]) -> Sequence[DecisionPart]:
    side = decision.owner
    choices = deploy_values(world, side, {})
    rest = _rest_option(world, side)
    options = ((rest,) if rest is not None else ()) + tuple(Option(key=c.value, label=c.shown) for c in choices)
    model_part = DecisionPart(key="model", prompt="Which model?", options=options,
                              default=options[0].key if options else None)
    chosen = answers.get("model") or model_part.default
    if chosen is None or chosen == REST or world.model(chosen).side != side:
        return (model_part,)
    model = world.model(chosen)
    spots = deploy_spots(world, model)
    zone = deployment(world, side)
    centre = (zone.centroid.x, zone.centroid.y) if zone is not None else (0.0, 0.0)
    return (model_part, DecisionPart(
        key="at", prompt=f"Where does {model.id} go (its base centre)?", kind=PartKind.POSITION, center=centre,
        radius=world.state.width, options=tuple(Option(key=_point(p), label=_lies(world, model, p)) for p in spots),
        default=_point(spots[0]) if spots else None))


def _lies(world: World, model: Miniature, at: tuple[float, float]) -> str:
    """A suggested deploy spot in words: how far its base's edge stands from the nearest table edge, and what it lies
    beside (the nearest model of its side on the table, the terrain piece it is in or within 3" of: ``spot_words``,
    as Fade's vault spots say)."""
    state = world.state
    base = Base(model.id, Pose(*at), model.card.base_mm, model.card.HGT)
    edge = min(at[0], at[1], state.width - at[0], state.height - at[1]) - base.radius
    parts = [f"{inches(max(0.0, edge))} from the table edge"]
    friends = [(distance(base, m.base()), m.id) for m in world.on_table(model.side) if m.id != model.id]
    if friends:
        gap, friend = min(friends)
        parts.append(f"{inches(max(0.0, gap))} from {friend}")
    piece = terrain_words(world, base)
    if piece is not None:
        parts.append(piece)
    return f"{_point(at)} ({'; '.join(parts)})"


def prompt_setup(ctx: Context[SunshardState]) -> None:
    """Ask the player whose turn it is to place an Objective or deploy (L335, L337)."""
    state = ctx.state
    side = state.active_side
    if state.phase != "setup" or state.pending or side is None:
        return
    world = world_of(ctx)
    if state.step == "objectives":
        ctx.open_decision(Decision(id=ctx.next_decision_id(), owner=side, kind="objective", optional=False,
                                   prompt=f"Side {side}: place an Objective in Contested Ground ({RULE}, L335, L889)",
                                   parts=tuple(_objective_parts(world, Decision(
                                       id="-", owner=side, kind="objective", prompt="", parts=(), optional=False),
                                       {}))))
    elif state.step in ("deploy", "rangers"):
        if side in state.deploy_as_suggested and _deploy_as_suggested(ctx, side):
            prompt_setup(ctx)
            return
        what = "deploy a model, or pick an enemy model for its owner to deploy" if state.step == "deploy" \
            and state.first_pick is None else "deploy a model"
        probe = Decision(id="-", owner=side, kind="deploy", prompt="", parts=(), optional=False)
        ctx.open_decision(Decision(id=ctx.next_decision_id(), owner=side, kind="deploy", optional=False,
                                   prompt=f"Side {side}: {what} ({RULE}, L337, L1473)",
                                   parts=tuple(_deploy_parts(world, probe, {}))))


@RULES.decision("objective", parts=_objective_parts, rule=f"{RULE}, L335, L889")
def _on_objective(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    at = check_place_objective(world_of(ctx), decision.owner, {"at": answers["at"]})
    apply_place_objective(ctx, decision.owner, at)
    prompt_setup(ctx)


def _deploy_as_suggested(ctx: Context[SunshardState], side: SideId) -> bool:
    """``side``'s turn taken as it chose: its next model on the first suggested spot. False when there is no spot
    (the turn is asked as usual)."""
    world = world_of(ctx)
    waiting = _own_next(world, side)
    spots = deploy_spots(world, waiting[0]) if waiting else []
    if not spots:
        return False
    model, at = check_deploy(world, side, {"model": waiting[0].id, "at": _point(spots[0])})
    apply_deploy(ctx, side, model, at)
    return True


@RULES.decision("deploy", parts=_deploy_parts, rule=f"{RULE}, L337, L1473")
def _on_deploy(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    if answers["model"] == REST:
        ctx.emit(DeployAsSuggested(side=decision.owner))
        prompt_setup(ctx)
        return
    model, at = check_deploy(world_of(ctx), decision.owner, {"model": answers["model"], "at": answers.get("at", "")})
    apply_deploy(ctx, decision.owner, model, at)
    prompt_setup(ctx)

