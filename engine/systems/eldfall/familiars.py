"""Familiars (Eldfall core rules v1.5, L2069-2073): creatures with the Familiar trait, summoned by a Conjuration.

- While summoned, a familiar gives its caster the abilities and stat modifiers its card lists (``familiar:`` keywords,
  read by ``cards``; applied by ``fighters``); one Incapacitated or Dead gives nothing and is not removed instead
  of Wounds (``serving``).
- It has no Summoning Limit, but a caster may not have two of the same name (L2071).
- When its caster would suffer Wounds from damage, it may be removed instead (L2069): one removal takes every Wound
  of that damage (ruling ``familiar-wounds``). When, is its owner's standing order, asked when it is summoned
  (ruling ``familiar-sacrifice``): the Resolution step rolls every die and applies everything at once (L1260), so
  the choice cannot wait for the player in the middle of it. A fall's Wounds are spared the same way
  (``spare_caster``).
- It is not a fully-fledged model (L2073): no member of the original party (no duel, L1571; not counted for Broken
  Morale), its loss scores nothing, it cannot be a Personal Guard (ruling ``familiar-scope``).
"""

from __future__ import annotations

from typing import Literal

from engine.core import Context, Decision, DecisionPart, ModelId, Option
from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.events import FigureNoted
from engine.systems.eldfall.rulings import Rulings
from engine.systems.eldfall.state import EldfallState, Figure
from engine.table import ModelRemoved

__all__ = ["ORDERS", "ORDER_KIND", "SacrificeOrder", "absorbed", "answer_order", "familiar_refusal", "familiars_of",
           "is_familiar", "offer_order", "sacrifice", "serving", "spare_caster"]

Ctx = Context[EldfallState]
ORDER_KIND = "familiar-order"
"""The kind of the decision that asks a familiar's owner when it gives itself for its caster."""

SacrificeOrder = Literal["any", "downing", "never"]
ORDERS: dict[str, str] = {
    "downing": "only when the Wounds would take its caster to 0 HP or kill it",
    "any": "whenever its caster would suffer a Wound from damage",
    "never": "never (its caster takes its Wounds)",
}
"""A familiar's standing orders, as the owner is offered them."""


def is_familiar(catalogue: EldfallCatalogue, figure: Figure) -> bool:
    """Whether the model's card has the Familiar trait (L2069)."""
    return catalogue.card(figure.unit).familiar


def familiars_of(state: EldfallState, caster: ModelId, catalogue: EldfallCatalogue) -> tuple[Figure, ...]:
    """The familiars ``caster`` has summoned that are on the table now, in the order they came."""
    return tuple(f for f in state.figures.values() if f.summoner == caster and f.gone is None and f.id in state.models
                 and is_familiar(catalogue, f))


def serving(state: EldfallState, caster: ModelId, catalogue: EldfallCatalogue) -> tuple[Figure, ...]:
    """The familiars of ``caster`` that still serve it: on the table and not Incapacitated or Dead. Only these give
    it their gifts (L2073) and can be removed instead of its Wounds (L2069); one lying out of action still counts as
    on the field for one of a name (L2071)."""
    return tuple(f for f in familiars_of(state, caster, catalogue)
                 if not set(state.models[f.id].tokens) & {"incapacitated", "dead"})


def familiar_refusal(state: EldfallState, catalogue: EldfallCatalogue, caster: ModelId, unit: str) -> str | None:
    """Why ``caster`` may not summon the familiar ``unit`` now (one of a name, L2071), or None."""
    name = catalogue.card(unit).name
    if any(catalogue.card(f.unit).name == name for f in familiars_of(state, caster, catalogue)):
        return f"it already has a {name} under its control: a caster may not have two familiars of one name (L2071)"
    return None


def sacrifice(state: EldfallState, catalogue: EldfallCatalogue, caster: ModelId, *, downing: bool,
              spent: set[ModelId]) -> Figure | None:
    """The familiar removed instead of Wounds its caster would suffer (L2069), by their standing orders: the first
    whose order is ``any``, else (when the Wounds would bring the caster down) the first whose order is ``downing``;
    ``spent`` are familiars already given this sequence."""
    ready = [f for f in serving(state, caster, catalogue) if f.id not in spent]
    for order in ("any", "downing"):
        if order == "downing" and not downing:
            break
        found = next((f for f in ready if (f.sacrifice or "downing") == order), None)
        if found is not None:
            return found
    return None


