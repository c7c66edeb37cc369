"""Selecting models to activate, parties, and the start and end of an activation (Sunshard:Embren core rules v1.0,
L359-365, L377-383, L419, L435-445, L606, L1279, L1425, L1455, L1490, L1494).

Players alternate selecting a model they own (L365); a Downed model cannot be selected (L381). Before it activates,
the selected model may form a party with up to 3 other models of its warband within 4" that have not activated (4
with Commander; 6 in all when every one has Mob; L437, L1425, L1455); mixed types cost 1 Fortune unless a Commander is
in it (L437, L341). The party's models activate one after another, the opponent selecting nothing between them
(L441). At the start of its activation a model gets its AP (L235), loses its On Guard token (L435) and, Disoriented,
1 AP (L606); at the end a Vigilant model unengaged gains On Guard (L1494).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.core import Choice, Context, InvalidCommand, ModelId, SideId
from engine.geometry import TOLERANCE
from engine.systems.sunshard.engagement import engaged, gap
from engine.systems.sunshard.harm import Cause, gain, lose
from engine.systems.sunshard.round_events import ActivationBegan, ActivationEnded, PartyFormed
from engine.systems.sunshard.scoring import spend_fortune
from engine.systems.sunshard.state import Activation, Party, SunshardState
from engine.systems.sunshard.terrain import objectives, piece, touches
from engine.systems.sunshard.world import RULE, Miniature, World, refuse, world_of

__all__ = ["PARTY_RANGE", "ActivationPlan", "activate_values", "apply_activate", "apply_end", "can_select",
           "check_activate", "check_end", "eligible", "party_limit", "party_values", "start_activation"]

PARTY_RANGE = 4.0
"""A party's models are within 4" of the model that selects them (L437; ruling party-range)."""


@dataclass(frozen=True, slots=True)
class ActivationPlan:
    """A legal selection: the model, the others it forms a party with, and the Fortune a mixed party costs."""

    model: ModelId
    side: SideId
    party: tuple[ModelId, ...]
    fortune: int
    first: ModelId | None = None
    """The party member that activates first (ruling party-order); the selector when None."""


def eligible(world: World, side: SideId) -> list[Miniature]:
    """The side's models that can still activate this round: on the battlefield, not activated, not Downed (L365,
    L381)."""
    return [m for m in world.on_table(side) if not m.figure.activated and not m.downed]


def can_select(world: World, side: SideId, model: Miniature) -> tuple[str, str] | None:
    """Why ``side`` may not select ``model`` now and the line that says so, or None."""
    state = world.state
    if state.step != "activation" or state.activation is not None:
        return ("no model is to be selected now: wait for the activation phase or the current activation's end",
                "L365")
    if state.active_side != side:
        return f"it is side {state.active_side}'s turn to select a model", "L365"
    party = state.party
    if party is not None and len(party.done) < len(party.members):
        if model.id not in party.members or model.id in party.done:
            left = ", ".join(m for m in party.members if m not in party.done)
            return f"the party activates first: select one of {left}", "L441"
        return None
    if state.first_pick is not None and model.id != state.first_pick:
        return f"{state.first_pick} was picked to activate first", "L359"
    if model.side != side:
        return f"{model.id} is not side {side}'s model", "L365"
    if not model.on_table or model.figure.activated:
        return f"{model.id} has already activated this round", "L1279"
    if model.downed:
        return f"{model.id} is Downed and cannot be selected", "L381"
    return None


def party_limit(world: World, selector: Miniature, members: list[Miniature]) -> int:
    """How many models may join the selector: 3, 4 with Commander (L437, L1425); with Mob on every model, 6 in all
    (ruling mob-party-size: or 6 besides the selector)."""
    if selector.has("Mob") and all(m.has("Mob") for m in members):
        return 6 if world.rulings.mob_party_size == "six-others" else 5
    return 4 if selector.has("Commander") else 3


