"""The end of an Activation Sequence (Eldfall core rules v1.5, L1255-1289, L872, L980, L1386-1396, L1449):

- every Wound, state and AP loss of the Resolution step applies at once (L1260);
- a model at 0 HP becomes Incapacitated, one already Incapacitated that was wounded dies (L872); a Construct or
  Elemental at 0 HP and a model killed by Burn leave the table (L2021, L2041, L2063); a caster out of action loses
  its summoned creatures (L980); a Personal Guard removed goes back to its model, to be given again (L2906);
- dodge moves (the reactive models first, L1389) and Knockback pushes (L2105); a hostile hit turns to its attacker
  (L1598); then Follow-Up and Hit and Retreat moves, each asked of its player (L1944, L1952);
- Engaged is worked out again (L1449); allies hit by their own side roll for Friendly Fire (L1286); a party at
  half its models or fewer is Panicked for the rest of the game (L1280-1282, ruling broken-morale).
"""

from __future__ import annotations

from engine.core import Context, IllegalCommand, ModelId
from engine.geometry import bearing
from engine.systems.eldfall.checks import attribute_check
from engine.systems.eldfall.downed import broken_morale, put_down
from engine.systems.eldfall.effects import heal, immune_to, set_states, take_wounds
from engine.systems.eldfall.events import (
    ApChanged,
    EnchantmentsChanged,
    FigureNoted,
    SequenceEnded,
    StatesChanged,
)
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.following import engaged_pairs, offer_follow_up
from engine.systems.eldfall.guards import offer_guard, release_guards
from engine.systems.eldfall.harm import Harm
from engine.systems.eldfall.hit_turns import offer_turns
from engine.systems.eldfall.movement import allowance, knockback
from engine.systems.eldfall.quests import drop_treasure, touch_tokens
from engine.systems.eldfall.resolution_state import Resolving
from engine.systems.eldfall.retreating import offer_retreat
from engine.systems.eldfall.routes import make_move, push_down, route
from engine.systems.eldfall.scoring_end import on_out
from engine.systems.eldfall.state import END_OF_SEQUENCE, EldfallState, Reaction, strategic_of
from engine.systems.eldfall.support import shielded
from engine.systems.eldfall.world import World
from engine.table import ModelMoved, ModelPlaced, ModelRemoved

__all__ = ["apply_harm", "end_sequence", "pick_up_thrown", "refresh_engaged"]


def apply_harm(seq: Resolving, harm: Harm) -> None:
    """Apply everything the Hits did, at once (L1260)."""
    ctx = seq.ctx
    if harm.lines:
        hurt = ", ".join(f"{model} {n} {'Wound' if n == 1 else 'Wounds'}" for model, n in harm.wounds.items() if n > 0)
        seq.line(f"Damage: {hurt or 'no Wound'}.", tuple(harm.lines))
    for model in harm.once:
        figure = ctx.state.figures[model]
        ctx.emit(FigureNoted(model=model, changes={"once": {**figure.once, "berserker": ctx.state.turn_number}}))
    for model, spell in harm.ended:
        ctx.emit(EnchantmentsChanged(model=model, removed=(spell,), why="it has done its work"))
    for familiar, caster in harm.familiars.items():
        if familiar in ctx.state.models:
            ctx.emit(ModelRemoved(model_id=familiar))
            ctx.emit(FigureNoted(model=familiar, changes={"gone": "sacrificed"},
                                 shown=f"{familiar} is removed instead of {caster}'s Wounds (Familiar, L2069)."))
    for model, wounds in harm.wounds.items():
        if model not in ctx.state.models:
            continue
        if wounds > 0:
            take_wounds(ctx, model, wounds)
            attacker = harm.by.get(model)
            figures = ctx.state.figures
            if attacker is not None and ctx.state.enemies(figures[model].side, figures[attacker].side):
                ctx.emit(FigureNoted(model=model, changes={"wounded_by": attacker}))
        elif wounds < 0:  # only Life Leech heals in a sequence: up to double the model's HP (L2326)
            heal(ctx, model, -wounds, up_to=2 * ctx.state.models[model].wounds)
    _enchant(seq, harm)
    world = seq.kit.world(ctx.state)
    given: set[tuple[ModelId, str]] = set()
    for model, state, until, why in harm.states:
        if model in ctx.state.models and (model, state) not in given:
            given.add((model, state))
            set_states(ctx, world.fighter(model), added=(state,), until=until, why=why)
    changed: dict[ModelId, int] = {}
    for model, lost in harm.ap_lost.items():
        if model in ctx.state.figures:
            changed[model] = max(0, ctx.state.figures[model].ap - lost)
    for model in harm.ap_zero:
        changed[model] = 0
    if changed:
        ctx.emit(ApChanged(ap=changed, why="Stagger and Stun, L2151-2155"))


