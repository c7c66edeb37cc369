"""The special actions quests and deeds grant (Sunshard:Embren core rules v1.0, L868-872, L921-928, L977-979,
L1081-1087, L1181-1189, L1201-1211, L1241-1247, L1259-1269): Rescue, Purloin, Resonate, Excavation, Interact,
Search, Shard Seed and Wicked Ritual, each with its one rule check and its handler.

They are special actions, so a Wavering model takes none (L612); a deed's action is gone once the deed is scored
(L1167). RSL tests made in a party with a Paymaster gain +2 for the other members not Leader (L1459).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pydantic import JsonValue

from engine.checks import Modifier, Target
from engine.core import Choice, Context, InvalidCommand, ModelId, SideId
from engine.geometry import TOLERANCE, distance
from engine.systems.sunshard.ap import spend_ap
from engine.systems.sunshard.d20 import roll_test
from engine.systems.sunshard.engagement import in_contact
from engine.systems.sunshard.events import ActivationFlag, ApLost, MarkerPlaced, MarkerTaken, TokensChanged
from engine.systems.sunshard.harm import Cause, gain
from engine.systems.sunshard.markers import marker_base
from engine.systems.sunshard.resume import continues, plan_of, plan_resume
from engine.systems.sunshard.rolls import tn
from engine.systems.sunshard.scoring import deed_open, score_deed
from engine.systems.sunshard.state import LooseMarker, SunshardState
from engine.systems.sunshard.terrain import objectives, piece, relation
from engine.systems.sunshard.world import RULE, Miniature, World, refuse, world_of

__all__ = ["QUEST_ACTIONS", "QUEST_OF", "QuestAction", "apply_quest_action", "check_quest_action",
           "quest_action_values", "rsl_goal", "sources"]

QUEST_ACTIONS: Mapping[str, tuple[int, str, str | None]] = {
    "rescue": (2, "L868-870", None), "purloin": (1, "L977-979", None), "resonate": (1, "L921-928", None),
    "excavation": (2, "L1081-1087", None), "interact": (0, "L1181-1189", "recon"),
    "search": (1, "L1201-1211", "archaeological-dig"), "shard-seed": (1, "L1241-1247", "shard-seeding"),
    "wicked-ritual": (1, "L1259-1269", "wicked-ritual"),
}
"""Each action's AP cost, its lines, and the deed that grants it (None: the quest does)."""

QUEST_OF = {"rescue": "rescue", "purloin": "treasures-from-the-past", "resonate": "crystal-vein",
             "excavation": "calm-before-the-storm"}
_FROM_ROUND_TWO = ("rescue", "purloin", "excavation")


@dataclass(frozen=True, slots=True)
class QuestAction:
    """A legal quest or deed action: which, by whom, its AP and what it acts on (an Objective, a model, a marker)."""

    name: str
    model: ModelId
    side: SideId
    ap: int
    source: str | None = None


def sources(world: World, model: Miniature, marker: str) -> list[tuple[str, str]]:
    """Where ``model`` may take a ``marker`` from (kind, id): an Objective holding it, a loose one, or (Rescue) a model
    holding it, each touching the model (L868, L977)."""
    here = model.base()
    found = [("objective", o.id) for o in objectives(world) if marker in world.state.objective_markers.get(o.id, [])
             and relation(here, piece(world, o)) != "apart"]
    found += [("loose", m.id) for m in world.state.markers.values() if m.kind == marker
              and _touching_marker(model, m)]
    if marker == "Rescue":
        found += [("model", m.id) for m in world.on_table() if m.id != model.id and m.holds(marker)
                  and in_contact(model, m)]
    return found


def _touching_marker(model: Miniature, marker: LooseMarker) -> bool:
    return distance(model.base(), marker_base(marker)) <= TOLERANCE


def _touched_objectives(world: World, model: Miniature) -> list[str]:
    here = model.base()
    return [o.id for o in objectives(world) if o.kind == "objective" and relation(here, piece(world, o)) != "apart"]


def rsl_goal(world: World, model: Miniature, mods: list[Modifier]) -> Target:
    """An RSL test's TN for ``model`` now, Paymaster's +2 included for another party member, not Leader, in its own
    activation (L1459)."""
    party, activation = world.state.party, world.state.activation
    activating = activation is not None and activation.model == model.id
    if party is not None and activating and model.id in party.members and not model.leader and any(
            world.model(m).has("Paymaster") for m in party.members if m != model.id):
        mods = [*mods, Modifier.add("Paymaster", 2, f"{RULE}, L1459")]
    return tn(model.characteristic("RSL").value, mods, label=f"{model.id}'s RSL")


