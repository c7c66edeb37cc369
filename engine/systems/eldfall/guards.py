"""Who is a Personal Guard, and the upgrade going back to its model (Eldfall core rules v1.5, L2904-2906).

- At deployment its player gives the upgrade to a summoned creature (``starting_creatures``: a decision when there
  is more than one to choose from), which gains the Sentinel class and a leash (``leash``).
- When that creature is removed (it leaves the table, or by ruling ``personal-guard-return`` is Incapacitated or
  Dead), the upgrade goes back to its model, whose player may give it to another summoned creature of the party: a
  decision at the end of the sequence, or whenever the party summons a creature later. Keeping it back waits for
  the next summoning. A familiar, not a fully-fledged model, is never a Guard (ruling ``familiar-scope``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core import (
    EVERYONE,
    Audience,
    Context,
    Decision,
    DecisionPart,
    IllegalCommand,
    ModelId,
    Option,
    SideId,
    side_only,
)
from engine.systems.eldfall.events import FigureNoted
from engine.systems.eldfall.familiars import is_familiar
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.state import EldfallState, Figure

__all__ = ["GUARD_KIND", "KEEP", "PERSONAL_GUARD", "answer_guard", "ask_guards", "assign_guard", "guard_candidates",
           "guard_defaults", "guard_holders", "offer_guard", "release_guards"]

Ctx = Context[EldfallState]
GUARD_KIND = "personal-guard"
"""The kind of the decision that gives a returned Personal Guard to another creature."""
PERSONAL_GUARD = "personal-guard"
"""The upgrade's id."""
KEEP = "keep"
"""The answer that gives a Personal Guard to no creature for now."""


def guard_candidates(state: EldfallState, kit: Kit, side: SideId) -> list[ModelId]:
    """The summoned creatures of ``side`` that may become a Personal Guard now: on the table, standing, no Guard
    already, no familiar."""
    return [f.id for f in state.figures.values()
            if f.side == side and f.summoner is not None and f.gone is None and f.id in state.models
            and f.guard_of is None and not set(state.models[f.id].tokens) & {"incapacitated", "dead"}
            and not is_familiar(kit.catalogue, f)]


def assign_guard(ctx: Ctx, model: ModelId, creature: ModelId, why: str, audience: Audience = EVERYONE) -> None:
    """Give ``model``'s Personal Guard upgrade to ``creature``: a Sentinel on its leash (L2906); ``audience`` keeps
    it to its side while the party is secret."""
    owner = ctx.state.figures[model]
    upgrades = list(owner.upgrades)
    upgrades.remove(PERSONAL_GUARD)
    ctx.emit(FigureNoted(model=model, changes={"upgrades": upgrades}), audience)
    classes = ctx.state.figures[creature].classes
    ctx.emit(FigureNoted(model=creature, changes={"classes": [*classes, "Sentinel"], "guard_of": model},
                         shown=f"{creature} is {model}'s Personal Guard ({why}): it gains the Sentinel class and may "
                               f"not fully leave {model}'s Awareness (L2906)."), audience)


def _removed(state: EldfallState, kit: Kit, figure: Figure) -> bool:
    if figure.gone is not None or figure.id not in state.models:
        return True
    out = bool(set(state.models[figure.id].tokens) & {"incapacitated", "dead"})
    return out and kit.rulings(state).personal_guard_return == "off-or-out"


def release_guards(ctx: Ctx, kit: Kit) -> list[ModelId]:
    """Guards that were removed lose the Sentinel class and their upgrade goes back to its model (L2906); returns
    those models."""
    back: list[ModelId] = []
    for figure in list(ctx.state.figures.values()):
        model = figure.guard_of
        if model is None or not _removed(ctx.state, kit, figure):
            continue
        classes = [c for c in figure.classes if c != "Sentinel"]
        ctx.emit(FigureNoted(model=figure.id, changes={"classes": classes, "guard_of": None}))
        owner = ctx.state.figures[model]
        ctx.emit(FigureNoted(model=model, changes={"upgrades": [*owner.upgrades, PERSONAL_GUARD]},
                             shown=f"{figure.id}, {model}'s Personal Guard, is removed: the upgrade goes back to "
                                   f"{model} (L2906)."))
        back.append(model)
    return back


