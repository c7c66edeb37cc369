"""Victory Points: quest rewards as they happen, schemes revealed and scored (each once, to its own cap), the
10 VP cap (Eldfall core rules v1.5, L1297-1304, L2369-2485, L2497-2632).

Schemes revealed in the Strategic phase are revealed in their owner's turn of the last round unless the player
asks sooner (``/act action:scheme``), and are scored in that turn's End phase (ruling ``scheme-reveal-turn``);
every other scheme is revealed at the end of the game, or when its event happens (Martial Valor, Fierce as Fire).
"""

from __future__ import annotations

from engine.core import Context, ModelId, SideId
from engine.systems.eldfall.duel_rules import capped_vp
from engine.systems.eldfall.events import SchemeFact, SchemeRevealed, SideNoted, VpScored
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.quest_schema import SchemeSpec
from engine.systems.eldfall.scoring import reward_vp
from engine.systems.eldfall.state import EldfallState, Figure
from engine.systems.eldfall.world import World

__all__ = [
    "VP_CAP",
    "capped_scores",
    "final_scores",
    "note_fact",
    "on_out",
    "on_wounds",
    "score",
    "score_turn_schemes",
    "strategic_reveals",
    "turn_fact",
    "vp_totals",
]

Ctx = Context[EldfallState]
VP_CAP = 10
"""A player scores at most 10 VP in a quest unless it says otherwise (L1304)."""


def capped_scores(kit: Kit, state: EldfallState) -> dict[SideId, int]:
    """Every player's VP (:func:`vp_totals`), then capped at 10 and floored at 0 (L1304, ruling negative-vp)."""
    rulings = kit.rulings(state)
    return {side: capped_vp(total, cap=VP_CAP, rulings=rulings) for side, total in vp_totals(kit, state).items()}


def vp_totals(kit: Kit, state: EldfallState) -> dict[SideId, int]:
    """Every player's VP before the cap: each source summed, the VP pooled in an Alliance of Necessity replaced by
    an equal share of the pool, rounded down (L2390; rulings alliance-vp and alliance-broken-vp)."""
    totals = {side: sum(state.record(side).vp.values()) for side in state.players()}
    members = [side for side in state.alliance if side in totals]
    returned = state.alliance_broken_by is not None and kit.rulings(state).alliance_broken_vp == "pool-returned"
    if not members or returned:
        return totals
    pool = sum(state.record(side).pooled for side in members)
    if kit.rulings(state).alliance_vp == "cap-pool-first":
        pool = min(pool, VP_CAP)
    share = pool // len(members)
    return {side: total - state.record(side).pooled + share if side in members else total
            for side, total in totals.items()}


def score(ctx: Ctx, side: SideId, source: str, vp: int, why: str) -> None:
    """Record VP for ``side``; a positive reward or scheme feeds an opponent's Opportunistic Manipulation."""
    if vp == 0:
        return
    ctx.emit(VpScored(side=side, source=source, vp=vp, why=why, pooled=side in ctx.state.allied_sides()))
    if vp > 0 and source in ("reward", "scheme"):
        for other in ctx.state.players():
            if other != side:
                note_fact(ctx, other, "opponent-scores")


def note_fact(ctx: Ctx, side: SideId, fact: str, amount: int = 1) -> None:
    if amount:
        ctx.emit(SchemeFact(side=side, fact=fact, amount=amount))


def turn_fact(state: EldfallState, fact: str) -> str:
    """A fact counted for the current turn only (wounds dealt this turn...)."""
    return f"{fact}@{state.turn_number}"


# -- as things happen ----------------------------------------------------------------------------------------