def check_quest_action(world: World, side: SideId, filled: Mapping[str, str]) -> QuestAction:
    """The one rule check of a quest or deed action; ``filled`` holds ``action``, ``model`` and, where several could
    serve, ``choice`` (the Objective, marker or model it acts on).

    :raises RulesError: naming the rule broken.
    """
    name = filled.get("action", "")
    if name not in QUEST_ACTIONS:
        raise InvalidCommand(f"{name!r} is not a quest or deed action; they are {', '.join(QUEST_ACTIONS)}")
    cost, line, deed = QUEST_ACTIONS[name]
    model = world.model(filled.get("model", ""))
    activation = world.state.activation
    if model.side != side or activation is None or activation.model != model.id:
        raise refuse(f"{model.id} is not activating", "L379")
    if model.wavering:
        raise refuse(f"{model.id} is Wavering: no special action but Rally", "L612")
    if activation.ap < cost:
        raise refuse(f"{name} costs {cost} AP and {model.id} has {activation.ap}", "L383")
    quest = QUEST_OF.get(name)
    if quest is not None and world.state.quest != quest:
        raise refuse(f"{name} belongs to the quest {world.data.quest(quest).name}", line)
    if deed is not None and not deed_open(world, side, deed):
        raise refuse(f"{name} comes with the deed {world.data.deeds[deed].name}, which side {side} does not have or "
                     "has scored", "L1167")
    if name in _FROM_ROUND_TWO and world.state.round < 2:
        raise refuse(f"{name} may be taken from round 2", line)
    choice = filled.get("choice") or None
    source = _source(world, model, name, choice, line)
    return QuestAction(name, model.id, side, cost, source)


def _source(world: World, model: Miniature, name: str, choice: str | None, line: str) -> str | None:
    if name in ("rescue", "purloin"):
        marker = "Rescue" if name == "rescue" else "Treasure"
        options = sources(world, model, marker)
        if not options:
            raise refuse(f"{model.id} touches no {marker} marker, nor an Objective or model holding one", line)
        picked = [o for o in options if choice in (None, o[1])]
        if not picked:
            raise refuse(f"{model.id} cannot take the {marker} marker from {choice}", line)
        if name == "purloin" and model.holds("Treasure") >= 3:
            raise refuse(f"{model.id} holds three Treasure markers, the most a model holds", "L618")
        return f"{picked[0][0]}:{picked[0][1]}"
    if name == "resonate":
        vein = next((o for o in objectives(world) if o.kind == "crystal-vein"), None)
        if vein is None or relation(model.base(), piece(world, vein)) == "apart":
            raise refuse(f"{model.id} is not in contact with the Crystal Vein", line)
        return vein.id
    if name == "excavation":
        return None
    activation = world.state.activation
    assert activation is not None
    if name == "interact" and activation.interacted:
        raise refuse(f"{model.id} took Interact this activation already", "L1181")
    if name == "search" and (world.state.party is None or model.id not in world.state.party.members):
        raise refuse(f"{model.id} is not activating in a party", "L1201")
    if name == "wicked-ritual":
        if not model.leader:
            raise refuse(f"{model.id} is not a Leader", "L1259")
        if not activation.started_on:
            raise refuse(f"{model.id} did not start its activation touching an Objective", "L1259")
        touched = activation.started_on
    else:
        touched = _touched_objectives(world, model)
    if not touched:
        raise refuse(f"{model.id} touches no Objective", line)
    if choice is not None and choice not in touched:
        raise refuse(f"{model.id} does not touch {choice}", line)
    return choice or touched[0]


def quest_action_values(world: World, side: SideId, filled: Mapping[str, str]) -> list[Choice]:
    """The quest and deed actions the activating model may take now."""
    found = []
    for name, (cost, _, _) in QUEST_ACTIONS.items():
        try:
            check_quest_action(world, side, {**filled, "action": name})
        except (InvalidCommand, ValueError):
            continue
        found.append(Choice(name, f"{_named(name)} ({cost} AP)"))
    return found


def _named(action: str) -> str:
    """A quest or deed action as the book names it (``shard-seed`` is Shard Seed)."""
    return action.replace("-", " ").title()


def apply_quest_action(ctx: Context[SunshardState], plan: QuestAction) -> None:
    """Carry out a checked quest or deed action (after a Burning test's re-roll when one is asked)."""
    if spend_ap(ctx, plan.model, plan.ap, _named(plan.name), then=lambda: plan_resume("paid-quest", plan)):
        _carry_out(ctx, plan)


@continues("paid-quest")
def _paid_quest(ctx: Context[SunshardState], resume: Mapping[str, JsonValue]) -> None:
    _carry_out(ctx, plan_of(resume, QuestAction))


