"""Answers to the table's own questions, the same in every game: the board, the log, the status, help,
the game's state, its rules options and its export.

Each reads one game as its asker may see it; what goes to the whole table is built from the spectator's
view, so it cannot carry what only the asker knows. A game's own questions (``/measure``, ``/hand show``)
are its actions, answered in ``bot.core.acting``.
"""

from __future__ import annotations

import json
from typing import Any

from bot.core.announce import AFTER_THE_GAME, announce_pending, decision_prompt, waiting_for
from bot.core.export import export_json, replay_frames
from bot.core.outputs import Document, Output, OutputFile, Replay
from bot.core.parsing import Invocation
from bot.core.pictures import board_picture, board_text
from bot.core.prompts import turn_notice
from engine.core import SPECTATOR, ActKind, Game, SideId, UserId, View, Viewer, flow_header

__all__ = ["answer_query", "help_text", "status_line", "viewer_for"]

_LOG_DEFAULT = 10


def answer_query(game: Game[Any], user: UserId, invocation: Invocation, side: SideId | None,
                 host: bool = False) -> list[Output]:
    """The answer to one of the table's questions (the registry routes only those here)."""
    held = game.state.sides_of(user)
    viewer = Viewer.of_side(side) if side is not None and side in held else viewer_for(game, user)
    match invocation.path:
        case ("game", "state"):
            state = json.dumps(game.view(viewer).public_json(), indent=1)
            return [Output(text=f"The game at event #{game.seq} as you may see it.", to=user,
                           pictures=(Document(f"{game.setup.system}-state.json", state, "The game's state as JSON"),))]
        case ("game", "rules"):
            rulings = game.setup.rulings or {}
            text = "\n".join(f"{key}: {value}" for key, value in rulings.items()) or "No rules options."
            return [Output(text=text, to=user)]
        case ("log",):
            count = int(invocation.options.get("count", _LOG_DEFAULT))
            every = bool(invocation.options.get("all"))  # all:yes adds the bookkeeping (counts, decks, paths)
            lines = game.log_view(viewer, full=every).lines[-count:] if count > 0 else ()
            return [Output(text="\n".join(f"#{line.seq} {line.text}" for line in lines) or "Nothing logged yet.",
                           to=user)]
        case ("status",):  # with the notices of what the table waits on: each decision, a prompt turn
            notice = turn_notice(game)
            return [Output(text=status_line(game)), *announce_pending(game), *([notice] if notice else [])]
        case ("help",):
            return [Output(text=help_text(game, user, host, viewer), to=user)]
        case ("game", "export"):
            return [_export(game, str(invocation.options.get("every", "turn")), user)]
        case ("board",):
            # The table sees what a spectator sees; someone holding no side looks privately.
            to = None if held else user
            if invocation.options.get("text"):
                return [Output(text=board_text(game, SPECTATOR), to=to)]
            zoom = invocation.options.get("zoom")
            pictures = board_picture(game, zoom=str(zoom).upper() if zoom else None, whole=not zoom)
            if not pictures:  # a board still being chosen (Underworlds' set-up): say so, not an empty "table at"
                return [Output(text="There is no battlefield to draw yet: the set-up has not laid it out. /status "
                                    "says where the game stands.", to=user)]
            return [Output(text=f"The table at event #{game.seq}.", to=to, pictures=pictures)]
    raise ValueError(f"{invocation.name} is not one of the table's questions")


def status_line(game: Game[Any]) -> str:
    """One public line: where the game stands in the picture header's words (round, phase, step, whose turn: one
    flow record, so the two never disagree), seats, scores, what is pending, paused or away."""
    view = game.view(SPECTATOR)
    seats = ", ".join(f"{side}: {_players(view, side)}" for side in view.sides)
    scores = game.system.scores(game.state)
    owed = "; ".join(f"{p.id} owed by side {p.owner}" for p in view.pending)
    turn = waiting_for(game) if game.to_act().kind is not ActKind.OPEN else ""  # a turn is owed as a decision is
    pending = f"Pending: {owed}." if owed else (turn or "Pending: nothing.")
    over = f" {view.outcome.describe()}" if view.outcome else ""
    paused = " Paused by the host (/game resume)." if game.state.paused else ""
    away = f" Away: {', '.join(game.state.away)}." if game.state.away else ""
    flow = "".join(f", {part}" for part in flow_header(game.system, game.state, SPECTATOR).flow())
    notes = "".join(f" {note}" for note in game.system.status_notes(game.state))
    rigged = game.rigged()
    if rigged:  # never a surprise for a later roll
        notes += f" Rigged dice still queued: {', '.join(str(value) for value in rigged)} (/dice rig values:clear)."
    return (f"{game.system.spec.title}{flow}. Seats: {seats}. "
            f"Scores: {', '.join(f'{s}: {v}' for s, v in scores.items())}.{notes} {pending}"
            f"{over}{paused}{away}")


def _players(view: View, side: SideId) -> str:
    """Who plays a side: its seat holder and teammates, or empty; and whether it conceded."""
    players = " & ".join((view.seats[side], *view.teammates.get(side, ()))) if side in view.seats else "empty"
    return players + (" (conceded)" if side in view.conceded else "")


def help_text(game: Game[Any], user: UserId, host: bool, viewer: Viewer) -> str:
    """What this person can do now, in this game's state: the next step first (the game's own advice),
    then the tools every table has."""
    held = game.state.sides_of(user)
    if game.is_over():
        return AFTER_THE_GAME
    mine = [d for d in game.pending if d.owner in held]
    if mine:
        return decision_prompt(game, game.view(Viewer.of_side(mine[0].owner)).pending[0])
    look = "You can look at any time: /board, /status, /log."
    if any(d.holds_up(held) for d in game.pending):
        return f"{waiting_for(game, held)} {look}"
    if not held:
        free = [s for s in game.state.sides if s not in game.state.seats]
        join = "Join with /game join" + (f" (free: {', '.join(free)})." if free else "; every side is taken.")
        return f"You hold no side. {join} {look}"
    lines = [f"You hold side {', '.join(held)}."]
    if len(held) > 1:
        lines.append("A command acts for the side of the model it names, else for the side the game waits on; "
                     f"to say which, /game side side:{held[0]}.")
    lines.extend(game.system.help(game.state, viewer if viewer.side in held else Viewer.of_side(held[0])))
    lines.append("/act alone lists what you can do now as a menu.")
    if host:
        lines.append("As host: /game pause, /game force, /game extend, /game seat, /game end.")
    lines.append(look)
    # Where the game stands in one paragraph, then each command on a line of its own (one run-on paragraph of
    # five commands with their options and citations was hard to read).
    prose = " ".join(line for line in lines if not line.startswith(("/", "As host:", look)))
    return "\n".join([prose, *(line for line in lines if line.startswith(("/", "As host:", look)))])


def viewer_for(game: Game[Any], user: UserId) -> Viewer:
    held = game.state.sides_of(user)
    return Viewer.of_side(held[0]) if len(held) == 1 else SPECTATOR


def _export(game: Game[Any], every: str, user: UserId) -> Output:
    """The public log as JSON and the public boards as an animated GIF, for the asker to keep."""
    name = f"{game.setup.system}-game"
    files: list[OutputFile] = [Document(f"{name}.json", export_json(game).decode("utf-8"),
                                        "The game's public log as JSON")]
    frames = replay_frames(game, every)
    if frames:
        files.append(Replay(f"{name}.gif", tuple(frames), f"The battlefield by {every}, {len(frames)} pictures"))
    return Output(text=f"The game up to event #{game.seq}: its public log and a replay by {every}.", to=user,
                  pictures=tuple(files))