def _enchant(seq: Resolving, harm: Harm) -> None:
    """An enemy Enchantment cast as an attack (Agony) enchants the model it hit until its caster's next Strategic
    phase (L950, L2283; ruling enemy-enchantment), unless Anointment or Purification keeps them off it (L2275,
    L2263)."""
    ctx = seq.ctx
    for model, spell, caster in harm.enchanted:
        if model not in ctx.state.models or caster not in ctx.state.figures:
            continue
        side = ctx.state.figures[caster].side
        name = seq.kit.catalogue.spell(spell).name
        kept_off = shielded(seq.kit.world(ctx.state).fighter(model), side, ctx.state)
        if kept_off is not None:
            seq.line(f"{caster}'s {name} cannot enchant {model}: {kept_off}.")
            continue
        ctx.emit(EnchantmentsChanged(model=model, added={spell: strategic_of(side)},
                                     why=f"{caster}'s {name}, until its next Strategic phase (L950)"))


def _agony_eased(seq: Resolving) -> None:
    """Agony ends on a model in base contact with a model of its own side (L2283), looked at as each sequence ends."""
    world = seq.kit.world(seq.ctx.state)
    for f in world.fighters():
        if "agony" in f.figure.enchantments and any(world.touching(f.id, a.id) for a in world.allies(f)):
            seq.ctx.emit(EnchantmentsChanged(model=f.id, removed=("agony",),
                                             why="a friendly model is in base contact with it (Agony, L2283)"))


def end_sequence(seq: Resolving, reactions: list[Reaction], harm: Harm) -> None:
    """Everything that happens at the end of the sequence, in order."""
    _out_of_action(seq, harm)
    _thrown_lie(seq)
    _summons_follow(seq)
    _guards_return(seq)
    before = engaged_pairs(seq.kit.world(seq.ctx.state))
    _dodge_moves(seq, reactions)
    _pushes(seq, harm)
    _hostiles_turn(seq, harm)
    for moved in sorted({r.model for r in reactions if r.move_to is not None} | {m for m, _a, _i in harm.pushes}):
        touch_tokens(seq.ctx, seq.kit, moved)
    dodged = {r.model for r in reactions if r.kind == "dodge" and r.move_to is not None}
    if seq.action.kind == "dodge" and seq.action.move_to is not None:
        dodged.add(seq.active.id)
    offer_turns(seq)
    offer_follow_up(seq.ctx, seq.kit, before, dodged)
    offer_retreat(seq.ctx, seq.kit, seq.active.id, seq.action)
    refresh_engaged(seq.ctx, seq.kit.world(seq.ctx.state))
    _agony_eased(seq)
    _friendly_fire(seq)
    broken_morale(seq.ctx, seq.kit)
    _sequence_over(seq)
    seq.ctx.emit(SequenceEnded(model=seq.active.id))


def _out_of_action(seq: Resolving, harm: Harm) -> None:
    """0 HP: Incapacitated at the end of the sequence; wounded while Incapacitated: Dead (L872)."""
    ctx, kit = seq.ctx, seq.kit
    world = kit.world(ctx.state)
    rulings = kit.rulings(ctx.state)
    for f in world.fighters():
        if f.dead:
            continue
        wounded = harm.wounds.get(f.id, 0) > 0
        by = harm.by.get(f.id)
        by_side = ctx.state.figures[by].side if by is not None and by in ctx.state.figures else None
        dies = (f.id in seq.incapacitated_before and wounded) or f.id in harm.killed
        if f.hp > 0 and not dies:
            continue
        if not dies and f.is_("incapacitated"):
            continue
        if rulings.wounds_past_zero == "kill" and wounded and f.id not in seq.incapacitated_before \
                and harm.wounds.get(f.id, 0) > f.model.wounds - (f.model.wounds_taken - harm.wounds.get(f.id, 0)):
            dies = True
        # a Construct or Elemental leaves at 0 HP (L2041, L2063); a Burn Wound removes only the model it kills (L2021)
        removed = ((f.has("Construct") or f.has("Elemental")) and (dies or f.hp == 0)) or (f.id in harm.burned and dies)
        put_down(ctx, f, dead=dies, removed=removed,
                 why="killed, L872" if dies else "0 HP at the end of the sequence, L872")
        drop_treasure(ctx, kit, f.id)
        on_out(ctx, kit, ctx.state.figures[f.id], by_side, dies or removed)
        if not dies and not removed:
            ctx.emit(FigureNoted(model=f.id, changes={"out_scored": True}))


