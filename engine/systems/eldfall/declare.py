"""Step 4, the Action step (Eldfall core rules v1.5, L1250-1253, L1359-1585): the activated model declares its
action knowing every declared reaction.

``plan_action`` is the one check of every action of the step: it reads the player's answers (a ``Request``), refuses
naming the rule, and returns the plan ``declare`` records. Refusals change nothing: an action after a Special
Movement (only Nothing, Dash aside, L1337), a Special Action without Idle (L1556), an Engaged model's ranged attack
(L1457), a target outside the front arc (L655-657) or out of sight (L1418), more strikes than STK or targets beyond
it (L809, L1423), a spell its caster cannot cast (L902-1000). A target beyond reach is accepted: its strikes fail once
measured (L746).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core import Context, IllegalCommand, ModelId
from engine.systems.eldfall.actions import allowed_actions
from engine.systems.eldfall.activation import SPECIAL_MOVEMENTS, is_special
from engine.systems.eldfall.alliance import break_alliance
from engine.systems.eldfall.engaged import engaged
from engine.systems.eldfall.equipment_changes import swap_refusal, weapon_swap
from engine.systems.eldfall.events import ActionDeclared, StepReached, WeaponHeld
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.routes import let_go
from engine.systems.eldfall.scoring_end import note_fact
from engine.systems.eldfall.shrouds import acts_from_shroud
from engine.systems.eldfall.state import Declared, EldfallState
from engine.systems.eldfall.world import World

__all__ = ["ACTION_KINDS", "EXTRAS", "ActionPlan", "Check", "Request", "allowed_now", "declare", "engaged",
           "extras_refusal", "plan_action"]

Ctx = Context[EldfallState]
ACTION_KINDS = ("nothing", "attack", "cast", "dodge", "assist", "deathblow", "perceive", "interact", "trade", "ritual",
                "duel")
"""The actions ``/act`` offers in the Action step (L1359-1585)."""
EXTRAS = ("reroll", "luck", "mana")
"""Words of ``choice:`` that spend something on a roll rather than name a combat art."""


@dataclass(frozen=True, slots=True)
class Request:
    """The activated model's action as its player answered it: ``kind`` is nothing, attack, cast, dodge, assist,
    deathblow, perceive, interact, trade, ritual or duel; ``targets`` pairs each target with its strikes (0: shared
    round them); ``extras`` what it spends on its rolls; ``give`` and ``take`` a Trade's items (L1542); ``spots`` where
    a Ritual's creatures stand round their caster (``COMPASS`` names, one per Conjuration, L1561)."""

    kind: str
    verb: str
    means: str | None = None
    targets: tuple[tuple[ModelId, int], ...] = ()
    point: tuple[float, float] | None = None
    art: str | None = None
    move_to: tuple[float, float] | None = None
    extras: tuple[str, ...] = ()
    give: tuple[str, ...] = ()
    take: tuple[str, ...] = ()
    spots: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ActionPlan:
    """A checked action: the model, what it declares (and the log's words for it), the carried weapon it takes up to
    attack (its change of equipment, L430) and the allied model an attack on which breaks the alliance first."""

    model: ModelId
    declared: Declared
    text: str
    swap: str | None = None
    breaks: ModelId | None = None


Check = Callable[[World, Kit, Fighter, Request, tuple[str, ...]], tuple[Declared, str]]
"""One action's own check: what it declares and the log's words, or a refusal naming the rule."""


def allowed_now(world: World, f: Fighter) -> tuple[str, ...]:
    """The actions ``f`` may declare now, in the Active role (L640, L706-714, L1337, L1457, L1556, L1688); worked
    out once for the world's own model (a menu asks it of every action it offers)."""
    if world.fighter(f.id) is f:
        return world.kept(("allowed", f.id), lambda: _allowed_now(world, f))
    return _allowed_now(world, f)


def _allowed_now(world: World, f: Fighter) -> tuple[str, ...]:
    sequence = world.state.sequence
    assert sequence is not None
    if sequence.panic_failed:
        return ("nothing",)
    states = set(f.states) - {"engaged"} | ({"engaged"} if engaged(world, f) else set())
    movement = sequence.movement if is_special(sequence, f) or sequence.movement == "idle" else "walk"
    allowed = allowed_actions("active", movement=movement, states=states, dash=sequence.dash,
                              over_encumbered=f.over_encumbered)
    found = list(allowed.actions)
    if "melee-attack" in found:
        found.append("attack")
    return tuple(dict.fromkeys(found))


