"""How freeplay answers its own commands: rounds and turns, notes, questions to another side, the hand.

The table's commands (models, terrain, maps, moves) are the shared table layer's; freeplay adds only the turn
order it keeps when players use ``/round turn``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from typing import Any

from engine.core import (
    Command,
    Context,
    Decision,
    DecisionPart,
    IllegalCommand,
    InvalidCommand,
    ModelId,
    NotYourTurn,
    Option,
    SideId,
    side_only,
)
from engine.systems.freeplay.commands import AddCard, AddNote, Ask, NextRound, PassTurn, PlayCard
from engine.systems.freeplay.events import CardAdded, CardPlayed, HandGrew, NoteAdded, RoundStarted, TurnPassed
from engine.systems.freeplay.state import FreeplayState

__all__ = ["ASK_KIND", "FreeplayRules", "check_turn"]

Ctx = Context[FreeplayState]

ASK_KIND = "ask"
"""The kind of decision ``/ask`` opens; the core logs its answer and freeplay needs nothing more."""
MIN_ASK_OPTIONS, MAX_ASK_OPTIONS = 2, 25  # a choice needs two answers; Discord shows at most 25
MAX_OPTION_TEXT = 80
MAX_ASK_PARTS = 20
_KEY = re.compile(r"[^a-z0-9]+")


def _close(word: str, names: Sequence[str]) -> str:
    match = difflib.get_close_matches(word, names, n=1)
    return f" Did you mean {match[0]}?" if match else ""


def check_turn(ctx: Context[Any], side: SideId, verb: str) -> None:
    """Once a turn order is set (``/round turn``), only the side whose turn it is moves its models."""
    active = ctx.state.active_side
    if active is not None and side != active:
        raise NotYourTurn(f"it is side {active}'s turn; side {active} hands it over with /round turn side:{side}",
                          verb=verb)


def _ask_options(texts: Sequence[str], verb: str) -> tuple[Option, ...]:
    """The answers offered, each keyed by a short form of its text (``hold``, ``fall-back``) that
    ``/decide`` accepts as well as the text itself; numbers when the short forms would clash."""
    if not MIN_ASK_OPTIONS <= len(texts) <= MAX_ASK_OPTIONS:
        raise InvalidCommand(f"give {MIN_ASK_OPTIONS} to {MAX_ASK_OPTIONS} options separated by commas, e.g. "
                             f"options:hold,flee (got {len(texts)})", verb=verb)
    for text in texts:
        if len(text) > MAX_OPTION_TEXT:
            raise InvalidCommand(f"option {text[:20]!r}... is {len(text)} characters long; at most "
                                 f"{MAX_OPTION_TEXT} are allowed", verb=verb)
    folded = [text.casefold() for text in texts]
    repeated = next((text for index, text in enumerate(texts) if folded.index(folded[index]) != index), None)
    if repeated is not None:
        raise InvalidCommand(f"the option {repeated!r} is given twice; each option must differ", verb=verb)
    keys = [_KEY.sub("-", text.casefold()).strip("-")[:32] for text in texts]
    if len(set(keys)) != len(keys) or not all(keys):
        keys = [str(number) for number in range(1, len(texts) + 1)]
    return tuple(Option(key=key, label=text) for key, text in zip(keys, texts, strict=True))


def _ask_parts(ctx: Ctx, side: SideId, models: Sequence[ModelId], question: str, options: tuple[Option, ...],
               verb: str) -> tuple[DecisionPart, ...]:
    """One part per listed model of ``side`` (or one in all), each defaulting to the first option."""
    default = options[0].key
    if not models:
        return (DecisionPart(key="answer", prompt=question, options=options, default=default),)
    if len(models) > MAX_ASK_PARTS:
        raise InvalidCommand(f"ask about at most {MAX_ASK_PARTS} models at once (got {len(models)})", verb=verb)
    if len(set(models)) != len(models):
        twice = next(model for model in models if models.count(model) > 1)
        raise InvalidCommand(f"{twice} is listed twice in models", verb=verb)
    parts = []
    for model_id in models:
        model = ctx.state.models.get(model_id)
        if model is None:
            known = sorted(m.id for m in ctx.state.models.values() if m.side == side)
            raise InvalidCommand(f"there is no model {model_id} on the table.{_close(model_id, known)} "
                                 f"Side {side}'s models: {', '.join(known) or 'none'}", verb=verb)
        if model.side != side:
            raise InvalidCommand(f"{model_id} belongs to side {model.side}, not side {side}: ask each side about "
                                 "its own models", verb=verb)
        parts.append(DecisionPart(key=model_id, prompt=f"{model_id} {model.name}: {question}", options=options,
                                  default=default))
    return tuple(parts)


class FreeplayRules:
    """Dispatches freeplay's own commands."""

    def __init__(self) -> None:
        self.handlers: dict[type[Command], Callable[[Ctx, Any], None]] = {
            NextRound: self._next_round, PassTurn: self._pass_turn, AddNote: self._note, AddCard: self._add_card,
            PlayCard: self._play_card, Ask: self._ask,
        }

    def handle(self, ctx: Ctx, command: Command) -> None:
        self.handlers[type(command)](ctx, command)

    # -- rounds, turns, notes --------------------------------------------------------------------

    def _next_round(self, ctx: Ctx, command: NextRound) -> None:
        ctx.acting_side()
        ctx.emit(RoundStarted(round=ctx.state.round + 1))

    def _pass_turn(self, ctx: Ctx, command: PassTurn) -> None:
        side = ctx.acting_side()
        if ctx.state.active_side is not None and not ctx.actor.host:
            check_turn(ctx, side, command.verb)
        if command.side not in ctx.state.sides:
            raise InvalidCommand(f"there is no side {command.side}; the sides are {', '.join(ctx.state.sides)}",
                                 verb=command.verb)
        ctx.emit(TurnPassed(side=command.side))

    def _note(self, ctx: Ctx, command: AddNote) -> None:
        side = None if ctx.actor.host and not ctx.state.sides_of(ctx.actor.user) else ctx.acting_side()
        ctx.emit(NoteAdded(side=side, text=command.text))

    # -- asking the other side -----------------------------------------------------------------

    def _ask(self, ctx: Ctx, command: Ask) -> None:
        asker = None if ctx.actor.host and not ctx.state.sides_of(ctx.actor.user) else ctx.acting_side()
        side = command.side
        if side not in ctx.state.sides:
            raise InvalidCommand(f"there is no side {side}; the sides are {', '.join(ctx.state.sides)}",
                                 verb=command.verb)
        if side == asker:
            raise InvalidCommand(f"you act for side {side}; ask another side", verb=command.verb)
        holder = ctx.state.controller(side)
        if holder is None:
            raise IllegalCommand(f"side {side} has no player to answer yet; ask once someone holds it "
                                 "(/game join or the host's /game seat)", verb=command.verb)
        if holder == ctx.actor.user and not ctx.state.setup.practice:
            raise IllegalCommand(f"you hold side {side} yourself; only a practice table lets you ask yourself",
                                 verb=command.verb)
        question = command.question.strip()
        if not question:
            raise InvalidCommand('give the question, e.g. question:"Hold or flee?"', verb=command.verb)
        options = _ask_options(command.options, command.verb)
        parts = _ask_parts(ctx, side, command.models, question, options, command.verb)
        who = f"Side {asker}" if asker else "The host"
        ctx.open_decision(Decision(
            id=ctx.next_decision_id(), owner=side, kind=ASK_KIND, prompt=f"{who} asks: {question}", parts=parts,
            optional=command.optional, context={"asked_by": asker},
        ))

    # -- the secret hand -----------------------------------------------------------------------

    def _add_card(self, ctx: Ctx, command: AddCard) -> None:
        side = ctx.acting_side()
        ctx.emit(CardAdded(side=side, card=command.card), side_only(side))
        ctx.emit(HandGrew(side=side, size=len(ctx.state.hands[side])))

    def _play_card(self, ctx: Ctx, command: PlayCard) -> None:
        side = ctx.acting_side()
        hand = ctx.state.hands.get(side, [])
        match = next((card for card in hand if card.casefold() == command.card.casefold()), None)
        if match is None:
            raise InvalidCommand(f"{command.card!r} is not in your hand; see it with /hand show", verb=command.verb)
        ctx.emit(CardPlayed(side=side, card=match))
