"""Which actions a model may declare, from its role, its movement and its states.

Normal Actions (Nothing, Assist, Dodge, Attack, Perceive, Deathblow, Trade, Interact) in either role; Special Actions
(Ritual, Uncover, Issue a Duel) only in the Active role after Idle (Eldfall core rules v1.5, L706-714, L1554-1556).
After a Special Movement only Nothing, except an attack after Dash (L640, L1337, L1922). Engaged: Melee Attack, Assist
on itself or Dodge (L1457). Blinded: Assist, Dodge or Nothing (L1688). Over-encumbered: no Special Action (L390).
Immobilized: no Special Action (L1748). A Panicked reactor that failed its roll: Dodge or nothing (L1764).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal

from engine.systems.eldfall.attack import Role

__all__ = ["NORMAL_ACTIONS", "SPECIAL_ACTIONS", "Action", "Allowed", "allowed_actions"]

Action = Literal["nothing", "assist", "dodge", "attack", "melee-attack", "perceive", "deathblow", "trade", "interact",
                 "ritual", "uncover", "issue-a-duel"]
NORMAL_ACTIONS: tuple[Action, ...] = ("nothing", "assist", "dodge", "attack", "perceive", "deathblow", "trade",
                                      "interact")
SPECIAL_ACTIONS: tuple[Action, ...] = ("ritual", "uncover", "issue-a-duel")


@dataclass(frozen=True, slots=True)
class Allowed:
    """The actions allowed (``attack`` means any attack, ``melee-attack`` melee only) and why others are not."""

    actions: tuple[Action, ...]
    reasons: tuple[str, ...]


def allowed_actions(role: Role, *, movement: Literal["walk", "idle", "run", "climb", "jump"] = "walk",
                    states: Collection[str] = (), dash: bool = False, over_encumbered: bool = False,
                    panic_failed: bool = False) -> Allowed:
    """Every action a model may declare now; ``states`` are lower-case state names (``engaged``, ``blinded``).

    An Engaged model's Assist may target only itself: that check belongs to the Assist's targets.
    """
    actions: list[Action] = list(NORMAL_ACTIONS)
    reasons: list[str] = []
    special_ok = role == "active" and movement == "idle"
    if role == "reactive":
        reasons.append("Special Actions are never Reactions (L714)")
    elif movement != "idle":
        reasons.append("a Special Action needs Idle in the Movement step (L1556)")
    if over_encumbered and special_ok:
        special_ok = False
        reasons.append("over-encumbered: no Special Action (L390)")
    if "immobilized" in states and special_ok:
        special_ok = False
        reasons.append("Immobilized: no Special Action (L1748)")
    if special_ok:
        actions += SPECIAL_ACTIONS
    if role == "active" and movement in ("run", "climb", "jump"):
        if dash and movement == "run":
            actions = ["nothing", "attack"]
            reasons.append("after a Run, Dash allows a STK 1 attack (L1922; ruling dash-wording)")
        else:
            actions = ["nothing"]
            reasons.append("after a Special Movement only Nothing (L1337)")
    if "engaged" in states:
        actions = [a for a in actions if a in ("assist", "dodge", "attack")]
        actions = ["melee-attack" if a == "attack" else a for a in actions]
        reasons.append("Engaged: only Melee Attack, Assist on itself or Dodge (L1457)")
    if "blinded" in states:
        actions = [a for a in actions if a in ("assist", "dodge", "nothing")]
        reasons.append("Blinded: only Assist, Dodge or Nothing (L1688)")
    if panic_failed and role == "reactive":
        actions = [a for a in actions if a == "dodge"]
        reasons.append("a failed panic roll allows only a Dodge toward the edge, or Idle (L1764)")
    return Allowed(tuple(actions), tuple(reasons))
