"""How the core answers the commands every game shares: seats, decisions, dice, undo, the end."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.commands import (
    Answer,
    AssignSeat,
    Command,
    Concede,
    EndGame,
    ExpireDecision,
    ExtendDecision,
    ForceDecision,
    ImportUnits,
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
)
from engine.core.context import Context
from engine.core.core_events import (
    AwayChanged,
    DecisionExtended,
    DiceRigged,
    DiceRolled,
    GameEnded,
    GamePaused,
    GameResumed,
    SeatLeft,
    SeatTaken,
    SideConceded,
    TableSettingChanged,
    UndoApplied,
    UndoRefused,
    UnitsImported,
)
from engine.core.decision_kinds import given_answers, live_defaults
from engine.core.decisions import Decision, DecisionPart, Option
from engine.core.errors import IllegalCommand, InvalidCommand, NotYourTurn
from engine.core.events import Event
from engine.core.ids import SideId
from engine.core.outcome import EndReason, Outcome
from engine.core.reactions import (
    PHASE,
    REACTION,
    PrePass,
    answer_reaction,
    in_this_phase,
    is_prepassed,
    prepass_answers,
    set_prepass,
)
from engine.core.state import CoreState
from engine.core.together import TOGETHER, answer_together
from engine.dice import NotationError, roll_expression

__all__ = ["CORE_HANDLERS", "answer_core_decision", "crossed_secret", "request_undo"]

Handler = Callable[[Context[Any], Any], None]


def _known_side(ctx: Context[Any], side: SideId) -> SideId:
    if side not in ctx.state.sides:
        raise InvalidCommand(f"there is no side {side!r}; the sides are {', '.join(ctx.state.sides)}")
    return side


def _require_host(ctx: Context[Any], command: Command) -> None:
    if not ctx.actor.host:
        raise IllegalCommand("only the game's host may do this", verb=command.verb)


def _join(ctx: Context[Any], command: JoinSide) -> None:
    side = _known_side(ctx, command.side)
    holder = ctx.state.controller(side)
    if holder == ctx.actor.user:
        raise IllegalCommand(f"you already hold side {side}", verb=command.verb)
    if holder is not None:
        raise IllegalCommand(f"side {side} is held by {holder}; free sides: "
                             f"{', '.join(s for s in ctx.state.sides if s not in ctx.state.seats) or 'none'}",
                             verb=command.verb)
    held = ctx.state.sides_of(ctx.actor.user)
    if held and not ctx.state.setup.practice:
        raise IllegalCommand(f"you already hold side {held[0]}; only practice tables let one player hold "
                             "several sides", verb=command.verb)
    ctx.emit(SeatTaken(side=side, user=ctx.actor.user))


def _leave(ctx: Context[Any], command: LeaveSide) -> None:
    side = _known_side(ctx, command.side)
    if not ctx.state.holds(ctx.actor.user, side):
        raise IllegalCommand(f"you do not hold side {side}", verb=command.verb)
    ctx.emit(SeatLeft(side=side, user=ctx.actor.user))


def _assign(ctx: Context[Any], command: AssignSeat) -> None:
    _require_host(ctx, command)
    side = _known_side(ctx, command.side)
    if command.teammate:
        if ctx.state.holds(command.user, side):
            raise IllegalCommand(f"{command.user} already plays side {side}", verb=command.verb)
        ctx.emit(SeatTaken(side=side, user=command.user, teammate=ctx.state.controller(side) is not None))
        return
    previous = ctx.state.controller(side)
    if previous is not None:
        ctx.emit(SeatLeft(side=side, user=previous))
    ctx.emit(SeatTaken(side=side, user=command.user))


def _pending(ctx: Context[Any], decision_id: str) -> Decision:
    try:
        decision: Decision = ctx.state.pending[decision_id]
    except KeyError:
        held = ctx.state.sides_of(ctx.actor.user)
        known = [f"{d.id} (side {d.owner})" for d in ctx.state.pending.values()
                 if not d.owner_only or d.owner in held]  # one nobody else may know of stays unknown
        waiting = f"waiting now: {', '.join(known)}" if known else "nothing is waiting for an answer now"
        raise InvalidCommand(f"choice {decision_id[:20]} is not waiting for an answer (it was answered or has "
                             f"closed, or there never was one); {waiting}") from None
    return decision


def _given_answers(ctx: Context[Any], decision: Decision, command: Answer | ForceDecision) -> dict[str, str]:
    """The answers a command gives, by part, checked against the parts as they stand (a lone ``choice`` answers a
    one-part decision, or every part of a longer one that offers it)."""
    return given_answers(ctx.system, ctx.state, decision, command.answers, command.choice)


def _answer(ctx: Context[Any], command: Answer) -> None:
    decision = _pending(ctx, command.decision_id)
    if not ctx.state.holds(ctx.actor.user, decision.owner):
        raise NotYourTurn(f"decision {decision.id} belongs to side {decision.owner}", verb=command.verb)
    ctx.answer(decision, _given_answers(ctx, decision, command), "answer")


def _expire(ctx: Context[Any], command: ExpireDecision) -> None:
    _require_host(ctx, command)
    decision = _pending(ctx, command.decision_id)
    if not decision.optional:
        raise IllegalCommand(f"decision {decision.id} is required: it waits for side {decision.owner} "
                             "or for the host to force it", verb=command.verb)
    defaults = live_defaults(ctx.system, ctx.state, decision)
    if defaults is None:
        raise IllegalCommand(f"decision {decision.id} has no default; the host must force it", verb=command.verb)
    ctx.answer(decision, defaults, "timeout")


def _force(ctx: Context[Any], command: ForceDecision) -> None:
    _require_host(ctx, command)
    decision = _pending(ctx, command.decision_id)
    ctx.answer(decision, _given_answers(ctx, decision, command), "forced")


MAX_EXTENSION_MINUTES = 1440
"""One extension grants at most a day; the host may grant again."""


def _extend(ctx: Context[Any], command: ExtendDecision) -> None:
    _require_host(ctx, command)
    decision = _pending(ctx, command.decision_id)
    if not 1 <= command.minutes <= MAX_EXTENSION_MINUTES:
        raise InvalidCommand(f"give from 1 to {MAX_EXTENSION_MINUTES} minutes (a day) at a time, "
                             f"not {command.minutes}", verb=command.verb)
    ctx.emit(DecisionExtended(decision_id=decision.id, minutes=command.minutes))


def _setting(ctx: Context[Any], command: SetTableSetting) -> None:
    _require_host(ctx, command)
    if ctx.state.settings.get(command.key) == command.value:
        raise InvalidCommand(f"the table's {command.key} is already {command.value}", verb=command.verb)
    ctx.emit(TableSettingChanged(key=command.key, value=command.value))


def _pause(ctx: Context[Any], command: PauseGame) -> None:
    _require_host(ctx, command)
    if ctx.state.paused:
        raise InvalidCommand("the game is already paused; resume it with /game resume", verb=command.verb)
    ctx.emit(GamePaused(reason=command.reason.strip()))


def _resume(ctx: Context[Any], command: ResumeGame) -> None:
    _require_host(ctx, command)
    if not ctx.state.paused:
        raise InvalidCommand("the game is not paused", verb=command.verb)
    ctx.emit(GameResumed())


def _set_away(ctx: Context[Any], command: SetAway) -> None:
    """Mark a side away or back; going away also passes the optional choices it already owes."""
    side = _known_side(ctx, command.side)
    if not ctx.actor.host and not ctx.state.holds(ctx.actor.user, side):
        raise IllegalCommand(f"only the player holding side {side} or the host may mark it away or back",
                             verb=command.verb)
    if (side in ctx.state.away) == command.away:
        raise InvalidCommand(f"side {side} is already {'away' if command.away else 'here'}", verb=command.verb)
    ctx.emit(AwayChanged(side=side, away=command.away))
    if command.away:
        for decision in list(ctx.state.pending.values()):
            if decision.owner == side and decision.id in ctx.state.pending:
                ctx.pass_if_away(decision)


def crossed_secret(events: tuple[Event, ...], to_seq: int) -> Event | None:
    """The first event after ``to_seq`` that showed someone a secret, if any: undo may not cross it."""
    for event in events:
        if event.seq > to_seq and (event.body.reveals_secret or event.audience.sides):
            return event
    return None


def request_undo(ctx: Context[Any], command: RequestUndo, log: tuple[Event, ...]) -> None:
    """Ask the other sides to agree to an undo, refusing one that would cross a secret."""
    side = ctx.acting_side()
    if not 1 <= command.to_seq < ctx.state.seq:
        raise InvalidCommand(f"undo goes back to an earlier event: give a number from 1 to {ctx.state.seq - 1}",
                             verb=command.verb)
    crossed = crossed_secret(log, command.to_seq)
    if crossed is not None:
        raise IllegalCommand(f"event #{crossed.seq} showed secret information; undo cannot go back past it",
                             verb=command.verb)
    others = [s for s in ctx.state.sides if s != side and ctx.state.controller(s) is not None]
    _ask_next_or_apply(ctx, command.to_seq, side, [s for s in others if not ctx.state.holds(ctx.actor.user, s)])


def _ask_next_or_apply(ctx: Context[Any], to_seq: int, requester: SideId, remaining: list[SideId]) -> None:
    if not remaining:
        ctx.emit(UndoApplied(to_seq=to_seq, requested_by=requester))
        return
    ctx.open_decision(Decision(
        id=ctx.next_decision_id(),
        owner=remaining[0],
        kind="undo",
        prompt=f"Side {requester} asks to undo back to event #{to_seq}. Agree?",
        parts=(DecisionPart(key="agree", prompt="Agree to the undo?",
                            options=(Option(key="no", label="Refuse"), Option(key="yes", label="Agree")),
                            default="no"),),
        optional=True,
        context={"to_seq": to_seq, "requested_by": requester, "remaining": list(remaining[1:])},
    ))


def answer_core_decision(ctx: Context[Any], decision: Decision, answers: dict[str, str]) -> None:
    """Carry on after a decision of a core mechanism was answered: a side's part of a simultaneous choice, a
    reaction offer, or an undo request."""
    if decision.core == TOGETHER:
        answer_together(ctx, decision, answers)
    elif decision.core == REACTION:
        answer_reaction(ctx, decision, answers)
    else:
        _answer_undo(ctx, decision, answers)


def _answer_undo(ctx: Context[Any], decision: Decision, answers: dict[str, str]) -> None:
    requester = SideId(str(decision.context["requested_by"]))
    if answers["agree"] != "yes":
        ctx.emit(UndoRefused(requested_by=requester))
        return
    left = decision.context["remaining"]
    # games stored before contexts held lists kept the sides as one comma-separated string
    remaining = [SideId(str(s)) for s in (left if isinstance(left, list) else str(left).split(",")) if s]
    _ask_next_or_apply(ctx, int(str(decision.context["to_seq"])), requester, remaining)


def _pass_ahead(ctx: Context[Any], command: PassAhead) -> None:
    """Record a standing pass (or clear them); an offer already waiting that it covers is passed at once. A game
    that asks no reactions refuses it: nothing would ever be passed."""
    side = ctx.acting_side()
    until = command.until.strip().casefold()
    triggers = ctx.system.reaction_triggers()
    if not triggers:
        raise IllegalCommand(f"{ctx.system.spec.title} asks no reactions, so there is nothing to pass ahead on; each "
                             "decision put to you is answered when it comes", verb=command.verb)
    state = ctx.state
    current = [p for p in state.prepass.get(side, ()) if p.trigger != PHASE or in_this_phase(state, p)]
    if until == "off":
        passes: tuple[PrePass, ...] = ()
    elif until == PHASE:
        passes = (*current, PrePass(trigger=PHASE, phase=state.phase, begun=state.phases_begun))
    elif until in triggers:
        passes = (*current, PrePass(trigger=until))
    else:
        raise InvalidCommand(f"pass ahead on {until!r}? Give one of: {', '.join((*triggers, PHASE, 'off'))}",
                             verb=command.verb)
    set_prepass(ctx, side, tuple(dict.fromkeys(passes)))
    for decision in list(state.pending.values()):
        if decision.owner == side and is_prepassed(state, decision):
            ctx.answer(decision, prepass_answers(decision), "answer")


def _roll(ctx: Context[Any], command: RollDice) -> None:
    if not ctx.actor.host and not ctx.state.sides_of(ctx.actor.user):
        raise NotYourTurn("only the game's players roll into its log; watch, or join a side with /game join",
                          verb=command.verb)
    try:
        result = roll_expression(command.expression, ctx.roller)
    except NotationError as error:
        raise InvalidCommand(str(error), verb=command.verb) from None
    roller = ctx.actor.side or next(iter(ctx.state.sides_of(ctx.actor.user)), None)
    ctx.emit(DiceRolled(purpose=command.purpose, roller=roller, rolls=result.rolls, expression=command.expression,
                        total=result.total, detail=result.breakdown))


def _rig(ctx: Context[Any], command: RigDice) -> None:
    if not ctx.state.setup.practice:
        raise IllegalCommand("rigged dice are only allowed on practice tables", verb=command.verb)
    if not command.values and not command.clear:
        raise InvalidCommand("give at least one result to queue, e.g. values:6,6,1 (values:clear empties the queue)",
                             verb=command.verb)
    if command.clear:
        ctx.roller.clear_rigged()
    ctx.roller.rig(command.values)
    ctx.emit(DiceRigged(values=command.values, cleared=command.clear))


def _import_units(ctx: Context[Any], command: ImportUnits) -> None:
    if not command.units:
        raise InvalidCommand("the file holds no unit profiles; write them as units: [...]", verb=command.verb)
    side = None if ctx.actor.host and not ctx.state.sides_of(ctx.actor.user) else ctx.acting_side()
    ctx.emit(UnitsImported(side=side, units=command.units))


def _concede(ctx: Context[Any], command: Concede) -> None:
    """The side gives up. With two sides (or teams) left the others win; with more, they play on where the
    game allows it (``System.plays_on_after_concession``), and the game ends when one side or team is left."""
    side = ctx.acting_side()
    if side in ctx.state.conceded:
        raise IllegalCommand(f"side {side} has already conceded", verb=command.verb)
    state = ctx.state
    left = tuple(s for s in state.in_play if s != side)
    if len(_camps(state, left)) > 1 and ctx.system.plays_on_after_concession(state):
        ctx.emit(SideConceded(side=side))
        ctx.system.on_concede(ctx, side)
        return
    ctx.emit(GameEnded(outcome=_last_standing(state, left, ctx.system.scores(state))))


def _camps(state: CoreState, sides: tuple[SideId, ...]) -> set[str]:
    """The teams (or lone sides) among ``sides``."""
    return {state.team_of(s) or s for s in sides}


def _last_standing(state: CoreState, left: tuple[SideId, ...], scores: dict[SideId, int]) -> Outcome:
    """Who wins when the others conceded: the one camp left, or the best score among those still in."""
    camps = _camps(state, left)
    if len(camps) == 1:
        (camp,) = camps
        if state.team_of(left[0]) is not None:
            return Outcome.of_team(EndReason.CONCEDED, scores, camp, state.setup.teams[camp])
        return Outcome(reason=EndReason.CONCEDED, scores=scores, winner=left[0])
    teams = {name: tuple(s for s in sides if s in left) for name, sides in state.setup.teams.items()}
    among = Outcome.from_scores(EndReason.CONCEDED, {s: scores.get(s, 0) for s in left},
                                {name: sides for name, sides in teams.items() if sides} or None)
    return among.model_copy(update={"scores": scores})


def _end(ctx: Context[Any], command: EndGame) -> None:
    _require_host(ctx, command)
    ctx.emit(GameEnded(outcome=Outcome.from_scores(EndReason.HOST_ENDED, ctx.system.scores(ctx.state))))


CORE_HANDLERS: dict[type[Command], Handler] = {
    JoinSide: _join,
    LeaveSide: _leave,
    AssignSeat: _assign,
    Answer: _answer,
    ExpireDecision: _expire,
    ForceDecision: _force,
    RollDice: _roll,
    RigDice: _rig,
    ImportUnits: _import_units,
    Concede: _concede,
    EndGame: _end,
    PauseGame: _pause,
    ResumeGame: _resume,
    SetAway: _set_away,
    ExtendDecision: _extend,
    SetTableSetting: _setting,
    PassAhead: _pass_ahead,
}
"""Handlers for core commands; ``RequestUndo`` needs the log and is dispatched by the game."""