def absorbed(state: EldfallState, catalogue: EldfallCatalogue, rulings: Rulings, caster: ModelId, wounds: int, *,
             already: int = 0, spent: frozenset[ModelId] = frozenset()) -> tuple[list[tuple[Figure, int]], int]:
    """The familiars removed instead of ``wounds`` their caster would suffer (L2069), by their standing orders, with
    the Wounds each takes (all of this damage, or one each by ruling familiar-wounds), and the Wounds left for the
    caster; ``already`` are Wounds it takes earlier in the same resolution, ``spent`` familiars given already."""
    one_wound = rulings.familiar_wounds == "one-wound"
    placed = state.models[caster]
    given: list[tuple[Figure, int]] = []
    used = set(spent)
    while wounds:
        downing = "incapacitated" in placed.tokens or already + wounds >= placed.wounds_left
        familiar = sacrifice(state, catalogue, caster, downing=downing, spent=used)
        if familiar is None:
            break
        taken = 1 if one_wound else wounds
        given.append((familiar, taken))
        used.add(familiar.id)
        wounds -= taken
    return given, wounds


def spare_caster(ctx: Ctx, catalogue: EldfallCatalogue, rulings: Rulings, caster: ModelId, wounds: int,
                 what: str) -> int:
    """Damage dealt outside the Resolution step (a fall, L876-889; a Sigil, L2416): the caster's familiars removed
    at once instead of its Wounds (``absorbed``, as ``harm`` does for attacks); returns the Wounds left for it."""
    given, left = absorbed(ctx.state, catalogue, rulings, caster, wounds)
    for familiar, taken in given:
        ctx.emit(ModelRemoved(model_id=familiar.id))
        ctx.emit(FigureNoted(model=familiar.id, changes={"gone": "sacrificed"},
                             shown=f"{familiar.id} {familiar.unit}, {caster}'s familiar, is removed instead of {taken} "
                                   f"{'Wound' if taken == 1 else 'Wounds'} from {what} (L2069)."))
    return left


def offer_order(ctx: Ctx, rulings: Rulings, familiar: ModelId) -> None:
    """Ask the owner when the new familiar is removed instead of its caster's Wounds; by ruling
    ``familiar-sacrifice`` the order is set at once instead."""
    figure = ctx.state.figures[familiar]
    caster = figure.summoner
    assert caster is not None
    fixed = {"when-downed": "downing", "any-wound": "any"}.get(rulings.familiar_sacrifice)
    if fixed is not None:
        ctx.emit(FigureNoted(model=familiar, changes={"sacrifice": fixed}))
        return
    part = DecisionPart(key=familiar, prompt=f"When is {familiar} {figure.unit} removed instead of {caster}'s Wounds "
                                             "(Familiar, L2069)?",
                        options=tuple(Option(key=k, label=f"{k.capitalize()}: {text}") for k, text in ORDERS.items()),
                        default="downing")
    ctx.open_decision(Decision(id=ctx.next_decision_id(), owner=figure.side, kind=ORDER_KIND, optional=True,
                               prompt=f"{caster} summoned the familiar {familiar}: it may be removed instead of "
                                      f"{caster}'s Wounds from damage (L2069). Say when; the order stands while it "
                                      "is summoned (ruling familiar-sacrifice).", parts=(part,)))


def answer_order(ctx: Ctx, decision: Decision, answers: dict[str, str]) -> None:
    """Record each familiar's standing order."""
    for part in decision.parts:
        model = ModelId(part.key)
        order = answers.get(part.key, part.default or "downing")
        if model in ctx.state.figures and order in ORDERS:
            ctx.emit(FigureNoted(model=model, changes={"sacrifice": order},
                                 shown=f"{model}'s standing order: it is removed instead of its caster's Wounds "
                                       f"{ORDERS[order]} (L2069)."))
