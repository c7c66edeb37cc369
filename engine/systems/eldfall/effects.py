"""Changing a model: states gained and lost with their durations, Wounds taken, HP restored.

A model never holds two states of one name (L698-700); Fearless and Construct models never become Panicked
(L2077, L2035); Constructs cannot be Bleeding, Poisoned, Weakened or Confused, Elementals Bleeding, Poisoned or
Weakened (L2035, L2063); becoming Incapacitated, Dead, Immobilized, Petrified or Crouched ends Flying (L1740).
Constructs and Elementals are untouched by some traits and by Charm (L2031-2033, L2057-2059), and a Construct
regains no HP from a spell or skill that is not of the Earth element (L2039).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import Context, ModelId
from engine.systems.eldfall.events import FigureNoted, StatesChanged
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.state import EldfallState
from engine.table import ModelWounded

__all__ = ["IMMUNITIES", "TRAIT_IMMUNITIES", "heal", "heals_from", "immune_to", "set_states", "take_wounds",
           "unaffected_by"]

IMMUNITIES: dict[str, frozenset[str]] = {
    "Fearless": frozenset({"panicked"}),
    "Construct": frozenset({"panicked", "bleeding", "poisoned", "weakened", "confused"}),
    "Elemental": frozenset({"bleeding", "poisoned", "weakened"}),
}
"""States a trait keeps a model out of (L2077, L2035, L2063)."""

TRAIT_IMMUNITIES: dict[str, frozenset[str]] = {
    "Construct": frozenset({"surprise attack", "stagger", "vampirism", "mindgame", "burn", "charm"}),
    "Elemental": frozenset({"stagger", "vampirism", "mindgame", "charm"}),
}
"""Attack traits (and the Charm skill) that cannot affect a model with the key trait (L2031-2033, L2057-2059):
an attack carrying one resolves on it as if it lacked it (a Mindgame Hit is damaged as any Hit)."""

GROUNDING = frozenset({"incapacitated", "dead", "immobilized", "petrified", "crouched"})
"""States that end Flying as a model enters them (L1740)."""


def immune_to(f: Fighter, state: str) -> str | None:
    """The trait that keeps ``f`` from ``state``, or None."""
    return next((trait for trait, states in IMMUNITIES.items() if state in states and f.has(trait)), None)


def unaffected_by(f: Fighter, ability: str) -> str | None:
    """The trait that keeps ``f`` from ``ability`` (a trait's or skill's key, lower case), or None."""
    return next((trait for trait, names in TRAIT_IMMUNITIES.items() if ability in names and f.has(trait)), None)


def heals_from(f: Fighter, element: str | None) -> bool:
    """Whether a spell or skill of ``element`` (None: a skill, which has none) may restore ``f``'s HP: a Construct
    regains HP from Earth ones alone (L2039)."""
    return not f.has("Construct") or (element or "").casefold() == "earth"


def set_states(ctx: Context[EldfallState], f: Fighter, *, added: Iterable[str] = (), removed: Iterable[str] = (),
               until: str | None = None, why: str = "") -> tuple[str, ...]:
    """Give and take states; returns the states actually gained (immunities refuse some)."""
    gained = [s for s in dict.fromkeys(added) if immune_to(f, s) is None]
    lost = [s for s in dict.fromkeys(removed) if s in f.model.tokens and s not in gained]
    if GROUNDING.intersection(gained) and "flying" in f.model.tokens and "flying" not in lost:
        lost.append("flying")
    if not gained and not lost:
        return ()
    ctx.emit(StatesChanged(model=f.id, added=tuple(gained), removed=tuple(lost), until=until, why=why))
    return tuple(gained)


def take_wounds(ctx: Context[EldfallState], model: ModelId, wounds: int) -> int:
    """Take ``wounds`` off a model's HP (never below 0); returns the HP it has left."""
    placed = ctx.state.models[model]
    if wounds <= 0:
        return placed.wounds_left
    taken = min(placed.wounds, placed.wounds_taken + wounds)
    ctx.emit(ModelWounded(model_id=model, amount=wounds, wounds_taken=taken))
    if not ctx.state.figures[model].lost_hp:
        ctx.emit(FigureNoted(model=model, changes={"lost_hp": True}))
    return ctx.state.models[model].wounds_left


def heal(ctx: Context[EldfallState], model: ModelId, amount: int | None, *, up_to: int | None = None) -> int:
    """Restore ``amount`` HP (all of it for None) up to ``up_to`` HP (its profile's by default; Life Leech's is
    double, L2326); returns how many were restored."""
    placed = ctx.state.models[model]
    room = max(0, placed.wounds_taken + (placed.wounds if up_to is None else up_to) - placed.wounds)
    restored = room if amount is None else min(amount, room)
    if restored > 0:
        ctx.emit(ModelWounded(model_id=model, amount=-restored, wounds_taken=placed.wounds_taken - restored))
    return restored
