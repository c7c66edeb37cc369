"""Hostiles played by their behaviour cards (Eldfall core rules v1.5, L1587-1674).

In the Hostiles turn they activate lowest Tier first, then highest M (L1610); each reads its card's movement list
top-down and does the first line that holds, then its action list (L1616-1630); one whose lists hold nothing does
not activate. A hostile faces what it acts on (L1597), moves by the shortest route (L1599) and may measure
anything (L1601); a Crouched one stands up as it moves, an Immobilized one with no line to follow dodges (L1602).
As reactive models they answer after the Action step, knowing the action (L1596), with the first line of their
reactive list that holds; their target is always the activated model (L1630).
"""

from __future__ import annotations

import math

from engine.core import ActionCommand, Answer, BotMove, Decision, ModelId, PartKind
from engine.systems.eldfall import action_menus as menus
from engine.systems.eldfall.action_checks import combat_art
from engine.systems.eldfall.activation import move_refusal
from engine.systems.eldfall.behaviour_cards import Enemy, Incoming, Situation, activation_order, choose
from engine.systems.eldfall.commands import activation, declaration, end_turn
from engine.systems.eldfall.declare import allowed_now
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.means import Means
from engine.systems.eldfall.movement import allowance
from engine.systems.eldfall.rules import Reading
from engine.systems.eldfall.schema import BehaviourCard, Conduct
from engine.systems.eldfall.state import EldfallState, MovementKind
from engine.systems.eldfall.strikes import measure_reach
from engine.systems.eldfall.world import World

__all__ = ["hostile_move", "hostile_reactions", "situation"]


def _card(kit: Kit, f: Fighter) -> BehaviourCard | None:
    try:
        return kit.catalogue.behaviour(f.figure.unit)
    except LookupError:
        return None


def _weapon(f: Fighter, conduct: Conduct | None = None) -> Means | None:
    """The weapon a card names, else the model's first melee weapon."""
    if conduct is not None and conduct.weapon:
        named = f.means(conduct.weapon)
        if named is not None:
            return named
    return next((m for m in f.weapons if m.kind == "melee" and m.id != "unarmed"), None) or \
        next(iter(f.weapons), None)


def situation(world: World, f: Fighter, *, activated: Fighter | None = None,
              incoming: tuple[Incoming, ...] = ()) -> Situation:
    """What a hostile's card reads, measured (hostiles may measure anything, L1601)."""
    weapon = _weapon(f)
    reach = weapon.reach.inches if weapon is not None and weapon.reach is not None and weapon.reach.inches else 0.0
    enemies = []
    for e in world.enemies(f):
        if e.is_("shrouded"):  # hostiles ignore tokens (L1600)
            continue
        in_reach = weapon is not None and measure_reach(world, f, weapon, world.base(e.id), world.base(f.id)).ok
        enemies.append(Enemy(e.id, world.gap(f.id, e.id), world.sees(f.id, e.id, moving=True).visible, in_reach,
                             world.aware(f.id, e.id), e.hp, e.value("AG"), e.is_("immobilized")))
    act = next((e for e in enemies if activated is not None and e.id == activated.id), None)
    return Situation(bool(world.engagers(f.id)), reach or 0.0, tuple(enemies), incoming, act)


def hostile_move(reading: Reading) -> BotMove | None:
    """The hostiles' next command in their own turn."""
    kit, state, world = reading.kit, reading.state, reading.world
    sequence = state.sequence
    if sequence is not None:
        return _action(reading, world.fighter(sequence.model)) if state.step == "action" else None
    side = state.hostile_side
    assert side is not None
    ranked = activation_order([(f.id, f.card.tier or 1, f.value("M")) for f in world.fighters(side, standing=True)])
    for group in ranked:
        for model in group:
            f = world.fighter(ModelId(model))
            if f.figure.ap < 1:
                continue
            move = _movement(kit, world, f)
            if move is not None:
                return move
        if any(world.fighter(ModelId(m)).figure.ap > 0 for m in group):
            break  # a Tier spends its AP before the next activates; none of this Tier would act (L1610, L1626)
    return BotMove(end_turn(), ("no hostile's card holds a line to carry out: the Hostiles turn ends (L1626)",))


def _movement(kit: Kit, world: World, f: Fighter) -> BotMove | None:
    card = _card(kit, f)
    if card is None:
        return None
    picked = choose(card, "movement", situation(world, f), rulings=world.rulings)
    if picked is None:
        return None
    conduct = picked.conduct
    target = picked.target
    how: MovementKind = "walk" if conduct.act == "walk" else "run" if conduct.act == "run" else "idle"
    stand = ("stand",) if f.is_("crouched") else ()  # a Crouched hostile stands up as it moves (L1602)
    idle = activation(f.id, face=target, skills=stand)
    command: ActionCommand = idle
    if conduct.act == "rotate":
        command = activation(f.id, face=str(round((f.model.facing + (conduct.degrees or 180)) % 360, 2)), skills=stand)
    elif conduct.act != "idle" and target is not None:
        to = _destination(world, f, conduct, ModelId(target), how)
        command = activation(f.id, how, to=to, skills=stand) \
            if to and move_refusal(world, f, " ".join((how, *stand)), to) is None else idle
    return BotMove(command, picked.working)