def _party_problem(world: World, selector: Miniature, other: Miniature) -> tuple[str, str] | None:
    if other.id == selector.id:
        return f"{other.id} selects the party and is in it already", "L437"
    if other.side != selector.side or other.figure.warband != selector.figure.warband:
        return f"{other.id} is not in {selector.id}'s warband", "L437"
    if not other.on_table or other.figure.activated or other.downed:
        return f"{other.id} cannot activate this round", "L437"
    if other.has("Solitary"):
        return f"{other.id} is Solitary and never joins a party", "L1490"
    if other.wavering:
        return f"{other.id} is Wavering and takes no special action but Rally", "L443, L612"
    if other.figure.party_formed:
        return f"{other.id} took Party Formation this round already", "L443"
    if gap(selector, other) > PARTY_RANGE + TOLERANCE:
        return f"{other.id} is {gap(selector, other):.1f}\" from {selector.id}, beyond 4\"", "L437"
    return None


def party_values(world: World, side: SideId, filled: Mapping[str, str]) -> list[Choice]:
    """Models the selected model may form a party with, nearest first."""
    selector = world.model(filled.get("model", ""))
    candidates = [m for m in world.on_table(side) if _party_problem(world, selector, m) is None]
    return [Choice(m.id, f"{m.name} ({m.card.type}), {gap(selector, m):.1f}\" away")
            for m in sorted(candidates, key=lambda m: gap(selector, m))]


def activate_values(world: World, side: SideId, filled: Mapping[str, str]) -> list[Choice]:
    """The models ``side`` may select now."""
    return [Choice(m.id, m.name) for m in world.on_table() if can_select(world, side, m) is None]


def check_activate(world: World, side: SideId, filled: Mapping[str, str]) -> ActivationPlan:
    """The one rule check of selecting a model to activate; ``filled`` holds ``model`` and optionally ``party``
    (the ids of the other members, comma separated).

    :raises RulesError: naming the rule broken.
    """
    model = world.model(filled.get("model", ""))
    why = can_select(world, side, model)
    if why is not None:
        raise refuse(*why)
    named = [p.strip() for p in filled.get("party", "").replace(" ", ",").split(",") if p.strip()]
    if not named:
        return ActivationPlan(model.id, side, (), 0)
    if world.state.party is not None and len(world.state.party.done) < len(world.state.party.members):
        raise refuse(f"{model.id} is already in a party", "L443")
    if world.state.party is None and world.rulings.party_picked_model == "no" and world.state.initiative is not None \
            and model.side != world.state.initiative and world.state.first_pick == model.id:
        raise refuse("the model picked by the opponent activates alone (ruling party-picked-model)", "L359")
    if model.has("Solitary") or model.wavering or model.figure.party_formed:
        raise refuse(f"{model.id} cannot take Party Formation", "L443, L612, L1490")
    members = []
    for name in dict.fromkeys(named):
        other = world.model(name)
        problem = _party_problem(world, model, other)
        if problem is not None:
            raise refuse(*problem)
        members.append(other)
    limit = party_limit(world, model, members)
    if len(members) > limit:
        raise refuse(f"{model.id} may form a party with up to {limit} other models, not {len(members)}",
                     "L437, L1425, L1455")
    first = world.model(filled["first"]).id if filled.get("first") else model.id
    if first not in (model.id, *(m.id for m in members)):
        raise refuse(f"{first} is not in the party", "L441")
    if first != model.id and world.rulings.party_order == "selector-first":
        raise refuse(f"the selecting model {model.id} activates first (ruling party-order)", "L441")
    mixed = len({m.card.type for m in (model, *members)}) > 1
    commander = any(m.has("Commander") for m in (model, *members))
    fortune = 1 if mixed and not commander else 0
    if fortune and world.record(side).fortune < fortune:
        raise refuse(f"a party of mixed types costs 1 Fortune and side {side} has none", "L437")
    return ActivationPlan(model.id, side, tuple(m.id for m in members), fortune, first)