def on_wounds(ctx: Ctx, kit: Kit, attacker: Fighter, wounds: int, *, reaction: bool, melee: bool) -> None:
    """Count Wounds dealt for the schemes that score them (Open Aggression, Appear Weak, Fierce as Fire)."""
    if wounds <= 0 or attacker.side not in ctx.state.players():
        return
    side = attacker.side
    note_fact(ctx, side, turn_fact(ctx.state, "wounds"), wounds)
    if melee:
        note_fact(ctx, side, "melee-wounds", wounds)
    if reaction:
        note_fact(ctx, side, "reaction-wounds", wounds)
        record = ctx.state.record(side)
        if record.scheme == "fierce-as-fire":
            if not record.scheme_revealed:
                _reveal(ctx, kit, side, "its first Wound dealt in a Reaction (L2530)")
            tokens = min(ctx.state.record(side).facts.get("reaction-wounds", 0), 3)
            ctx.emit(SideNoted(side=side, changes={"scheme_tokens": tokens},
                               shown=f"Side {side}'s Fierce as Fire holds {tokens} "
                                     f"{'token' if tokens == 1 else 'tokens'}."))


def on_out(ctx: Ctx, kit: Kit, victim: Figure, by_side: SideId | None, dead: bool) -> None:
    """A model was Incapacitated or killed: the quest's rewards and penalties (once per model, ruling
    open-hostilities-scoring), Martial Valor, and the counts the schemes read."""
    state = ctx.state
    quest = kit.quest(state)
    card = kit.catalogue.card(victim.unit)
    if card.familiar:  # not a fully-fledged model: its loss scores nothing (L2073, ruling familiar-scope)
        return
    if by_side is None or by_side not in state.players() or by_side == victim.side:
        return
    if dead:
        note_fact(ctx, by_side, "kills")
    if victim.side == state.hostile_side:
        event = "hostile-dead" if dead else "hostile-incapacitated"
        vp = reward_vp(quest, event, tier=card.tier)  # each state its own reward (ruling encounter-hostile-scoring)
        champion = f"champion-out:{victim.id}"
        if card.name == "Amazon Gladiatrix" and not any(state.record(s).facts.get(champion) for s in state.players()):
            vp += reward_vp(quest, "gladiatrix-out")  # once, to whoever first puts her out (ruling gladiatrix-scoring)
            note_fact(ctx, by_side, champion)
        key = f"out-{'dead' if dead else 'incap'}:{victim.id}"
        if vp and not state.record(by_side).facts.get(key):
            note_fact(ctx, by_side, key)
            score(ctx, by_side, "reward", vp, f"{victim.id} {card.name} {'killed' if dead else 'Incapacitated'} "
                                              f"({quest.name})")
        return
    if victim.out_scored and kit.rulings(state).open_hostilities_scoring == "once":
        return
    vp = reward_vp(quest, "enemy-out", cost=card.cost)
    if victim.leader:
        vp += reward_vp(quest, "enemy-leader-out")
    vp += reward_vp(quest, "party-member-out") if victim.original else 0
    if vp:
        score(ctx, by_side, "reward" if vp > 0 else "penalty", vp,
              f"{victim.id} {card.name} ({card.cost} points{', the Leader' if victim.leader else ''}) put out of "
              f"action ({quest.name})")
    record = state.record(by_side)
    if record.scheme == "martial-valor" and not record.scheme_revealed and victim.original:
        _martial_valor(ctx, kit, by_side, card.cost)


def _martial_valor(ctx: Ctx, kit: Kit, side: SideId, victim_cost: int) -> None:
    """Reveal Martial Valor when one of the side's models puts out an enemy costing more than it (L2514): the
    cheapest model of the side standing stands for "one of your models" (ruling martial-valor-attacker)."""
    costs = [kit.catalogue.card(f.unit).cost for f in ctx.state.figures.values()
             if f.side == side and f.original and f.gone is None]
    if costs and min(costs) < victim_cost:
        _reveal(ctx, kit, side, "one of its models put out a costlier enemy (L2514)")
        score(ctx, side, "scheme", 2, "Martial Valor")


def _reveal(ctx: Ctx, kit: Kit, side: SideId, why: str, *, target: ModelId | None = None, tokens: int = 0) -> None:
    record = ctx.state.record(side)
    if record.scheme is None or record.scheme_revealed:
        return
    scheme = kit.catalogue.scheme(record.scheme)
    ctx.emit(SchemeRevealed(side=side, scheme=scheme.id, name=scheme.name, why=why, turn=ctx.state.turn_number,
                            target=target, tokens=tokens))


