"""Step 3, the Reaction step (Eldfall core rules v1.5, L1198-1246): one compound decision for the reactive player.

Each of its models that may react is one part: nothing (the default), Dodge, or an Attack with one of its weapons
or spells; a model attacking also names the point of the activated model's path where it strikes (a ranged
reaction, or an attack of opportunity, L1222-1242, L1482; by default where the move ended), and a model dodging
may name where its dodge move takes it (by default it stays). A model reacts only to the activated model, with
1 AP, once per sequence (L1206, L1214, ruling one-reaction), and only with LoS to it at some point of its move
(ruling reaction-sight; a Flicker only at its start or end, L1934) or, to Dodge, with the move inside its Awareness
(L1218-1220); Stealth takes that away
(L1984), an Engaged model reacts only to a model in its Awareness and only in melee (L1457-1461), a Blinded one
only Dodges (L1688), a Panicked one rolls M first and, failing, may only Dodge (L1764). A model that cannot react
is not offered; when no model can, there is no decision at all.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Mapping, Sequence

from engine.core import (
    Context,
    Decision,
    DecisionPart,
    IllegalCommand,
    InvalidCommand,
    ModelId,
    Option,
    PartKind,
    SideId,
)
from engine.geometry import TOLERANCE, bearing
from engine.systems.eldfall.activation import agony_strikes
from engine.systems.eldfall.active_dodge import crouch_toggle
from engine.systems.eldfall.checks import attribute_check
from engine.systems.eldfall.effects import unaffected_by
from engine.systems.eldfall.equipment_changes import swap_refusal, weapon_swap
from engine.systems.eldfall.events import AttackResolved, ReactionsDeclared, StepReached, WeaponHeld
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.means import Means
from engine.systems.eldfall.movement import allowance
from engine.systems.eldfall.reactors import Eligible, eligible, sample_path, seen_points
from engine.systems.eldfall.refs import parse_ref, roman
from engine.systems.eldfall.routes import let_go, make_move, route
from engine.systems.eldfall.shrouds import acts_from_shroud, shown_name
from engine.systems.eldfall.state import EldfallState, Reaction
from engine.systems.eldfall.strikes import reach_inches
from engine.systems.eldfall.warding import WARD, ward_targets
from engine.systems.eldfall.world import World
from engine.table import ModelPlaced, Point

__all__ = ["ACTIVATION", "REACTION_KIND", "answer", "declare_reaction", "live_parts", "offer"]

Ctx = Context[EldfallState]
REACTION_KIND = "reaction"
"""The kind of the Reaction step's decision (a table's pace gives reactions their own timeout)."""
ACTIVATION = "activation"
"""The trigger of the Reaction step, an enemy model's activation, for passing ahead (``/pass until:activation``)."""


def offer(ctx: Ctx, kit: Kit, sides: Sequence[SideId] | None = None) -> bool:
    """Open the Reaction step's decision for each reactive player with a model that may react; returns whether
    any was opened. Panicked models roll M as they are offered (ruling panic-reaction-roll)."""
    state = ctx.state
    sequence = state.sequence
    assert sequence is not None
    world = kit.world(state)
    active = world.fighter(sequence.model)
    opened = False
    for side in sides if sides is not None else _reactive_sides(state, active.side):
        found: list[Eligible] = []
        for r in world.fighters(side, standing=True):
            e = eligible(world, active, sequence.path, r)
            if e is None:
                continue
            if r.is_("panicked") and not world.friends(r, active):  # an ally may only Dodge anyway
                roll = attribute_check(ctx, r, "M", "its panic as it may react (L1764)")
                if not roll.passed:
                    e = Eligible(e.model, (), True, e.unseen, True, False)
            if "taunt" in sequence.skills and not world.friends(r, active) \
                    and not attribute_check(ctx, r, "INT", f"{active.id}'s Taunt (L1989)").passed:
                e = dataclasses.replace(e, taunted=True)
            found.append(e)
        if found:
            _open(ctx, kit, world, active, side, found)
            opened = True
    return opened


def _arts(r: Fighter) -> tuple[str, ...]:
    """Every combat art level the model knows, as it is declared (``Fencing II``)."""
    return tuple(f"{ref.name} {roman(level)}" for ref in r.card.arts for level in range(1, ref.level + 1))