def apply_activate(ctx: Context[SunshardState], side: SideId, plan: ActivationPlan) -> None:
    """Form the party (paying for mixed types, L437; each Paymaster gives the other Spoils of War members a Loot token,
    L1459) and start the selected model's activation."""
    if plan.party:
        if plan.fortune:
            spend_fortune(ctx, side, plan.fortune, f"a party of mixed types ({RULE}, L437)")
        members = [plan.model, *plan.party]
        ctx.emit(PartyFormed(party=Party(selector=plan.model, members=members)))
        world = world_of(ctx)
        payers = [m for m in members if world.model(m).has("Paymaster")]
        for m in members:
            paid = sum(1 for payer in payers if payer != m) if world.model(m).has("Spoils of War") else 0
            if paid:  # one token from each other Paymaster: a model forms no party with itself
                gain(ctx, m, "Loot", paid, cause=Cause(f"forming a party with a Paymaster ({RULE}, L1459)"))
    start_activation(ctx, plan.first or plan.model)


def start_activation(ctx: Context[SunshardState], model_id: ModelId) -> None:
    """AP for the activation (Rescue -1, L872; never below 1, L1303); On Guard lost (L435); Disoriented -1 AP, then
    gone (L606); the Objectives it starts touching noted (Wicked Ritual, L1259)."""
    world = world_of(ctx)
    model = world.model(model_id)
    ap = model.characteristic("AP").value
    if model.holds("Disoriented"):
        ap = max(0, ap - 1)
    here = model.base()
    touching = [o.id for o in objectives(world) if touches(here, piece(world, o))]
    ctx.emit(ActivationBegan(activation=Activation(model=model.id, side=model.side, ap=ap, started_on=touching)))
    if model.holds("On Guard"):
        lose(ctx, model.id, "On Guard", why=f"its activation starts ({RULE}, L435)")
    if model.holds("Disoriented"):
        lose(ctx, model.id, "Disoriented", why=f"it lost 1 AP ({RULE}, L606)")


def check_end(world: World, side: SideId) -> ModelId:
    """The activation ``side`` may end now (any time, its remaining AP lost, L383); :raises RulesError: if none."""
    activation = world.state.activation
    if activation is None or activation.side != side:
        raise refuse(f"side {side} has no model activating", "L383")
    if world.state.pending or world.state.attack is not None:
        raise InvalidCommand("finish what is being resolved first (a decision or an attack)")
    return activation.model


def apply_end(ctx: Context[SunshardState], model_id: ModelId) -> None:
    """End the activation: Vigilant (L1494), the Delver Fortune's Jammed (L770); then who selects next: the party's
    controller while members remain (L441), else strict alternation by owner (ruling initiative-alternation), the
    other player activating the rest when one runs out (ruling run-out)."""
    world = world_of(ctx)
    model = world.model(model_id)
    activation = ctx.state.activation
    if model.on_table and not model.downed and model.has("Vigilant") and not engaged(world, model):
        gain(ctx, model.id, "On Guard", cause=Cause(f"Vigilant ({RULE}, L1494)"))
    if activation is not None and activation.incendiary and model.on_table:
        gain(ctx, model.id, "Jammed", cause=Cause(f"its incendiary rounds ({RULE}, L770)"))
    side = model.side
    party = ctx.state.party
    rest = [m for m in party.members if m != model_id and m not in party.done] if party is not None else []
    rest = [m for m in rest if world.model(m).on_table and not world.model(m).downed]
    if rest:
        ctx.emit(ActivationEnded(model_id=model_id, active_side=side))
        return
    other = world.opponent(side)
    after = other if eligible(world, other) else (side if [m for m in eligible(world, side) if m.id != model_id]
                                                  else None)
    ctx.emit(ActivationEnded(model_id=model_id, active_side=after))
    if party is not None:
        ctx.emit(PartyFormed(party=None))