# -- the Strategic and End phases ------------------------------------------------------------------------------


def strategic_reveals(ctx: Ctx, kit: Kit, side: SideId) -> None:
    """Reveal a Strategic-phase scheme when its player asked, or in its last turn; score Last Warning."""
    state = ctx.state
    record = state.record(side)
    if record.scheme is None or side not in state.players():
        return
    scheme = kit.catalogue.scheme(record.scheme)
    if scheme.id == "last-warning" and record.scheme_revealed and record.scheme_turn is not None \
            and record.scheme_turn < state.turn_number and record.scheme_tokens >= 0:
        clean = record.facts.get("attacks", 0) == record.scheme_tokens
        score(ctx, side, "scheme", 3 if clean else 0, "Last Warning: no attack declared since it was revealed")
        ctx.emit(SideNoted(side=side, changes={"scheme_tokens": -1}, shown="Last Warning is scored and discarded."))
        return
    if scheme.reveal != "strategic" or record.scheme_revealed:
        return
    last = state.round >= kit.quest(state).rounds
    if not (record.reveal_asked or last):
        return
    target: ModelId | None = None
    if scheme.id == "blood-for-blood":
        hurt = [f for f in state.figures.values() if f.side == side and f.wounded_by is not None]
        target = hurt[0].wounded_by if hurt else None
    tokens = record.facts.get("attacks", 0) if scheme.id == "last-warning" else 0
    _reveal(ctx, kit, side, "in its Strategic phase (L2497)", target=target, tokens=tokens)


def score_turn_schemes(ctx: Ctx, kit: Kit, side: SideId) -> None:
    """Score and discard, in the End phase, a scheme revealed in this turn's Strategic phase (L2516-2632)."""
    state = ctx.state
    record = state.record(side)
    if record.scheme is None or not record.scheme_revealed or record.scheme_turn != state.turn_number:
        return
    scheme = kit.catalogue.scheme(record.scheme)
    if not scheme.discard_in_end_phase or scheme.id == "last-warning":
        return
    world = kit.world(state)
    counted = _count(world, kit, side, scheme)
    score(ctx, side, "scheme", _vp(scheme, counted), f"{scheme.name} ({counted} counted this turn)")


def final_scores(ctx: Ctx, kit: Kit) -> None:
    """At the end: every scheme is revealed, the end-of-game ones scored; the quest's end rewards (L2497)."""
    state = ctx.state
    world = kit.world(state)
    quest = kit.quest(state)
    for side in state.players():
        record = state.record(side)
        if record.scheme is None:
            continue
        if not record.scheme_revealed:
            _reveal(ctx, kit, side, "at the end of the game (L2497)")
        scheme = kit.catalogue.scheme(record.scheme)
        if scheme.reveal == "end":
            counted = _count(world, kit, side, scheme)
            score(ctx, side, "scheme", _vp(scheme, counted), f"{scheme.name} ({counted} counted)")
    for side in state.players():
        held = sum(f.figure.extra_items.count("Treasure") for f in world.fighters(side))
        left = state.record(side).facts.get("treasures-left", 0) if kit.rulings(state).treasure_vp == "all-count" \
            else 0
        if held + left:
            score(ctx, side, "reward", reward_vp(quest, "treasure-held-at-end") * (held + left),
                  f"{held + left} {'Treasure' if held + left == 1 else 'Treasures'} won ({quest.name}, ruling "
                  "treasure-vp)")
    standing = {side for side in state.sides if world.fighters(side, standing=True)}  # ruling arena-last-standing
    if len(standing) == 1:
        (last,) = standing
        if last in state.players():
            score(ctx, last, "reward", reward_vp(quest, "only-models-left"),
                  f"the only models standing on the field ({quest.name})")


def _vp(scheme: SchemeSpec, counted: int) -> int:
    vp = counted * scheme.vp
    return min(vp, scheme.max_vp) if scheme.max_vp is not None else vp


