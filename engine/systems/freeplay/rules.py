"""Freeplay's own actions, declared once beside the table's it includes: rounds and turns, notes, the secret hand
and ``/ask``, a question put to another side.

Freeplay knows no rules, so its checks keep only the table sane: a turn order once players keep one (``/round
turn``: then only the side whose turn it is handles its models), a hand holds what was put in it, and an ``/ask``
goes to another side's player with two to 25 answers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.core import (
    Args,
    Ask,
    Choice,
    Context,
    Decision,
    DecisionPart,
    Declarations,
    FreeForm,
    IllegalCommand,
    InvalidCommand,
    ModelId,
    NotYourTurn,
    Option,
    Param,
    QueryAnswer,
    RulesError,
    Shape,
    SideId,
    Viewer,
    ViewerKind,
    flag,
    side_only,
)
from engine.systems.freeplay.events import CardAdded, CardPlayed, HandGrew, NoteAdded, RoundStarted, TurnPassed
from engine.systems.freeplay.state import FreeplayState
from engine.table import TABLE

__all__ = ["ASK_KIND", "RULES", "turn_order"]

Ctx = Context[FreeplayState]

RULES: Declarations[FreeplayState, FreeplayState] = Declarations(reads=("measuring", "facing", "contact"))
"""Freeplay's actions, then the table's. It reads the measuring ruling (its disclosure); facing and contact are
played at their defaults by the table itself, their alternatives by hand."""
RULES.include(TABLE)

ASK_KIND = "ask"
"""The kind of decision ``/ask`` opens; the core logs its answer and freeplay needs nothing more."""
MIN_ASK_OPTIONS, MAX_ASK_OPTIONS = 2, 25  # a choice needs two answers; Discord shows at most 25
MAX_OPTION_TEXT = 80
MAX_ASK_PARTS = 20
_KEY = re.compile(r"[^a-z0-9]+")


def turn_order(state: FreeplayState, side: SideId, host: bool) -> str | None:
    """Once a turn order is kept (``/round turn``), only the side whose turn it is handles its models."""
    active = state.active_side
    if active is not None and side != active:
        return f"it is side {active}'s turn; side {active} hands it over with /round turn side:{side}"
    return None


# -- rounds, turns, notes ------------------------------------------------------------------------------------------


@RULES.action(None, "Start the next round", label="Start the next round", verb=("round", "next"))
def _next_round(ctx: Ctx, ask: Ask) -> None:
    ctx.emit(RoundStarted(round=ctx.state.round + 1))


def _on_turn(state: FreeplayState, ask: Ask) -> NotYourTurn | None:
    """Whoever has the turn hands it over (the host may at any time); before a turn order, anyone starts one."""
    if ask.host or state.active_side is None or ask.asker == state.active_side:
        return None
    why = turn_order(state, ask.acting, ask.host)
    return NotYourTurn(why, verb=ask.verb) if why is not None else None


def _next_sides(state: FreeplayState, ask: Ask) -> list[Choice]:
    return [Choice(side, f"side {side}") for side in state.sides if side != state.active_side]


@RULES.action(None, "Pass the turn to a side", label="Pass the turn", verb=("round", "turn"), host=True, per="side",
              available=_on_turn, params=(Param("side", "To which side?", values=_next_sides, noun="sides"),))
def _pass_turn(ctx: Ctx, ask: Ask) -> None:
    ctx.emit(TurnPassed(side=SideId(ask.ident("side"))))


def _text(world: FreeplayState, ask: Ask, typed: str) -> str | None:
    return None if typed.strip() else "write something"


@RULES.action(None, "Add a note to the log", label="Add a note", verb=("note",), host=True,
              params=(Param("text", "The note", accepts=_text, free_form=FreeForm.TEXT),))
def _note(ctx: Ctx, ask: Ask) -> None:
    ctx.emit(NoteAdded(side=ask.asker, text=ask.text("text")))


# -- the secret hand -----------------------------------------------------------------------------------------------


@RULES.query(("hand", "show"), "Show your hand, to you alone")
def _show_hand(state: FreeplayState, viewer: Viewer, args: Args) -> QueryAnswer:
    if viewer.kind is not ViewerKind.SIDE or viewer.side is None:
        return QueryAnswer("Only a player holding one side has a hand to show.", private=True)
    hand = state.hands.get(viewer.side, [])
    return QueryAnswer(f"Your hand (side {viewer.side}): {', '.join(hand) if hand else 'empty'}.", private=True)


@RULES.action(None, "Put a named card into your hand", label="Put a card into your hand", verb=("hand", "add"),
              params=(Param("card", "Which card?", accepts=_text, free_form=FreeForm.TEXT),))
def _add_card(ctx: Ctx, ask: Ask) -> None:
    side = ask.acting
    ctx.emit(CardAdded(side=side, card=ask.text("card")), side_only(side))
    ctx.emit(HandGrew(side=side, size=len(ctx.state.hands[side])))


def _my_hand(state: FreeplayState, ask: Ask) -> list[Choice]:
    return [Choice(card) for card in dict.fromkeys(state.hands.get(ask.acting, []))]


def _in_hand(state: FreeplayState, ask: Ask, typed: str) -> InvalidCommand:
    return InvalidCommand(f"{typed[:40]!r} is not in your hand; see it with /hand show", verb=ask.verb)


@RULES.action(None, "Play a card from your hand, face up", label="Play a card", verb=("hand", "play"),
              params=(Param("card", "Which card?", values=_my_hand, refused=_in_hand, noun="cards"),))
def _play_card(ctx: Ctx, ask: Ask) -> None:
    ctx.emit(CardPlayed(side=ask.acting, card=ask.text("card")))


# -- asking another side -------------------------------------------------------------------------------------------


def _options_of(typed: str) -> tuple[str, ...]:
    return Args("ask", {"options": typed}).listed("options")


def ask_options(texts: Sequence[str], verb: str = "ask") -> tuple[Option, ...]:
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


def _answers(state: FreeplayState, ask: Ask, typed: str) -> str | None:
    try:
        ask_options(_options_of(typed), ask.verb)
    except InvalidCommand as error:
        return error.reason
    return None


def _askable(state: FreeplayState, ask: Ask) -> list[Choice]:
    """The other sides with a player to answer: on a practice table one player may ask themself, elsewhere not."""
    mine = state.controller(ask.asker) if ask.asker is not None else None
    return [Choice(side, f"side {side}") for side in state.sides if side != ask.asker
            and (holder := state.controller(side)) is not None and (holder != mine or state.setup.practice)]


def _not_askable(state: FreeplayState, ask: Ask, typed: str) -> RulesError:
    side = SideId(typed.upper())
    if side not in state.sides:
        return InvalidCommand(f"there is no side {typed[:10]}; the sides are {', '.join(state.sides)}", verb=ask.verb)
    if side == ask.asker:
        return InvalidCommand(f"you act for side {side}; ask another side", verb=ask.verb)
    if state.controller(side) is None:
        return IllegalCommand(f"side {side} has no player to answer yet; ask once someone holds it (/game join or the "
                              "host's /game seat)", verb=ask.verb)
    return IllegalCommand(f"you hold side {side} yourself; only a practice table lets you ask yourself", verb=ask.verb)


def _not_theirs(state: FreeplayState, ask: Ask, typed: str) -> InvalidCommand:
    side = SideId(ask.ident("side"))
    model = state.models.get(ModelId(typed.upper()))
    if model is not None:
        return InvalidCommand(f"{model.id} belongs to side {model.side}, not side {side}: ask each side about its own "
                              "models", verb=ask.verb)
    theirs = sorted(m.id for m in state.models.values() if m.side == side)
    return InvalidCommand(f"there is no model {typed[:20]} on the table. Side {side}'s models: "
                          f"{', '.join(theirs) or 'none'}", verb=ask.verb)


def _their_models(state: FreeplayState, ask: Ask) -> list[Choice]:
    side = SideId(ask.ident("side"))
    return [Choice(m.id, f"{m.id} {m.name}") for m in state.models.values() if m.side == side]


def _ask_plan(state: FreeplayState, ask: Ask) -> Decision:
    side = SideId(ask.ident("side"))
    options = ask_options(_options_of(str(ask.options["options"])), ask.verb)
    question = ask.text("question")
    default = options[0].key
    parts = tuple(DecisionPart(key=model, prompt=f"{model} {state.models[ModelId(model)].name}: {question}",
                               options=options, default=default) for model in ask.listed("models"))
    who = f"Side {ask.asker}" if ask.asker else "The host"
    return Decision(id="asked", owner=side, kind=ASK_KIND, prompt=f"{who} asks: {question}",
                    parts=parts or (DecisionPart(key="answer", prompt=question, options=options, default=default),),
                    optional=ask.yes("optional"), context={"asked_by": ask.asker})


@RULES.action(None, "Ask another side to choose", label="Ask another side", verb=("ask",), host=True, check=_ask_plan,
              params=(Param("question", "What do you ask?", accepts=_text, free_form=FreeForm.TEXT),
                      Param("options", "Which answers (comma list, the first is the default)?", accepts=_answers,
                            free_form=FreeForm.TEXT),
                      Param("side", "Which side answers?", values=_askable, refused=_not_askable, noun="sides"),
                      Param("models", "About which of its models, one by one?", values=_their_models,
                            refused=_not_theirs,
                            optional=True, none_label="one answer in all", shape=Shape.SET,
                            count=(1, MAX_ASK_PARTS), noun="models"),
                      flag("optional", "May the default stand if no answer comes in time?", "yes", "no")))
def _ask(ctx: Ctx, plan: Decision) -> None:
    ctx.open_decision(plan.model_copy(update={"id": ctx.next_decision_id()}))


@RULES.decision(ASK_KIND, rule="freeplay: /ask")
def _asked(ctx: Ctx, decision: Decision, answers: dict[str, str]) -> None:
    """Nothing follows an answer: the core logged it, and the players play on by hand."""
