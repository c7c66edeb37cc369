"""What ``/help`` says of the moment, before the lines the declarations give for each action a side may take now:
where the game stands, whose turn it is, and what each step of the game is about. Nothing here decides what is legal
(the declarations do).
"""

from __future__ import annotations

from engine.core import SideId, Viewer, ViewerKind
from engine.systems.underworlds.game_state import UnderworldsState

__all__ = ["help_lines"]


def _side(viewer: Viewer) -> SideId | None:
    return viewer.side if viewer.kind is ViewerKind.SIDE else None


def help_lines(state: UnderworldsState, viewer: Viewer) -> tuple[str, ...]:
    """Where the game stands for ``viewer``, and what the step is about (``/help``)."""
    side = _side(viewer)
    now = _now(state)
    if side is None or side not in state.sides:
        return (f"Now: {now}.", "Spectators can look (/board, /status, /log); players act with /act and /hand.")
    lines = [f"Now: {now}."]
    mine = state.active_side == side or (state.power is not None and state.power.turn == side)
    waiting = [d for d in state.pending.values() if d.owner == side]
    if waiting:
        lines.append(f"You must answer {waiting[0].id}: /decide decision:{waiting[0].id} choice:<answer> (or the "
                     "Decide button).")
    elif state.step == "dice":
        lines.append("This table rolls its own dice (ruling dice-faces): enter both with /force import file:<a YAML "
                     "file with dice: [...], written like data/underworlds/dice.yaml>; the set-up goes on then.")
    elif state.step == "tokens" and mine:
        lines.append("Place an objective token: /act action:token to:<hex> (not a starting, blocked or edge hex, "
                     "nor within two hexes of another token; L307, L311).")
    elif state.step == "artefact" and mine:
        lines.append("Place the Katophrane Artefact: /act action:artefact to:<hex> in no one's territory (L737).")
    elif state.step == "fighters" and mine:
        lines.append("Place a fighter: /act action:place model:<fighter> to:<starting hex of your territory> (L385).")
    elif state.step == "activation" and mine:
        used = state.players[side].activations
        lines += [f"Your activation ({used + 1} of 4). Choose one (L397-L401):",
                  "  /move model:<fighter> to:<hex>   (at most once a phase; /move model:<fighter> lists hexes)",
                  "  /act action:charge model:<fighter> target:<enemy> to:<hex>",
                  "  /act action:attack model:<fighter> target:<enemy> [with:<attack>]",
                  "  /act action:guard model:<fighter>   /act action:use model:<fighter> with:<upgrade>",
                  "  /act action:pass" if state.sudden_death else
                  "  /act action:draw   /act action:swap with:<objective>   /act action:pass"]
        if state.sudden_death:
            lines.append("Sudden death: no cards are drawn or played and no objectives scored; the first to wipe out "
                         "the other warband wins the match (L751).")
    elif state.step == "power" and mine:
        lines.append("Power step: /hand play card:<ploy or upgrade> [model:] [target:] [to:], or /act action:pass "
                     "(L575). /hand show lists your cards.")
    elif state.step == "end" and state.active_side == side and state.end_stage:
        lines.append(f"Your turn in the end phase's part {state.end_stage} (every player takes each part in turn, "
                     f"ruling end-phase-order): {_STAGE_HELP.get(state.end_stage, '')}/act action:pass when done "
                     "(L703).")
    elif state.step == "end" and state.active_side == side and state.round < 3:
        lines.append("Your end phase: /act action:discard with:<card>, /hand play card:<upgrade> model:<fighter>, "
                     "then /act action:pass to draw up (L703).")
    elif state.step == "end" and state.active_side == side:
        lines.append("Your end phase, scoring only: claim an objective the referee cannot judge with /hand play "
                     "card:<objective>, then /act action:pass (L711).")
    else:
        lines.append(f"Wait for side {state.active_side or 'the others'}. You may pass ahead on reactions with "
                     "/pass until:phase (nobody is told).")
    lines.append("The picture's hex ids (C4) and fighter ids (A1) are what you type. /hand show: your cards.")
    return tuple(lines)


_STAGE_HELP = {"score": "claim an objective the referee cannot judge with /hand play card:<objective>; ",
               "discard-objectives": "/act action:discard with:<objective>; ",
               "upgrades": "/hand play card:<upgrade> model:<fighter>; ",
               "discard-power": "/act action:discard with:<power card>; "}


def _now(state: UnderworldsState) -> str:
    step = state.step
    turn = state.active_side
    if step == "power" and state.power is not None:
        return f"round {state.round}, power step (side {state.power.turn} to play or pass)"
    if step == "activation":
        return f"round {state.round}, action phase (side {turn}'s activation)"
    if step == "end":
        return f"round {state.round}, end phase{f', {state.end_stage}' if state.end_stage else ''} (side {turn})"
    if step == "over":
        return "the game is over"
    return f"setting up ({step}{f', side {turn}' if turn else ''})"
