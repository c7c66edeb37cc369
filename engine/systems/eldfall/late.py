"""What the reactive players may still do once the activated model's action is known, before the Resolution step:
one compound decision for each such player (Eldfall core rules v1.5, L1246, L1946-1948, L1974-1976).

- Protector: a model with Protector whose ally within half its SPD is targeted by the attack may spend 1 AP to move
  into base contact with that ally (not through scenery taller than its hitbox) and become the target instead
  (L1974-1976); not a model that reacted already (ruling ``one-reaction``), not an area attack's target. During a
  duel a Protector outside it that steps in interferes: its side loses the duel, the other wins it (L1575).
- Foresight: a model with Foresight that did not react and is a target of the attack declares its reaction now,
  after the attacker's Action step (L1946-1948).
- A model that declared Dodge or Perceive and sees an activated model that declared an Attack while Shrouded or
  Flying may turn its reaction into an Attack (L1246).

Only models that may do one of these are asked; when none may, there is no decision at all.
"""

from __future__ import annotations

from engine.core import Context, Decision, DecisionPart, IllegalCommand, ModelId, Option, PartKind, SideId
from engine.systems.eldfall.duel_rules import INTERFERED, takes_part
from engine.systems.eldfall.engaged import engaged
from engine.systems.eldfall.events import ActionDeclared, ApChanged, AttackResolved, ReactionsDeclared, SchemeFact
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.movement import allowance
from engine.systems.eldfall.reacting import declare_reaction
from engine.systems.eldfall.reactors import eligible, melee_barred, reaction_means
from engine.systems.eldfall.routes import make_move, route
from engine.systems.eldfall.state import Declared, EldfallState, Reaction
from engine.systems.eldfall.world import World

__all__ = ["ATTACK", "LATE_KIND", "late_answer", "late_offer"]

Ctx = Context[EldfallState]
LATE_KIND = "late-reaction"
"""The kind of the decision asked after the Action step."""
ATTACK = "attack"
"""Its trigger, an enemy's declared attack, for passing ahead (``/pass until:attack``)."""


def _targets(action: Declared) -> tuple[ModelId, ...]:
    return tuple(t for t, _n in action.targets)


def _attacks_models(world: World, action: Declared) -> bool:
    """Whether the action is an attack aimed at models one by one (not a template, a Focus or the ground)."""
    if action.kind != "attack" or not action.targets or action.means is None:
        return False
    sequence = world.state.sequence
    assert sequence is not None
    means = world.fighter(sequence.model).means(action.means)
    return means is not None and means.aoe is None and not means.focus


def _in_melee(world: World, action: Declared) -> bool:
    """Whether the action is a Melee Attack."""
    sequence = world.state.sequence
    assert sequence is not None
    means = world.fighter(sequence.model).means(action.means) if action.means is not None else None
    return action.kind == "attack" and means is not None and means.kind == "melee"


def _parts(world: World, side: SideId, active: Fighter, action: Declared) -> list[DecisionPart]:
    sequence = world.state.sequence
    assert sequence is not None
    reacted = {r.model for r in sequence.reactions}
    targets = _targets(action)
    parts: list[DecisionPart] = []
    for f in world.fighters(side, standing=True):
        if f.figure.ap < 1:
            continue
        if f.has("Protector") and f.id not in reacted and _attacks_models(world, action):
            reach = allowance("dodge", max(f.speed, 0), rulings=f.rulings)
            wards = [t for t in targets if t != f.id and t in world.state.figures
                     and world.friends(world.fighter(t), f) and world.gap(f.id, t) <= reach + 0.01]
            if wards:
                outside = "" if takes_part(world.state.duel, f.id, f.figure.summoner) \
                    else " (it is not in the duel: your side loses the duel, L1575)"
                parts.append(DecisionPart(
                    key=f"{f.id}.protect", prompt=f"{f.id} {f.name}: step in front of an ally (Protector, 1 AP, L1976)",
                    options=(Option(key="nothing", label="Nothing"),
                             *(Option(key=t, label=f"Protect {t}: move into contact, become the target{outside}")
                               for t in wards)),
                    default="nothing"))
        if f.has("Foresight") and f.id not in reacted and f.id in targets:
            found = eligible(world, active, sequence.path, f, struck_in_melee=_in_melee(world, action))
            if found is not None:
                options = [Option(key="nothing", label="Nothing"), Option(key="dodge", label="Dodge")]
                options += [Option(key=m.id, label=f"Attack with {m.name}") for m in found.means]
                parts.append(DecisionPart(key=f.id, prompt=f"{f.id} {f.name} reacts now, seeing the attack "
                                                           "(Foresight, 1 AP, L1948)", options=tuple(options),
                                          default="nothing"))
    if action.kind == "attack" and (action.from_shroud or active.is_("flying")):
        for r in sequence.reactions:
            mine = world.fighter(r.model)
            if mine.side != side or r.kind not in ("dodge", "perceive") or mine.out \
                    or not world.sees(mine.id, active.id).visible:
                continue
            struck = mine.id in targets and _in_melee(world, action)
            means = reaction_means(world, mine, engaged(world, mine),
                                   aloft=melee_barred(active, mine, struck_in_melee=struck))
            if means:
                parts.append(DecisionPart(
                    key=f"{mine.id}.switch", prompt=f"{mine.id} may turn its {r.kind} into an attack on {active.id} "
                                                    "(L1246)",
                    options=(Option(key="nothing", label=f"Keep its {r.kind}"),
                             *(Option(key=m.id, label=f"Attack with {m.name}") for m in means)), default="nothing"))
    return parts


