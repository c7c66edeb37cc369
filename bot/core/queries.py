"""Answers to commands that change nothing: the board, the log, the status, help, suggestions, exports.

Each reads one game as its asker may see it; what goes to the whole table is built from the spectator's
view, so it cannot carry what only the asker knows.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from bot.core.announce import announce_pending, decision_prompt
from bot.core.data_loader import load_system_data, shipped_data
from bot.core.export import export_json, replay_frames
from bot.core.map_import import map_preview
from bot.core.outputs import Document, Output, OutputFile, Replay
from bot.core.parsing import Invocation
from bot.core.pictures import board_picture, board_text
from bot.core.registry import Suggest
from engine.core import SPECTATOR, Game, QueryAnswer, RulesError, SideId, UserId, Viewer

__all__ = ["answer_query", "help_text", "status_line", "suggest", "viewer_for"]


def answer_query(game: Game[Any], user: UserId, invocation: Invocation,
                 side: SideId | None, host: bool = False) -> list[Output] | None:
    """The answer to a command that changes nothing (a look at the board, the log, the status, help),
    or None when the invocation is a command to apply."""
    held = game.state.sides_of(user)
    viewer = Viewer.of_side(side) if side is not None and side in held else viewer_for(game, user)
    match invocation.path:
        case ("game", "state"):
            return [Output(text=json.dumps(game.view(viewer).public_json(), indent=1), to=user)]
        case ("game", "rules"):
            rulings = game.setup.rulings or {}
            text = "\n".join(f"{key}: {value}" for key, value in rulings.items()) or "No rules options."
            return [Output(text=text, to=user)]
        case ("log",):
            count = int(invocation.options.get("count", 10))
            lines = game.log_view(viewer).lines[-count:]
            return [Output(text="\n".join(f"#{line.seq} {line.text}" for line in lines), to=user)]
        case ("status",):
            return [Output(text=status_line(game)), *announce_pending(game)]
        case ("help",):
            return [Output(text=help_text(game, user, host), to=user)]
        case ("map", "preview"):
            return map_preview(str(invocation.options["name"]), load_system_data(game.setup.system), user)
        case ("game", "export"):
            return [_export(game, str(invocation.options.get("every", "turn")), user)]
        case ("board",):
            # The table sees what a spectator sees; someone holding no side looks privately.
            to = None if held else user
            if invocation.options.get("text"):
                return [Output(text=board_text(game, SPECTATOR), to=to)]
            zoom = invocation.options.get("zoom")
            return [Output(text=f"The table at event #{game.seq}.", to=to,
                           pictures=board_picture(game, zoom=str(zoom).upper() if zoom else None))]
    answer = game.system.query(game.state, viewer, invocation.path, invocation.options)
    if answer is None:
        return None
    if not answer.private and viewer != SPECTATOR:
        answer = _public_answer(game, invocation, answer)
    shown_to = viewer if answer.private else SPECTATOR
    pictures = board_picture(game, answer.overlays, viewer=shown_to) if answer.overlays else ()
    picks = tuple((pick.label, replace(invocation, options={**invocation.options, pick.option: pick.value}))
                  for pick in answer.picks)
    return [Output(text=answer.text, to=user if answer.private else None, pictures=pictures, picks=picks)]

def status_line(game: Game[Any]) -> str:
    """One public line: round, seats, scores, what is pending, paused or away."""
    view = game.view(SPECTATOR)
    seats = ", ".join(f"{side}: {view.seats.get(side, 'empty')}" for side in view.sides)
    scores = game.system.scores(game.state)
    pending = "; ".join(f"{p.id} owed by side {p.owner}" for p in view.pending) or "nothing"
    over = f" {view.outcome.describe()}" if view.outcome else ""
    paused = " Paused by the host (/game resume)." if game.state.paused else ""
    away = f" Away: {', '.join(game.state.away)}." if game.state.away else ""
    turn = f", side {view.active_side} to play" if view.active_side else ""
    return (f"{game.system.spec.title}, round {view.round}{turn}. Seats: {seats}. "
            f"Scores: {', '.join(f'{s}: {v}' for s, v in scores.items())}. Pending: {pending}.{over}{paused}{away}")

def help_text(game: Game[Any], user: UserId, host: bool) -> str:
    """What this person can do now, in this game's state: the next step first, then the tools."""
    held = game.state.sides_of(user)
    if game.is_over():
        return ("The game is over. /game rematch plays it again with the sides swapped, /game export takes "
                "its log and a replay home, /game new starts another.")
    mine = [d for d in game.pending if d.owner in held]
    if mine:
        return decision_prompt(game, game.view(Viewer.of_side(mine[0].owner)).pending[0])
    look = "You can look at any time: /board, /status, /log."
    if game.pending:
        return f"Waiting for side {game.pending[0].owner} to decide. {look}"
    if not held:
        free = [s for s in game.state.sides if s not in game.state.seats]
        join = "Join with /game join" + (f" (free: {', '.join(free)})." if free else "; every side is taken.")
        return f"You hold no side. {join} {look}"
    board = game.system.board(game.state, Viewer.of_side(held[0]), ())
    models = [m.id for m in board.models if m.side in held] if board else []
    lines = [f"You hold side {', '.join(held)}."]
    if len(held) > 1:
        lines.append(f"Moves act for their model's side; for the rest choose with /game side side:{held[0]}.")
    if not models:
        forces = _force_names(game.setup.system)
        example = f" (for example {forces[0]})" if forces else ""
        lines.append(f"Your side has no models yet: /force load name:<force>{example} side:{held[0]}, or "
                     f"/model add; then /deploy auto side:{held[0]} spreads them in your zone.")
    else:
        lines.append(f"Your models: {', '.join(models[:12])}{' ...' if len(models) > 12 else ''}. Next: "
                     f"/move model:{models[0]} (leave to: out for suggested moves), /measure, /los, /roll, "
                     "/model wound; /round turn passes the turn.")
    if host:
        lines.append("As host: /game pause, /game force, /game extend, /game seat, /game end.")
    lines.append(look)
    return " ".join(lines)