def _spends(r: Fighter, e: Eligible) -> tuple[Option, ...]:
    """What a reacting model may spend on its rolls: a Mage's second AP on re-rolling a casting (L1835), a Luck
    counter (L2737)."""
    found = []
    mage = r.has("Mage") and r.figure.ap >= 2 and any(m.spell is not None for m in e.means)
    if mage:
        found.append(Option(key="reroll", label="An AP to re-roll its failed casting dice (Mage)"))
    if r.figure.luck > 0:
        found.append(Option(key="luck", label=f"A Luck counter ({r.figure.luck} left)"))
    if mage and r.figure.luck > 0:
        found.append(Option(key="reroll+luck", label="Both"))
    return tuple(found)


def _reactive_sides(state: EldfallState, active: SideId) -> list[SideId]:
    """The players who react before the action; hostiles react after it (L1596)."""
    return [side for side in state.players() if side != active]


def _open(ctx: Ctx, kit: Kit, world: World, active: Fighter, side: SideId, found: list[Eligible]) -> None:
    sequence = ctx.state.sequence
    assert sequence is not None
    path = sequence.path
    end = f"{path[-1][0]:.2f},{path[-1][1]:.2f}"
    parts: list[DecisionPart] = []
    context: dict[str, list[str] | str] = {"model": active.id, "unseen": [], "panic": []}
    for e in found:
        r = world.fighter(e.model)
        options = [] if e.taunted else [Option(key="nothing", label="Nothing")]
        if e.dodge:
            halved = " (half AG: it never saw the move)" if e.unseen and not r.has("Acute Senses") else ""
            options.append(Option(key="dodge", label=f"Dodge{halved}"))
        if e.perceive:
            options.append(Option(key="perceive", label="Perceive the Shrouded token (INT roll to reveal it)"))
        short = _beyond_reach(world, r, active, path, e.means) if kit.mode(ctx.state) == "assisted" else {}
        attacks = [Option(key=m.id, label=f"Attack with {m.name} ({m.kind}{', a spell' if m.spell else ''})"
                          + short.get(m.id, "")) for m in e.means]
        options += [o for o in attacks if o.key not in short]
        wards = ward_targets(world, r) if not e.panic_failed and not world.friends(r, active) else ()
        attacking = (r.id, tuple(m.id for m in e.means))
        if wards:
            options.append(Option(key=WARD, label="Cast Ward on itself or an ally (L2297)"))
        options += [o for o in attacks if o.key in short]  # certain to fail: legal (L746), said, and last
        note = " (Panicked: it may only Dodge, L1764)" if e.panic_failed else \
            " (Taunted: it must react, L1989)" if e.taunted else ""
        parts.append(DecisionPart(key=r.id, prompt=f"{r.id} {r.name}, {r.figure.ap} AP{note}",
                                  options=tuple(options), default=options[0].key))
        if wards:
            parts.append(DecisionPart(key=f"{r.id}.ward", prompt=f"whom {r.id}'s Ward protects",
                                      options=tuple(Option(key=m, label=m) for m in wards), default=r.id,
                                      asked_when=(r.id, (WARD,))))
        if e.means and len(path) > 1:
            parts.append(DecisionPart(key=f"{r.id}.at", prompt=f"where on {active.id}'s path {r.id} strikes (x,y)",
                                      kind=PartKind.POINT_ON_PATH, path=path, default=end, asked_when=attacking))
        arts = _arts(r) if e.means else ()
        if arts:
            parts.append(DecisionPart(key=f"{r.id}.art", prompt=f"the combat art level {r.id}'s attack uses (L293)",
                                      options=(Option(key="nothing", label="No combat art"),
                                               *(Option(key=a, label=a) for a in arts)), default="nothing",
                                      asked_when=attacking))
        spends = _spends(r, e)
        rolling = tuple(o.key for o in options if o.key not in ("nothing", "perceive"))  # its dice: L1835, L2737
        if spends and rolling:
            parts.append(DecisionPart(key=f"{r.id}.extra", prompt=f"what {r.id} spends on its rolls",
                                      options=(Option(key="nothing", label="Nothing"), *spends), default="nothing",
                                      asked_when=(r.id, rolling)))
        if e.dodge and not r.is_("immobilized"):
            here = (r.model.x, r.model.y)
            reach = allowance("dodge", max(r.speed, 0), rulings=r.rulings)
            edgeward = _EDGEWARD if e.panic_failed else ""
            parts.append(DecisionPart(key=f"{r.id}.move", prompt=f"where {r.id}'s dodge move takes it (x,y within "
                                                                 f"{reach:g}\"; it may stay){edgeward}",
                                      kind=PartKind.POSITION, center=here, radius=reach,
                                      default=f"{here[0]},{here[1]}", asked_when=(r.id, ("dodge",))))
        toggle = crouch_toggle(r)
        if e.dodge and toggle is not None:
            parts.append(DecisionPart(key=f"{r.id}.crouch", prompt=f"whether {r.id}'s dodge "
                                      f"{'cancels' if toggle == 'stand' else 'enters'} the Crouched state (L1387)",
                                      options=(Option(key="nothing", label="No change"),
                                               Option(key=toggle, label="Stand up" if toggle == "stand" else "Crouch")),
                                      default="nothing", asked_when=(r.id, ("dodge",))))
        if e.unseen:
            unseen = context["unseen"]
            assert isinstance(unseen, list)
            unseen.append(r.id)
        if e.panic_failed:
            panic = context["panic"]
            assert isinstance(panic, list)
            panic.append(r.id)
    moved = "stays Idle" if len(path) < 2 else f"moved to {end}"
    ask = "Your ally's model: your models may Dodge to reposition (1 AP each; L2937, ruling alliance-reactions)." \
        if ctx.state.allied(side, active.side) else \
        "React with your models (1 AP each; L1198-1246): nothing, Dodge, or an attack at a point of its path."
    taunted = any(e.taunted for e in found)  # it must react (L1989): no pass ahead answers for it
    ctx.open_decision(Decision(
        id=ctx.next_decision_id(), owner=side, kind=REACTION_KIND, optional=True,
        prompt=f"{active.id} {shown_name(active)} {moved}. {ask}",
        parts=tuple(parts), context=dict(context), reaction_to=None if taunted else ACTIVATION))


