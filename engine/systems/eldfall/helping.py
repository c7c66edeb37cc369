"""``/help`` in an Eldfall game: where the game stands for the asker, before the lines the declarations give for each
action it may take now (``System.help``)."""

from __future__ import annotations

from engine.core import Viewer, ViewerKind
from engine.systems.eldfall.alliance import alliance_line
from engine.systems.eldfall.declare import allowed_now
from engine.systems.eldfall.deployment_phase import deploying_now
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.setup import parties_fitting
from engine.systems.eldfall.setup_phases import DEPLOY, INITIATIVE, PARTIES, SCHEMES
from engine.systems.eldfall.state import ACTION_STEP, EldfallState

__all__ = ["help_lines"]


def help_lines(kit: Kit, state: EldfallState, viewer: Viewer) -> tuple[str, ...]:
    """What ``viewer`` may do now (a spectator is told what the game waits for)."""
    quest = kit.quest(state)
    when = f"round {state.round}" if state.round else "setting up"  # no round before the first (finding 32)
    head = f"{quest.name} ({kit.game_size(state)} points, {kit.mode(state)} measuring), {when}."
    if state.alliance:
        head += " " + alliance_line(state)
    if state.outcome is not None:
        return (head, f"The quest is over: {state.outcome.describe()}")
    side = viewer.side if viewer.kind is ViewerKind.SIDE else None
    owed = [d for d in state.pending.values() if d.owner == side]
    if owed:
        decision = owed[0]
        return (head, f"You owe a decision ({decision.id}): {decision.prompt} Answer with /decide "
                      f"decision:{decision.id} choice:<answer> (parts as part=answer;part=answer), or Decide.")
    if side is None or side == state.hostile_side:
        return (head, f"Waiting for: {', '.join(d.owner for d in state.pending.values()) or state.active_side or '-'}.")
    if state.phase == PARTIES:
        if state.record(side).party is not None:
            return (head, "Your party is chosen; the other players are choosing theirs.")
        names = ", ".join(p.name for p in parties_fitting(kit, state))
        return (head, f"Choose your party in secret: /force load name:<party> ({names}), or /force import file: with "
                      "your own list (L1008-1036).")
    if state.phase == SCHEMES or state.phase == INITIATIVE:
        return (head, "The other players are choosing; nothing for you to do yet.")
    if state.phase == DEPLOY:
        if state.record(side).ready:
            return (head, "You are deployed; waiting for the others (the lists are revealed once all are done).")
        now = deploying_now(kit, state)
        if now is not None and now != side:
            return (head, f"Side {now} is deploying; the players deploy in the turn order (L1094-1102), so wait for "
                          "your turn.")
        if state.one_at_a_time:
            return (head, f"Place one model inside your zone D{side} (/model place model:<id> at:x,y facing:), then "
                          "it is the next player's turn; everyone sees it once placed (L1094). /act action:ready "
                          "leaves the rest where they stand.")
        return (head, f"Deploy inside your zone D{side}: /model place model:<id> at:x,y (facing:), or /deploy auto; "
                      f"then /act action:ready (L1102-1111). Your models are hidden until "
                      f"{'everyone is' if now is None else 'you are'} ready.")
    world = kit.world(state)
    if state.active_side is not None and state.allied(side, state.active_side):
        return (head, f"It is your ally side {state.active_side}'s turn. When one of its models moves you may Dodge "
                      "with yours to reposition, 1 AP each (L2937, ruling alliance-reactions).")
    if state.active_side != side:
        return (head, f"It is side {state.active_side}'s turn. When one of its models moves you will be asked to "
                      "react (one decision for all your models: nothing, Dodge or an attack with a point of its "
                      "path), 1 AP each (L1198-1246).")
    sequence = state.sequence
    if sequence is None:
        ready = [f"{f.id} ({f.figure.ap} AP)" for f in world.fighters(side, standing=True) if f.figure.ap > 0]
        return (head, f"Your Tactical phase: activate a model (it moves or stays Idle), then declare its action "
                      f"(L1164-1172). Models with AP: {', '.join(ready) or 'none'}.")
    if state.step == ACTION_STEP:
        f = world.fighter(sequence.model)
        allowed = ", ".join(a for a in allowed_now(world, f) if a != "melee-attack")
        return (head, f"Declare {f.id}'s action ({allowed}) (L1250).")
    return (head, f"{sequence.model}'s sequence waits for the reactive player's decision.")