def _force_names(system: str) -> list[str]:
    catalogue = shipped_data(system)
    return [force.name for force in catalogue.forces] if catalogue else []


def suggest(game: Game[Any], user: UserId, kind: Suggest) -> list[str]:
    """Values for an option, filtered to what ``user`` may use and know in this game now."""
    held = game.state.sides_of(user)
    viewer = viewer_for(game, user)
    board = game.system.board(game.state, viewer, ())
    match kind:
        case Suggest.SIDE:
            return list(game.state.sides)
        case Suggest.MODEL:
            return [m.id for m in board.models] if board else []
        case Suggest.OWN_MODEL:
            return [m.id for m in board.models if m.side in held] if board else []
        case Suggest.TERRAIN:
            return [t.id for t in board.terrain] if board else []
        case Suggest.DECISION:
            return [d.id for d in game.pending if d.owner in held]
        case Suggest.CARD:
            hand = getattr(game.view(viewer), "my_hand", None)
            return list(hand or ())
    catalogue = load_system_data(game.setup.system)
    match kind:
        case Suggest.UNIT:
            return [u.name for u in catalogue.units] + list(game.state.imported_units)
        case Suggest.FORCE:
            return [f.name for f in catalogue.forces]
    return []


def viewer_for(game: Game[Any], user: UserId) -> Viewer:
    held = game.state.sides_of(user)
    return Viewer.of_side(held[0]) if len(held) == 1 else SPECTATOR


def _public_answer(game: Game[Any], invocation: Invocation, mine: QueryAnswer) -> QueryAnswer:
    """A public answer is recomputed as a spectator sees the table, so it cannot carry what only the
    asker knows; when a spectator could not ask it at all, the asker's answer stays private."""
    try:
        public = game.system.query(game.state, SPECTATOR, invocation.path, invocation.options)
    except RulesError:
        public = None
    return public if public is not None else replace(mine, private=True)


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