def _thrown_lie(seq: Resolving) -> None:
    """Items thrown at a model they took down lie by it, for their thrower to pick up by touching it (L2177)."""
    state = seq.ctx.state
    for plan in seq.plans:
        target = plan.defender
        if not plan.means.thrown or plan.means.item is None or target is None or target not in state.models:
            continue
        if not set(state.models[target].tokens) & {"incapacitated", "dead"}:
            continue
        key = f"{plan.attacker}:{plan.means.item.id}"
        lying = dict(state.figures[target].lying)
        lying[key] = lying.get(key, 0) + plan.strikes
        seq.ctx.emit(FigureNoted(model=target, changes={"lying": lying},
                                 shown=f"{plan.attacker}'s {plan.means.item.name} lies by {target} (L2177)."))


def pick_up_thrown(ctx: Context[EldfallState], world: World, f: Fighter) -> None:
    """A model touching one its thrown items took down picks them up again (L2177)."""
    for other in world.fighters():
        mine = {k: n for k, n in other.figure.lying.items() if k.startswith(f"{f.id}:")}
        if not mine or not world.touching(f.id, other.id):
            continue
        spent = dict(ctx.state.figures[f.id].spent)
        for key, count in mine.items():
            item = key.split(":", 1)[1]
            spent[item] = max(0, spent.get(item, 0) - count)
        ctx.emit(FigureNoted(model=f.id, changes={"spent": {k: v for k, v in spent.items() if v}},
                             shown=f"{f.id} picks up what it threw at {other.id} (L2177)."))
        ctx.emit(FigureNoted(model=other.id, changes={"lying": {k: n for k, n in other.figure.lying.items()
                                                                if k not in mine}}))


def _remove(seq: Resolving, model: ModelId, why: str) -> None:
    seq.ctx.emit(ModelRemoved(model_id=model))
    seq.ctx.emit(FigureNoted(model=model, changes={"gone": why}))


def _summons_follow(seq: Resolving) -> None:
    """A caster Incapacitated or Dead loses the creatures it summoned (L980)."""
    state = seq.ctx.state
    for figure in list(state.figures.values()):
        caster = figure.summoner
        if caster is None or figure.gone is not None or figure.id not in state.models:
            continue
        gone = caster not in state.models or bool(set(state.models[caster].tokens) & {"incapacitated", "dead"})
        if gone:
            _remove(seq, figure.id, "dismissed")


def _guards_return(seq: Resolving) -> None:
    """A Personal Guard removed goes back to its model, and its player may give it to another creature; so may a
    party that summoned one (L2906)."""
    sides = {seq.ctx.state.figures[model].side for model in release_guards(seq.ctx, seq.kit)}
    if seq.action.kind == "ritual":
        sides.add(seq.active.side)
    for side in sorted(sides):
        offer_guard(seq.ctx, seq.kit, side)


def _dodge_moves(seq: Resolving, reactions: list[Reaction]) -> None:
    """Dodge moves, the reactive models first (L1386-1389), each after the Crouched state its reaction entered or
    cancelled (L1387); a successful Dodge ends Immobilized, with or without a move, and an Immobilized model moves
    or changes its Crouched state only when its dodge succeeded (L1748)."""
    moves = [(r.model, r.move_to, r.crouch) for r in reactions if r.kind == "dodge"]
    if seq.action.kind == "dodge":
        moves.append((seq.active.id, seq.action.move_to, seq.action.crouch))
    for model, to, crouch in moves:
        state = seq.ctx.state
        if model not in state.models:
            continue
        world = seq.kit.world(state)
        f = world.fighter(model)
        if f.out or (f.is_("immobilized") and not seq.dodged.get(model, False)):
            continue
        if f.is_("immobilized"):
            set_states(seq.ctx, f, removed=("immobilized",), why="a successful Dodge, L1748")
            world = seq.kit.world(seq.ctx.state)
            f = world.fighter(model)
        if crouch == "stand" and f.is_("crouched"):  # it stands before it moves, and crouches after
            set_states(seq.ctx, f, removed=("crouched",), why="its Dodge cancels Crouched (L1387)")
            world = seq.kit.world(seq.ctx.state)
            f = world.fighter(model)
        if to is not None:
            _dodge_move(seq, world, f, to)
        if crouch == "crouch" and not seq.kit.world(seq.ctx.state).fighter(model).is_("crouched"):
            set_states(seq.ctx, seq.kit.world(seq.ctx.state).fighter(model), added=("crouched",),
                       why="its Dodge enters Crouched (L1387)")


