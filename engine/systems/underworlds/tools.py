"""The tools beside Underworlds' rules, declared once on ``RULES`` as typed-only actions (never offered in ``/act``,
``/help`` or the bot's moves): a look at one's hand, and fixes by hand (DESIGN: the referee never blocks play) of a
fighter's wounds, hex, Guard or Inspired, each logged for everyone. The demo's set-up at once (``AutoSetup``) and a
player's own cards from a file (``ImportCards``) are command classes the system declares with their handlers."""

from __future__ import annotations

from engine.core import (
    Args,
    Ask,
    CardMark,
    CardsView,
    Choice,
    FreeForm,
    Param,
    QueryAnswer,
    RulesError,
    SideId,
    Viewer,
    ViewerKind,
)
from engine.core.params import flag
from engine.systems.underworlds import overrides
from engine.systems.underworlds.declared import RULES, applied, fighter_choice, refusal
from engine.systems.underworlds.game_state import FighterRecord, UnderworldsState, objective_deck, power_deck
from engine.systems.underworlds.library import Library
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.schema import Card

__all__ = ["fixer"]


def fixer(ask: Ask) -> SideId | None:
    """Whose fighters a fix may touch: the fixing player's side, any for the host."""
    return None if ask.host else ask.asker


def _fighters(ref: Referee, ask: Ask) -> list[Choice]:
    """A fix's fighters: the player's own (any, for the host)."""
    side = fixer(ask)
    return [fighter_choice(ref, f) for f in ref.state.fighters.values() if side is None or f.side == side]


def _mine(ref: Referee, ask: Ask, typed: str) -> str | None:
    """A fighter typed by name or card id: accepted when it is the player's own (any, for the host)."""
    try:
        overrides.mine(ref, fixer(ask), typed, ask.verb)
    except RulesError as error:
        return refusal(error)
    return None


def _whole(ref: Referee, ask: Ask, typed: str) -> str | None:
    try:
        value = int(typed)
    except ValueError:
        return f"amount:{typed[:20]} is not a whole number of wound tokens (negative removes them)"
    return None if value else "give a number of wounds other than 0 (negative removes them)"


def _fighter(ref: Referee, ask: Ask) -> FighterRecord:
    return overrides.mine(ref, fixer(ask), ask.text("model"), ask.verb)


_MODEL = Param("model", "Which fighter?", values=_fighters, accepts=_mine, noun="fighters")


@RULES.action(None, "By hand: add wound tokens (a negative amount removes them)", verb=("model", "wound"), typed=True,
              anytime=True, host=True, params=(_MODEL, Param("amount", "How many wound tokens?", accepts=_whole,
                                               values=lambda ref, ask: [Choice("1"), Choice("-1", "remove 1")],
                                               free_form=FreeForm.NUMBER)))
@applied
def _wounds(ref: Referee, ask: Ask) -> None:
    overrides.fix_wounds(ref, _fighter(ref, ask), ask.integer("amount", 0), ask.verb)


@RULES.action(None, "By hand: put a fighter on a hex (at: a hex id)", verb=("model", "place"), typed=True,
              anytime=True, host=True, params=(_MODEL, Param("at", "Which hex?", accepts=lambda ref, ask, typed: None,
                                                           free_form=FreeForm.TEXT)))
@applied
def _place(ref: Referee, ask: Ask) -> None:
    overrides.fix_place(ref, _fighter(ref, ask), ask.text("at"), ask.verb)


@RULES.action(None, "By hand: give or take Guard (name:guard) or Inspire (name:inspired)", verb=("model", "token"),
              typed=True, anytime=True, host=True, params=(
                  _MODEL, Param("name", "Which token?", values=lambda ref, ask: [Choice("guard"), Choice("inspired")],
                                accepts=lambda ref, ask, typed: None, noun="tokens", free_form=FreeForm.TEXT),
                  flag("remove", "Take it away?", "take it away", "give it")))
@applied
def _token(ref: Referee, ask: Ask) -> None:
    overrides.fix_token(ref, _fighter(ref, ask), ask.text("name"), ask.yes("remove"), ask.verb)


@RULES.query(("hand", "show"), "Show your hand, to you alone", rule=f"{RULE}, L295")
def _hand(ref: Referee, viewer: Viewer, args: Args) -> QueryAnswer:
    return _shown_hand(ref.lib, ref.state, viewer)


def _shown_hand(lib: Library, state: UnderworldsState, viewer: Viewer) -> QueryAnswer:
    """``/hand show``: the asker's own cards with what each does, for their eyes only."""
    side = viewer.side if viewer.kind is ViewerKind.SIDE else None
    if side is None or objective_deck(side) not in state.decks:
        return QueryAnswer("Only a player holding a side, once hands are dealt, has a hand to show.", private=True)
    lines = [f"Your hand (side {side}):"]
    marks = []
    for title, deck in (("Objectives", objective_deck(side)), ("Power cards", power_deck(side))):
        cards = [lib.card(state, card_id) for card_id in state.decks[deck].piles["hand"]]
        shown = [f"  - {card.name} [{card.id}] ({_kind(card)}{_glory(card)}): {card.summary}" for card in cards]
        lines.append(f"{title} ({len(cards)}):" + ("\n" + "\n".join(shown) if shown else " none"))
        marks += [CardMark(title=card.name, kind=_kind(card), text=card.summary,
                           corner=str(card.glory) if card.type == "objective" else "") for card in cards]
    record = state.players[side]
    lines.append(f"Glory {record.glory}, of which {record.glory - record.spent} unspent.")
    picture = CardsView(viewer=viewer, title=f"Side {side}'s hand", cards=tuple(marks))
    return QueryAnswer("\n".join(lines), private=True, cards=picture)


def _glory(card: Card) -> str:
    return f", {card.glory} glory" if card.glory else ""


def _kind(card: Card) -> str:
    """A card's type line: ``objective, immediate`` (its glory goes in the corner), ``ploy, reaction``."""
    if card.type == "objective":
        timing = {"immediate": "score immediately", "third_end_phase": "third end phase"}.get(card.score or "",
                                                                                         "end phase")
        return f"objective, {timing}"
    return f"{card.type}, reaction" if card.reaction is not None else card.type