_EDGEWARD = ", only toward the edge of the field (Panicked, L1764)"


def _to_edge(state: EldfallState, at: Point) -> float:
    """How far ``at`` lies from the nearest edge of the table."""
    return min(at[0], at[1], state.width - at[0], state.height - at[1])


def _beyond_reach(world: World, r: Fighter, active: Fighter, path: Sequence[Point], means: Sequence[Means]
                  ) -> dict[str, str]:
    """The means whose reach falls short of every point of the activated model's path, each with what its menu says
    of it (`` (22.0" from its path, reach 16": fails)``): an attack beyond reach is legal to declare and fails once
    measured (L746), a certain failure told where the measuring mode lets a player measure first (Assisted,
    L604-610)."""
    points = sample_path(path) if len(path) > 1 else [path[0]]
    nearest = min(world.gap(r.id, active.id, b_at=p) for p in points)
    found: dict[str, str] = {}
    for m in means:
        reach = reach_inches(world, r, m)
        if reach is not None and not (m.reach is not None and m.reach.casting_aura) and nearest > reach + TOLERANCE:
            found[m.id] = f" ({nearest:.1f}\" from its path, reach {reach:g}\": fails)"
    return found


def live_parts(world: World, kit: Kit, decision: Decision, answers: Mapping[str, str]) -> tuple[DecisionPart, ...]:
    """The Reaction step's parts as they stand now, given the answers so far: each model's attacks only with the
    weapons it may take up now (L430), the points of the path where it sees the activated model (L1482; by
    default the last of them), and the combat arts that fit the attack it chose (L2208-2246). The stored parts
    stand for everything else, so a typed answer reads as it always did."""
    sequence = world.state.sequence
    if sequence is None:
        return decision.parts
    found: list[DecisionPart] = []
    for part in decision.parts:
        model, _, follow = part.key.partition(".")
        if model not in world.state.models:
            found.append(part)
            continue
        r = world.fighter(ModelId(model))
        if not follow:
            found.append(part.model_copy(update={"options": tuple(
                o for o in part.options if _reaction_refusal(world, kit, r, o.key) is None)}))
        elif follow == "at" and part.kind is PartKind.POINT_ON_PATH and not r.figure.hostile:  # turns first (L1597)
            seen = seen_points(world, r, sequence.model, part.path)
            found.append(part.model_copy(update={
                "options": tuple(Option(key=key, label=f"{key} (on its path)") for key in seen),
                "default": part.default if part.default in seen or not seen else seen[-1]}))
        elif follow == "art" and answers.get(model) is not None:
            means = r.means(answers[model])
            found.append(part.model_copy(update={"options": tuple(
                o for o in part.options if o.key == "nothing" or means is None or _art_fits(r, o.key, means))}))
        else:
            found.append(part)
    return tuple(found)


def _reaction_refusal(world: World, kit: Kit, r: Fighter, choice: str) -> str | None:
    """Why ``r`` may not react with ``choice`` now (an attack with a weapon it may not take up, L430)."""
    swap = weapon_swap(r, choice)
    return swap_refusal(kit, world.state, r, swap, reacting=True) if swap is not None else None