def plan_action(world: World, kit: Kit, request: Request, check: Check) -> ActionPlan:
    """The one check of the Action step: what the activated model may declare now, then the action's own ``check``
    (on the table as it stands once an attack on an ally has broken the alliance, ruling alliance-attacks), the
    weapon it takes up and what it spends on its rolls.

    :raises RulesError: naming the rule the request breaks.
    """
    state = world.state
    sequence = state.sequence
    assert sequence is not None  # the Action step (the declaration's When)
    verb = request.verb
    breaks = _breaks_alliance(world, kit, request)
    if breaks is not None:
        side = state.figures[sequence.model].side
        world = World(state.model_copy(update={"alliance_broken_by": side}), world.catalogue, world.rulings)
    f = world.fighter(sequence.model)
    kind = request.kind
    allowed = allowed_now(world, f)
    base_kind = {"cast": "attack", "duel": "issue-a-duel"}.get(kind, kind)
    if base_kind not in allowed:
        raise IllegalCommand(_not_allowed(f, kind, sequence.movement, sequence.dash, allowed), verb=verb)
    declared, text = check(world, kit, f, request, allowed)
    swap = weapon_swap(f, declared.means)
    refusal = swap_refusal(kit, state, f, swap) if swap is not None else None
    if refusal is not None:
        raise IllegalCommand(refusal, verb=verb)
    if request.extras:
        refusal = extras_refusal(f, declared, request.extras)
        if refusal is not None:
            raise IllegalCommand(refusal, verb=verb)
        declared = declared.model_copy(update={"extras": tuple(dict.fromkeys(request.extras))})
        text += " (spending " + ", ".join(_EXTRA_WORDS[e] for e in declared.extras) + ")"
    return ActionPlan(f.id, declared, text, swap, breaks)


def declare(ctx: Ctx, kit: Kit, plan: ActionPlan) -> None:
    """Record the checked action: an attack on an ally breaks the alliance first; a model hanging on a wall lets go
    (ruling clinging-action); declaring from a Shroud reveals it (L1776)."""
    state = ctx.state
    if plan.breaks is not None:
        break_alliance(ctx, kit, state.figures[plan.model].side,
                       f"{plan.model} declares an attack on {plan.breaks}, ruling alliance-attacks")
    world = kit.world(state)
    f = world.fighter(plan.model)
    declared, text = plan.declared, plan.text
    if declared.kind != "nothing" and let_go(ctx, world, f, f"declare {declared.kind}"):
        declared, text = Declared(kind="nothing"), "Nothing: its action is lost in the fall (ruling clinging-action)"
    if f.is_("shrouded") and declared.kind == "attack":
        declared = declared.model_copy(update={"from_shroud": True})
    acts_from_shroud(ctx, world, f, declared.kind, tuple(t for t, _n in declared.targets))
    if plan.swap is not None:
        ctx.emit(WeaponHeld(model=f.id, weapon=plan.swap))
    ctx.emit(ActionDeclared(model=f.id, action=declared, text=text))
    if declared.kind == "attack" and f.side in state.players():
        note_fact(ctx, f.side, "attacks")
    ctx.emit(StepReached(step="late-reaction"))


def _breaks_alliance(world: World, kit: Kit, request: Request) -> ModelId | None:
    """With ruling alliance-attacks at ``attack-breaks``, the allied model an attack is declared on: declaring it
    breaks the alliance first, its player losing 3 VP (L2404); by default such an attack is refused
    (``target_refusal``)."""
    state = world.state
    sequence = state.sequence
    if request.kind not in _AGAINST_ENEMIES or sequence is None or not state.allied_sides() \
            or kit.rulings(state).alliance_attacks != "attack-breaks":
        return None
    side = state.figures[sequence.model].side
    return next((t for t, _n in request.targets if t in state.figures and state.allied(side, state.figures[t].side)),
                None)


_AGAINST_ENEMIES = ("attack", "cast", "deathblow", "perceive")
"""The actions declared against enemy models."""

_EXTRA_WORDS = {"reroll": "an AP on re-rolling failed dice", "luck": "a Luck counter",
                "mana": "a Mana Counter for +2 STK"}


def extras_refusal(f: Fighter, declared: Declared, extras: tuple[str, ...], *,
                   ap_left: int | None = None) -> str | None:
    """Why ``f`` may not spend these on its rolls (a Mage's AP, a Luck counter, Confuse Target's Mana), or None."""
    spell = next((s for s in f.spells if s.id == declared.means), None)
    for extra in extras:
        if extra == "reroll":
            if not f.has("Mage"):
                return f"{f.id} is no Mage: only a Mage spends an AP to re-roll its casting (L1835)"
            if spell is None:
                return "a Mage's re-roll is for casting a spell (L1835)"
            if (f.figure.ap if ap_left is None else ap_left) < 1:
                return f"{f.id} has no unspent AP to re-roll with (L1835)"
        elif extra == "luck":
            if f.figure.luck < 1:
                return f"{f.id} has no Luck counter to spend (L2737)"
        elif extra == "mana":
            if declared.means != "confuse-target":
                return "only Confuse Target buys +2 STK with a Mana Counter (L2296)"
            if f.figure.mana < 1:
                return f"{f.id} has no Mana Counter to spend (L2296)"
        else:
            return f"{extra!r} is not something spent on a roll; choose reroll, luck or mana"
    return None


def _not_allowed(f: Fighter, kind: str, movement: str, dash: bool, allowed: tuple[str, ...]) -> str:
    if movement in SPECIAL_MOVEMENTS and not (dash and movement == "run"):
        return f"after a Special Movement ({movement}) {f.id} may only declare Nothing (L640, L1337)"
    if "melee-attack" in allowed:
        return f"{f.id} is Engaged: it may only make a Melee Attack, Assist itself or Dodge (L1457)"
    if kind in ("ritual", "duel"):
        return "a Special Action needs Idle in the Movement step and the Active role (L1556)"
    listed = ", ".join(a for a in allowed if a != "melee-attack")
    return f"{f.id} may not declare {kind} now; it may declare {listed}"