def guard_holders(state: EldfallState, side: SideId) -> list[ModelId]:
    """The models of ``side`` holding a Personal Guard not given to a creature, still on the table, not Dead."""
    return [f.id for f in state.figures.values() if f.side == side and PERSONAL_GUARD in f.upgrades
            and f.id in state.models and not set(state.models[f.id].tokens) & {"dead"}]


def guard_defaults(holders: Sequence[ModelId], candidates: Sequence[ModelId],
                   brought: Mapping[ModelId, ModelId]) -> dict[ModelId, str]:
    """Each holder's default, no creature taken twice: first the creature a holder brought itself (a Summoner's
    starting one), then for the others the first creature left, else ``KEEP``."""
    defaults: dict[ModelId, str] = {}
    for holder in holders:
        own = brought.get(holder)
        if own is not None and own in candidates:
            defaults[holder] = own
    for holder in holders:
        if holder not in defaults:
            left = [c for c in candidates if c not in defaults.values()]
            defaults[holder] = left[0] if left else KEEP
    return {holder: defaults[holder] for holder in holders}


def ask_guards(ctx: Ctx, side: SideId, candidates: Sequence[ModelId], defaults: Mapping[ModelId, str], *, kind: str,
               keep: bool, secret: bool, prompt: str, why: str) -> None:
    """One decision for ``side``: which of ``candidates`` takes each holder's Personal Guard (L2906); ``keep``
    offers giving it to none for now; ``secret`` keeps the question, its answer and its very asking to the side (at
    deployment, while the list is secret)."""
    state = ctx.state
    options = (*(Option(key=c, label=f"Give it to {c} {state.models[c].name}") for c in candidates),
               *((Option(key=KEEP, label="Keep it back until a creature is summoned"),) if keep else ()))
    parts = tuple(DecisionPart(key=model, prompt=f"{model}'s Personal Guard: which summoned creature guards it "
                                                 "(L2906)?", options=options, default=default)
                  for model, default in defaults.items())
    ctx.open_decision(Decision(id=ctx.next_decision_id(), owner=side, kind=kind, optional=True, secret=secret,
                               owner_only=secret, prompt=prompt, parts=parts, context={"why": why}))


def offer_guard(ctx: Ctx, kit: Kit, side: SideId) -> None:
    """Ask ``side`` to give each Personal Guard its models hold back to one of its summoned creatures (L2906)."""
    state = ctx.state
    if any(d.kind == GUARD_KIND and d.owner == side for d in state.pending.values()):
        return
    candidates = guard_candidates(state, kit, side)
    holders = guard_holders(state, side)
    if not candidates or not holders:
        return
    ask_guards(ctx, side, candidates, guard_defaults(holders, candidates, {}), kind=GUARD_KIND, keep=True, secret=False,
               prompt="A Personal Guard may be given to a summoned creature, which becomes a Sentinel that may not "
                      "fully leave its model's Awareness (L2904-2906).", why="re-assigned")


def answer_guard(ctx: Ctx, kit: Kit, decision: Decision, answers: dict[str, str]) -> None:
    """Give each Personal Guard to the creature chosen, if it still may take it; one creature guards one model
    (L2906). A secret decision (at deployment) keeps the assignment to its side."""
    chosen = [choice for choice in answers.values() if choice != KEEP]
    twice = next((c for c in chosen if chosen.count(c) > 1), None)
    if twice is not None:
        raise IllegalCommand(f"{twice} can guard one model only (L2906): give each Personal Guard its own creature"
                             + (f" or {KEEP}" if any(o.key == KEEP for o in decision.parts[0].options) else ""))
    audience = side_only(decision.owner) if decision.secret else EVERYONE
    why = str(decision.context.get("why") or "re-assigned")
    for part in decision.parts:
        model = ModelId(part.key)
        choice = answers.get(part.key, part.default or KEEP)
        if choice == KEEP or PERSONAL_GUARD not in ctx.state.figures[model].upgrades:
            continue
        if ModelId(choice) in guard_candidates(ctx.state, kit, decision.owner):
            assign_guard(ctx, model, ModelId(choice), why, audience)