def _dodge_move(seq: Resolving, world: World, f: Fighter, to: tuple[float, float]) -> None:
    reach = allowance("dodge", max(f.speed, 0), rulings=f.rulings)
    try:
        trip = route(world, f, "dodge", f"{to[0]:.2f},{to[1]:.2f}", reach)
    except IllegalCommand as error:
        seq.line(f"{f.id}'s dodge move cannot go to {to[0]:g},{to[1]:g}: {error.reason}")
        return
    if len(trip.path) > 1:
        make_move(seq.ctx, world, f, trip)
        seq.ctx.emit(FigureNoted(model=f.id, changes={"moved": True}))


def _hostiles_turn(seq: Resolving, harm: Harm) -> None:
    """A hostile that suffered a Hit turns to face its attacker; a Construct or Undead one only when wounded
    (L1598)."""
    state = seq.ctx.state
    turned: set[ModelId] = set()
    for entry in seq.landed:
        d, a = entry.defender, entry.plan.attacker
        if not entry.hits or d in turned or d not in state.models or a not in state.models \
                or not state.figures[d].hostile:
            continue
        f = seq.kit.world(state).fighter(d)
        if f.out or ((f.has("Construct") or f.has("Undead")) and harm.wounds.get(d, 0) <= 0):
            continue
        turned.add(d)
        target = state.models[a]
        facing = round(bearing((f.model.x, f.model.y), (target.x, target.y)) % 360.0, 2)
        if abs(facing - f.model.facing) > 0.005:
            seq.ctx.emit(ModelPlaced(model_id=d, x=f.model.x, y=f.model.y, facing=facing))


def _pushes(seq: Resolving, harm: Harm) -> None:
    """Knockback: straight away from the attacker, stopping at what it meets (L2105, ruling knockback-collision)."""
    for model, attacker, inches in harm.pushes:
        state = seq.ctx.state
        if model not in state.models or attacker not in state.models:
            continue
        world = seq.kit.world(state)
        target = world.base(model)
        source = world.base(attacker)
        others = [world.base(f.id) for f in world.fighters() if f.id != model and not f.dead]
        direction = bearing(source.xy, target.xy)
        push = knockback(target, source.xy, direction, inches, bases=others, terrain=world.terrain,
                         rulings=world.rulings)
        end = (round(min(max(push.end[0], target.radius), state.width - target.radius), 2),
               round(min(max(push.end[1], target.radius), state.height - target.radius), 2))
        if push.moved > 0.01 and end != target.xy:
            below = round(world.ground(end), 2)
            seq.ctx.emit(ModelMoved(model_id=model, path=(target.xy, end), distance=round(push.moved, 2),
                                    facing=state.models[model].facing,
                                    z=below if abs(below - target.pose.z) > 0.005 else None))
            seq.ctx.emit(FigureNoted(model=model, changes={"moved": True}))
            push_down(seq.ctx, world, world.fighter(model), target.pose.z, end, "knocked off its surface")


def _sequence_over(seq: Resolving) -> None:
    """What lasted for the sequence ends with it (a Surprise Attack's halving, L2159)."""
    state = seq.ctx.state
    for model, figure in state.figures.items():
        ended = tuple(name for name, until in figure.expiry.items() if until == END_OF_SEQUENCE)
        if ended and model in state.models:
            seq.ctx.emit(StatesChanged(model=model, removed=ended, why="the sequence is over"))


def refresh_engaged(ctx: Context[EldfallState], world: World) -> None:
    """Engaged is worked out at the end of every Resolution step and phase (L1449)."""
    for f in world.fighters(standing=True):
        engaged = bool(world.engagers(f.id))
        if engaged and not f.is_("engaged"):
            set_states(ctx, f, added=("engaged",), why="in an enemy's melee reach, L1449")
        elif not engaged and f.is_("engaged"):
            set_states(ctx, f, removed=("engaged",), why="out of every enemy's melee reach, L1449")


def _friendly_fire(seq: Resolving) -> None:
    """An ally hit by its own side rolls M or is Panicked until its next Strategic phase (L1286)."""
    seen: set[ModelId] = set()
    for ally, _attacker in seq.friendly:
        state = seq.ctx.state
        if ally in seen or ally not in state.models:
            continue
        seen.add(ally)
        world = seq.kit.world(state)
        f = world.fighter(ally)
        if f.out or immune_to(f, "panicked"):
            continue
        if not attribute_check(seq.ctx, f, "M", "friendly fire (L1286)").passed:
            set_states(seq.ctx, f, added=("panicked",), until=strategic_of(f.side), why="friendly fire, L1286")

