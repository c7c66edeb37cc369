"""What ``/los`` and ``/measure`` say of two Eldfall models: sight by the game's own rules, as an attack sees it (the
front arc or Vigilance, Blinded, Engaged, sight lines between hitboxes; Eldfall core rules v1.5, L655-674, L1461,
L1688, L2200), and the Awareness that lets a model react without sight (L683-685, L1220, L1384), told only where
the measuring mode lets the asker pre-measure it (L604-610). The answer is public, so a Shrouded observer is judged
by sight lines alone: its front arc, abilities and Awareness would tell its profile (L1776)."""

from __future__ import annotations

from engine.core import ModelId, Viewer, ViewerKind
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.world import World
from engine.table import Perception, TableState

__all__ = ["may_measure", "perceive"]


def perceive(kit: Kit, state: TableState, viewer: Viewer, observer: ModelId, target: ModelId) -> Perception | None:
    """Whether ``observer`` sees ``target`` now, the rule that decided and, where ``viewer`` may know it, whether
    ``target`` is within its Awareness; None for a model that is no party's (the table's geometry answers)."""
    if not isinstance(state, EldfallState) or observer not in state.figures or target not in state.figures:
        return None
    world = kit.world(state)
    if "shrouded" in state.models[observer].tokens:  # the answer is public: no arc, state or Awareness of its profile
        clear = world.clear(world.base(observer), world.base(target))
        return Perception(clear, f"sight lines only, {'clear' if clear else 'all blocked'} (L662-664): a Shrouded "
                                 "model's profile is its player's secret (L1776)")
    seen = world.sees(observer, target)
    notes = (_awareness(world, observer, target, seen.visible),) if may_measure(kit, state, viewer, world, observer) \
        else ()
    return Perception(seen.visible, seen.reason, notes)


def may_measure(kit: Kit, state: EldfallState, viewer: Viewer, world: World, observer: ModelId) -> bool:
    """Assisted mode pre-measures anything; Standard only within the Awareness of the asker's own models; Realism
    nothing (L606-608)."""
    mode = kit.mode(state)
    if mode == "standard":
        return viewer.kind is ViewerKind.SIDE and viewer.side == world.fighter(observer).side
    return mode != "realism"


def _awareness(world: World, observer: ModelId, target: ModelId, visible: bool) -> str:
    within = world.aware(observer, target)
    radius = world.awareness(world.fighter(observer))
    reacts = f": {observer} may still Dodge against it without sight (L1220, L1384)" if within and not visible else ""
    return f"{target} is {'within' if within else 'outside'} {observer}'s Awareness ({radius:g}\", L683-685){reacts}."