def _destination(world: World, f: Fighter, conduct: Conduct, target: ModelId, how: MovementKind) -> str | None:
    """Where a card's move goes: into contact, into reach, or to stop some inches short (L1644-1660)."""
    if conduct.until == "contact":
        return f"contact {target}"
    gap = world.gap(f.id, target)
    stop = conduct.stop_at
    if conduct.until == "reach":
        weapon = _weapon(f)
        stop = weapon.reach.inches if weapon is not None and weapon.reach is not None and weapon.reach.inches else 0
    if stop is not None:
        travel = gap - stop
        if travel <= 0.05:
            return None
        limit = allowance("run" if how == "run" else "walk", max(f.speed, 0), rulings=f.rulings)
        return f"toward {target} {min(travel, limit):.2f}"
    return f"toward {target}"


def _action(reading: Reading, f: Fighter) -> BotMove | None:
    world = reading.world
    card = _card(reading.kit, f)
    engaged = "nothing" not in allowed_now(world, f)
    stuck = f.is_("immobilized") and "dodge" in allowed_now(world, f)
    why = f"{f.id}: no line of its action list holds" + (" (Engaged: it dodges, L1457)" if engaged else
                                                          " (Immobilized: it dodges to break free, L1602)" if stuck
                                                          else "")
    nothing = BotMove(declaration("dodge" if engaged or stuck else "nothing"), (why,))
    if card is None:
        return nothing
    picked = choose(card, "action", situation(world, f), rulings=world.rulings)
    if picked is None or picked.target is None:
        return nothing
    conduct = picked.conduct
    if conduct.act == "attack":
        means = _weapon(f, conduct)
        target = ModelId(picked.target)
        if means is not None and menus.means_refusal(reading, f, means) is None \
                and menus.target_refusal_for(reading, f, means, target) is None:
            named, refusal = combat_art(world, f, conduct.art, means) if conduct.art else (None, None)
            art = named if refusal is None else None
            return BotMove(declaration("attack", means=means.id, targets=((target, 0),), art=art), picked.working)
    if conduct.act == "dodge":
        return BotMove(declaration("dodge"), picked.working)
    return nothing


def hostile_reactions(kit: Kit, state: EldfallState, decision: Decision) -> BotMove:
    """The hostiles' reactions, read from their reactive lists once the action is known (L1596, L1630)."""
    world = kit.world(state)
    sequence = state.sequence
    answers: dict[str, str] = {}
    reasons: list[str] = []
    if sequence is None:
        return BotMove(Answer(decision_id=decision.id, answers={}), ("nothing to react to",))
    active = world.fighter(sequence.model)
    action = sequence.action
    for part in decision.parts:
        if part.kind is not PartKind.CHOICE or "." in part.key:
            continue
        h = world.fighter(ModelId(part.key))
        card = _card(kit, h)
        if card is None:
            continue
        incoming: tuple[Incoming, ...] = ()
        if action is not None and action.kind == "attack" and any(t == h.id for t, _n in action.targets):
            means = active.means(action.means or "")
            if means is not None:
                weapon = _weapon(h)
                reach_ok = weapon is not None and measure_reach(world, h, weapon, world.base(active.id),
                                                                world.base(h.id)).ok
                incoming = (Incoming(active.id, means.kind, means.spell is not None, world.gap(h.id, active.id),
                                     world.sees(h.id, active.id).visible, reach_ok),)
        picked = choose(card, "reactive", situation(world, h, activated=active, incoming=incoming),
                        rulings=world.rulings)
        if picked is None:
            continue
        keys = part.option_keys()
        conduct = picked.conduct
        if conduct.act == "dodge" and "dodge" in keys:
            answers[part.key] = "dodge"
            move = _dodge_toward(world, h, active)
            panic = decision.context.get("panic")
            panicked = isinstance(panic, list) and part.key in panic  # it may only Dodge toward an edge (L1764)
            if move is not None and not panicked and f"{part.key}.move" in {p.key for p in decision.parts}:
                answers[f"{part.key}.move"] = move
            reasons += list(picked.working)
        elif conduct.act == "attack":
            means = _weapon(h, conduct)
            if means is not None and means.id in keys:
                answers[part.key] = means.id
                reasons += list(picked.working)
    return BotMove(Answer(decision_id=decision.id, answers=answers), tuple(reasons) or ("the hostiles do not react",))


def _dodge_toward(world: World, h: Fighter, toward: Fighter) -> str | None:
    """A dodge move toward the attacker, as far as it goes short of contact (L1670)."""
    reach = allowance("dodge", max(h.speed, 0), rulings=h.rulings)
    gap = world.gap(h.id, toward.id)
    step = min(reach, max(0.0, gap - 0.05))
    if step < 0.05:
        return None
    dx, dy = toward.model.x - h.model.x, toward.model.y - h.model.y
    length = math.hypot(dx, dy) or 1.0
    return f"{h.model.x + dx / length * step:.2f},{h.model.y + dy / length * step:.2f}"
