"""Underworlds' declarations (``engine.core.declarations``): the one ``RULES`` object every action and decision kind
of the game is declared on, the world its menus and checks read (a reading ``Referee``, built once per question),
and what the declarations share: when an action may be taken, in the game's own words, and typed values refused
in the rules' own words.

The actions are declared in ``placing`` (the set-up), ``acting`` (activations), ``playing`` (cards, the end phase,
passes), the decision kinds in ``kinds``; the system imports them so their decorators run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from engine.core import Ask, Choice, Context, Declarations, RulesError, SideId, When
from engine.core.params import Predicate
from engine.systems.underworlds.flow import advance
from engine.systems.underworlds.game_state import FighterRecord, UnderworldsState
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.rules import Rules

if TYPE_CHECKING:
    from engine.core.state import CoreState

__all__ = ["RULES", "Timing", "applied", "fighter_choice", "hex_choice", "named_fighter", "refusal", "said", "why"]

P = TypeVar("P")


def _world(system: Any, state: UnderworldsState) -> Referee:
    return Referee.reading(system.lib, state)


RULES: Declarations[UnderworldsState, Referee] = Declarations(reader=_world, reads=Rules)
"""Every action and decision kind of Underworlds, declared once."""


@dataclass(frozen=True, slots=True)
class Timing(When):
    """Where and when an action may be taken, read from the core's flow record (``CoreState.step``,
    ``active_side``), refused in the game's own words with the rule: ``words(state, side, verb)`` says why not, or
    None. ``steps`` names the steps it belongs to (``words`` refuses every other)."""

    words: Callable[[UnderworldsState, SideId | None, str], RulesError | None] | None = None

    def refusal(self, state: CoreState, side: SideId | None, verb: str) -> RulesError | None:
        assert self.words is not None and isinstance(state, UnderworldsState)
        return self.words(state, side, verb)


def refusal(error: RulesError) -> str:
    """A refusal as one sentence with its rule, for a typed value's predicate."""
    return f"{error.reason} ({error.rule})" if error.rule else error.reason


def why(check: Callable[[Referee, Ask, str], object]) -> Predicate[Referee]:
    """A parameter's predicate for typed values its menu does not list: ``check`` explains the refusal in the rules'
    own words (it raises); a value it lets through is one no menu can list (a path ``C4>C5``), accepted."""

    def accepts(ref: Referee, ask: Ask, typed: str) -> str | None:
        try:
            check(ref, ask, typed)
        except RulesError as error:
            return refusal(error)
        return None

    return accepts


def said(check: Callable[[Referee, Ask, str], object]) -> Callable[[Referee, Ask, str], RulesError | None]:
    """A listed parameter's refusal of a typed value its menu does not list, in the rules' own words (``B1 is side
    B's fighter``): ``check`` raises it. Where it raises nothing the value is refused with the menu's list, so the
    menu stays the one authority on what is accepted."""

    def refused(ref: Referee, ask: Ask, typed: str) -> RulesError | None:
        try:
            check(ref, ask, typed)
        except RulesError as error:
            return error
        return None

    return refused


def named_fighter(ref: Referee, ask: Ask, option: str = "model") -> FighterRecord:
    """The fighter an earlier answer names (its id, or as typed: a card id or a unique beginning of its name)."""
    return ref.lib.fighter(ref.state, ask.text(option))


def fighter_choice(ref: Referee, fighter: FighterRecord) -> Choice:
    """A fighter as a menu shows it: ``A1 Steelheart``."""
    return Choice(fighter.id, f"{fighter.id} {ref.lib.fighter_card(fighter.profile).name}")


def hex_choice(hex_id: str, after: str = "") -> Choice:
    """A hex as a menu shows it, called a hex (``hex B5``): hex ids and fighter ids share a form, and B5 is also a
    Reaver."""
    return Choice(hex_id, f"hex {hex_id}{after}")


def applied(apply: Callable[[Referee, P], None]) -> Callable[[Context[UnderworldsState], P], None]:
    """A handler: apply the checked plan, then carry the resolution on until a player must answer."""

    def handler(ctx: Context[UnderworldsState], plan: P) -> None:
        ref = Referee.acting(ctx, ctx.system.lib)  # type: ignore[attr-defined]
        apply(ref, plan)
        advance(ref)

    return handler