def _art_fits(r: Fighter, art: str, means: Means) -> bool:
    ability = r.catalogue.ability(parse_ref(art).name, "art")
    entry = ability.per_level[parse_ref(art).level - 1]
    return entry.effect is None or entry.effect.attack in (None, means.kind)


def answer(ctx: Ctx, kit: Kit, decision: Decision, answers: dict[str, str]) -> None:
    """Record the reactive player's declarations, each model paying 1 AP (L1214)."""
    unseen = {str(m) for m in decision.context.get("unseen", []) or []}  # type: ignore[union-attr]
    panic = {str(m) for m in decision.context.get("panic", []) or []}  # type: ignore[union-attr]
    reactions: list[Reaction] = []
    spent: dict[ModelId, int] = {}
    for part in decision.parts:
        if part.kind is not PartKind.CHOICE or "." in part.key:
            continue
        choice = answers.get(part.key, "nothing")
        if choice == "nothing":
            continue
        model = ModelId(part.key)
        spent[model] = ctx.state.figures[model].ap - 1
        reaction = declare_reaction(ctx, kit, model, choice, answers, unseen=model in unseen, panic=model in panic)
        if reaction is not None:
            reactions.append(reaction)
    world = kit.world(ctx.state)
    swaps = [(r.model, weapon_swap(world.fighter(r.model), r.means)) for r in reactions if r.kind == "attack"]
    for model, swap in swaps:
        refusal = swap_refusal(kit, ctx.state, world.fighter(model), swap, reacting=True) if swap is not None else None
        if refusal is not None:
            raise IllegalCommand(refusal)
    ctx.emit(ReactionsDeclared(side=decision.owner, reactions=tuple(reactions), ap=spent))
    for model, swap in swaps:  # attacking with a weapon it does not hold is its reaction's change (L430)
        if swap is not None:
            ctx.emit(WeaponHeld(model=model, weapon=swap))
    _impede(ctx, kit, reactions)


def declare_reaction(ctx: Ctx, kit: Kit, model: ModelId, choice: str, answers: dict[str, str], *, unseen: bool,
                     panic: bool) -> Reaction | None:
    """One model's reaction (``choice``: dodge, perceive or the means it attacks with; its ``.at``, ``.move``,
    ``.art`` and ``.extra`` in ``answers``), or None when something takes it away as it begins (Agony, a fall from
    a vertical surface, Charm). :raises InvalidCommand: for an attack at a point its model does not see (L1482)."""
    world = kit.world(ctx.state)
    sequence = ctx.state.sequence
    assert sequence is not None
    active = world.fighter(sequence.model)
    r = world.fighter(model)
    kind = choice if choice in ("dodge", "perceive", WARD) else "attack"
    at = _point(answers.get(f"{r.id}.at")) if kind == "attack" else None
    move_to = _point(answers.get(f"{r.id}.move")) if choice == "dodge" else None
    if move_to is not None and math.dist(move_to, (r.model.x, r.model.y)) < 0.01:
        move_to = None
    edge = _to_edge(ctx.state, (r.model.x, r.model.y))
    if panic and move_to is not None and _to_edge(ctx.state, move_to) >= edge - TOLERANCE:
        raise InvalidCommand(f"{r.id} is Panicked: its Dodge may only take it toward the edge of the field, nearer "
                             f"than its {edge:.1f}\", or leave it where it is (L1764)", verb="decide")
    crouch = answers.get(f"{r.id}.crouch") if choice == "dodge" else None
    if kind == "attack":
        strike_at = at or sequence.path[-1]
        moved = len(sequence.path) > 1
        if r.figure.hostile:  # a hostile turns to face the model its action targets (L1597)
            facing = round(bearing((r.model.x, r.model.y), strike_at) % 360.0, 2)
            if abs(facing - r.model.facing) > 0.005:
                ctx.emit(ModelPlaced(model_id=r.id, x=r.model.x, y=r.model.y, facing=facing))
                world = kit.world(ctx.state)
                r = world.fighter(r.id)
        clairvoyant = r.has("Clairvoyance") and world.aware(r.id, active.id, other_at=strike_at if moved else None)
        if not clairvoyant and not world.sees(r.id, active.id, seen_at=strike_at if moved else None).visible:
            raise InvalidCommand(f"{r.id} cannot see {active.id} at {strike_at[0]:g},{strike_at[1]:g}: an attack "
                                 "is declared at a point of the path its model sees (L1482), or one in its Awareness "
                                 "with Clairvoyance (L1910)", verb="decide")
    if "agony" in r.figure.enchantments and agony_strikes(ctx, kit, r, "reaction"):
        return None
    if let_go(ctx, world, r, "react"):
        return None
    acts_from_shroud(ctx, world, r, kind, (active.id,))
    if active.level("Charm") and not world.friends(r, active) and unaffected_by(r, "charm") is None \
            and _charmed(ctx, kit, r, active):
        return None
    art = answers.get(f"{r.id}.art", "nothing")
    extras = tuple(x for x in answers.get(f"{r.id}.extra", "nothing").split("+") if x != "nothing")
    ward = ModelId(answers.get(f"{r.id}.ward") or r.id) if kind == WARD else None
    return Reaction(model=r.id, kind=kind, means=choice if kind in ("attack", WARD) else None, at=at,
                    move_to=move_to, panic_failed=panic, unseen=unseen, art=_checked_art(r, choice, art),
                    extras=extras, ward=ward, crouch=crouch if crouch in ("crouch", "stand") else None)