def _past_middle(world: World, f: Fighter) -> bool:
    edge = world.state.record(f.side).edge
    middle = world.state.height / 2
    return f.model.y > middle if edge == "bottom" else f.model.y < middle


def _in_zone(world: World, f: Fighter, side: SideId) -> bool:
    zone = world.state.deployment_zone(side)
    if zone is None:
        return False
    ys = [p[1] for p in zone.polygon]
    xs = [p[0] for p in zone.polygon]
    return min(xs) <= f.model.x <= max(xs) and min(ys) <= f.model.y <= max(ys)


def _count(world: World, kit: Kit, side: SideId, scheme: SchemeSpec) -> int:
    """How many things ``scheme`` counts for ``side`` now (L2509-2632)."""
    state = world.state
    record = state.record(side)
    mine = world.fighters(side)
    members = [f for f in mine if f.figure.original]
    enemies = [f for f in world.fighters() if f.side != side and f.side in state.players()]
    gone_enemies = [fig for fig in state.figures.values() if fig.side != side and fig.side in state.players()]
    facts = record.facts
    match scheme.counts:
        case "opponent-scores":
            return facts.get("opponent-scores", 0)
        case "enemy-leader-dead":
            return int(any(fig.leader and (fig.gone == "dead" or (fig.id in state.models and "dead" in
                                                                    state.models[fig.id].tokens))
                           for fig in gone_enemies))
        case "own-models-standing":
            return sum(1 for f in mine if not f.out)
        case "enemies-dead":
            return sum(1 for fig in gone_enemies if fig.gone == "dead" or (fig.id in state.models and "dead" in
                                                                             state.models[fig.id].tokens))
        case "models-unmoved-this-turn":
            return sum(1 for f in mine if not f.figure.moved and not f.out)
        case "deathblows":
            return facts.get("deathblows", 0)
        case "wounds-dealt-this-turn":
            return facts.get(turn_fact(state, "wounds"), 0)
        case "members-alone":
            return sum(1 for f in members if not f.dead
                       and not any(world.aware(o.id, f.id) for o in members if o.id != f.id and not o.out))
        case "members-in-own-zone":
            return sum(1 for f in members if _in_zone(world, f, side))
        case "reaction-wounds":
            return min(facts.get("reaction-wounds", 0), 3)
        case "own-zone-clear":
            return int(not any(_in_zone(world, f, side) for f in enemies))
        case "attacks-unseen-this-turn":
            return facts.get(turn_fact(state, "unseen-attacks"), 0)
        case "members-unseen":
            return sum(1 for f in members if not f.out and not any(world.sees(e.id, f.id).visible for e in enemies
                                                                     if not e.out))
        case "models-never-hurt":
            return sum(1 for fig in state.figures.values() if fig.side == side and not fig.lost_hp)
        case "members-in-enemy-zone":
            return sum(1 for f in members if any(_in_zone(world, f, other) for other in state.players()
                                                 if other != side))
        case "avenger-incapacitates":
            target = record.scheme_target
            return int(target is not None and (target not in state.models
                                               or bool(set(state.models[target].tokens) & {"incapacitated", "dead"})))
        case "all-members-alive":
            return int(all(not f.dead for f in members) and all(fig.gone is None for fig in state.figures.values()
                                                                  if fig.side == side and fig.original))
        case "members-past-middle-this-turn" | "members-past-middle":
            return sum(1 for f in members if not f.out and _past_middle(world, f))
        case "enemies-standing":
            return sum(1 for f in enemies if not f.out)
        case "melee-wounds":
            return facts.get("melee-wounds", 0)
        case "three-outside-own-zone":
            return int(sum(1 for f in members if not f.out and not _in_zone(world, f, side)) >= 3)
        case "more-models-alive":
            theirs = max((sum(1 for f in world.fighters(o) if not f.dead) for o in state.players() if o != side),
                         default=0)
            return int(sum(1 for f in mine if not f.dead) > theirs)
        case "no-attacks-declared":
            return 0
    return 0
