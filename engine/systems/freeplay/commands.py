"""Freeplay's own commands: rounds and turns, notes, the secret hand and questions to another side."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Command, ModelId, SideId

__all__ = ["FREEPLAY_COMMANDS", "AddCard", "AddNote", "Ask", "NextRound", "PassTurn", "PlayCard"]


@dataclass(frozen=True, slots=True, kw_only=True)
class NextRound(Command):
    verb = "round next"


@dataclass(frozen=True, slots=True, kw_only=True)
class PassTurn(Command):
    verb = "round turn"
    side: SideId


@dataclass(frozen=True, slots=True, kw_only=True)
class AddNote(Command):
    verb = "note"
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AddCard(Command):
    verb = "hand add"
    card: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayCard(Command):
    verb = "hand play"
    card: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Ask(Command):
    """Pose a choice to another side: freeplay knows no rules, so the opponent picks what rules leave to them
    (which model takes the hit, whether each model holds or flees). One part per model, or one in all."""

    verb = "ask"
    side: SideId
    question: str
    options: tuple[str, ...]
    models: tuple[ModelId, ...] = ()
    optional: bool = False


FREEPLAY_COMMANDS: tuple[type[Command], ...] = (NextRound, PassTurn, AddNote, AddCard, PlayCard, Ask)
