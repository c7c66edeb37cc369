"""The quests' and deeds' special actions, declared (Sunshard:Embren core rules v1.0, L868-872, L921-928, L977-979,
L1081-1087, L1181-1189, L1201-1211, L1241-1247, L1259-1269): Rescue, Purloin, Resonate, Excavation, Interact,
Search, Shard Seed and Wicked Ritual, each one declaration over ``quest_actions.check_quest_action``. An action is
offered only where its quest is played or its deed is open (L1167).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Ask, Choice, Context, Param, RulesError, SideId
from engine.systems.sunshard.acting import Selected, activating, actors, begin
from engine.systems.sunshard.declared import PLAY, RULES, after
from engine.systems.sunshard.quest_actions import (
    QUEST_ACTIONS,
    QUEST_OF,
    QuestAction,
    apply_quest_action,
    check_quest_action,
)
from engine.systems.sunshard.quest_actions import sources as marker_sources
from engine.systems.sunshard.scoring import deed_open
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.terrain import objectives, piece, relation
from engine.systems.sunshard.world import RULE, World

__all__ = ["QUEST_ACTION_NAMES"]

_ACTS: dict[str, tuple[str, str]] = {
    "rescue": ("Rescue", "Take the Rescue marker from what the model touches (2 AP)"),
    "purloin": ("Purloin", "Take a Treasure marker from what the model touches (1 AP)"),
    "resonate": ("Resonate", "An RSL test at -2 touching the Crystal Vein: a Reflection token (1 AP)"),
    "excavation": ("Excavation", "An RSL test for a Supplies token (2 AP)"),
    "interact": ("Interact", "An RSL test at -6 touching an Objective: the deed Recon (0 AP)"),
    "search": ("Search", "In a party, an RSL test touching an Objective: an Archaeology marker on it (1 AP)"),
    "shard-seed": ("Shard Seed", "An RSL test touching an Objective: a Shard Seed marker on it (1 AP)"),
    "wicked-ritual": ("Wicked Ritual", "A Leader's RSL test at -6 on the Objective it started on (1 AP)"),
}
"""Each action's menu label and summary, in the order the menus list them."""

QUEST_ACTION_NAMES = tuple(_ACTS)


def _choices(world: World, side: SideId, model_id: str, name: str) -> list[Choice]:
    """What the action may act on: the marker's holders for Rescue and Purloin, the Objectives for the rest, or one
    ``here`` where it acts on nothing else (each accepted by the check)."""
    model = world.model(model_id)
    if name in ("rescue", "purloin"):
        ids = [where for _, where in marker_sources(world, model, "Rescue" if name == "rescue" else "Treasure")]
    elif name in ("resonate", "excavation"):
        ids = ["here"]
    elif name == "wicked-ritual":
        activation = world.state.activation
        ids = list(activation.started_on) if activation is not None else []
    else:
        here = model.base()
        ids = [o.id for o in objectives(world) if o.kind == "objective" and relation(here, piece(world, o)) != "apart"]
    found = []
    for where in dict.fromkeys(ids):
        try:
            check_quest_action(world, side, {"action": name, "model": model.id,
                                             "choice": "" if where == "here" else where})
        except (RulesError, ValueError):
            continue
        found.append(Choice(where))
    return found


def _open(world: World, side: SideId, name: str) -> bool:
    """Whether the action belongs to the quest played, or to a deed ``side`` may still score (L1167)."""
    _, _, deed = QUEST_ACTIONS[name]
    if deed is not None:
        return deed_open(world, side, deed)
    return world.state.quest == QUEST_OF[name]


def _doers(name: str) -> Callable[[World, Ask], list[Choice]]:
    def values(world: World, ask: Ask) -> list[Choice]:
        if not _open(world, ask.acting, name):
            return []
        return [Choice(m.id, m.name) for m in actors(world, ask.acting)
                if _choices(activating(world, ask.acting, m.id)[0], ask.acting, m.id, name)]
    return values


def _targets(name: str) -> Callable[[World, Ask], list[Choice]]:
    def values(world: World, ask: Ask) -> list[Choice]:
        return _choices(activating(world, ask.acting, ask.text("model"))[0], ask.acting, ask.text("model"), name)
    return values


def _check(name: str) -> Callable[[World, Ask], Selected[QuestAction]]:
    def check(world: World, ask: Ask) -> Selected[QuestAction]:
        seen, select = activating(world, ask.acting, ask.text("model"))
        choice = ask.text("at", "here")
        wanted = {"action": name, "model": ask.text("model"), "choice": "" if choice == "here" else choice}
        return Selected(select, check_quest_action(seen, ask.acting, wanted))
    return check


def _act(ctx: Context[SunshardState], selected: Selected[QuestAction]) -> None:
    apply_quest_action(ctx, begin(ctx, selected.plan.side, selected))
    after(ctx)


for _name, (_label, _summary) in _ACTS.items():
    _, _lines, _deed = QUEST_ACTIONS[_name]
    RULES.action(_name, _summary, label=_label, when=PLAY, per="model", check=_check(_name),
                 rule=f"{RULE}, {_lines}", params=(
                     Param("model", f"Which model takes {_label}?", values=_doers(_name), noun="models"),
                     Param("at", "On what?", values=_targets(_name), single=True, noun="places")))(_act)
