"""A Summoner's starting creature and the Personal Guards at deployment: the player's choices (Eldfall core rules
v1.5, L1869-1871, L2906).

- A Summoner may start the game with a Tier II or lower creature one of its Conjuration spells could bring, in its
  Awareness, for no roll and no AP (L1869-1871). When deployment begins, each side with such a Summoner gets one
  secret decision, a part per Summoner: each creature it may bring, or none. The default is the creature of its
  lowest Conjuration, so a table taking the defaults plays as before. The creatures come in contact with their
  Summoners; the player then places them anywhere in the Summoner's Awareness (``deploying.place``).
- During deployment each Personal Guard goes to a summoned creature of the party (L2906): with one creature to
  choose from it goes there at once; with more, a second secret decision, a part per model holding one, by
  default a Summoner's own creature, else the first one left.

Both stay with their side (question, answer and the creatures) until the lists are revealed (L1036, L1096).
"""

from __future__ import annotations

from engine.core import Context, Decision, DecisionPart, ModelId, Option, SideId, side_only
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.guards import (
    KEEP,
    ask_guards,
    assign_guard,
    guard_candidates,
    guard_defaults,
    guard_holders,
)
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.placing import add_model, base_radius, summon_spot
from engine.systems.eldfall.refs import slug
from engine.systems.eldfall.shrouds import begin_shrouded
from engine.systems.eldfall.state import EldfallState

__all__ = ["STARTING_GUARD_KIND", "STARTING_KIND", "STARTING_KINDS", "answer_starting", "offer_starting",
           "owes_starting", "starting_creatures"]

Ctx = Context[EldfallState]
STARTING_KIND = "starting-creature"
"""The decision of a side's Summoners' starting creatures (L1869-1871)."""
STARTING_GUARD_KIND = "starting-guard"
"""The decision of which creatures take a side's Personal Guards at deployment (L2906)."""
STARTING_KINDS = (STARTING_KIND, STARTING_GUARD_KIND)
"""The decisions a side owes before it finishes deploying; another side may finish meanwhile."""
NONE = "none"
"""The answer that brings no starting creature."""


def starting_creatures(kit: Kit, f: Fighter) -> list[tuple[str, str, int]]:
    """The creatures ``f`` may start with (L1869): (creature, spell, Conjuration level), Tier II or lower, one entry
    per creature by its lowest-level spell, lowest level first; empty for a model that is no Summoner."""
    if not f.has("Summoner"):
        return []
    found = sorted((min((e.level for e in s.charts), default=9), s.name, s.summons) for s in f.spells
                   if s.summons is not None and (kit.catalogue.card(s.summons).tier or 1) <= 2)
    creatures: dict[str, tuple[str, str, int]] = {}
    for level, spell, creature in found:
        name = kit.catalogue.card(creature).name
        creatures.setdefault(name, (name, spell, level))
    return list(creatures.values())


def offer_starting(ctx: Ctx, kit: Kit, side: SideId) -> None:
    """Ask ``side`` which creature each of its Summoners starts with; a side with none to choose goes on to its
    Personal Guards."""
    parts: list[DecisionPart] = []
    for f in kit.world(ctx.state).fighters(side):
        creatures = starting_creatures(kit, f)
        if not creatures:
            continue
        options = (*(Option(key=slug(name), label=f"{name} ({spell}, Conjuration level {level})")
                     for name, spell, level in creatures),
                   Option(key=NONE, label="No creature: it starts alone"))
        parts.append(DecisionPart(key=f.id, prompt=f"Starting creature for {f.id} {f.name} (L1869-1871)",
                                  options=options, default=slug(creatures[0][0])))
    if not parts:
        _give_guards(ctx, kit, side, {})
        return
    ctx.open_decision(Decision(
        id=ctx.next_decision_id(), owner=side, kind=STARTING_KIND, optional=True, secret=True,
        owner_only=True,
        prompt="Each Summoner may start with a Tier II or lower creature one of its Conjuration spells could bring, "
               "with no roll and no AP, in contact with it; place it anywhere in its Awareness after (L1869-1871).",
        parts=tuple(parts)))


def owes_starting(state: EldfallState, side: SideId) -> bool:
    """Whether ``side`` still owes its starting creatures or its Personal Guards (it may not finish deploying)."""
    return any(d.owner == side and d.kind in STARTING_KINDS for d in state.pending.values())


def answer_starting(ctx: Ctx, kit: Kit, decision: Decision, answers: dict[str, str]) -> None:
    """Bring each creature chosen in contact with its Summoner, seen by its side alone, then give the Personal
    Guards."""
    side = decision.owner
    brought: dict[ModelId, ModelId] = {}
    for part in decision.parts:
        choice = answers[part.key]
        if choice == NONE:
            continue
        summoner = kit.world(ctx.state).fighter(ModelId(part.key))
        name = next(n for n, _s, _l in starting_creatures(kit, summoner) if slug(n) == choice)
        spot = summon_spot(ctx.state, summoner.model, base_radius(kit, name))
        if spot is None:  # no room in contact with it: it starts alone
            continue
        brought[summoner.id] = add_model(ctx, kit, side, name, spot, summoner.model.facing, audience_side=side,
                                         hostile=False, leader=False, summoner=summoner.id)
    world = kit.world(ctx.state)
    begin_shrouded(ctx, [world.fighter(m) for m in brought.values()], side)
    _give_guards(ctx, kit, side, brought)


def _give_guards(ctx: Ctx, kit: Kit, side: SideId, brought: dict[ModelId, ModelId]) -> None:
    """Each Personal Guard to a summoned creature of the party (L2906 names no summoner): at once when there is one
    creature to give it to, else the player's decision."""
    candidates = guard_candidates(ctx.state, kit, side)
    holders = guard_holders(ctx.state, side)
    if not candidates or not holders:
        return
    defaults = guard_defaults(holders, candidates, brought)
    if len(candidates) == 1:
        for holder, creature in defaults.items():
            if creature != KEEP:
                assign_guard(ctx, holder, ModelId(creature), "given at deployment", side_only(side))
        return
    ask_guards(ctx, side, candidates, defaults, kind=STARTING_GUARD_KIND, keep=len(holders) > len(candidates),
               secret=True, why="given at deployment",
               prompt="During deployment each Personal Guard goes to a summoned creature, which becomes a Sentinel "
                      "that may not fully leave its model's Awareness (L2904-2906).")