def _charmed(ctx: Ctx, kit: Kit, r: Fighter, charmer: Fighter) -> bool:
    """Charm: a model reacting to the charmer rolls INT first; failing, it may do nothing but Nothing this sequence
    (I), and walks its whole SPD toward the charmer if it can (II) (L1902-1906). Returns whether it failed."""
    if attribute_check(ctx, r, "INT", f"{charmer.id}'s Charm (L1902)").passed:
        return False
    ctx.emit(AttackResolved(summary=f"{r.id} is charmed by {charmer.id}: it may only do Nothing this sequence "
                                    "(L1902-1906)."))
    if charmer.level("Charm") >= 2 and not r.is_("immobilized") and not r.over_encumbered:
        world = kit.world(ctx.state)
        try:
            trip = route(world, world.fighter(r.id), "walk", f"toward {charmer.id}", float(max(r.speed, 0)))
        except IllegalCommand:
            return True
        make_move(ctx, world, world.fighter(r.id), trip, why="Charm II")
        ctx.emit(AttackResolved(summary=f"Charm II: {r.id} walks toward {charmer.id} (L1906)."))
    return True


def _checked_art(r: Fighter, choice: str, art: str) -> str | None:
    """The art a reacting attack uses, checked against its means (melee arts for melee attacks, L2220-2246)."""
    if art == "nothing" or choice == "dodge":
        return None
    means = r.means(choice)
    ability = r.catalogue.ability(parse_ref(art).name, "art")
    entry = ability.per_level[parse_ref(art).level - 1]
    if means is not None and entry.effect is not None and entry.effect.attack not in (None, means.kind):
        raise InvalidCommand(f"{art} is for {entry.effect.attack} attacks, and {r.id} attacks with {means.name} "
                             "(L2208-2246)", verb="decide")
    return art


def _impede(ctx: Ctx, kit: Kit, reactions: list[Reaction]) -> None:
    """Impede: an attack of opportunity on a model that was not Engaged ends its move at that point (L1968)."""
    state = ctx.state
    sequence = state.sequence
    if sequence is None or len(sequence.path) < 2:
        return
    world = kit.world(state)
    points = [r.at for r in reactions if r.kind == "attack" and r.at is not None and r.at != sequence.path[-1]
              and world.fighter(r.model).has("Impede")]
    if not points:
        return
    stop = min(points, key=lambda p: _along(sequence.path, p))
    along = _along(sequence.path, stop)
    kept: list[Point] = [sequence.path[0]]
    walked = 0.0
    for a, b in itertools.pairwise(sequence.path):
        leg = math.dist(a, b)
        if walked + leg >= along - 0.01:
            break
        kept.append(b)
        walked += leg
    kept.append(stop)
    model = state.models[sequence.model]
    below = round(world.ground(stop), 2)
    ctx.emit(ModelPlaced(model_id=model.id, x=stop[0], y=stop[1], facing=model.facing,
                         z=below if abs(below - model.z) > 0.005 else None))
    ctx.emit(StepReached(step=state.step, path=tuple(kept)))
    ctx.emit(AttackResolved(summary=f"Impede: {model.id}'s move ends at {stop[0]:g},{stop[1]:g} (L1968)."))


def _along(path: tuple[Point, ...], point: Point) -> float:
    """How far along ``path`` the point lying on it is."""
    walked = 0.0
    for a, b in itertools.pairwise(path):
        leg = math.dist(a, b)
        if leg and abs(math.dist(a, point) + math.dist(point, b) - leg) <= 0.02:
            return walked + math.dist(a, point)
        walked += leg
    return walked


def _point(text: str | None) -> Point | None:
    if not text:
        return None
    x, _, y = text.partition(",")
    return round(float(x), 2), round(float(y), 2)