def late_offer(ctx: Ctx, kit: Kit) -> bool:
    """Ask each reactive player whose models may still act on the declared action; returns whether any was asked."""
    state = ctx.state
    sequence = state.sequence
    if sequence is None or sequence.action is None or sequence.action.kind != "attack":
        return False
    world = kit.world(state)
    active = world.fighter(sequence.model)
    opened = False
    for side in state.players():
        if state.friends(side, active.side):  # its own side, or an ally: nothing to step in against
            continue
        parts = _parts(world, side, active, sequence.action)
        if not parts:
            continue
        ctx.open_decision(Decision(
            id=ctx.next_decision_id(), owner=side, kind=LATE_KIND, optional=True,
            prompt=f"{active.id} declared its attack. Your models may still step in (Protector), react now "
                   "(Foresight) or turn a Dodge into an attack (L1246).", parts=tuple(parts), reaction_to=ATTACK))
        opened = True
    return opened


def late_answer(ctx: Ctx, kit: Kit, decision: Decision, answers: dict[str, str]) -> None:
    """Carry out the reactive player's late choices: protectors step in, Foresight models react, dodges turn into
    attacks."""
    added: list[Reaction] = []
    spent: dict[ModelId, int] = {}
    for part in decision.parts:
        choice = answers.get(part.key, "nothing")
        if choice == "nothing" or part.kind is not PartKind.CHOICE:
            continue
        model = ModelId(part.key.split(".")[0])
        if part.key.endswith(".protect"):
            _protect(ctx, kit, model, ModelId(choice))
        elif part.key.endswith(".switch"):
            _switch(ctx, kit, decision.owner, model, choice)
        else:
            spent[model] = ctx.state.figures[model].ap - 1
            reaction = declare_reaction(ctx, kit, model, choice, answers, unseen=False, panic=False)
            if reaction is not None:
                added.append(reaction)
    if added or spent:
        ctx.emit(ReactionsDeclared(side=decision.owner, reactions=tuple(added), ap=spent))


def _protect(ctx: Ctx, kit: Kit, protector: ModelId, ward: ModelId) -> None:
    """Move into base contact with the ally and take its place as the attack's target (L1976)."""
    world = kit.world(ctx.state)
    sequence = ctx.state.sequence
    assert sequence is not None and sequence.action is not None
    f = world.fighter(protector)
    if ward not in _targets(sequence.action):
        return
    if not takes_part(ctx.state.duel, protector, f.figure.summoner):
        ctx.emit(SchemeFact(side=f.side, fact=INTERFERED))
        ctx.emit(AttackResolved(summary=f"{protector} is not in the duel and interferes: side {f.side} loses the "
                                        "duel (L1575)."))
    try:
        trip = route(world, f, "walk", f"contact {ward}", allowance("dodge", max(f.speed, 0), rulings=f.rulings))
    except IllegalCommand as error:
        ctx.emit(AttackResolved(summary=f"{protector} cannot reach {ward}: {error.reason}."))
        return
    ctx.emit(ApChanged(ap={protector: f.figure.ap - 1}, why=f"{protector} steps in (Protector, L1976)"))
    make_move(ctx, world, f, trip, why="Protector")
    if not kit.world(ctx.state).touching(protector, ward):
        ctx.emit(AttackResolved(summary=f"{protector} does not reach {ward}: the attack keeps its target (L1976)."))
        return
    action = sequence.action
    targets = tuple((protector if t == ward else t, n) for t, n in action.targets)
    ctx.emit(ActionDeclared(model=sequence.model, action=action.model_copy(update={"targets": targets}),
                            text=f"its attack now targets {protector}, which stepped in front of {ward} "
                                 "(Protector, L1976)"))


def _switch(ctx: Ctx, kit: Kit, side: SideId, model: ModelId, means: str) -> None:
    """A Dodge or Perceive declared against a Shrouded or Flying attacker becomes an attack with ``means`` (L1246)."""
    sequence = ctx.state.sequence
    assert sequence is not None
    old = next(r for r in sequence.reactions if r.model == model)
    new = Reaction(model=model, kind="attack", means=means, at=sequence.path[-1], unseen=old.unseen,
                   extras=old.extras)
    ctx.emit(ReactionsDeclared(side=side, reactions=(new,), ap={}, replace=True))
    ctx.emit(AttackResolved(summary=f"{model} turns its {old.kind} into an attack with {means} (L1246)."))
