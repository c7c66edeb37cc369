"""Turning an invocation of a table command every game shares (join, roll, undo, decide...) into
the engine's core command; a game's own actions are built by the game (``bot.core.acting``)."""

from __future__ import annotations

import re

from bot.core.parsing import CommandLineError, Invocation
from engine.core import (
    Answer,
    AssignSeat,
    Command,
    Concede,
    EndGame,
    ExtendDecision,
    ForceDecision,
    JoinSide,
    LeaveSide,
    PassAhead,
    PauseGame,
    RequestUndo,
    ResumeGame,
    RigDice,
    RollDice,
    SetAway,
    SetTableSetting,
    SideId,
    UserId,
)

__all__ = ["core_command"]

_WHOLE = re.compile(r"-?[0-9]+")  # ASCII digits only: "²" is a digit to str.isdigit, not to int()


def core_command(invocation: Invocation) -> Command:
    """The core command an invocation of a command every game shares names (the registry routes only those
    here)."""
    options = invocation.options
    match invocation.path:
        case ("game", "join"):
            return JoinSide(side=SideId(str(options["side"]).upper()))
        case ("game", "leave"):
            return LeaveSide(side=SideId(str(options["side"]).upper()))
        case ("game", "seat"):
            return AssignSeat(side=SideId(str(options["side"]).upper()), user=UserId(str(options["user"])),
                              teammate=bool(options.get("team", False)))
        case ("game", "concede"):
            return Concede()
        case ("game", "end"):
            return EndGame()
        case ("game", "pause"):
            return PauseGame(reason=str(options.get("reason", "")))
        case ("game", "resume"):
            return ResumeGame()
        case ("game", "away"):
            return SetAway(side=SideId(str(options["side"]).upper()), away=bool(options.get("on", True)))
        case ("game", "extend"):
            return ExtendDecision(decision_id=str(options["decision"]), minutes=int(options["minutes"]))
        case ("roll",):
            return RollDice(expression=str(options["dice"]), purpose=str(options.get("for", "a free roll")))
        case ("dice", "rig"):
            if str(options["values"]).strip().casefold() == "clear":
                return RigDice(values=(), clear=True)
            values = tuple(int(v) if _WHOLE.fullmatch(v.strip()) else v.strip()
                           for v in str(options["values"]).split(",") if v.strip())
            return RigDice(values=values)
        case ("pass",):
            return PassAhead(until=str(options["until"]))
        case ("undo",):
            return RequestUndo(to_seq=int(options["to"]))
        case ("decide",):
            return _answer(str(options["decision"]), str(options.get("choice", "")), invocation.built_at_seq)
        case ("game", "pace"):
            return SetTableSetting(key="pace", value=str(options["pace"]))
        case ("game", "force"):
            forced = _answer(str(options["decision"]), str(options.get("choice", "")), None)
            return ForceDecision(decision_id=forced.decision_id, answers=forced.answers,
                                 choice=forced.choice or None)
    raise ValueError(f"{invocation.name} is not a core command")


def _answer(decision: str, choice: str, built_at: int | None) -> Answer:
    """``choice:yes`` answers a one-part decision; ``choice:A1=move;A2=shoot`` a compound one; no choice takes the
    defaults."""
    if not choice.strip():
        return Answer(decision_id=decision, built_at_seq=built_at)
    if "=" not in choice:
        return Answer(decision_id=decision, choice=choice.strip(), built_at_seq=built_at)
    answers: dict[str, str] = {}
    for part in (part for part in choice.split(";") if part.strip()):
        key, equals, value = part.partition("=")
        if not equals or not key.strip():
            raise CommandLineError(f"choice:{choice[:40]} mixes parts and plain answers; write part=answer;part=answer "
                                   "(or one plain answer for a one-part decision)")
        answers[key.strip()] = value.strip()
    return Answer(decision_id=decision, answers=answers, built_at_seq=built_at)