def _carry_out(ctx: Context[SunshardState], plan: QuestAction) -> None:
    world = world_of(ctx)
    model = world.model(plan.model)
    if not model.on_table or model.downed:
        return
    _, line, _ = QUEST_ACTIONS[plan.name]
    if plan.name in ("rescue", "purloin"):
        _take(ctx, model, "Rescue" if plan.name == "rescue" else "Treasure", plan.source or "")
        return
    mods = {"resonate": [Modifier.add("Resonate", -2, f"{RULE}, L926")],
            "interact": [Modifier.add("Interact", -6, f"{RULE}, L1186")],
            "wicked-ritual": _ritual_mods(world, plan.source or "")}.get(plan.name, [])
    if plan.name == "interact":
        ctx.emit(ActivationFlag(model_id=model.id, flag="interacted"))
    result = roll_test(ctx, model.id, model.side, "rsl", rsl_goal(world, model, mods),
                       f"{model.id}'s {_named(plan.name)} RSL test")
    if not result.passed:
        return
    if plan.name == "resonate":
        gain(ctx, model.id, "Reflection", cause=Cause(f"Resonate ({RULE}, L928)"))
    elif plan.name == "excavation":
        gain(ctx, model.id, "Supplies", cause=Cause(f"Excavation ({RULE}, L1087)"))
    elif plan.name == "interact":
        score_deed(ctx, model.side, "recon", f"{model.id} interacted with {plan.source}")
    elif plan.name in ("search", "shard-seed"):
        kind = "Archaeology" if plan.name == "search" else "Shard Seed"
        ctx.emit(MarkerPlaced(marker=LooseMarker(id=f"{kind[0]}{ctx.state.markers_added}", kind=kind, x=0, y=0,
                                                 placed_by=model.id), on=plan.source,
                              why=f"{_named(plan.name)} ({RULE}, {line})"))
        if plan.name == "search":
            _dig_check(ctx, model, plan.source or "")
    elif plan.name == "wicked-ritual":
        score_deed(ctx, model.side, "wicked-ritual", f"{model.id} at {plan.source}")
        blight = world_of(ctx).model(model.id).holds("Blight")
        if blight:
            ctx.emit(TokensChanged(model_id=model.id, lost=("Blight",) * blight, why=f"Wicked Ritual ({RULE}, L1269)"))


def _ritual_mods(world: World, objective: str) -> list[Modifier]:
    """RSL - 6, +1 for each model with a Blight token within 3" of the Objective (L1265-1267)."""
    mark = world.state.terrain.get(objective)
    near = 0
    if mark is not None:
        terrain = piece(world, mark)
        near = sum(1 for m in world.on_table() if m.holds("Blight") and distance(m.base(), terrain) <= 3 + TOLERANCE)
    mods = [Modifier.add("Wicked Ritual", -6, f"{RULE}, L1265")]
    if near:
        mods.append(Modifier.add(f"{near} model(s) with Blight within 3\"", near, f"{RULE}, L1267"))
    return mods


def _dig_check(ctx: Context[SunshardState], model: Miniature, objective: str) -> None:
    """Archaeological Dig scores when one party places two Archaeology markers on the same Objective in a round
    (L1211)."""
    party = ctx.state.party
    if party is None:
        return
    placed = [k for k in ctx.state.objective_markers.get(objective, []) if k == "Archaeology"]
    by_party = sum(1 for who in ctx.state.dug_by.get(objective, []) if who in party.members)
    if len(placed) >= 2 and by_party >= 2:
        score_deed(ctx, model.side, "archaeological-dig", f"two Archaeology markers on {objective}")


def _take(ctx: Context[SunshardState], model: Miniature, marker: str, source: str) -> None:
    kind, _, where = source.partition(":")
    why = f"{'Rescue' if marker == 'Rescue' else 'Purloin'} ({RULE}, {'L870' if marker == 'Rescue' else 'L979'})"
    if kind == "model":
        ctx.emit(TokensChanged(model_id=ModelId(where), lost=(marker,), why=f"{model.id} takes it"))
        ctx.emit(MarkerTaken(marker=marker, model_id=model.id, why=why))
    elif kind == "loose":
        ctx.emit(MarkerTaken(marker=marker, loose_id=where, model_id=model.id, why=why))
    else:
        ctx.emit(MarkerTaken(marker=marker, from_objective=where, model_id=model.id, why=why))
    activation = ctx.state.activation
    if marker == "Rescue" and world_of(ctx).rulings.rescue_ap == "at-once" and activation is not None \
            and activation.model == model.id and activation.ap > 0:
        ctx.emit(ApLost(model_id=model.id, left=activation.ap - 1,
                        why=f"carrying the Rescue marker ({RULE}, L872; ruling rescue-ap)"))

